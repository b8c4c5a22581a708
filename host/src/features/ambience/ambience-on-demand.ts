import { BehaviorSubject } from 'rxjs';
import type { Observable, Subscription } from 'rxjs';
import type { AmbienceSettingsStore } from '@loofi/backend';
import { memoizeUntilFailure } from '@loofi/ui/async';
import { pageAudioContext } from '../player/page-audio-context';
import type * as AmbienceModule from './ambience-panel';
import type { AmbienceStore } from './ambience-store';
import type { Ambience } from './start-ambience';

export type AmbiencePanelModule = typeof AmbienceModule;

export interface AmbienceOnDemandOptions {
  /** Each sleep fade's length as it starts: the ambience fades with the music. */
  sleepFades$: Observable<number>;
  /** The sleep timer's End of track has paused the music: the ambience pauses too. */
  sleepStops$?: Observable<void> | undefined;
  /**
   * The music's level during a focus break, as a linear gain (1 outside breaks): while
   * "Lower with breaks" is on, the ambience follows it over the same 2 s ramps.
   */
  breakGain$?: Observable<number> | undefined;
  /** Where the settings are kept; by default this browser's storage. */
  store?: (() => AmbienceStore) | undefined;
  /**
   * The owner's settings in the backend (Firebase): this browser's copy then follows them to
   * and from their other devices.
   */
  ownerSettings?: AmbienceSettingsStore | undefined;
  /** The panel's and the engine's code (tests give a fake). */
  load?: () => Promise<AmbiencePanelModule>;
}

/** The ambience, whose code (panel, engine, layers) is fetched the first time it is opened. */
export interface AmbienceOnDemand {
  /** Whether it sounds now: false until it has been loaded and played. */
  readonly playing$: Observable<boolean>;
  load(): Promise<{ module: AmbiencePanelModule; ambience: Ambience }>;
  /** Silences it; it plays again when asked. */
  pause(): void;
  /**
   * Ends it (signing out): its sound, Web Audio nodes and subscriptions go. A later `load`
   * starts it afresh (development mounts twice).
   */
  stop(): void;
}

const loadModule = () => import(/* webpackChunkName: "ambience" */ './ambience-panel');

export function createAmbienceOnDemand(options: AmbienceOnDemandOptions): AmbienceOnDemand {
  const playing$ = new BehaviorSubject(false);
  let started: Ambience | null = null;
  let following: Subscription | null = null;
  const loadCode = memoizeUntilFailure(() => (options.load ?? loadModule)());
  const load = async () => {
    const module = await loadCode();
    if (!started) {
      const local = options.store?.() ?? module.localAmbienceStore();
      const { ownerSettings } = options;
      started = module.startAmbience({
        context: pageAudioContext,
        store: ownerSettings ? module.followedAmbienceStore(local, ownerSettings) : local,
        sleepFades$: options.sleepFades$,
        sleepStops$: options.sleepStops$,
        breakGain$: options.breakGain$,
      });
    }
    following ??= started.playing$.subscribe((playing) => playing$.next(playing));
    return { module, ambience: started };
  };
  return {
    playing$: playing$.asObservable(),
    load,
    pause: () => started?.pause(),
    stop: () => {
      following?.unsubscribe();
      following = null;
      started?.pause();
      started?.dispose();
      started = null;
      playing$.next(false);
    },
  };
}
