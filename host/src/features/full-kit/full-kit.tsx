import { Alert, Snackbar } from '@loofi/ui-kit/base';
import type * as Kit from '@loofi/ui-kit';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { memoizeUntilFailure, yieldToInput } from '@loofi/ui/async';

/** The full UI kit: dialogs, menus, tables, forms. */
export type FullKit = typeof Kit;

let loaded: FullKit | null = null;

/**
 * The full kit is one lazily loaded chunk: the host provides it to the remotes that need it
 * (Music, Settings), and takes from it the shell parts that only show on demand (the account
 * menu, the Beta dialog), so the dashboard's first load carries only the shell kit. A failed
 * load is forgotten, so the next call fetches it again.
 *
 * Its modules are run in parts, a task each (one chunk, fetched by the first part), and what
 * takes the kit runs in a task of its own after them: on a phone, all of MUI's dialogs,
 * menus, fields and tables in one go, with Music's own modules, held the main thread for
 * over a tenth of a second just as Music opened. Each part resumes ahead of the work queued
 * meanwhile (the shell's render of the tab's loading state): the owner is waiting for the
 * tab, and a plain next task put every part behind a slice of that render.
 */
export const loadFullKit = memoizeUntilFailure(async () => {
  await import(/* webpackChunkName: "full-kit" */ '@loofi/ui-kit/parts/fields');
  await yieldToInput();
  await import(/* webpackChunkName: "full-kit" */ '@loofi/ui-kit/parts/overlays');
  await yieldToInput();
  await import(/* webpackChunkName: "full-kit" */ '@loofi/ui-kit/parts/tables');
  await yieldToInput();
  const kit = await import(/* webpackChunkName: "full-kit" */ '@loofi/ui-kit');
  await yieldToInput();
  return (loaded = kit);
});

/**
 * A page's first Intl object loads the locale's data (over 50 ms at a phone's CPU), and MUI's
 * `TablePagination` makes an `Intl.NumberFormat('en-US')` as its module is evaluated: made
 * once in an idle period before the full kit is wanted, the kit's tables part does not pay it.
 */
export function warmUpNumberFormat(): void {
  new Intl.NumberFormat('en-US').format(0);
}

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

/**
 * A button that opens a menu drawn with the full kit (the account menu, the sleep timer):
 * the menu's anchor and id, the button's ARIA and intent handlers (pointing at, focusing or
 * pressing it starts loading the kit), and what shows when the kit could not be fetched.
 */
export function useFullKitMenu(what: string): {
  kit: FullKitState;
  menuId: string;
  anchor: HTMLElement | null;
  close(): void;
  buttonProps: {
    'aria-haspopup': 'menu';
    'aria-controls': string | undefined;
    'aria-expanded': 'true' | undefined;
    'aria-busy': boolean;
    onPointerEnter(): void;
    onFocus(): void;
    onClick(event: MouseEvent<HTMLElement>): void;
  };
  failure: ReactNode;
} {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { state: kit, request } = useFullKit();
  const menuId = useId();
  const close = () => setAnchor(null);
  const open = anchor !== null && kit.status === 'ready';
  return {
    kit,
    menuId,
    anchor,
    close,
    buttonProps: {
      'aria-haspopup': 'menu',
      'aria-controls': open ? menuId : undefined,
      'aria-expanded': open ? 'true' : undefined,
      'aria-busy': anchor !== null && kit.status === 'loading',
      onPointerEnter: request,
      onFocus: request,
      onClick: (event) => {
        request();
        setAnchor(event.currentTarget);
      },
    },
    failure:
      anchor !== null && kit.status === 'failed' ? (
        <FullKitFailure what={what} onClose={close} />
      ) : null,
  };
}
