import { createWebSaveFile, safeFileName } from './index';

describe('saving a file in the browser', () => {
  it('downloads it under a safe name through a temporary link, and lets the URL go afterwards', async () => {
    jest.useFakeTimers();
    const made: Blob[] = [];
    const revoked: string[] = [];
    const clicked: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    const saveFile = createWebSaveFile(document, {
      createObjectURL: (blob: Blob) => {
        made.push(blob);
        return 'blob:werkboard/1';
      },
      revokeObjectURL: (url: string) => revoked.push(url),
    });
    const pdf = new TextEncoder().encode('%PDF-1.7');
    await expect(saveFile('Projektbericht - Halle: Nord.pdf', pdf, 'application/pdf')).resolves.toBe('downloaded');
    expect(clicked).toEqual([{ href: 'blob:werkboard/1', download: 'Projektbericht - Halle- Nord.pdf' }]);
    expect(made[0]?.type).toBe('application/pdf');
    expect(made[0]?.size).toBe(pdf.length);
    // The link is gone from the page; the URL is let go a minute later.
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    expect(revoked).toEqual([]);
    jest.advanceTimersByTime(60_000);
    expect(revoked).toEqual(['blob:werkboard/1']);
    click.mockRestore();
    jest.useRealTimers();
  });
});

describe('safeFileName', () => {
  it('replaces what a file system refuses and never answers an empty name', () => {
    expect(safeFileName('Projektbericht - Neubau Müller.pdf')).toBe('Projektbericht - Neubau Müller.pdf');
    expect(safeFileName('a/b\\c:d*e?f"g<h>i|j\u0000k.pdf')).toBe('a-b-c-d-e-f-g-h-i-j-k.pdf');
    expect(safeFileName('   ')).toBe('Werkboard');
    expect(safeFileName('..')).toBe('Werkboard');
    expect(safeFileName('x'.repeat(300))).toHaveLength(200);
  });
});
