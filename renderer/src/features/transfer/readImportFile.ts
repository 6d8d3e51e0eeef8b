import type { TransferKind } from '@werkboard/common';
import { de, IMPORT_MAX_BYTES, importShapeProblem } from '@werkboard/common';

const m = de.transfer;

/** FileReader: what every browser (and jsdom) has for reading a chosen file. */
function read<T extends string | ArrayBuffer>(how: (reader: FileReader) => void): Promise<T> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    how(reader);
  });
}

const UTF8_BOM = [0xef, 0xbb, 0xbf];

async function startsWithBom(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await read<ArrayBuffer>((reader) => reader.readAsArrayBuffer(file.slice(0, 3))));
  return UTF8_BOM.every((byte, index) => head[index] === byte);
}

export type CheckedImportFile = { ok: true; body: Blob } | { ok: false; error: string };

/**
 * Checks a chosen file before it is sent, as spec section 8 says: no JSON, or JSON of another
 * kind, is refused with 'Import fehlgeschlagen: Datei ist keine gültige JSON-Datei für …' (and
 * the format's message). The server checks everything again. What is sent is the file itself
 * (without a byte order mark, which would break the request's JSON), not a copy of the parse.
 */
export async function checkImportFile(kind: TransferKind, file: Blob): Promise<CheckedImportFile> {
  const what = m.screen.kinds[kind];
  // The server refuses it anyway: not uploaded (nor parsed here) in vain.
  if (file.size > IMPORT_MAX_BYTES) return { ok: false, error: m.screen.fileTooLarge };
  let data: unknown;
  try {
    data = JSON.parse(await read<string>((reader) => reader.readAsText(file, 'utf-8')));
  } catch {
    return { ok: false, error: m.notJsonFile(what) };
  }
  const problem = importShapeProblem(kind, data);
  if (problem) return { ok: false, error: `${m.notJsonFile(what)} ${problem}` };
  return { ok: true, body: (await startsWithBom(file)) ? file.slice(3) : file };
}
