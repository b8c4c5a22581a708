import { BehaviorSubject, distinctUntilChanged } from 'rxjs';
import {
  CROSSFADE_MAX_SECONDS,
  DEFAULT_PREFERENCES,
  DURING_BREAKS,
  THEME_TYPES,
} from '@loofi/contracts';
import type {
  DuringBreaks,
  Preferences,
  PreferencesStore,
  Theme,
  ThemeType,
} from '@loofi/contracts';

/** SPEC §3: the chosen backdrop, as { type, url } (url false for Default). */
export const THEME_SESSION_KEY = 'theme-session';
/** The two switches of the Settings tab (SPEC names no key for them). */
export const SWITCHES_KEY = 'preferences-session';
/** Crossfade and 'Normalise volume' (not in SPEC: loofi's own). */
export const PLAYBACK_KEY = 'playback-preferences';
/** What the focus timer's breaks do to the music, and its chime (loofi's own). */
export const FOCUS_PREFERENCES_KEY = 'focus-preferences';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

const parse = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

const isThemeType = (value: unknown): value is ThemeType =>
  typeof value === 'string' && (THEME_TYPES as readonly string[]).includes(value);

/**
 * A stored backdrop address as a safe one, or null: an http(s) URL (relative to the page if
 * it is relative), in its serialised form, which percent-encodes quotes and drops line
 * breaks, so it can sit inside CSS's `url("…")` without ending it.
 */
function safeImageUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim().length === 0) return null;
  try {
    const url = new URL(value, globalThis.location?.href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Reads `theme-session`; anything missing, corrupt, unknown or unsafe is the Default theme. */
export function decodeThemeSession(text: string | null): Theme {
  const value = parse(text) as { type?: unknown; url?: unknown } | null;
  if (!value || !isThemeType(value.type) || value.type === 'Default') {
    return DEFAULT_PREFERENCES.theme;
  }
  const image = safeImageUrl(value.url);
  return image ? { type: value.type, image } : DEFAULT_PREFERENCES.theme;
}

function encodeThemeSession(theme: Theme): string {
  return JSON.stringify({ type: theme.type, url: theme.image });
}

export function decodeSwitches(text: string | null): Pick<Preferences, 'resume' | 'autoPlay'> {
  const value = parse(text) as { resume?: unknown; autoPlay?: unknown } | null;
  return {
    resume: typeof value?.resume === 'boolean' ? value.resume : DEFAULT_PREFERENCES.resume,
    autoPlay: typeof value?.autoPlay === 'boolean' ? value.autoPlay : DEFAULT_PREFERENCES.autoPlay,
  };
}

type PlaybackPreferences = Required<Pick<Preferences, 'crossfade' | 'normalize'>>;

/** Reads the playback preferences; a crossfade is whole seconds from 0 to the maximum. */
export function decodePlayback(text: string | null): PlaybackPreferences {
  const value = parse(text) as { crossfade?: unknown; normalize?: unknown } | null;
  const crossfade =
    typeof value?.crossfade === 'number' && Number.isFinite(value.crossfade)
      ? Math.min(CROSSFADE_MAX_SECONDS, Math.max(0, Math.round(value.crossfade)))
      : DEFAULT_PREFERENCES.crossfade!;
  return {
    crossfade,
    normalize:
      typeof value?.normalize === 'boolean' ? value.normalize : DEFAULT_PREFERENCES.normalize!,
  };
}

type FocusPreferences = Required<Pick<Preferences, 'duringBreaks' | 'focusChime'>>;

const isDuringBreaks = (value: unknown): value is DuringBreaks =>
  typeof value === 'string' && (DURING_BREAKS as readonly string[]).includes(value);

/** Reads the focus preferences; anything unknown is the default (lower, chime on). */
export function decodeFocusPreferences(text: string | null): FocusPreferences {
  const value = parse(text) as { duringBreaks?: unknown; focusChime?: unknown } | null;
  return {
    duringBreaks: isDuringBreaks(value?.duringBreaks)
      ? value.duringBreaks
      : DEFAULT_PREFERENCES.duringBreaks!,
    focusChime:
      typeof value?.focusChime === 'boolean' ? value.focusChime : DEFAULT_PREFERENCES.focusChime!,
  };
}

function read(storage: Storage): Preferences {
  try {
    return {
      theme: decodeThemeSession(storage.getItem(THEME_SESSION_KEY)),
      ...decodeSwitches(storage.getItem(SWITCHES_KEY)),
      ...decodePlayback(storage.getItem(PLAYBACK_KEY)),
      ...decodeFocusPreferences(storage.getItem(FOCUS_PREFERENCES_KEY)),
    };
  } catch {
    return DEFAULT_PREFERENCES;
  }
}

/**
 * The owner's preferences in browser storage, observable; a change made in another tab of
 * the same browser arrives through the `storage` event.
 */
export function createStoredPreferences(
  storage: Storage = localStorage,
  events: Pick<Window, 'addEventListener'> | null = typeof window === 'undefined' ? null : window,
): PreferencesStore {
  const preferences = new BehaviorSubject<Preferences>(read(storage));
  events?.addEventListener('storage', (event: StorageEvent) => {
    if (
      event.key === THEME_SESSION_KEY ||
      event.key === SWITCHES_KEY ||
      event.key === PLAYBACK_KEY ||
      event.key === FOCUS_PREFERENCES_KEY ||
      event.key === null
    ) {
      preferences.next(read(storage));
    }
  });
  return {
    preferences$: preferences.pipe(distinctUntilChanged()),
    set(patch) {
      const next = { ...preferences.getValue(), ...patch };
      if ('crossfade' in patch) next.crossfade = decodePlayback(JSON.stringify(next)).crossfade;
      if ('duringBreaks' in patch || 'focusChime' in patch) {
        Object.assign(next, decodeFocusPreferences(JSON.stringify(next)));
      }
      try {
        if (patch.theme) {
          if (patch.theme.image === false) storage.removeItem(THEME_SESSION_KEY);
          else storage.setItem(THEME_SESSION_KEY, encodeThemeSession(patch.theme));
        }
        if ('resume' in patch || 'autoPlay' in patch) {
          storage.setItem(
            SWITCHES_KEY,
            JSON.stringify({ resume: next.resume, autoPlay: next.autoPlay }),
          );
        }
        if ('crossfade' in patch || 'normalize' in patch) {
          storage.setItem(
            PLAYBACK_KEY,
            JSON.stringify({ crossfade: next.crossfade, normalize: next.normalize }),
          );
        }
        if ('duringBreaks' in patch || 'focusChime' in patch) {
          storage.setItem(
            FOCUS_PREFERENCES_KEY,
            JSON.stringify({ duringBreaks: next.duringBreaks, focusChime: next.focusChime }),
          );
        }
      } catch {
        // Storage can be full or denied; the choice still holds for this visit.
      }
      preferences.next(next);
    },
  };
}
