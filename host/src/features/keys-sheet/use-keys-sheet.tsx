import { useCallback, useState } from 'react';
import type { ReactNode } from 'react';
import { FullKitFailure, loadShellOverlays } from '../full-kit/full-kit';

type Loaded = Awaited<ReturnType<typeof loadShellOverlays>>;

/**
 * The keyboard shortcuts sheet: `show` opens it ('?', the account menu), `sheet` is where it
 * renders. Its code comes with the shell's other overlays, the first time one is wanted.
 */
export function useKeysSheet(): { show(): void; sheet: ReactNode } {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState(false);
  const show = useCallback(() => {
    setOpen(true);
    setFailed(false);
    loadShellOverlays().then(setLoaded, () => setFailed(true));
  }, []);
  const close = useCallback(() => setOpen(false), []);
  let sheet: ReactNode = null;
  if (loaded) sheet = <loaded.overlays.KeysSheet kit={loaded.kit} open={open} onClose={close} />;
  else if (open && failed) sheet = <FullKitFailure what="keyboard shortcuts" onClose={close} />;
  return { show, sheet };
}
