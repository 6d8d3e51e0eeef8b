import { de, IMAGE_MAX_BYTES, type ImageMimeType } from '@werkboard/common';
import { ApiError } from '../errors';

const m = de.team.images;

/**
 * What an upload's bytes are, decided by the bytes alone (architecture decision 7): the
 * signatures of PNG, JPEG, GIF and WebP. The name and the data URL's declared type are never
 * trusted; a file renamed to .png is whatever its bytes say.
 */
export function sniffImageType(bytes: Buffer): ImageMimeType | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a')
    return 'image/gif';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * The bytes of a data URL (`data:<anything>;base64,<data>`). The size limit is checked on the
 * encoded length before decoding, so an oversized upload costs no decoding; then exactly.
 */
export function decodeDataUrl(dataUrl: string): Buffer {
  const comma = dataUrl.indexOf(',');
  if (!dataUrl.startsWith('data:') || comma < 0 || !dataUrl.slice(0, comma).endsWith(';base64'))
    throw new ApiError(400, m.unreadable, 'validation');
  const data = dataUrl.slice(comma + 1).replace(/\s/g, '');
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  const decodedLength = Math.floor((data.length * 3) / 4) - padding;
  if (decodedLength > IMAGE_MAX_BYTES) throw new ApiError(400, m.tooLarge, 'validation');
  if (data.length % 4 !== 0 || !BASE64.test(data)) throw new ApiError(400, m.unreadable, 'validation');
  const bytes = Buffer.from(data, 'base64');
  if (bytes.length === 0) throw new ApiError(400, m.dataRequired, 'validation');
  if (bytes.length > IMAGE_MAX_BYTES) throw new ApiError(400, m.tooLarge, 'validation');
  return bytes;
}

export const EXTENSIONS: Record<ImageMimeType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
