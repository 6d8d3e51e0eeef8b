import fs from 'node:fs';
import path from 'node:path';

/** Walks up from `start` to the folder whose package.json has the given name. */
export function findPackageRoot(packageName: string, start: string = __dirname): string {
  let dir = start;
  for (;;) {
    const candidate = path.join(dir, 'package.json');
    if (fs.existsSync(candidate)) {
      const { name } = JSON.parse(fs.readFileSync(candidate, 'utf8')) as { name?: string };
      if (name === packageName) return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`package ${packageName} not found above ${start}`);
    dir = parent;
  }
}

/** The app version: the root package.json's (architecture.md: the spec's {ip}). */
export function readAppVersion(): string {
  const root = findPackageRoot('werkboard');
  const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
  return version;
}

export function defaultRendererDir(): string {
  return path.join(findPackageRoot('werkboard'), 'renderer', 'dist');
}
