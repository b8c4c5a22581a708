import { BehaviorSubject, Subscription } from 'rxjs';
import type { Observable } from 'rxjs';
import { MAX_SAVED_MIXES } from '@loofi/backend';
import { DEFAULT_AMBIENCE, PRESETS, clampLevel, sameLevels } from './ambience-mix';
import type { AmbienceSettings, LayerId, LayerLevels } from './ambience-mix';
import { AmbienceEngine } from './ambience-engine';
import type { AmbienceEngineOptions } from './ambience-engine';
import type { AmbienceStore } from './ambience-store';

/** Why a mix cannot be saved under a name (`full`: as many are saved as are kept), or null. */
export type MixNameProblem = 'empty' | 'taken' | 'full' | null;

/** The ambience as the panel drives it: the settings, what sounds, and the owner's acts. */
export interface Ambience {
  readonly settings$: Observable<AmbienceSettings>;
  readonly playing$: Observable<boolean>;
  play(): void;
  pause(): void;
  /** A slider moved: the mix changes, and the ambience plays. */
  setLevel(layer: LayerId, level: number): void;
  setMaster(master: number): void;
  /** A preset or a saved mix: its layers, playing. */
  useMix(levels: LayerLevels): void;
  /**
   * Keeps the layers as they are under `name` (a saved mix of that name is replaced); a new
   * name while `MAX_SAVED_MIXES` are saved is refused.
   */
  saveMix(name: string): MixNameProblem;
  renameMix(from: string, to: string): MixNameProblem;
  deleteMix(name: string): void;
  setLowerWithBreaks(on: boolean): void;
  /** Whether `name` can name a saved mix (`except`: the mix being renamed). */
  nameProblem(name: string, except?: string): MixNameProblem;
  dispose(): void;
}

export interface StartAmbienceOptions extends AmbienceEngineOptions {
  store: AmbienceStore;
  /** Each sleep fade's length as it starts (the player's controls). */
  sleepFades$: Observable<number>;
  /** The sleep timer's End of track has paused the music: the ambience pauses too. */
  sleepStops$?: Observable<void> | undefined;
  /** The music's level during a focus break (1 outside breaks); absent: never lowered. */
  breakGain$?: Observable<number> | undefined;
}

/**
 * The ambience, started when first used. The kept mix is restored silent: it sounds once the
 * owner presses Play on the panel or touches the mixer.
 */
export function startAmbience({
  store,
  sleepFades$,
  sleepStops$,
  breakGain$,
  ...engineOptions
}: StartAmbienceOptions): Ambience {
  const engine = new AmbienceEngine(engineOptions);
  const settings = new BehaviorSubject<AmbienceSettings>(DEFAULT_AMBIENCE);
  const subscriptions = new Subscription();
  subscriptions.add(
    store.settings$.subscribe((kept) => {
      settings.next(kept);
      engine.setMix(kept.mix);
      engine.setLowerWithBreaks(kept.lowerWithBreaks);
    }),
  );
  subscriptions.add(sleepFades$.subscribe((ms) => engine.fadeOutAndPause(ms)));
  if (sleepStops$) subscriptions.add(sleepStops$.subscribe(() => engine.pause()));
  if (breakGain$) subscriptions.add(breakGain$.subscribe((gain) => engine.setBreakGain(gain)));

  const change = (next: AmbienceSettings) => {
    settings.next(next);
    engine.setMix(next.mix);
    engine.setLowerWithBreaks(next.lowerWithBreaks);
    store.save(next);
  };
  const nameProblem = (name: string, except?: string): MixNameProblem => {
    const wanted = name.trim();
    if (!wanted) return 'empty';
    const taken =
      PRESETS.some((preset) => preset.name === wanted) ||
      settings.value.saved.some((mix) => mix.name === wanted && mix.name !== except);
    return taken ? 'taken' : null;
  };

  return {
    settings$: settings.asObservable(),
    playing$: engine.playing$,
    play: () => engine.play(),
    pause: () => engine.pause(),
    setLevel(layer, level) {
      const { mix } = settings.value;
      change({
        ...settings.value,
        mix: { ...mix, levels: { ...mix.levels, [layer]: clampLevel(level) } },
      });
      engine.play();
    },
    setMaster(master) {
      change({ ...settings.value, mix: { ...settings.value.mix, master: clampLevel(master) } });
    },
    useMix(levels) {
      change({ ...settings.value, mix: { ...settings.value.mix, levels: { ...levels } } });
      engine.play();
    },
    saveMix(name) {
      const wanted = name.trim();
      if (!wanted) return 'empty';
      if (PRESETS.some((preset) => preset.name === wanted)) return 'taken';
      const { saved, mix } = settings.value;
      const entry = { name: wanted, levels: { ...mix.levels } };
      const at = saved.findIndex((other) => other.name === wanted);
      if (at === -1 && saved.length >= MAX_SAVED_MIXES) return 'full';
      change({
        ...settings.value,
        saved: at === -1 ? [...saved, entry] : saved.map((other, i) => (i === at ? entry : other)),
      });
      return null;
    },
    renameMix(from, to) {
      const problem = nameProblem(to, from);
      if (problem) return problem;
      const wanted = to.trim();
      change({
        ...settings.value,
        saved: settings.value.saved.map((mix) =>
          mix.name === from ? { ...mix, name: wanted } : mix,
        ),
      });
      return null;
    },
    deleteMix(name) {
      change({
        ...settings.value,
        saved: settings.value.saved.filter((mix) => mix.name !== name),
      });
    },
    setLowerWithBreaks(on) {
      change({ ...settings.value, lowerWithBreaks: on });
    },
    nameProblem,
    dispose() {
      subscriptions.unsubscribe();
      engine.dispose();
    },
  };
}

/** The preset or saved mix the sliders show now, if any (the panel marks it). */
export function mixInUse(settings: AmbienceSettings): string | null {
  const { levels } = settings.mix;
  return (
    [...PRESETS, ...settings.saved].find((mix) => sameLevels(mix.levels, levels))?.name ?? null
  );
}
