/** The image types the server takes, decided by the bytes (png, jpeg, gif, webp). */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_TYPES)[number];

export interface ImageDto {
  id: string;
  projectId: string;
  name: string;
  mimeType: ImageMimeType;
  /** Bytes of the stored image. */
  size: number;
  width: number;
  height: number;
  uploadedBy: string | null;
  uploadedByUsername: string;
  createdAt: string;
}

/** The image's bytes and its gallery thumbnail (bearer token required, like every /api call). */
export const imageFilePath = (id: string) => `/image-files/${id}`;
export const imageThumbnailPath = (id: string) => `/image-files/${id}/thumbnail`;
