import type { ImageDto } from '@werkboard/common';

/**
 * Test support for the gallery. The image bytes are fetched with the browser's fetch (the
 * API client reads only text), and jsdom has neither fetch nor URL.createObjectURL: both are
 * installed here, per test, and taken away again by `restore`.
 */

export const PROJECT_ID = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

let ids = 0;
export function imageId(): string {
  ids += 1;
  return `99999999-0000-4000-8000-${String(ids).padStart(12, '0')}`;
}

export function buildImage(name: string, overrides: Partial<ImageDto> = {}): ImageDto {
  return {
    id: imageId(),
    projectId: PROJECT_ID,
    name,
    mimeType: 'image/png',
    size: 1536,
    width: 800,
    height: 600,
    uploadedBy: null,
    uploadedByUsername: 'paula',
    createdAt: '2026-03-04T15:45:00.000Z',
    ...overrides,
  };
}

export interface ImageFileRequest {
  url: string;
  headers: Record<string, string>;
}

export interface InstalledImageFiles {
  fetch: jest.Mock;
  requests: ImageFileRequest[];
  /** Object URLs created so far, in order, with the image file URL whose bytes each stands for. */
  created: { url: string; source: string | undefined }[];
  revoked: string[];
  /** Answer this URL with a status instead of bytes. */
  fail(url: string, status: number): void;
  restore(): void;
}

/**
 * Answers GET /api/image-files/{id}[/thumbnail] with a blob that remembers its URL,
 * and records the object URLs created and revoked ('blob:test/1', 'blob:test/2', …).
 */
export function installImageFiles(): InstalledImageFiles {
  const original = {
    fetch: (globalThis as { fetch?: typeof fetch }).fetch,
    createObjectURL: (URL as { createObjectURL?: typeof URL.createObjectURL }).createObjectURL,
    revokeObjectURL: (URL as { revokeObjectURL?: typeof URL.revokeObjectURL }).revokeObjectURL,
  };
  const requests: ImageFileRequest[] = [];
  const created: { url: string; source: string | undefined }[] = [];
  // jsdom's Blob cannot be read back (no text()): each answer's blob remembers its URL.
  const sources = new WeakMap<Blob, string>();
  const revoked: string[] = [];
  const failures = new Map<string, number>();

  const fetchMock = jest.fn((url: string, init: RequestInit = {}) => {
    requests.push({ url, headers: { ...(init.headers as Record<string, string>) } });
    const status = failures.get(url) ?? (url.startsWith('/api/image-files/') ? 200 : 404);
    const response = {
      ok: status >= 200 && status < 300,
      status,
      blob: () => {
        const blob = new Blob([url], { type: 'image/webp' });
        sources.set(blob, url);
        return Promise.resolve(blob);
      },
    };
    return Promise.resolve(response as unknown as Response);
  });

  Object.assign(globalThis, { fetch: fetchMock });
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => {
      const url = `blob:test/${created.length + 1}`;
      created.push({ url, source: sources.get(blob) });
      return url;
    }),
    revokeObjectURL: jest.fn((url: string) => {
      revoked.push(url);
    }),
  });

  return {
    fetch: fetchMock,
    requests,
    created,
    revoked,
    fail: (url, status) => failures.set(url, status),
    restore: () => {
      Object.assign(globalThis, { fetch: original.fetch });
      Object.assign(URL, { createObjectURL: original.createObjectURL, revokeObjectURL: original.revokeObjectURL });
    },
  };
}

/** A File of `type` and `bytes` (its size can be set larger without allocating it). */
export function imageFile(name: string, type = 'image/png', content = 'PNGDATA', size?: number): File {
  const file = new File([content], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
