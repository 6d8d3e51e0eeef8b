import type { DesktopBridge, SaveFileRequest } from '@werkboard/common';
import { saveFile } from './index';

const file = {
  name: 'Projektbericht - Bad.pdf',
  data: new Uint8Array([37, 80, 68, 70]),
  mimeType: 'application/pdf',
  filter: { name: 'PDF', extensions: ['pdf'] },
};

describe('saveFile', () => {
  afterEach(() => {
    delete (globalThis as { werkboard?: unknown }).werkboard;
    jest.restoreAllMocks();
  });

  it('downloads in the browser: a link with the file name and a blob of the bytes', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = (blob: Blob) => {
      blobs.push(blob);
      return 'blob:report';
    };
    URL.revokeObjectURL = () => undefined;
    const clicked: { download: string; href: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ download: this.download, href: this.href });
    });
    await expect(saveFile(file)).resolves.toBe('saved');
    expect(clicked).toEqual([{ download: 'Projektbericht - Bad.pdf', href: 'blob:report' }]);
    expect(blobs[0]!.type).toBe('application/pdf');
    expect(new Uint8Array(await blobBytes(blobs[0]!))).toEqual(file.data);
    expect(document.querySelector('a[download]')).toBeNull();
  });

  it("uses the desktop shell's save dialog when the bridge offers it", async () => {
    const requests: SaveFileRequest[] = [];
    const bridge: DesktopBridge = {
      platform: 'desktop',
      getVersion: () => Promise.resolve('1.0.0'),
      saveFile: (request) => {
        requests.push(request);
        return Promise.resolve(requests.length === 1 ? { saved: true, path: 'C:\\Berichte\\x.pdf' } : { saved: false });
      },
    };
    (globalThis as { werkboard?: DesktopBridge }).werkboard = bridge;
    await expect(saveFile(file)).resolves.toBe('saved');
    await expect(saveFile(file)).resolves.toBe('cancelled');
    expect(requests[0]).toEqual({ defaultName: file.name, data: file.data, filter: file.filter });
  });
});

/** jsdom's Blob has no arrayBuffer(); its FileReader reads one. */
function blobBytes(blob: Blob): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsArrayBuffer(blob);
  });
}
