import type { ErrorLog, ErrorLogEntry } from '@loofi/backend';

export interface ErrorReporterOptions {
  log: ErrorLog;
  /** Remember this many distinct errors for de-duplication. */
  memory?: number;
}

export interface ErrorReporter {
  /**
   * Logs the entry unless it was logged before. The backend's log itself caps the rate
   * (`boundedErrorLog`), for these writes and every other.
   */
  report(entry: ErrorLogEntry): boolean;
}

const describe = (value: unknown): string => {
  if (value instanceof Error) return value.stack ?? `${value.name}: ${value.message}`;
  try {
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
};

export function createErrorReporter({ log, memory = 500 }: ErrorReporterOptions): ErrorReporter {
  const seen = new Set<string>();
  return {
    report(entry) {
      const id = `${entry.message}\u0000${entry.url}\u0000${entry.location.line}:${entry.location.column}`;
      if (seen.has(id)) return false;
      if (seen.size >= memory) seen.delete(seen.values().next().value!);
      seen.add(id);
      // A failing log write must never raise another error (and so another log write).
      log.log(entry).catch(() => undefined);
      return true;
    },
  };
}

export function entryFromErrorEvent(event: ErrorEvent): ErrorLogEntry {
  return {
    message: event.message || 'Unknown error',
    url: event.filename || location.href,
    location: { line: event.lineno || 0, column: event.colno || 0 },
    error: describe(event.error ?? event.message),
  };
}

function entryFromRejection(event: PromiseRejectionEvent): ErrorLogEntry {
  const reason: unknown = event.reason;
  return {
    message: `Unhandled promise rejection: ${reason instanceof Error ? reason.message : describe(reason)}`,
    url: location.href,
    location: { line: 0, column: 0 },
    error: describe(reason),
  };
}

/** Sends the page's unhandled errors and rejections to the reporter; returns the undo. */
export function installErrorReporting(target: Window, reporter: ErrorReporter): () => void {
  const onError = (event: ErrorEvent) => reporter.report(entryFromErrorEvent(event));
  const onRejection = (event: PromiseRejectionEvent) => reporter.report(entryFromRejection(event));
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
