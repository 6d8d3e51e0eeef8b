import { de, IMAGE_MAX_BYTES, IMAGE_TYPES } from '@werkboard/common';

/**
 * What the gallery checks before it reads a file: one of png, jpeg, gif, webp and at most
 * 5 MB. The server checks the bytes again; this only spares sending what it would refuse.
 */
export function checkImageFile(file: Pick<File, 'type' | 'size'>): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) return de.team.images.wrongType;
  if (file.size > IMAGE_MAX_BYTES) return de.team.images.tooLarge;
  return null;
}

/** The file as a data URL; rejects when the browser cannot read it. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') resolve(reader.result);
      else reject(new Error(de.gallery.readFailed));
    };
    reader.onerror = () => reject(reader.error ?? new Error(de.gallery.readFailed));
    reader.onabort = () => reject(new Error(de.gallery.readFailed));
    reader.readAsDataURL(file);
  });
}
