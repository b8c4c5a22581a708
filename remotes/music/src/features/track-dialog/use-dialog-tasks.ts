import { useCallback, useEffect, useRef, useState } from 'react';
import { ExplainedError } from '../../lib/messages';

export interface TaskProgress {
  /** What is being done, e.g. 'Scraping the page…'. */
  label: string;
  done?: number;
  total?: number;
}

/** Slow work of the dialog: it gets a signal that closing the dialog aborts, and a way to report progress. */
export type DialogTask<T> = (
  signal: AbortSignal,
  report: (done: number, total: number) => void,
) => Promise<T>;

/** The value of a task that succeeded, null when it failed or was cancelled. */
export type RunTask = <T>(label: string, task: DialogTask<T>) => Promise<{ value: T } | null>;

export interface DialogTasks {
  run: RunTask;
  /** Aborts the task under way, if any: the dialog is closing. */
  cancel(): void;
  progress: TaskProgress | null;
  busy: boolean;
  /** SPEC §8: the last task failed; the dialog says so and stays usable. */
  failed: boolean;
  /** What the owner is told of the failure after SPEC §8's message, if anything. */
  failureDetail: string | null;
  dismissFailure(): void;
}

/**
 * Runs the dialog's saves, deletes, scrapes and fetches one at a time, with progress,
 * cancellation and one way of failing: the dialog shows SPEC §8's message, with what went
 * wrong when it is known (`ExplainedError`, then warned of in the console); an unexpected
 * failure is logged as an error for the developer.
 */
export function useDialogTasks(): DialogTasks {
  const controllerRef = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<TaskProgress | null>(null);
  const [failed, setFailed] = useState(false);
  const [failureDetail, setFailureDetail] = useState<string | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  const run = useCallback<RunTask>(async (label, task) => {
    controllerRef.current?.abort();
    const controller = new AbortController();
    controllerRef.current = controller;
    setFailed(false);
    setProgress({ label });
    try {
      const value = await task(controller.signal, (done, total) => {
        if (!controller.signal.aborted) setProgress({ label, done, total });
      });
      return controller.signal.aborted ? null : { value };
    } catch (error) {
      // A cancelled task is no failure: the owner closed the dialog or started another.
      if (!controller.signal.aborted) {
        // An explained failure (a proxy down, a page that cannot be reached, offline) is the
        // owner's to read, not a fault of the code: a warning without a stack.
        if (error instanceof ExplainedError) console.warn(`${error.message}: ${error.detail}`);
        else console.error(error);
        setFailed(true);
        setFailureDetail(error instanceof ExplainedError ? error.detail : null);
      }
      return null;
    } finally {
      if (controllerRef.current === controller) {
        controllerRef.current = null;
        setProgress(null);
      }
    }
  }, []);

  const cancel = useCallback(() => controllerRef.current?.abort(), []);
  const dismissFailure = useCallback(() => setFailed(false), []);

  return {
    run,
    cancel,
    progress,
    busy: progress !== null,
    failed,
    failureDetail,
    dismissFailure,
  };
}
