import http from 'node:http';
import zlib from 'node:zlib';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

/**
 * A request with exactly the Accept-Encoding given, answered as raw bytes: fetch would add
 * its own Accept-Encoding and undo the compression the tests look at.
 */
export function rawRequest(
  url: string,
  options: { acceptEncoding?: string; token?: string; method?: string; body?: unknown } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = {};
    if (options.acceptEncoding) headers['Accept-Encoding'] = options.acceptEncoding;
    if (options.token) headers.Authorization = `Bearer ${options.token}`;
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    if (payload) headers['Content-Type'] = 'application/json';
    const request = http.request(url, { method: options.method ?? 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

/** The answer's text, decompressed as its Content-Encoding says. */
export function decodedText(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.bytes).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(answer.bytes).toString();
  return answer.bytes.toString();
}
