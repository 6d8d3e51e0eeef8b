import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './privateFiles';

export type Logger = pino.Logger;

export function logFilePath(dataDir: string): string {
  return path.join(dataDir, 'logs', 'server.log');
}

/** Where the log goes when it is full: one older file is kept, the one before it is dropped. */
export const previousLogFilePath = (dataDir: string): string => `${logFilePath(dataDir)}.1`;

/** 20 MB per file, so the log takes at most 40 MB of the disk (ASVS 16.1.1). */
export const LOG_MAX_BYTES = 20 * 1024 * 1024;

const fileSize = (file: string): number => {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
};

/**
 * The log file as a stream that moves itself to `server.log.1` once it holds `maxBytes`
 * (checked at start and after every line) and goes on in a new file of the same mode.
 */
function rotatingFile(file: string, previous: string, maxBytes: number): pino.DestinationStream {
  if (fileSize(file) >= maxBytes) fs.renameSync(file, previous);
  // Readable by the server alone (the Admin reads it through the API).
  const destination = pino.destination({ dest: file, sync: true, mode: PRIVATE_FILE_MODE });
  let bytes = fileSize(file);
  return {
    write(line: string) {
      destination.write(line);
      bytes += Buffer.byteLength(line);
      if (bytes < maxBytes) return;
      fs.renameSync(file, previous);
      destination.reopen();
      bytes = 0;
    },
  };
}

/**
 * Structured JSON logs to dataDir/logs/server.log (which Admins read through the API) and,
 * unless switched off, the console. Credentials are redacted wherever they appear.
 */
export function createLogger(dataDir: string, level: string, toConsole: boolean, maxBytes = LOG_MAX_BYTES): Logger {
  const file = logFilePath(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const streams: pino.StreamEntry[] = [
    { level: level as pino.Level, stream: rotatingFile(file, previousLogFilePath(dataDir), maxBytes) },
  ];
  if (toConsole) streams.push({ level: level as pino.Level, stream: process.stdout });
  return pino(
    {
      level,
      base: { app: 'werkboard' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'password',
          '*.password',
          'passwordHash',
          '*.passwordHash',
          'token',
          '*.token',
          'headers.authorization',
        ],
        censor: '[redacted]',
      },
    },
    pino.multistream(streams),
  );
}
