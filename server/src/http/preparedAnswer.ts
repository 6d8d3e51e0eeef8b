import { promisify } from 'node:util';
import zlib from 'node:zlib';

/** The encodings the API compresses its answers with (compressAnswers.ts). */
export type AnswerEncoding = 'br' | 'gzip';

/** Below this an answer goes as it is: the headers would eat the gain. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** From this size on brotli runs at quality 1 (docs/performance.md "Cached answers, a cheaper save"). */
const LARGE_ANSWER_BYTES = 256 * 1024;

/**
 * Brotli's parameters for an answer of `size` bytes: quality 4 for ordinary answers, quality 1
 * for large ones. Measured on a 5,000-card board (3 MB of JSON): quality 1 is about 4× faster
 * than 4 and its result 5-8 % larger, well under the aim of 600 KB.
 */
export function brotliOptions(size: number | undefined): zlib.BrotliOptions {
  const known = size !== undefined && Number.isFinite(size);
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: known && size >= LARGE_ANSWER_BYTES ? 1 : 4,
      ...(known ? { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } : {}),
    },
  };
}

/** gzip's level: 6 for ordinary answers, 1 for large ones (3× faster there, 10 % larger). */
export function gzipOptions(size: number | undefined): zlib.ZlibOptions {
  return { level: size !== undefined && size >= LARGE_ANSWER_BYTES ? 1 : 6 };
}

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The encoding for an answer, chosen as koa-compress chooses (its negotiator with the
 * preference br, gzip, identity): the highest q a client gives (its exact entry, else `*`),
 * on a tie brotli before gzip before none; a bare `*` stands for gzip, no header for none.
 */
export function chooseEncoding(acceptEncoding: string | undefined): AnswerEncoding | 'identity' {
  if (!acceptEncoding) return 'identity';
  if (acceptEncoding.trim() === '*') return 'gzip';
  const quality = new Map<string, number>();
  let lowest = 1;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const value = q === undefined ? 1 : Number.parseFloat(q.slice(2));
    const weight = Number.isNaN(value) ? 0 : value;
    quality.set(name, Math.max(weight, quality.get(name) ?? 0));
    lowest = Math.min(lowest, weight || 1);
  }
  const qualityOf = (encoding: string) =>
    quality.get(encoding) ?? quality.get('*') ?? (encoding === 'identity' ? lowest : 0);
  let best: AnswerEncoding | 'identity' = 'identity';
  let bestQuality = 0;
  for (const encoding of ['br', 'gzip', 'identity'] as const) {
    const q = qualityOf(encoding);
    if (q > bestQuality) {
      best = encoding;
      bestQuality = q;
    }
  }
  return best;
}

/**
 * A JSON answer serialised once and kept with its compressed forms, each made on first
 * request (off the event loop, in zlib's thread pool) and then reused: what the project
 * answer cache holds (services/projectAnswers.ts). compressAnswers sends it in the encoding
 * the client takes.
 */
export class PreparedAnswer {
  readonly json: Buffer;
  /** How long its making took, step by step (a `Server-Timing` value), until sent once (SERVER_TIMING=1). */
  timing: string | undefined;
  private readonly encoded = new Map<AnswerEncoding, Promise<Buffer>>();

  /** The JSON as text or as its UTF-8 bytes (presenters/documentJson.ts). */
  constructor(json: string | Buffer) {
    this.json = typeof json === 'string' ? Buffer.from(json) : json;
  }

  /** The answer in `encoding`; a failed compression is tried again by the next request. */
  encodedAs(encoding: AnswerEncoding): Promise<Buffer> {
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? brotliCompress(this.json, brotliOptions(this.json.length))
          : gzip(this.json, gzipOptions(this.json.length));
      bytes.catch(() => this.encoded.delete(encoding));
      this.encoded.set(encoding, bytes);
    }
    return bytes;
  }
}
