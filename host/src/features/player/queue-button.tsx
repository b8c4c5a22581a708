import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import { IconButton } from '@loofi/ui-kit/base';
import { lazy, Suspense, useId, useState } from 'react';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import type { OfflineTracks, PlayerBus } from '@loofi/contracts';
import { memoizeUntilFailure } from '@loofi/ui/async';
import { FullKitFailure, useFullKit } from '../full-kit/full-kit';
import { Hint } from '../shell-chrome/hint';

/** The panel's code: fetched when the owner shows intent (points at, focuses, presses). */
const loadPanel = memoizeUntilFailure(
  () => import(/* webpackChunkName: "queue-panel" */ './queue-panel'),
);
/** A lazy panel; made again after a failed fetch (React keeps a lazy's failure for good). */
const lazyPanel = () => lazy(() => loadPanel().then(({ QueuePanel }) => ({ default: QueuePanel })));

/**
 * The Queue button of the player, and the panel it opens: the current track, then what
 * plays after it, which the owner can reorder, remove from, play now and keep offline. The
 * panel and the kit it is drawn with load on intent, not with the dashboard.
 */
export function QueueButton({ player, offline }: { player: PlayerBus; offline?: OfflineTracks }) {
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState(lazyPanel);
  const [failed, setFailed] = useState(false);
  const { state: kit, request } = useFullKit();
  const panelId = useId();
  const prepare = () => {
    request();
    loadPanel().catch(() => undefined);
  };
  const ready = kit.status === 'ready';
  const shown = open && ready && !failed;
  return (
    <>
      <Hint title="Queue">
        <IconButton
          aria-label="Queue"
          aria-haspopup="dialog"
          aria-expanded={shown}
          aria-controls={shown ? panelId : undefined}
          aria-busy={open && kit.status === 'loading'}
          onPointerEnter={prepare}
          onFocus={prepare}
          onClick={() => {
            prepare();
            if (failed) {
              setFailed(false);
              setPanel(lazyPanel);
            }
            setOpen(true);
          }}
        >
          <QueueMusicIcon />
        </IconButton>
      </Hint>
      {shown && (
        <Suspense fallback={null}>
          <PanelBoundary onError={() => setFailed(true)}>
            <Panel
              id={panelId}
              kit={kit.kit}
              player={player}
              {...(offline ? { offline } : {})}
              onClose={() => setOpen(false)}
            />
          </PanelBoundary>
        </Suspense>
      )}
      {open && (kit.status === 'failed' || failed) && (
        <FullKitFailure what="queue" onClose={() => setOpen(false)} />
      )}
    </>
  );
}

/** A panel whose code could not be fetched says so; the next press tries again. */
function PanelBoundary({ onError, children }: { onError(): void; children: ReactNode }) {
  return (
    <ErrorBoundary fallback={null} onError={onError}>
      {children}
    </ErrorBoundary>
  );
}
