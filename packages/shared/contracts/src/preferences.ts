import type { Observable } from 'rxjs';

/** The backdrop themes of the Settings tab (SPEC §2), in display order. */
export const THEME_TYPES = [
  'Default',
  'Nature',
  'Sunset',
  'Green Grass',
  'Mountain',
  'River',
  'Dandelion',
  'Forest',
] as const;

export type ThemeType = (typeof THEME_TYPES)[number];

/** A backdrop: its name and image URL, `false` for Default (SPEC §3). */
export interface Theme {
  type: ThemeType;
  image: string | false;
}

export interface Preferences {
  theme: Theme;
  /** 'Continue where you left off' */
  resume: boolean;
  /** 'Automatically play another music' */
  autoPlay: boolean;
  /**
   * 'Crossfade': seconds over which one track fades into the next, 0 (gapless) to
   * {@link CROSSFADE_MAX_SECONDS}. Contract 1.1; a shell of 1.0 leaves it out.
   */
  crossfade?: number;
  /**
   * 'Normalise volume': every track played at the same loudness. Contract 1.1; a shell of
   * 1.0 leaves it out.
   */
  normalize?: boolean;
  /**
   * 'During breaks': what a break of the focus timer does to the music (default 'lower').
   * Contract 1.5; a shell of 1.4 leaves it out.
   */
  duringBreaks?: DuringBreaks;
  /**
   * A soft chime at each change of the focus timer's phase (default on). Contract 1.5; a
   * shell of 1.4 leaves it out.
   */
  focusChime?: boolean;
}

/**
 * What a focus break does to the music: 'lower' it by 12 dB until focus resumes, 'pause'
 * it until the next block, or 'keep' it playing as it was.
 */
export const DURING_BREAKS = ['lower', 'pause', 'keep'] as const;

export type DuringBreaks = (typeof DURING_BREAKS)[number];

/** The longest crossfade the Settings tab offers. */
export const CROSSFADE_MAX_SECONDS = 12;

/** The owner's preferences, observable and settable. */
export interface PreferencesStore {
  readonly preferences$: Observable<Preferences>;
  set(patch: Partial<Preferences>): void;
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: { type: 'Default', image: false },
  resume: true,
  autoPlay: true,
  crossfade: 0,
  normalize: true,
  duringBreaks: 'lower',
  focusChime: true,
};
