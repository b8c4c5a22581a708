import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import { IconButton } from '@loofi/ui-kit/base';
import { memo, useId, useState } from 'react';
import type { OfflineTracks, PlayerBus } from '@loofi/contracts';
import { memoizeUntilFailure } from '@loofi/ui/async';
import { FullKitFailure, useFullKit } from '../full-kit/full-kit';
import { Hint } from '../shell-chrome/hint';
import type * as QueuePanelModule from './queue-panel';

type PanelModule = typeof QueuePanelModule;

/** The panel's code, once fetched: opened with it at hand, the panel never suspends. */
let loaded: PanelModule | null = null;
/** Fetches the panel's code when the owner shows intent (points at, focuses, presses). */
const loadPanel = memoizeUntilFailure(() =>
  import(/* webpackChunkName: "queue-panel" */ './queue-panel').then((module) => (loaded = module)),
);

/**
 * The Queue button of the player, and the panel it opens: the current track, then what
 * plays after it, which the owner can reorder, remove from, play now and keep offline. The
 * panel and the kit it is drawn with load on intent, not with the dashboard. The panel
 * renders only once its code is here, rather than through React.lazy and Suspense, whose
 * reveal of a suspended part waits up to 300 ms (measured: the first open took 330 ms).
 */
export const QueueButton = memo(function QueueButton({
  player,
  offline,
}: {
  player: PlayerBus;
  offline?: OfflineTracks;
}) {
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useState<PanelModule | null>(loaded);
  const [failed, setFailed] = useState(false);
  const { state: kit, request } = useFullKit();
  const panelId = useId();
  const prepare = () => {
    request();
    loadPanel().then(setPanel, () => undefined);
  };
  const shown = open && kit.status === 'ready' && panel !== null;
  const Panel = panel?.QueuePanel;
  return (
    <>
      <Hint title="Queue">
        <IconButton
          aria-label="Queue"
          aria-haspopup="dialog"
          aria-expanded={shown}
          aria-controls={shown ? panelId : undefined}
          aria-busy={open && !shown && !failed}
          onPointerEnter={prepare}
          onFocus={prepare}
          onClick={() => {
            request();
            setFailed(false);
            setOpen(true);
            loadPanel().then(setPanel, () => setFailed(true));
          }}
        >
          <QueueMusicIcon />
        </IconButton>
      </Hint>
      {shown && Panel && kit.status === 'ready' && (
        <Panel
          id={panelId}
          kit={kit.value}
          player={player}
          {...(offline ? { offline } : {})}
          onClose={() => setOpen(false)}
        />
      )}
      {open && (kit.status === 'failed' || failed) && (
        <FullKitFailure what="queue" onClose={() => setOpen(false)} />
      )}
    </>
  );
});
