import type { Browser } from '@playwright/test';
import { TAB_NAMES } from '@loofi/contracts';
import type { TabName } from '@loofi/contracts';
import {
  bytesByPackage,
  contextsInSeveralApps,
  libraryCopies,
  markerCopies,
} from './bundle-analysis';
import type { LibraryCopies, PackageBytes, ScriptAnalyser } from './bundle-analysis';
import type { Throttling } from './browser';
import type { ScriptTransfer } from './network-recorder';
import type { InteractionTiming, LoadVitals } from './page-probe';
import {
  loadAuth,
  loadDashboard,
  measured,
  measureInteractions,
  notMeasured,
  SWITCHED_TABS,
  switchThrottled,
  walkTabs,
} from './scenarios';
import type {
  InteractionName,
  InteractionRun,
  Outcome,
  PageLoad,
  SwitchedTab,
  TabSwitchRun,
} from './scenarios';
import { median, sum } from './stats';

/** A copy of the product to measure: the bench's own build, or the one of --against. */
export interface Target {
  label: string;
  url: string;
  /** The bench's own build must measure; another copy may lack what it cannot do. */
  strict: boolean;
  /** Why this copy cannot be signed into the same way, once that is known. */
  signInFailure: string | null;
}

export interface ScriptBytes {
  /** Body bytes on the wire (gzip) of every script: the figure of the budget. */
  bytes: number;
  /** The same with the response headers, which are ~1 kB a response here. */
  transferBytes: number;
  requests: number;
  scripts: ScriptTransfer[];
  /** False when some load's network never went quiet: a lazy chunk may be missing. */
  settled: boolean;
}

export interface VitalsFigures {
  fcp: Outcome;
  lcp: Outcome;
  cls: Outcome;
  tbt: Outcome;
  runs: LoadVitals[];
}

export interface LoadFigures {
  js: Outcome<ScriptBytes>;
  fast: VitalsFigures | null;
  throttled: VitalsFigures | null;
  /** Where the bytes of the first load go, by package (from the source maps). */
  packages: PackageBytes[];
}

export interface SingletonFigures {
  libraries: LibraryCopies[];
  markers: Record<string, number>;
  /** How many scripts the walk downloaded, and how many of them had a source map. */
  scripts: number;
  mapped: number;
  /** React contexts that two apps each instantiated (see contextsInSeveralApps). */
  contexts: string[];
}

export interface SiteFigures {
  label: string;
  url: string;
  auth: LoadFigures;
  dashboard: LoadFigures;
  singletons: Outcome<SingletonFigures>;
  tabs: {
    first: Record<TabName, Outcome>;
    warm: Record<TabName, Outcome>;
    afterIdle: Record<SwitchedTab, Outcome>;
    /** The first switch under throttling; null when the run is not throttled. */
    throttled: Record<SwitchedTab, Outcome> | null;
  };
  inp: Record<InteractionName, InteractionFigure>;
}

export interface InteractionFigure {
  /** The median latency of the runs. */
  ms: Outcome;
  /** The run nearest the median, split into input delay, handlers and presentation. */
  typical: InteractionTiming | null;
}

/** The median of the runs, and the run nearest it for its breakdown. */
export function interactionOf(runs: readonly Outcome<InteractionTiming>[]): InteractionFigure {
  const ms = medianOutcome(runs.map((run) => (run.ok ? measured(run.value.ms) : run)));
  const timings = runs.flatMap((run) => (run.ok ? [run.value] : []));
  const typical = ms.ok
    ? timings.reduce<InteractionTiming | null>(
        (best, timing) =>
          best === null || Math.abs(timing.ms - ms.value) < Math.abs(best.ms - ms.value)
            ? timing
            : best,
        null,
      )
    : null;
  return { ms, typical };
}

const firstLine = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'unknown error';

function throttledOf(runs: readonly Record<SwitchedTab, Outcome>[]): Record<SwitchedTab, Outcome> {
  return forEachSwitchedTab((tab) => medianOutcome(runs.map((run) => run[tab])));
}

function forEachSwitchedTab(outcome: (tab: SwitchedTab) => Outcome): Record<SwitchedTab, Outcome> {
  return Object.fromEntries(SWITCHED_TABS.map((tab) => [tab, outcome(tab)])) as Record<
    SwitchedTab,
    Outcome
  >;
}

