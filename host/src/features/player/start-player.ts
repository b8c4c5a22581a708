import { fromEvent, map } from 'rxjs';
import type { BehaviorSubject } from 'rxjs';
import type { LibraryPort, PreferencesStore, PublicConfig, Track } from '@loofi/contracts';
import type { PlayerBusController } from '@loofi/contracts/player';
import type { FocusSessionStore, ListeningSessionStore } from '@loofi/backend';
import { afterNextPaint } from '@loofi/ui/async';
import type { MediaSessionOptions } from './media-session';
import { keepPausedThroughSleep } from './page-lifecycle';
import { PlayerEngine } from './player-engine';
import { failureClassifier } from './failure-probe';
import type { LoudnessSource, RoutedAudio } from './player-engine';
import { PLAYER_CHANNEL, startPlayerOwnership } from './player-ownership';
import type { PlayerOwnership } from './player-ownership';
import { startFocusTimerOnDemand } from '../focus/focus-on-demand';
import { audioReadable } from './audio-readable';
import { pageAudioContext } from './page-audio-context';
import type { PlayerControls } from './player-controls';
import type { MiniPlayer } from '../mini-player/mini-player';

/**
 * The demo library's tracks are the site's own files, which the service worker keeps with
 * the site: they play offline without being kept one by one.
 */
function isDemoTrack(track: Track, page: Location = window.location): boolean {
  try {
    const url = new URL(track.audio, page.href);
    return url.origin === page.origin && url.pathname.startsWith('/demo/');
  } catch {
    return false;
  }
}

/**
 * 'Normalise volume': each track measured once, off the main thread, kept per track. The
 * meter's code loads with the first track it is asked about, not with the dashboard.
 */
function lazyLoudnessMeter(
  readable: (track: Track) => boolean,
): LoudnessSource & { dispose(): void } {
  let meter: Promise<LoudnessSource & { dispose(): void }> | null = null;
  let disposed = false;
  return {
    loudnessOf(track, options) {
      if (!readable(track)) return Promise.resolve(null);
      // Measured after the paint that answers the press on Play: loading the meter and
      // reading its store are not what the owner waits to see.
      return afterNextPaint()
        .then(() => {
          if (disposed) return null;
          meter ??= import(/* webpackChunkName: "loudness-meter" */ './loudness').then(
            ({ createLoudnessMeter, createLoudnessStore }) =>
              createLoudnessMeter({ store: createLoudnessStore() }),
          );
          return meter;
        })
        .then((loaded) => loaded?.loudnessOf(track, options) ?? null)
        .catch(() => null);
    },
    dispose() {
      disposed = true;
      meter?.then((loaded) => loaded.dispose()).catch(() => undefined);
    },
  };
}

/**
 * The system's media controls (lock screen, headset keys), connected at the first play: the
 * system shows none for a page that has not played, so their code (and the bounded cover's)
 * comes then, not with the dashboard; the service worker keeps it for offline play. A fetch
 * that fails is tried again at the next play. Returns the undo.
 */
function mediaSessionFromFirstPlay(
  bus: PlayerBusController,
  options: MediaSessionOptions,
): () => void {
  if (!('mediaSession' in navigator)) return () => undefined;
  let stop: (() => void) | null = null;
  let loading = false;
  let stopped = false;
  const plays = bus.state$.subscribe(({ playing }) => {
    if (!playing || loading || stop) return;
    loading = true;
    import(/* webpackChunkName: "media-session" */ './media-session').then(
      ({ connectMediaSession }) => {
        if (stopped) return;
        plays.unsubscribe();
        stop = connectMediaSession(navigator.mediaSession, bus, bus.state$, options);
      },
      () => {
        loading = false;
      },
    );
  });
  return () => {
    stopped = true;
    plays.unsubscribe();
    stop?.();
  };
}

/**
 * Elements routed through one Web Audio graph, for the tracks 'Normalise volume' turns up.
 * The graph starts with the first such track, after the owner has pressed Play (a browser
 * lets a page's audio start only then), and an element enters it only when used.
 */
function webAudioRouting(): (() => RoutedAudio) | undefined {
  if (typeof AudioContext === 'undefined') return undefined;
  return () => {
    const audio = new Audio();
    // Read through Web Audio, a track whose host does not allow it would play silent: only
    // tracks the meter could read (their host sends CORS headers) are put on this element.
    audio.crossOrigin = 'anonymous';
    let gain: GainNode | null = null;
    return {
      audio,
      setGain(value) {
        const context = pageAudioContext();
        if (!gain) {
          gain = context.createGain();
          context.createMediaElementSource(audio).connect(gain).connect(context.destination);
        }
        gain.gain.value = value;
        if (context.state === 'suspended') context.resume().catch(() => undefined);
      },
    };
  };
}

