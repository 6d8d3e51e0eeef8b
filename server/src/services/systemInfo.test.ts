import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { directorySize, readOsDistro } from './systemInfo';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'werkboard-sysinfo-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('readOsDistro', () => {
  it('reads PRETTY_NAME without quotes', async () => {
    const file = path.join(dir, 'os-release');
    fs.writeFileSync(file, 'NAME="Debian GNU/Linux"\nPRETTY_NAME="Debian GNU/Linux 13 (trixie)"\nID=debian\n');
    await expect(readOsDistro(file)).resolves.toBe('Debian GNU/Linux 13 (trixie)');
  });

  it('falls back to the kernel name without an os-release file', async () => {
    await expect(readOsDistro(path.join(dir, 'missing'))).resolves.toBe(`${os.type()} ${os.release()}`);
  });
});

describe('directorySize', () => {
  it('adds up the files below a folder, and is 0 for a missing folder', async () => {
    fs.mkdirSync(path.join(dir, 'a', 'b'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'one.png'), Buffer.alloc(1000));
    fs.writeFileSync(path.join(dir, 'a', 'b', 'two.jpg'), Buffer.alloc(234));
    await expect(directorySize(dir)).resolves.toBe(1234);
    await expect(directorySize(path.join(dir, 'nothing'))).resolves.toBe(0);
  });
});
