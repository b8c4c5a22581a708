import { describe, expect, it } from 'vitest';
import { boundedErrorLog, corruptEntryReport, LOG_LIMITS } from './bounded-log';
import type { ErrorLogEntry } from './ports';

const entry = (message: string): ErrorLogEntry => ({
  message,
  url: 'http://localhost:3000/',
  location: { line: 1, column: 2 },
  error: `Error: ${message}`,
});

function recordingLog() {
  const written: ErrorLogEntry[] = [];
  return { written, log: { log: async (logged: ErrorLogEntry) => void written.push(logged) } };
}

describe('boundedErrorLog', () => {
  it('stops a loop of writes at the rate limit, then lets the next window through', async () => {
    let time = 0;
    const { written, log } = recordingLog();
    const bounded = boundedErrorLog(log, { now: () => time, maxPerWindow: 3, windowMs: 1000 });
    for (let index = 0; index < 50; index += 1) await bounded.log(entry(`loop ${index}`));
    expect(written).toHaveLength(3);
    time = 1000;
    await bounded.log(entry('later'));
    expect(written.map((logged) => logged.message)).toEqual([
      'loop 0',
      'loop 1',
      'loop 2',
      'later',
    ]);
  });

  it('cuts an entry to the sizes the rules accept instead of having it refused', async () => {
    const { written, log } = recordingLog();
    await boundedErrorLog(log).log({
      message: 'm'.repeat(5000),
      url: 'u'.repeat(5000),
      location: { line: -1, column: Number.NaN },
      error: 'e'.repeat(50_000),
    });
    const [logged] = written;
    expect(logged?.message).toHaveLength(LOG_LIMITS.message);
    expect(logged?.url).toHaveLength(LOG_LIMITS.url);
    expect(logged?.error).toHaveLength(LOG_LIMITS.error);
    expect(logged?.location).toEqual({ line: 0, column: 0 });
  });
});

describe('corruptEntryReport', () => {
  it('logs 5,000 corrupt entries as one summary, once per load however often it is read', async () => {
    const { written, log } = recordingLog();
    const report = corruptEntryReport(log, 'loofi-music');
    for (let read = 0; read < 3; read += 1) {
      for (let key = 0; key < 5000; key += 1) report.note(`loofi-music/${key}`, 'not an object');
      report.flush();
    }
    await Promise.resolve();
    expect(written).toHaveLength(1);
    expect(written[0]?.message).toMatch(/^Skipped 5000 corrupt entries of loofi-music: /);
    expect(written[0]?.message).toContain('loofi-music/0 (not an object)');
    expect(written[0]?.message).toMatch(/and 4980 more$/);
  });

  it('logs nothing when every entry reads', () => {
    const { written, log } = recordingLog();
    const report = corruptEntryReport(log, 'loofi-music');
    report.flush();
    expect(written).toHaveLength(0);
  });
});
