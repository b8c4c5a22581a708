import { useCallback, useMemo } from 'react';
import { NEVER } from 'rxjs';
import { EMPTY_OFFLINE_STATE, plainTrack } from '@loofi/contracts';
import type { OfflineState, OfflineTracks, PlayerBus, StoredTrack } from '@loofi/contracts';
import { acceptsCommand } from '@loofi/contracts/player';
import { useObservable } from '@loofi/ui';
import { SOMETHING_WENT_WRONG } from '../../lib/messages';
import type { Notice } from '../../lib/notice';

/** What a row's More actions menu can do; an action the world cannot carry out is absent. */
export interface TrackActions {
  /** Before contract 1.2 the shell's player has no queue to put a track in. */
  playNext: ((track: StoredTrack) => void) | null;
  enqueue: ((track: StoredTrack) => void) | null;
  /** The tracks kept offline, or null where the shell can keep none. */
  offline: OfflineState | null;
  /** Keeps the track offline, or removes its copy if it is kept. */
  toggleOffline(track: StoredTrack): void;
}

/**
 * The actions of the table's rows and their confirmations. Play next and Add to queue are
 * offered only where the shell's bus says it accepts them: an older shell would drop them.
 */
export function useTrackActions(
  player: PlayerBus,
  offline: OfflineTracks | undefined,
  notify: (notice: Notice) => void,
): TrackActions {
  const offlineState = useObservable(
    useMemo(() => offline?.state$ ?? NEVER, [offline]),
    EMPTY_OFFLINE_STATE,
  );
  const canPlayNext = acceptsCommand(player, 'playNext');
  const canEnqueue = acceptsCommand(player, 'enqueue');

  const playNext = useCallback(
    (track: StoredTrack) => {
      player.dispatch({ type: 'playNext', track: plainTrack(track) });
      notify({ severity: 'success', message: `“${track.title}” will play next.` });
    },
    [player, notify],
  );
  const enqueue = useCallback(
    (track: StoredTrack) => {
      player.dispatch({ type: 'enqueue', track: plainTrack(track) });
      notify({ severity: 'success', message: `“${track.title}” was added to the queue.` });
    },
    [player, notify],
  );

  const toggleOffline = useCallback(
    (track: StoredTrack) => {
      if (!offline) return;
      const kept = offlineState.kept.has(track.audio);
      const done = kept ? offline.remove(plainTrack(track)) : offline.keep(plainTrack(track));
      done.then(
        () =>
          notify({
            severity: 'success',
            message: kept
              ? `The offline copy of “${track.title}” was removed.`
              : `“${track.title}” is kept offline.`,
          }),
        (error: unknown) => {
          if (kept) {
            console.error(error);
            notify({ severity: 'error', message: SOMETHING_WENT_WRONG });
            return;
          }
          // keep() rejects with a message for the owner (no space, the host refused…).
          notify({
            severity: 'error',
            message:
              error instanceof Error && error.message
                ? error.message
                : `“${track.title}” could not be kept offline.`,
          });
        },
      );
    },
    [offline, offlineState, notify],
  );

  return {
    playNext: canPlayNext ? playNext : null,
    enqueue: canEnqueue ? enqueue : null,
    offline: offline ? offlineState : null,
    toggleOffline,
  };
}
