import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SystemInfo } from '@werkboard/common';
import { QueryTypes, type Sequelize } from 'sequelize';

/** PRETTY_NAME from an os-release file, or the kernel's name and release when there is none. */
export async function readOsDistro(osReleaseFile = '/etc/os-release'): Promise<string> {
  try {
    const text = await fs.readFile(osReleaseFile, 'utf8');
    const line = text.split('\n').find((entry) => entry.startsWith('PRETTY_NAME='));
    const value = line
      ?.slice('PRETTY_NAME='.length)
      .trim()
      .replace(/^(["'])(.*)\1$/, '$2');
    if (value) return value;
  } catch {
    // No os-release (Windows, macOS, minimal containers): fall through.
  }
  return `${os.type()} ${os.release()}`;
}

/** Bytes of all files below a folder (symbolic links not followed); 0 when it does not exist. */
export async function directorySize(dir: string): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  let total = 0;
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await directorySize(full);
    else if (entry.isFile()) total += (await fs.stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

async function diskUsage(dir: string): Promise<{ used: number; total: number }> {
  const stats = await fs.statfs(dir);
  const total = stats.blocks * stats.bsize;
  return { used: total - stats.bfree * stats.bsize, total };
}

async function databaseSize(sequelize: Sequelize): Promise<number> {
  const [row] = await sequelize.query<{ size: string }>('SELECT pg_database_size(current_database())::text AS size', {
    type: QueryTypes.SELECT,
  });
  return Number(row?.size ?? 0);
}

/** Real figures of this machine and installation for the admin overview. */
export async function collectSystemInfo(version: string, dataDir: string, sequelize: Sequelize): Promise<SystemInfo> {
  const [disk, distro, dbSize, imagesSize] = await Promise.all([
    diskUsage(dataDir),
    readOsDistro(),
    databaseSize(sequelize),
    directorySize(path.join(dataDir, 'images')),
  ]);
  const total = os.totalmem();
  return {
    version,
    ram: { used: total - os.freemem(), total },
    disk,
    os: { distro },
    appData: { dbSize, imagesSize },
  };
}
