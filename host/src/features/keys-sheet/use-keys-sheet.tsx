import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { memoizeUntilFailure } from '@loofi/ui/async';
import { FullKitFailure, loadFullKit } from '../full-kit/full-kit';

/** The sheet's code and the full kit it is drawn with, fetched the first time it is asked for. */
const loadSheet = memoizeUntilFailure(async () => {
  const [kit, { KeysSheet }] = await Promise.all([
    loadFullKit(),
    import(/* webpackChunkName: "keys-sheet" */ './keys-sheet'),
  ]);
  return { kit, KeysSheet };
});

type Loaded = Awaited<ReturnType<typeof loadSheet>>;

/**
 * The keyboard shortcuts sheet: `show` opens it ('?', the account menu), `sheet` is where it
 * renders. Only a few lines are in the dashboard's first load.
 */
export function useKeysSheet(): { show(): void; sheet: ReactNode } {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const show = useCallback(() => {
    setOpen(true);
    setFailed(false);
    loadSheet().then(setLoaded, () => setFailed(true));
  }, []);
  const close = useCallback(() => setOpen(false), []);
  let sheet: ReactNode = null;
  if (loaded) sheet = <loaded.KeysSheet kit={loaded.kit} open={open} onClose={close} />;
  else if (open && failed) sheet = <FullKitFailure what="keyboard shortcuts" onClose={close} />;
  return { show, sheet };
}