/** The median of the measured outcomes, or the first reason when none was measured. */
export function medianOutcome(outcomes: readonly Outcome[]): Outcome {
  const values = outcomes.flatMap((outcome) => (outcome.ok ? [outcome.value] : []));
  const middle = median(values);
  if (middle !== null) return measured(middle);
  const reason = outcomes.find((outcome) => !outcome.ok);
  return reason ?? notMeasured('n/a (not measured)');
}

function vitalsOf(runs: readonly LoadVitals[]): VitalsFigures {
  const pick = (value: (run: LoadVitals) => number | null) =>
    medianOutcome(
      runs.map((run) => {
        const figure = value(run);
        return figure === null ? notMeasured('n/a (no entry)') : measured(figure);
      }),
    );
  return {
    fcp: pick((run) => run.fcp),
    lcp: pick((run) => run.lcp),
    cls: pick((run) => run.cls),
    tbt: pick((run) => run.tbt),
    runs: [...runs],
  };
}

function scriptBytes(loads: readonly PageLoad[]): Outcome<ScriptBytes> {
  const first = loads[0];
  if (!first) return notMeasured('n/a (not measured)');
  // Every run downloads the same files; the median guards against a stray lazy chunk.
  return measured({
    bytes: median(loads.map((load) => sum(load.scripts.map((script) => script.bodyBytes)))) ?? 0,
    transferBytes:
      median(loads.map((load) => sum(load.scripts.map((script) => script.transferBytes)))) ?? 0,
    requests: median(loads.map((load) => load.scripts.length)) ?? 0,
    scripts: first.scripts,
    settled: loads.every((load) => load.settled),
  });
}

export interface MeasureOptions {
  runs: number;
  throttling: Throttling | null;
  bigTable: boolean;
  /** Progress lines go here (stderr), the table goes to stdout. */
  log: (line: string) => void;
}

type LoadKind = 'auth' | 'dashboard';

/**
 * Measures every target, figure by figure, alternating between the targets within each
 * run, so that a machine that gets busier during the run weighs on both copies alike.
 */
