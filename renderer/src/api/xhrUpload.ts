import type { ResponseLike, UploadLike } from './client';

/**
 * The browser's upload with progress: XMLHttpRequest reports the bytes sent (`upload.onprogress`),
 * which fetch cannot. Rejects only when no answer comes, as fetch does; any status is an answer.
 */
export function createXhrUpload(Request: typeof XMLHttpRequest): UploadLike {
  return (url, { method, headers, body }, onProgress) =>
    new Promise<ResponseLike>((resolve, reject) => {
      const xhr = new Request();
      xhr.open(method, url);
      for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
      };
      xhr.upload.onload = () => onProgress(1);
      xhr.onload = () => {
        const text = xhr.responseText;
        resolve({ ok: xhr.status >= 200 && xhr.status < 300, status: xhr.status, text: () => Promise.resolve(text) });
      };
      xhr.onerror = () => reject(new TypeError('network error'));
      xhr.onabort = () => reject(new TypeError('upload aborted'));
      xhr.send(body);
    });
}
