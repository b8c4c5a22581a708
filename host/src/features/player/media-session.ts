import type { PlayerBus, PlayerState } from '@loofi/contracts';
import type { Observable } from 'rxjs';

/**
 * Shows the current track on the system's media controls (lock screen, headset keys) and
 * routes their play, pause, previous, next and seek to the bus. Returns the undo.
 */
export function connectMediaSession(
  mediaSession: MediaSession | undefined,
  player: PlayerBus,
  state$: Observable<PlayerState>,
): () => void {
  if (!mediaSession) return () => undefined;
  let playing = false;
  let audio: string | null = null;
  const subscription = state$.subscribe((state) => {
    playing = state.playing;
    mediaSession.playbackState = state.current ? (state.playing ? 'playing' : 'paused') : 'none';
    if (state.current && state.current.audio !== audio) {
      audio = state.current.audio;
      mediaSession.metadata = new MediaMetadata({
        title: state.current.title,
        artist: state.current.author,
        artwork: state.current.image ? [{ src: state.current.image }] : [],
      });
    }
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
    subscription.unsubscribe();
    for (const [action] of handlers) mediaSession.setActionHandler(action, null);
  };
}
