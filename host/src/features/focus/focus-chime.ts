import type { PreferencesStore } from '@loofi/contracts';
import type { PlayerBusController } from '@loofi/contracts/player';
import type { FocusClock, FocusSessions } from './focus-session';
import { pageAudioContext } from '../player/page-audio-context';
import { phaseMs } from './focus-timer';

/** The chime's loudest sample at the owner's full volume: well under normalised music. */
const CHIME_PEAK = 0.08;
const CHIME_SECONDS = 1.5;
const FUNDAMENTAL_HZ = 659.25; // E5
/** Its partials: ratio to the fundamental, amplitude, and how fast each dies away (s). */
const PARTIALS: readonly (readonly [number, number, number])[] = [
  [1, 1, 0.45],
  [2, 0.3, 0.25],
  [3, 0.1, 0.15],
];
const ATTACK_SECONDS = 0.01;
const RELEASE_SECONDS = 0.1;

/**
 * A phase found later than this (or than half the phase) began unheard: the device slept or
 * the page was frozen. Up to a minute is a hidden page's timer, which the browser may hold.
 */
const CHIME_LATE_MS = 60_000;

/** Where the last chime is noted, so a phase change heard in one tab is not heard again. */
export const FOCUS_CHIMED_KEY = 'focus-chimed';
const CHIME_LOCK = 'loofi-focus-chime';

const rendered = new Map<number, Float32Array<ArrayBuffer>>();

/**
 * The chime, synthesised: a few sine partials, each decaying on its own, under a short
 * raised-cosine attack and release, so it starts and ends at zero (no click).
 */
export function chimeSamples(sampleRate: number): Float32Array<ArrayBuffer> {
  const kept = rendered.get(sampleRate);
  if (kept) return kept;
  const length = Math.round(CHIME_SECONDS * sampleRate);
  const samples = new Float32Array(length);
  let peak = 0;
  for (let i = 0; i < length; i++) {
    const t = i / sampleRate;
    let value = 0;
    for (const [ratio, amplitude, decay] of PARTIALS) {
      value +=
        amplitude * Math.exp(-t / decay) * Math.sin(2 * Math.PI * FUNDAMENTAL_HZ * ratio * t);
    }
    const edge = Math.min(1, t / ATTACK_SECONDS, (length - 1 - i) / sampleRate / RELEASE_SECONDS);
    value *= 0.5 - 0.5 * Math.cos(Math.PI * edge);
    samples[i] = value;
    peak = Math.max(peak, Math.abs(value));
  }
  const scaled = samples.map((value) => (value * CHIME_PEAK) / peak);
  rendered.set(sampleRate, scaled);
  return scaled;
}

/**
 * A context made without a press may start only after one, maybe minutes later: a chime that
 * cannot sound this soon is dropped, never heard late.
 */
const CHIME_START_MS = 1_000;

/** Plays the chime at `volume` (the owner's) on the page's AudioContext, now or never. */
export function playChime(volume: number) {
  if (typeof AudioContext === 'undefined') return;
  const context = pageAudioContext();
  const asked = performance.now();
  const sound = () => {
    const samples = chimeSamples(context.sampleRate);
    const buffer = context.createBuffer(1, samples.length, context.sampleRate);
    buffer.copyToChannel(samples, 0);
    const source = context.createBufferSource();
    source.buffer = buffer;
    const gain = context.createGain();
    gain.gain.value = volume;
    source.connect(gain).connect(context.destination);
    source.onended = () => gain.disconnect();
    source.start();
  };
  if (context.state === 'running') return sound();
  context.resume().then(
    () => {
      if (performance.now() - asked <= CHIME_START_MS) sound();
    },
    () => undefined,
  );
}

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

/**
 * Runs `chime` once for `id` across the browser's tabs, which all keep the session and see
 * its deadlines pass: the first to take the lock notes the id, the others find it noted.
 */
function once(id: string, chime: () => void, storage: Storage, locks: LockManager | undefined) {
  const run = () => {
    try {
      if (storage.getItem(FOCUS_CHIMED_KEY) === id) return;
      storage.setItem(FOCUS_CHIMED_KEY, id);
    } catch {
      // Storage denied: each tab chimes for itself.
    }
    chime();
  };
  if (locks) locks.request(CHIME_LOCK, run).catch(() => undefined);
  else run();
}

/**
 * A soft chime as each phase of the focus session begins, unless 'Chime at each phase
 * change' is off: at the owner's volume (none while muted), and only on time, so a wake
 * from sleep never sounds a late one. Returns the undo.
 */
export function startFocusChime(options: {
  bus: PlayerBusController;
  sessions: Pick<FocusSessions, 'changes$' | 'session'>;
  preferences: PreferencesStore;
  clock: FocusClock;
  play?: (volume: number) => void;
  storage?: Storage;
  locks?: LockManager | undefined;
}): () => void {
  const { bus, sessions, clock, play = playChime, storage = localStorage } = options;
  const locks = 'locks' in options ? options.locks : navigator.locks;
  let on = true;
  const preferences = options.preferences.preferences$.subscribe(
    (current) => (on = current.focusChime ?? true),
  );
  const changes = sessions.changes$.subscribe(() => {
    const { session } = sessions;
    const { volume, muted } = bus.state;
    if (!on || !session || muted || volume <= 0) return;
    const now = clock.now();
    const length = phaseMs(session);
    // A running phase began its length before its deadline; a paused one (skipped to) now.
    const began = session.endsAt === null ? now : session.endsAt - length;
    if (now - began > Math.min(CHIME_LATE_MS, length / 2)) return;
    once(`${session.block} ${session.phase} ${began}`, () => play(volume), storage, locks);
  });
  return () => {
    changes.unsubscribe();
    preferences.unsubscribe();
  };
}
