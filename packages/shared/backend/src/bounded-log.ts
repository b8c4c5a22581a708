import type { ErrorLog, ErrorLogEntry } from './ports';

/** The largest log entry the Firestore rules accept: keep equal to `LIMITS` in firebase/rules/rules-source.ts. */
export const LOG_LIMITS = { message: 2000, url: 2048, error: 10_000 } as const;

export interface LogRate {
  /** At most this many entries per window, so a loop of errors cannot flood the store. */
  maxPerWindow: number;
  windowMs: number;
  now: () => number;
}

const DEFAULT_RATE: LogRate = { maxPerWindow: 10, windowMs: 60_000, now: () => Date.now() };

const cut = (text: string, limit: number) =>
  text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;

/** The entry cut to the sizes the rules accept, so a long stack is shortened, not refused. */
function fitLogEntry(entry: ErrorLogEntry): ErrorLogEntry {
  const line = (value: number) => (Number.isSafeInteger(value) && value >= 0 ? value : 0);
  return {
    message: cut(entry.message, LOG_LIMITS.message),
    url: cut(entry.url, LOG_LIMITS.url),
    location: { line: line(entry.location.line), column: line(entry.location.column) },
    error: cut(entry.error, LOG_LIMITS.error),
  };
}

/**
 * The one way into a backend's error log: every write, whoever makes it (the page's error
 * reporter, the library's corrupt-entry summary), is cut to size and counted against one
 * rate limit; past it, entries are dropped until the next window.
 */
export function boundedErrorLog(log: ErrorLog, rate: Partial<LogRate> = {}): ErrorLog {
  const { maxPerWindow, windowMs, now } = { ...DEFAULT_RATE, ...rate };
  let windowStart = Number.NEGATIVE_INFINITY;
  let inWindow = 0;
  return {
    async log(entry) {
      const time = now();
      if (time - windowStart >= windowMs) {
        windowStart = time;
        inWindow = 0;
      }
      if (inWindow >= maxPerWindow) return;
      inWindow += 1;
      await log.log(fitLogEntry(entry));
    },
  };
}

/** How many corrupt entries a summary names; the rest are counted. */
const NAMED_IN_SUMMARY = 20;

export interface CorruptEntryReport {
  /** An entry of the library that could not be read, and why. */
  note(path: string, problem: string): void;
  /** The read is over: the first read that found any writes the load's one summary. */
  flush(): void;
}

/**
 * Corrupt library entries logged as one summary per load (per backend instance), however
 * many there are and however often the library is read: 5,000 bad entries are one log row,
 * not 5,000 on every reload.
 */
export function corruptEntryReport(log: ErrorLog, libraryPath: string): CorruptEntryReport {
  const found = new Map<string, string>();
  let summarised = false;
  return {
    note(path, problem) {
      if (!summarised && !found.has(path)) found.set(path, problem);
    },
    flush() {
      if (summarised || found.size === 0) return;
      summarised = true;
      const named = [...found].slice(0, NAMED_IN_SUMMARY).map(([path, why]) => `${path} (${why})`);
      const more = found.size - named.length;
      const message =
        `Skipped ${found.size} corrupt ${found.size === 1 ? 'entry' : 'entries'} of ${libraryPath}: ` +
        named.join('; ') +
        (more > 0 ? `; and ${more} more` : '');
      found.clear();
      log
        .log({
          message,
          url: globalThis.location?.href ?? '',
          location: { line: 0, column: 0 },
          error: 'CorruptTrack',
        })
        // Nothing is left to report a failed report to; the console at least shows it.
        .catch((error: unknown) => console.warn(`${message} (the log failed: ${String(error)})`));
    },
  };
}
