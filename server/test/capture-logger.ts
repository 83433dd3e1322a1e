import { Writable } from 'node:stream';
import { pino } from 'pino';
import { loggerOptions } from '../src/logger.ts';

export type LogLine = { level: number; msg: string; [field: string]: unknown };

/** A real pino logger (with the app's redaction) whose lines tests can read back. */
export function createCaptureLogger(level = 'debug') {
  const lines: LogLine[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  return { logger: pino(loggerOptions(level), destination), lines };
}
