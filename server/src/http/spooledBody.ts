import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { de } from '@werkboard/common';
import type { AppRouterContext } from '../appTypes';
import { ApiError } from '../errors';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateFiles';

/**
 * A large JSON body (an import file of up to 256 MB) written to a private file under
 * DATA_DIR/tmp as it arrives, instead of being held and parsed in memory; the endpoint reads
 * it as a stream (commands/jsonItems.ts) and removes it after the answer. `file` is null for
 * a body that is not JSON (the body parser left those empty too).
 */
export class SpooledBody {
  constructor(
    readonly file: string | null,
    readonly bytes: number,
  ) {}

  async remove(): Promise<void> {
    if (this.file) await fs.promises.rm(this.file, { force: true });
  }
}

const spoolDir = (dataDir: string) => path.join(dataDir, 'tmp');

/** Uploads left behind by a server that stopped while reading or importing them; run at start. */
export function removeLeftSpooledBodies(dataDir: string): void {
  fs.rmSync(spoolDir(dataDir), { recursive: true, force: true });
}

const tooLarge = () => new ApiError(413, de.api.payloadTooLarge, 'payload_too_large');

/**
 * Writes the request body to a file, at most `limit` bytes (413 before reading when the
 * announced length is larger, as the body parser does); answers the body and its SHA-256,
 * which stands for the body in the idempotency check.
 */
export async function spoolBody(
  ctx: AppRouterContext,
  dataDir: string,
  limit: number,
): Promise<{ body: SpooledBody; sha256: string }> {
  const hash = crypto.createHash('sha256');
  if (!ctx.request.is('json')) return { body: new SpooledBody(null, 0), sha256: hash.digest('hex') };
  if (Number(ctx.get('Content-Length') || 0) > limit) throw tooLarge();
  const dir = spoolDir(dataDir);
  await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const file = path.join(dir, `upload-${crypto.randomUUID()}.json`);
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > limit) return done(tooLarge());
      hash.update(chunk);
      done(null, chunk);
    },
  });
  try {
    await pipeline(ctx.req, counted, fs.createWriteStream(file, { mode: PRIVATE_FILE_MODE }));
  } catch (error) {
    await fs.promises.rm(file, { force: true });
    // A body that broke off is a bad request, as the body parser answered it.
    throw error instanceof ApiError ? error : new ApiError(400, de.api.validationFailed, 'validation');
  }
  return { body: new SpooledBody(file, bytes), sha256: hash.digest('hex') };
}
