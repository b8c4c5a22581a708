import { useCallback, useMemo, useState } from 'react';
import { map } from 'rxjs';
import type { OfflineTracks } from '@loofi/contracts';
import { useObservable } from '@loofi/ui';

/** What the tracks kept offline take, and how many are being stored now. */
export interface OfflineSummary {
  count: number;
  bytes: number;
  saving: number;
}

/** What became of Remove all: said once, until the owner closes it or tries again. */
export type RemoveAllOutcome = { severity: 'success' | 'error'; message: string } | null;

const NOTHING_KEPT: OfflineSummary = { count: 0, bytes: 0, saving: 0 };

export const REMOVE_ALL_FAILED = 'The offline copies could not be removed. Please try again.';

/** The tracks kept offline, summed up live, and Remove all with its progress and outcome. */
export function useOfflineCopies(offline: OfflineTracks) {
  const summary$ = useMemo(
    () =>
      offline.state$.pipe(
        map(({ kept, saving }): OfflineSummary => ({
          count: kept.size,
          bytes: [...kept.values()].reduce((sum, bytes) => sum + bytes, 0),
          saving: saving.size,
        })),
      ),
    [offline],
  );
  const summary = useObservable(summary$, NOTHING_KEPT);
  const [removing, setRemoving] = useState(false);
  const [outcome, setOutcome] = useState<RemoveAllOutcome>(null);

  const removeAll = useCallback(() => {
    setRemoving(true);
    setOutcome(null);
    offline
      .removeAll()
      .then(
        () => setOutcome({ severity: 'success', message: 'All offline copies were removed.' }),
        (error: unknown) => {
          // Only keep() promises a message for the owner; this one is for the error log.
          console.error(error);
          setOutcome({ severity: 'error', message: REMOVE_ALL_FAILED });
        },
      )
      .finally(() => setRemoving(false));
  }, [offline]);
  const dismiss = useCallback(() => setOutcome(null), []);

  return { ...summary, removing, outcome, removeAll, dismiss };
}