export interface StartPlayerOptions {
  bus: PlayerBusController;
  library: LibraryPort;
  preferences: PreferencesStore;
  config: PublicConfig;
  controls?: PlayerControls;
  /** The owner's session in the backend (Firebase), to continue where another device was. */
  listeningSession?: ListeningSessionStore | undefined;
  /** The owner's focus session in the backend (Firebase), to follow their other devices. */
  focusSession?: FocusSessionStore | undefined;
  /** The tracks kept offline: with no network, the queue plays only those. */
  offline?: { isKept(track: Track): boolean } | undefined;
  /** One player per browser: whether another tab plays the music now. */
  playingElsewhere?: BehaviorSubject<boolean>;
  /** The mini player, which the browser may open while music plays. */
  miniPlayer?: Pick<MiniPlayer, 'open'> | undefined;
}

/**
 * Starts the page's one player: two audio elements that live as long as the page, whatever
 * the tab, with the system's media controls.
 */
export function startPlayer(options: StartPlayerOptions): () => void {
  const {
    controls,
    config,
    listeningSession,
    focusSession,
    offline,
    playingElsewhere,
    miniPlayer,
    ...engineOptions
  } = options;
  const readable = audioReadable(config);
  const loudness = lazyLoudnessMeter(readable);
  let ownership: PlayerOwnership | undefined;
  const engine = new PlayerEngine({
    ...engineOptions,
    claims: (command) => ownership?.claims(command) ?? false,
    sleepsElsewhere: (durationMs) => ownership?.sleepsElsewhere(durationMs) ?? false,
    loudness,
    createAudio: () => new Audio(),
    createRoutedAudio: webAudioRouting(),
    saveData: () =>
      (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData ===
      true,
    storage: localStorage,
    // Ask the host whether a failed track is gone or failed for a moment, where the page may.
    classifyFailure: failureClassifier(readable),
    ...(offline
      ? {
          playable: (track: Track) =>
            navigator.onLine || offline.isKept(track) || isDemoTrack(track),
          online$: fromEvent(window, 'online').pipe(map(() => true)),
        }
      : {}),
  });
  const stopEngine = engine.start();
  // One player per browser; a browser without BroadcastChannel plays in every tab, as before.
  if (playingElsewhere && typeof BroadcastChannel !== 'undefined') {
    ownership = startPlayerOwnership({
      state$: options.bus.state$,
      state: () => options.bus.state,
      player: engine,
      channel: new BroadcastChannel(PLAYER_CHANNEL),
      locks: 'locks' in navigator ? navigator.locks : undefined,
      playingElsewhere,
      // Through the controls: the ambience fades with the music (the timer ran out elsewhere).
      sleep: (durationMs) =>
        controls ? controls.fadeOutAndPause(durationMs) : engine.fadeOutAndPause(durationMs),
    });
  }
  const detach = controls?.attach(engine);
  // The session kept in the backend (Firebase only): its code loads with the dashboard's
  // first moments there, and never in the local build.
  let stopped = false;
  let stopSessionSync: (() => void) | undefined;
  if (listeningSession) {
    import(/* webpackChunkName: "session-sync" */ './session-sync')
      .then(({ startSessionSync }) => {
        if (stopped) return;
        stopSessionSync = startSessionSync({
          bus: options.bus,
          store: listeningSession,
          storage: localStorage,
          preferences: options.preferences,
          continueAt: (track, position) => engine.continueAt(track, position),
        });
      })
      .catch(() => undefined);
  }
  // The focus timer runs beside the player, its breaks driving the music (on Firebase its
  // session follows the owner's devices); its code comes when first used.
  const stopFocusTimer = startFocusTimerOnDemand(options.bus, {
    shared: focusSession,
    preferences: options.preferences,
    music: {
      setBreakGain: (gain) => engine.setBreakGain(gain),
      get sleeps() {
        return engine.sleeps;
      },
      get elsewhere() {
        return playingElsewhere?.value === true;
      },
    },
  });
  const onPageHide = () => engine.savePosition();
  window.addEventListener('pagehide', onPageHide);
  const stopSleepGuard = keepPausedThroughSleep({
    page: document,
    state: () => options.bus.state,
    pause: () => engine.pause(),
    savePosition: () => engine.savePosition(),
  });
  const stopMediaSession = mediaSessionFromFirstPlay(options.bus, {
    enterPictureInPicture: miniPlayer?.open,
    playbackRate: () => {
      const { audio } = engine;
      return 'playbackRate' in audio && typeof audio.playbackRate === 'number'
        ? audio.playbackRate
        : 1;
    },
  });
  return () => {
    window.removeEventListener('pagehide', onPageHide);
    stopFocusTimer();
    stopSleepGuard();
    stopped = true;
    stopSessionSync?.();
    stopMediaSession();
    ownership?.stop();
    detach?.();
    stopEngine();
    loudness.dispose();
  };
}