export async function measureTargets(
  browser: Browser,
  targets: readonly Target[],
  analyser: ScriptAnalyser,
  options: MeasureOptions,
): Promise<SiteFigures[]> {
  const { runs, throttling, log } = options;
  const attempt = async <T>(
    target: Target,
    signedIn: boolean,
    what: string,
    run: () => Promise<T>,
  ): Promise<Outcome<T>> => {
    if (signedIn && target.signInFailure) return notMeasured(target.signInFailure);
    try {
      return measured(await run());
    } catch (error) {
      if (target.strict) throw error;
      const reason = `n/a (${what}: ${firstLine(error)})`;
      if (signedIn) target.signInFailure = reason;
      return notMeasured(reason);
    }
  };

  interface LoadRuns {
    fast: PageLoad[];
    throttled: PageLoad[];
    /** Why a load of another copy failed, for its n/a. */
    failure: string | null;
  }
  const loads = new Map<string, LoadRuns>();
  const loadKey = (target: Target, kind: LoadKind) => `${target.url} ${kind}`;
  for (const kind of ['auth', 'dashboard'] as const) {
    for (let run = 1; run <= runs; run += 1) {
      for (const target of targets) {
        const entry = loads.get(loadKey(target, kind)) ?? {
          fast: [],
          throttled: [],
          failure: null,
        };
        loads.set(loadKey(target, kind), entry);
        const load = kind === 'auth' ? loadAuth : loadDashboard;
        const signedIn = kind === 'dashboard';
        log(`  ${target.label}: ${kind} first load, run ${run}/${runs}`);
        const fast = await attempt(target, signedIn, `${kind} load`, () =>
          load(browser, target.url, null),
        );
        if (fast.ok) entry.fast.push(fast.value);
        else entry.failure ??= fast.reason;
        if (throttling && fast.ok) {
          log(`  ${target.label}: ${kind} first load, ${throttling.label}, run ${run}/${runs}`);
          const slow = await attempt(target, signedIn, `${kind} load`, () =>
            load(browser, target.url, throttling),
          );
          if (slow.ok) entry.throttled.push(slow.value);
        }
      }
    }
  }

  const walks = new Map<string, TabSwitchRun[]>();
  const throttledSwitches = new Map<string, Record<SwitchedTab, Outcome>[]>();
  const interactions = new Map<string, InteractionRun[]>();
  for (let run = 1; run <= runs; run += 1) {
    for (const target of targets) {
      log(`  ${target.label}: tab switches, run ${run}/${runs}`);
      const walk = await attempt(target, true, 'tab switches', () => walkTabs(browser, target.url));
      if (walk.ok) walks.set(target.url, [...(walks.get(target.url) ?? []), walk.value]);
      if (throttling) {
        log(`  ${target.label}: tab switches, ${throttling.label}, run ${run}/${runs}`);
        const slow = await attempt(target, true, 'tab switches', () =>
          switchThrottled(browser, target.url, throttling),
        );
        const done = throttledSwitches.get(target.url) ?? [];
        throttledSwitches.set(target.url, [
          ...done,
          slow.ok ? slow.value : forEachSwitchedTab(() => slow),
        ]);
      }
    }
  }
  for (let run = 1; run <= runs; run += 1) {
    for (const target of targets) {
      log(`  ${target.label}: interactions, run ${run}/${runs}`);
      const done = await attempt(target, true, 'interactions', () =>
        measureInteractions(browser, target.url, options.bigTable),
      );
      if (done.ok) {
        interactions.set(target.url, [...(interactions.get(target.url) ?? []), done.value]);
      }
    }
  }

  const figures: SiteFigures[] = [];
  for (const target of targets) {
    log(`  ${target.label}: reading the downloaded scripts and their source maps`);
    const skipped = notMeasured(target.signInFailure ?? 'n/a (not measured)');
    const loadFigures = async (kind: LoadKind): Promise<LoadFigures> => {
      const entry = loads.get(loadKey(target, kind));
      if (!entry || entry.fast.length === 0) {
        return {
          js: entry?.failure ? notMeasured(entry.failure) : skipped,
          fast: null,
          throttled: null,
          packages: [],
        };
      }
      const js = scriptBytes(entry.fast);
      const packages = js.ok ? bytesByPackage(await analyser.analyse(js.value.scripts)) : [];
      return {
        js,
        fast: vitalsOf(entry.fast.map((load) => load.vitals)),
        throttled:
          entry.throttled.length > 0 ? vitalsOf(entry.throttled.map((load) => load.vitals)) : null,
        packages,
      };
    };
    const targetWalks = walks.get(target.url) ?? [];
    const walkOf = <K extends TabName>(
      pick: (walk: TabSwitchRun) => Record<K, Outcome>,
      tabs: readonly K[],
    ) =>
      Object.fromEntries(
        tabs.map((tab) => [
          tab,
          targetWalks.length > 0
            ? medianOutcome(targetWalks.map((walk) => pick(walk)[tab]))
            : skipped,
        ]),
      ) as Record<K, Outcome>;
    const firstWalk = targetWalks[0];
    let singletons: Outcome<SingletonFigures> = skipped;
    if (firstWalk) {
      const analyses = await analyser.analyse(firstWalk.walk);
      const libraries = libraryCopies(analyses);
      singletons = measured({
        libraries,
        contexts: contextsInSeveralApps(libraries),
        markers: markerCopies(analyses),
        scripts: analyses.length,
        mapped: analyses.filter((script) => script.modules !== null).length,
      });
    }
    const targetInteractions = interactions.get(target.url) ?? [];
    const inpOf = (key: InteractionName): InteractionFigure =>
      targetInteractions.length > 0
        ? interactionOf(targetInteractions.map((run) => run[key]))
        : { ms: skipped, typical: null };
    figures.push({
      label: target.label,
      url: target.url,
      auth: await loadFigures('auth'),
      dashboard: await loadFigures('dashboard'),
      singletons,
      tabs: {
        first: walkOf((walk) => walk.first, TAB_NAMES),
        warm: walkOf((walk) => walk.warm, TAB_NAMES),
        afterIdle: walkOf((walk) => walk.afterIdle, SWITCHED_TABS),
        throttled: throttling ? throttledOf(throttledSwitches.get(target.url) ?? []) : null,
      },
      inp: {
        playPause: inpOf('playPause'),
        addMusic: inpOf('addMusic'),
        tablePage: inpOf('tablePage'),
        queueOpen: inpOf('queueOpen'),
      },
    });
  }
  return figures;
}
