import { plainTrack } from '@loofi/contracts';
import type { PlayerBus, PlayerState } from '@loofi/contracts';
import { afterNextPaint } from '@loofi/ui/async';
import type { Observable } from 'rxjs';
import { artworkShower } from './bounded-artwork';

/**
 * The system reckons the position from the last one it was given; it is given again when
 * the music moves otherwise (a seek, a stall, a new track) by more than this.
 */
const DRIFT_SECONDS = 1;

/** What the system was last told of the position, and when. */
interface ToldPosition {
  audio: string;
  duration: number;
  position: number;
  rate: number;
  playing: boolean;
  at: number;
}

export interface MediaSessionOptions {
  /** The playing element's rate (1 unless something changed it). */
  playbackRate?: () => number;
  now?: () => number;
  /**
   * Opens the mini player: offered to the browser while music plays, so that Chrome can open
   * it by itself when the owner leaves the tab.
   */
  enterPictureInPicture?: (() => void) | undefined;
}

/** Chromium's action, not in TypeScript's DOM types yet. */
const ENTER_PICTURE_IN_PICTURE = 'enterpictureinpicture' as MediaSessionAction;

/**
 * Shows the current track on the system's media controls (lock screen, headset keys), with
 * its position for their scrubber, and routes their play, pause, previous, next and seek to
 * the bus; while music plays, the browser may open the mini player. Returns the undo.
 *
 * The controls follow the latest state once the page has painted: a press on Play answers
 * on the screen first, and the state the bus reports several times a second while playing
 * is applied once per frame at most.
 */
export function connectMediaSession(
  mediaSession: MediaSession | undefined,
  player: PlayerBus,
  state$: Observable<PlayerState>,
  options: MediaSessionOptions = {},
): () => void {
  if (!mediaSession) return () => undefined;
  const { playbackRate = () => 1, now = () => performance.now(), enterPictureInPicture } = options;
  let playing = false;
  let offeredPictureInPicture = false;
  const offerPictureInPicture = (offer: boolean) => {
    if (!enterPictureInPicture || offer === offeredPictureInPicture) return;
    offeredPictureInPicture = offer;
    setActionHandler(mediaSession, ENTER_PICTURE_IN_PICTURE, offer ? enterPictureInPicture : null);
  };
  let shownTrack: string | null = null;
  let connected = true;
  let latest: PlayerState | null = null;
  let told: ToldPosition | null = null;

  const reckoned = (last: ToldPosition) =>
    last.playing ? last.position + ((now() - last.at) / 1000) * last.rate : last.position;

  /**
   * The position state `state` calls for, on every play, pause, seek, rate change and change
   * of track (a hand-over, a crossfade's start): null clears it (a length the system cannot
   * show), undefined is what the system reckons already (a tick of the playing track).
   */
  const positionFor = (state: PlayerState): MediaPositionState | null | undefined => {
    const { current, duration } = state;
    if (!current || !Number.isFinite(duration) || duration <= 0) return told ? null : undefined;
    const rate = playbackRate();
    const position = Math.min(duration, Math.max(0, state.position));
    const same =
      told !== null &&
      told.audio === current.audio &&
      told.duration === duration &&
      told.rate === rate &&
      told.playing === state.playing &&
      Math.abs(position - reckoned(told)) <= DRIFT_SECONDS;
    return same ? undefined : { duration, position, playbackRate: rate };
  };

  const showPosition = (state: PlayerState) => {
    const next = positionFor(state);
    if (next === undefined) return;
    told = null;
    if (next === null || !state.current) return setPositionState(mediaSession);
    setPositionState(mediaSession, next);
    const { duration = 0, position = 0, playbackRate: rate = 1 } = next;
    told = {
      audio: state.current.audio,
      duration,
      position,
      rate,
      playing: state.playing,
      at: now(),
    };
  };

  const showArtwork = artworkShower();
  /** What `show` was last given: a tick that changes none of it schedules nothing. */
  let shown: Pick<PlayerState, 'current' | 'playing'> | null = null;
  const show = (state: PlayerState) => {
    shown = state;
    mediaSession.playbackState = state.current ? (state.playing ? 'playing' : 'paused') : 'none';
    // Any of the four fields: an edit of the playing track shows on the lock screen too.
    const track = state.current && JSON.stringify(plainTrack(state.current));
    if (state.current && track !== shownTrack) {
      const { current } = state;
      shownTrack = track;
      const names = { title: current.title, artist: current.author };
      mediaSession.metadata = new MediaMetadata({ ...names, artwork: [] });
      // The cover follows once bounded in size: the system decodes it on the main thread.
      showArtwork(current.image, (artwork) => {
        if (connected && shownTrack === track) {
          mediaSession.metadata = new MediaMetadata({ ...names, artwork });
        }
      });
    }
    showPosition(state);
  };
  const subscription = state$.subscribe((state) => {
    // The handlers below read it at once: a headset's key must toggle the right way.
    playing = state.playing;
    offerPictureInPicture(playing);
    const waiting = latest !== null;
    // Ticks of the playing track, which the system reckons itself, wait for no paint.
    const unchanged =
      shown !== null &&
      shown.current === state.current &&
      shown.playing === state.playing &&
      positionFor(state) === undefined;
    if (!waiting && unchanged) return;
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
  for (const [action, handler] of handlers) setActionHandler(mediaSession, action, handler);
  return () => {
    connected = false;
    subscription.unsubscribe();
    for (const [action] of handlers) setActionHandler(mediaSession, action, null);
    offerPictureInPicture(false);
    // The system's controls no longer show a track that nothing here plays (a sign-out).
    mediaSession.playbackState = 'none';
    mediaSession.metadata = null;
    if (told) setPositionState(mediaSession);
  };
}

/** A browser that does not know an action throws: the others still work. */
function setActionHandler(
  mediaSession: MediaSession,
  action: MediaSessionAction,
  handler: MediaSessionActionHandler | null,
) {
  try {
    mediaSession.setActionHandler(action, handler);
  } catch {
    // Not offered by this browser.
  }
}

/** Older browsers have no position state; the system then shows no scrubber, as before. */
function setPositionState(mediaSession: MediaSession, state?: MediaPositionState) {
  try {
    if (typeof mediaSession.setPositionState !== 'function') return;
    if (state) mediaSession.setPositionState(state);
    else mediaSession.setPositionState();
  } catch {
    // A state the browser refuses changes nothing on the lock screen.
  }
}
