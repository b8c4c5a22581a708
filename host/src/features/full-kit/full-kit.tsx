import { Alert, Snackbar } from '@loofi/ui-kit/base';
import type * as Kit from '@loofi/ui-kit';
import { useCallback, useEffect, useRef, useState } from 'react';
import { memoizeUntilFailure } from '@loofi/ui/async';

/** The full UI kit: dialogs, menus, tables, forms. */
export type FullKit = typeof Kit;

let loaded: FullKit | null = null;

/**
 * The full kit is one lazily loaded chunk: the host provides it to the remotes that need it
 * (Music, Settings), and takes from it the shell parts that only show on demand (the account
 * menu, the Beta dialog), so the dashboard's first load carries only the shell kit. A failed
 * load is forgotten, so the next call fetches it again.
 */
export const loadFullKit = memoizeUntilFailure(() =>
  import('@loofi/ui-kit').then((kit) => (loaded = kit)),
);

export type FullKitState =
  { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; kit: FullKit };

/**
 * The full kit for a part that shows on demand. `request` starts loading it (call it when
 * the owner shows intent: points at, focuses or presses the part's button); after a failure
 * it tries again.
 */
export function useFullKit(): { state: FullKitState; request(): void } {
  const [state, setState] = useState<FullKitState>(() =>
    loaded ? { status: 'ready', kit: loaded } : { status: 'idle' },
  );
  const status = useRef(state.status);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const request = useCallback(() => {
    if (status.current === 'ready' || status.current === 'loading') return;
    const settle = (next: FullKitState) => {
      status.current = next.status;
      if (mounted.current) setState(next);
    };
    settle({ status: 'loading' });
    loadFullKit().then(
      (kit) => settle({ status: 'ready', kit }),
      () => settle({ status: 'failed' }),
    );
  }, []);
  return { state, request };
}

/** What the owner is told when a part's code could not be fetched. */
export function FullKitFailure({ what, onClose }: { what: string; onClose(): void }) {
  return (
    <Snackbar open autoHideDuration={6000} onClose={onClose}>
      <Alert severity="error" variant="filled" onClose={onClose}>
        {`The ${what} could not be loaded. Check your connection and try again.`}
      </Alert>
    </Snackbar>
  );
}
