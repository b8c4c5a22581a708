import { describe, expect, it } from 'vitest';
import type { ErrorLogEntry } from '@loofi/backend';
import { createErrorReporter, entryFromErrorEvent } from './error-reporter';

const entry = (message: string, line = 1): ErrorLogEntry => ({
  message,
  url: 'http://localhost:3000/static/js/main.js',
  location: { line, column: 2 },
  error: `Error: ${message}`,
});

function recordingLog(fail = false) {
  const written: ErrorLogEntry[] = [];
  return {
    written,
    log: {
      log: (logged: ErrorLogEntry) => {
        written.push(logged);
        return fail ? Promise.reject(new Error('offline')) : Promise.resolve();
      },
    },
  };
}

describe('createErrorReporter', () => {
  it('logs an error once, however often it is thrown', () => {
    const { written, log } = recordingLog();
    const reporter = createErrorReporter({ log });
    expect(reporter.report(entry('boom'))).toBe(true);
    expect(reporter.report(entry('boom'))).toBe(false);
    expect(reporter.report(entry('boom', 2))).toBe(true);
    expect(written).toEqual([entry('boom'), entry('boom', 2)]);
  });

  it('swallows a failing log write', async () => {
    const { log } = recordingLog(true);
    const reporter = createErrorReporter({ log });
    expect(reporter.report(entry('boom'))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});

describe('entryFromErrorEvent', () => {
  it('keeps message, url, line, column and the stack', () => {
    const error = new TypeError('x is undefined');
    const event = new ErrorEvent('error', {
      message: 'Uncaught TypeError: x is undefined',
      filename: 'http://localhost:3000/static/js/main.js',
      lineno: 12,
      colno: 34,
      error,
    });
    expect(entryFromErrorEvent(event)).toEqual({
      message: 'Uncaught TypeError: x is undefined',
      url: 'http://localhost:3000/static/js/main.js',
      location: { line: 12, column: 34 },
      error: error.stack,
    });
  });
});
