import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './privateFiles';

export type Logger = pino.Logger;

export function logFilePath(dataDir: string): string {
  return path.join(dataDir, 'logs', 'server.log');
}

/**
 * Structured JSON logs to dataDir/logs/server.log (which Admins read through the API) and,
 * unless switched off, the console. Credentials are redacted wherever they appear.
 */
export function createLogger(dataDir: string, level: string, toConsole: boolean): Logger {
  const file = logFilePath(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
  const streams: pino.StreamEntry[] = [
    // Readable by the server alone (the Admin reads it through the API).
    { level: level as pino.Level, stream: pino.destination({ dest: file, sync: true, mode: PRIVATE_FILE_MODE }) },
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
