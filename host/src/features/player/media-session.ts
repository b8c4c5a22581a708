import type { PlayerBus, PlayerState } from '@loofi/contracts';
import { afterNextPaint } from '@loofi/ui/async';
import type { Observable } from 'rxjs';
import { artworkShower } from './bounded-artwork';

/**
 * Shows the current track on the system's media controls (lock screen, headset keys) and
 * routes their play, pause, previous, next and seek to the bus. Returns the undo.
 *
 * The controls follow the latest state once the page has painted: a press on Play answers
 * on the screen first, and the state the bus reports several times a second while playing
 * is applied once per frame at most.
 */
export function connectMediaSession(
  mediaSession: MediaSession | undefined,
  player: PlayerBus,
  state$: Observable<PlayerState>,
): () => void {
  if (!mediaSession) return () => undefined;
  let playing = false;
  let audio: string | null = null;
  let connected = true;
  let latest: PlayerState | null = null;
  const showArtwork = artworkShower();
  const show = (state: PlayerState) => {
    mediaSession.playbackState = state.current ? (state.playing ? 'playing' : 'paused') : 'none';
    if (state.current && state.current.audio !== audio) {
      const { current } = state;
      audio = current.audio;
      const names = { title: current.title, artist: current.author };
      mediaSession.metadata = new MediaMetadata({ ...names, artwork: [] });
      // The cover follows once bounded in size: the system decodes it on the main thread.
      showArtwork(current.image, (artwork) => {
        if (connected && audio === current.audio) {
          mediaSession.metadata = new MediaMetadata({ ...names, artwork });
        }
      });
    }
  };
  const subscription = state$.subscribe((state) => {
    // The handlers below read it at once: a headset's key must toggle the right way.
    playing = state.playing;
    const waiting = latest !== null;
    latest = state;
    if (waiting) return;
    void afterNextPaint().then(() => {
      const shown = latest;
      latest = null;
      if (connected && shown) show(shown);
    });
  });
  const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
    ['play', () => !playing && player.dispatch({ type: 'toggle' })],
    ['pause', () => playing && player.dispatch({ type: 'toggle' })],
    ['previoustrack', () => player.dispatch({ type: 'previous' })],
    ['nexttrack', () => player.dispatch({ type: 'next' })],
    [
      'seekto',
      (details) =>
        details.seekTime !== undefined &&
        player.dispatch({ type: 'seek', seconds: details.seekTime }),
    ],
  ];
  for (const [action, handler] of handlers) mediaSession.setActionHandler(action, handler);
  return () => {
    connected = false;
    subscription.unsubscribe();
    for (const [action] of handlers) mediaSession.setActionHandler(action, null);
  };
}
