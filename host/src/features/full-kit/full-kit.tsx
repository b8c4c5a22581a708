import { Alert, Snackbar } from '@loofi/ui-kit/base';
import type * as Kit from '@loofi/ui-kit';
import type * as Overlays from './shell-overlays';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { ERROR_HIDE_MS } from '@loofi/ui';
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

/** The shell's menus and sheets drawn with the full kit (./shell-overlays). */
export type ShellOverlays = typeof Overlays;

let overlaysLoaded: { kit: FullKit; overlays: ShellOverlays } | null = null;

/**
 * The full kit and the shell's menus and sheets (account, sleep timer, keyboard shortcuts):
 * their code is one chunk, fetched beside the kit the first time one is wanted.
 */
export const loadShellOverlays = memoizeUntilFailure(async () => {
  const [kit, overlays] = await Promise.all([
    loadFullKit(),
    import(/* webpackChunkName: "shell-overlays" */ './shell-overlays'),
  ]);
  return (overlaysLoaded = { kit, overlays });
});

export type OnDemand<T> = { status: 'idle' | 'loading' | 'failed' } | { status: 'ready'; value: T };

export type FullKitState = OnDemand<FullKit>;

/**
 * Code for a part that shows on demand. `request` starts loading it (call it when the owner
 * shows intent: points at, focuses or presses the part's button); after a failure it tries
 * again. `ready` is what was loaded already, for a first render without waiting.
 */
function useOnDemand<T>(
  load: () => Promise<T>,
  ready: T | null,
): { state: OnDemand<T>; request(): void } {
  const [state, setState] = useState<OnDemand<T>>(() =>
    ready ? { status: 'ready', value: ready } : { status: 'idle' },
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
    const settle = (next: OnDemand<T>) => {
      status.current = next.status;
      if (mounted.current) setState(next);
    };
    settle({ status: 'loading' });
    load().then(
      (value) => settle({ status: 'ready', value }),
      () => settle({ status: 'failed' }),
    );
  }, [load]);
  return { state, request };
}

/** The full kit for a part that shows on demand (see `useOnDemand`). */
export function useFullKit(): { state: FullKitState; request(): void } {
  return useOnDemand(loadFullKit, loaded);
}

/** What the owner is told when a part's code could not be fetched. */
export function FullKitFailure({ what, onClose }: { what: string; onClose(): void }) {
  return (
    <Snackbar open autoHideDuration={ERROR_HIDE_MS} onClose={onClose}>
      <Alert severity="error" variant="filled" onClose={onClose}>
        {`The ${what} could not be loaded. Check your connection and try again.`}
      </Alert>
    </Snackbar>
  );
}

/**
 * A button that opens a menu of the shell's overlays (the account menu, the sleep timer):
 * the menu's anchor and id, the button's ARIA and intent handlers (pointing at, focusing or
 * pressing it starts loading the kit), and what shows when the kit could not be fetched.
 */
export function useFullKitMenu(what: string): {
  menu: OnDemand<{ kit: FullKit; overlays: ShellOverlays }>;
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
  const { state: menu, request } = useOnDemand(loadShellOverlays, overlaysLoaded);
  const menuId = useId();
  const close = () => setAnchor(null);
  const open = anchor !== null && menu.status === 'ready';
  return {
    menu,
    menuId,
    anchor,
    close,
    buttonProps: {
      'aria-haspopup': 'menu',
      'aria-controls': open ? menuId : undefined,
      'aria-expanded': open ? 'true' : undefined,
      'aria-busy': anchor !== null && menu.status === 'loading',
      onPointerEnter: request,
      onFocus: request,
      onClick: (event) => {
        request();
        setAnchor(event.currentTarget);
      },
    },
    failure:
      anchor !== null && menu.status === 'failed' ? (
        <FullKitFailure what={what} onClose={close} />
      ) : null,
  };
}
