import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { walkJsonFile } from './jsonItems';

let dir: string;
beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'json-items-'))));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function fileWith(text: string): string {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.json`);
  fs.writeFileSync(file, text);
  return file;
}

describe('walkJsonFile', () => {
  it('hands the items of the chosen arrays over in order and leaves them out of the rest', async () => {
    const value = {
      mode: 'merge',
      data: {
        type: 'x',
        data: {
          images: [{ id: 'i1', dataUrl: 'data:,' + 'A'.repeat(200_000) }, 'ä', 7, null, [1, [2]]],
          projects: [{ id: 'p1', columns: [{ cards: [{ n: -1.5e3, ok: true, no: false }] }] }],
          nested: { projects: [1, 2] },
        },
      },
      projects: [3],
    };
    const seen: [string, unknown, number][] = [];
    const { rest, order } = await walkJsonFile(fileWith(JSON.stringify(value)), [
      { path: ['data', 'data', 'projects'], onItem: (item, index) => void seen.push(['projects', item, index]) },
      {
        path: ['data', 'data', 'images'],
        // Awaited: the next item is read only after this one is done.
        onItem: async (item, index) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          seen.push(['images', item, index]);
        },
      },
    ]);
    expect(order).toEqual(['data.data.images', 'data.data.projects']);
    expect(seen).toEqual([
      ...value.data.data.images.map((item, index) => ['images', item, index]),
      ['projects', value.data.data.projects[0], 0],
    ]);
    expect(rest).toEqual({ ...value, data: { ...value.data, data: { ...value.data.data, images: [], projects: [] } } });
  });

  it('reads what JSON.parse reads: a "__proto__" key is a key, not the prototype', async () => {
    const text = '{"a":{"__proto__":{"polluted":1},"b":[true,null,"\\u00fc\\n"]},"c":1e-2}';
    const { rest } = await walkJsonFile(fileWith(text), []);
    expect(rest).toEqual(JSON.parse(text));
    expect(Object.getPrototypeOf((rest as { a: object }).a)).toBe(Object.prototype);
  });

  it('rejects a file that is no JSON or breaks off; an empty file has no value', async () => {
    await expect(walkJsonFile(fileWith('{"data": [1, 2'), [])).rejects.toThrow();
    await expect(walkJsonFile(fileWith('{"data": nope}'), [])).rejects.toThrow();
    await expect(walkJsonFile(path.join(dir, 'missing.json'), [])).rejects.toThrow();
    expect((await walkJsonFile(fileWith(''), [])).rest).toBeUndefined();
  });

  it('passes an error of an item handler on', async () => {
    const walk = walkJsonFile(fileWith('[1,2,3]'), [
      {
        path: [],
        onItem: (item) => {
          if (item === 2) throw new Error('zwei');
        },
      },
    ]);
    await expect(walk).rejects.toThrow('zwei');
  });
});
