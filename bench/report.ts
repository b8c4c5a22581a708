import { TAB_LABELS, TAB_NAMES } from '@loofi/contracts';
import { FEDERATION_RUNTIME_LIBRARIES, SHARED_LIBRARIES } from './bundle-analysis';
import type { LibraryCopies } from './bundle-analysis';
import { BUDGETS, relativeBudget } from './budgets';
import type { FirebaseFigures } from './firebase-variant';
import type { LargeLibraryFigures } from './large-library';
import type { HandOverFigures, PlaybackFigures } from './playback';
import type { LoadFigures, SiteFigures, SingletonFigures, VitalsFigures } from './measure-site';
import type { InteractionTiming } from './page-probe';
import { measured, SWITCHED_TABS } from './scenarios';
import type { InteractionName, Outcome } from './scenarios';

/** `interaction`: milliseconds, where 0 means no Event Timing entry reached 16 ms. */
type Unit = 'bytes' | 'ms' | 'interaction' | 's' | 'score' | 'copies' | 'count' | 'lu' | 'percent';

/** One line of the table. */
export interface Row {
  section: string;
  figure: string;
  unit: Unit;
  value: Outcome;
  /** Extra words after the value (requests, duplicated modules …). */
  detail: string;
  budget: { max: number; label: string } | null;
  pass: boolean | null;
  against: Outcome | null;
  /** This build ÷ the other copy, where both were measured. */
  ratio: number | null;
}

const KB = 1000;

export function formatValue(unit: Unit, value: number): string {
  switch (unit) {
    case 'bytes':
      return `${(value / KB).toFixed(1)} kB`;
    case 'ms':
      return `${Math.round(value)} ms`;
    case 'interaction':
      return value === 0 ? '< 16 ms' : `${Math.round(value)} ms`;
    case 's':
      return `${value.toFixed(1)} s`;
    case 'score':
      return value.toFixed(3);
    case 'copies':
      return value === 0 ? 'not loaded' : `${value}×`;
    case 'count':
      return String(value);
    case 'lu':
      return `${value.toFixed(1)} LU`;
    case 'percent':
      return `${value.toFixed(2)} %`;
  }
}

function budgetLabel(unit: Unit, budget: number): string {
  if (unit === 'copies') return 'exactly once';
  if (unit === 'bytes') return `≤ ${Number((budget / KB).toFixed(1))} kB`;
  if (unit === 's') return `≤ ${budget} s`;
  return `≤ ${formatValue(unit, budget)}`;
}

const modules = (count: number) => `${count} module${count === 1 ? '' : 's'}`;

interface RowInput {
  section: string;
  figure: string;
  unit: Unit;
  value: Outcome;
  detail?: string;
  budget?: number;
  against?: Outcome | null;
}

export function row({
  section,
  figure,
  unit,
  value,
  detail = '',
  budget,
  against = null,
}: RowInput): Row {
  const pass = budget === undefined || !value.ok ? null : value.value <= budget;
  const ratio = value.ok && against?.ok && against.value > 0 ? value.value / against.value : null;
  return {
    section,
    figure,
    unit,
    value,
    detail,
    budget:
      budget === undefined
        ? null
        : {
            max: budget,
            label: budgetLabel(unit, budget),
          },
    pass,
    against,
    ratio,
  };
}

/** Rows measured apart from the site (playback offline, the monolith …), before the build's. */
export function beforeBuild(rows: readonly Row[], added: readonly Row[]): Row[] {
  const build = rows.findIndex((existing) => existing.section === 'Build');
  return build < 0
    ? [...rows, ...added]
    : [...rows.slice(0, build), ...added, ...rows.slice(build)];
}

const jsOf = (load: LoadFigures): Outcome =>
  load.js.ok ? { ok: true, value: load.js.value.bytes } : load.js;

const scriptsOf = (load: LoadFigures): Outcome =>
  load.js.ok ? { ok: true, value: load.js.value.requests } : load.js;

const jsDetail = (load: LoadFigures) => {
  if (!load.js.ok) return '';
  const { requests, transferBytes, settled } = load.js.value;
  const quiet = settled ? '' : ', the network never went quiet';
  return `${requests} scripts, ${(transferBytes / KB).toFixed(0)} kB with headers${quiet}`;
};

/** The copies of one shared library: from the source maps, else from its marker string. */
function copiesOf(
  library: string,
  singletons: SingletonFigures,
): { value: Outcome; detail: string } {
  const fromMaps: LibraryCopies | undefined = singletons.libraries.find(
    (entry) => entry.library === library,
  );
  if (singletons.mapped > 0) {
    if (!fromMaps) return { value: { ok: true, value: 0 }, detail: '' };
    const detail =
      fromMaps.duplicated.length > 0
        ? `${fromMaps.duplicated.length} of ${fromMaps.modules} modules twice or more, +${(fromMaps.extraBytes / KB).toFixed(1)} kB`
        : modules(fromMaps.modules);
    return { value: { ok: true, value: fromMaps.maxCopies }, detail };
  }
  const markers = Object.entries(singletons.markers).filter(
    ([name]) =>
      name === library ||
      name.startsWith(`${library}/`) ||
      (library === 'firebase' && name.startsWith('@firebase/')),
  );
  if (markers.length === 0)
    return { value: { ok: false, reason: 'n/a (no source maps)' }, detail: '' };
  return {
    value: { ok: true, value: Math.max(...markers.map(([, copies]) => copies)) },
    detail: 'by marker string',
  };
}

function vitalsRows(
  section: string,
  page: string,
  condition: string,
  vitals: VitalsFigures | null,
  against: VitalsFigures | null | undefined,
  lcpBudget: number | undefined,
): Row[] {
  if (!vitals) return [];
  const metric = (name: keyof Omit<VitalsFigures, 'runs'>) => vitals[name];
  const other = (name: keyof Omit<VitalsFigures, 'runs'>) => (against ? against[name] : null);
  return [
    row({
      section,
      figure: `LCP ${page}, ${condition}`,
      unit: 'ms',
      value: metric('lcp'),
      budget: lcpBudget,
      against: other('lcp'),
    }),
    row({
      section,
      figure: `FCP ${page}, ${condition}`,
      unit: 'ms',
      value: metric('fcp'),
      against: other('fcp'),
    }),
    row({
      section,
      figure: `CLS ${page}, ${condition}`,
      unit: 'score',
      value: metric('cls'),
      budget: BUDGETS.cls,
      against: other('cls'),
    }),
    row({
      section,
      figure: `TBT ${page}, ${condition}`,
      unit: 'ms',
      value: metric('tbt'),
      budget: BUDGETS.tbtMs,
      against: other('tbt'),
    }),
  ];
}

/** Where an interaction's time went: what INP's diagnosis starts from. */
export function breakdown(timing: InteractionTiming | null): string {
  if (!timing || timing.ms === 0) return '';
  const ms = (value: number) => Math.round(value);
  return `${timing.event}: input delay ${ms(timing.inputDelay)} + handlers ${ms(timing.processing)} + presentation ${ms(timing.presentation)} ms`;
}

export interface ReportInput {
  own: SiteFigures;
  against: SiteFigures | null;
  firebase: Outcome<FirebaseFigures>;
  largeLibrary: Outcome<LargeLibraryFigures>;
  playback: PlaybackFigures;
  build: { seconds: number | null; note: string };
  runs: number;
  throttlingLabel: string | null;
}

/** Every figure of the bench as rows, in the order of the table. */
export function buildRows({
  own,
  against,
  firebase,
  largeLibrary,
  playback,
  build,
  runs,
  throttlingLabel,
}: ReportInput): Row[] {
  const rows: Row[] = [];
  const sizes = 'First load: JavaScript, gzip bytes on the wire, all origins';
  rows.push(
    row({
      section: sizes,
      figure: 'JS for /auth',
      unit: 'bytes',
      value: jsOf(own.auth),
      detail: jsDetail(own.auth),
      budget: BUDGETS.authJsBytes,
      against: against ? jsOf(against.auth) : null,
    }),
    row({
      section: sizes,
      figure: 'JS for the dashboard (local backend)',
      unit: 'bytes',
      value: jsOf(own.dashboard),
      detail: jsDetail(own.dashboard),
      budget: BUDGETS.dashboardJsBytes,
      against: against ? jsOf(against.dashboard) : null,
    }),
    row({
      section: sizes,
      figure: 'scripts for /auth',
      unit: 'count',
      value: scriptsOf(own.auth),
      budget: BUDGETS.authScripts,
      against: against ? scriptsOf(against.auth) : null,
    }),
    row({
      section: sizes,
      figure: 'scripts for the dashboard (local backend)',
      unit: 'count',
      value: scriptsOf(own.dashboard),
      budget: BUDGETS.dashboardScripts,
      against: against ? scriptsOf(against.dashboard) : null,
    }),
  );
  for (const [page, key] of [
    ['/auth', 'auth'],
    ['the dashboard', 'dashboard'],
  ] as const) {
    rows.push(
      row({
        section: sizes,
        figure: `JS for ${page} (Firebase backend, emulators)`,
        unit: 'bytes',
        value: firebase.ok ? { ok: true, value: firebase.value[key].js.bytes } : firebase,
        detail: firebase.ok ? `${firebase.value[key].js.requests} scripts` : '',
        ...(key === 'auth'
          ? {
              budget: relativeBudget(
                BUDGETS.firebaseAuthJsRatio,
                against ? jsOf(against.auth) : null,
                BUDGETS.firebaseAuthJsBytes,
              ),
              against: against ? jsOf(against.auth) : null,
            }
          : {}),
      }),
    );
  }

  const singles = 'Shared singletons: downloads over the load and a walk through every tab';
  for (const library of SHARED_LIBRARIES) {
    const mine = own.singletons.ok
      ? copiesOf(library, own.singletons.value)
      : { value: own.singletons, detail: '' };
    const theirs = against
      ? against.singletons.ok
        ? copiesOf(library, against.singletons.value).value
        : against.singletons
      : null;
    rows.push(
      row({
        section: singles,
        figure: library,
        unit: 'copies',
        value: mine.value,
        detail: mine.detail,
        budget: 1,
        against: theirs,
      }),
    );
  }
  if (own.singletons.ok && own.singletons.value.mapped > 0) {
    const found = own.singletons.value.libraries
      .filter((entry) => FEDERATION_RUNTIME_LIBRARIES.includes(entry.library))
      .map((entry) => ({ library: entry.library, scripts: entry.scripts }));
    rows.push(
      row({
        section: singles,
        figure: 'federation runtime and SDK (above the core)',
        unit: 'copies',
        value: { ok: true, value: Math.max(0, ...found.map((entry) => entry.scripts)) },
        detail: found.map((entry) => `${entry.library} in ${entry.scripts}`).join(', '),
        budget: 1,
      }),
    );
  }
  if (firebase.ok) {
    const sdk = firebase.value.dashboard.copies.find((entry) => entry.library === 'firebase');
    rows.push(
      row({
        section: singles,
        figure: 'firebase (Firebase build, dashboard load)',
        unit: 'copies',
        value: { ok: true, value: sdk?.maxCopies ?? 0 },
        detail: sdk ? modules(sdk.modules) : '',
        budget: 1,
      }),
    );
  }
  if (own.singletons.ok) {
    const shared = new Set(SHARED_LIBRARIES);
    const others = own.singletons.value.libraries
      .filter((entry) => !shared.has(entry.library) && entry.maxCopies > 1)
      .slice(0, 4);
    if (others.length > 0) {
      rows.push(
        row({
          section: singles,
          figure: 'not shared, bundled into several chunks',
          unit: 'bytes',
          value: { ok: true, value: others.reduce((total, entry) => total + entry.extraBytes, 0) },
          detail: others.map((entry) => `${entry.library} ${entry.maxCopies}×`).join(', '),
        }),
      );
    }
  }

  const vitals = `Web Vitals, median of ${runs} fresh context${runs === 1 ? '' : 's'}`;
  rows.push(
    ...vitalsRows(vitals, '/auth', 'unthrottled', own.auth.fast, against?.auth.fast, undefined),
    ...vitalsRows(
      vitals,
      'dashboard',
      'unthrottled',
      own.dashboard.fast,
      against?.dashboard.fast,
      undefined,
    ),
  );
  if (throttlingLabel) {
    rows.push(
      ...vitalsRows(
        vitals,
        '/auth',
        throttlingLabel,
        own.auth.throttled,
        against?.auth.throttled,
        relativeBudget(BUDGETS.authLcpRatio, against?.auth.throttled?.lcp, BUDGETS.authLcpMs),
      ),
      ...vitalsRows(
        vitals,
        'dashboard',
        throttlingLabel,
        own.dashboard.throttled,
        against?.dashboard.throttled,
        BUDGETS.dashboardLcpMs,
      ),
    );
  } else {
    rows.push(
      row({
        section: vitals,
        figure: 'LCP under Slow 4G + CPU ×2',
        unit: 'ms',
        value: { ok: false, reason: 'n/a (not in --quick)' },
      }),
    );
  }

  const tabs = "Tab switch: press on the tab to the remote's first paint, unthrottled unless said";
  for (const tab of TAB_NAMES) {
    rows.push(
      row({
        section: tabs,
        figure: `first switch to ${TAB_LABELS[tab]}`,
        unit: 'ms',
        value: own.tabs.first[tab],
        budget: BUDGETS.firstSwitchMs,
        against: against?.tabs.first[tab] ?? null,
      }),
    );
  }
  for (const tab of SWITCHED_TABS) {
    rows.push(
      row({
        section: tabs,
        figure: `first switch to ${TAB_LABELS[tab]} after idle preloading`,
        unit: 'ms',
        value: own.tabs.afterIdle[tab],
        budget: BUDGETS.preloadedSwitchMs,
        against: against?.tabs.afterIdle[tab] ?? null,
      }),
    );
  }
  for (const tab of SWITCHED_TABS) {
    rows.push(
      row({
        section: tabs,
        figure: `first switch to ${TAB_LABELS[tab]}, ${throttlingLabel ?? 'throttled'}`,
        unit: 'ms',
        value: own.tabs.throttled?.[tab] ?? { ok: false, reason: 'n/a (not in --quick)' },
        budget: BUDGETS.throttledSwitchMs,
        against: against?.tabs.throttled?.[tab] ?? null,
      }),
    );
  }
  for (const tab of TAB_NAMES) {
    rows.push(
      row({
        section: tabs,
        figure: `warm switch to ${TAB_LABELS[tab]} (best case today)`,
        unit: 'ms',
        value: own.tabs.warm[tab],
        against: against?.tabs.warm[tab] ?? null,
      }),
    );
  }

  const inp = 'INP: Event Timing, longest event of the interaction';
  const interactions: [InteractionName, string][] = [
    ['playPause', 'play/pause (player bar)'],
    ['addMusic', 'open the Add Music dialog'],
    ['tablePage', 'next page, 10,000-track table'],
  ];
  for (const [name, figure] of interactions) {
    rows.push(
      row({
        section: inp,
        figure,
        unit: 'interaction',
        value: own.inp[name].ms,
        detail: breakdown(own.inp[name].typical),
        budget: BUDGETS.inpMs,
        against: against?.inp[name].ms ?? null,
      }),
    );
  }
  rows.push(
    row({
      section: inp,
      figure: 'open the Queue, 10,000 tracks queued (press → first rows painted)',
      unit: 'ms',
      value: own.inp.queueOpen.ms,
      budget: BUDGETS.queueOpenMs,
      against: against?.inp.queueOpen?.ms ?? null,
    }),
  );

  const large = 'Large library: 100,000 tracks, local backend, unthrottled, one run';
  const largeFigure = (pick: (figures: LargeLibraryFigures) => Outcome): Outcome =>
    largeLibrary.ok ? pick(largeLibrary.value) : largeLibrary;
  const search = largeLibrary.ok ? largeLibrary.value.search : largeLibrary;
  rows.push(
    row({
      section: large,
      figure: 'import a 100,000-track file (file chosen to notice)',
      unit: 'ms',
      value: largeFigure((figures) => figures.importMs),
      budget: BUDGETS.largeImportMs,
    }),
    row({
      section: large,
      figure: 'longest main-thread task while importing',
      unit: 'ms',
      value: largeFigure((figures) => figures.importLongestTaskMs),
      budget: BUDGETS.largeImportLongestTaskMs,
    }),
    row({
      section: large,
      figure: 'reload: navigation to Home showing the tracks',
      unit: 'ms',
      value: largeFigure((figures) => figures.homeMs),
      budget: BUDGETS.largeHomeMs,
    }),
    row({
      section: large,
      figure: 'a key typed into the Music search',
      unit: 'interaction',
      value: search.ok ? measured(search.value.ms) : search,
      detail: breakdown(search.ok ? search.value : null),
      budget: BUDGETS.inpMs,
    }),
  );

  const listening = 'Playback: hand-over between tracks and loudness (issue 26)';
  const handOverRow = (figure: string, outcome: Outcome<HandOverFigures>) =>
    row({
      section: listening,
      figure,
      unit: 'ms',
      value: outcome.ok ? measured(outcome.value.medianMs) : outcome,
      detail: outcome.ok
        ? `median of ${outcome.value.count}, worst ${Math.round(outcome.value.worstMs)} ms; negative: overlap`
        : '',
      budget: BUDGETS.handOverMs,
    });
  rows.push(
    handOverRow('gapless hand-over: one ends, the next plays', playback.handOver),
    handOverRow(
      'gapless hand-over, Slow 4G network (tracks from another host)',
      playback.handOverThrottled,
    ),
    ...playback.loudness.map((figure) =>
      row({
        section: listening,
        figure: `loudness played, ${figure.name}`,
        unit: 'lu',
        value:
          figure.playedLufs === null
            ? { ok: false, reason: 'n/a (silent)' }
            : measured(Math.abs(figure.playedLufs - BUDGETS.targetLufs)),
        detail:
          figure.lufs === null || figure.playedLufs === null
            ? ''
            : `from the target (${BUDGETS.targetLufs} LUFS): mastered ${figure.lufs.toFixed(1)} LUFS, played ${figure.playedLufs.toFixed(1)} LUFS`,
        budget: BUDGETS.loudnessToleranceLu,
      }),
    ),
  );

  rows.push(
    row({
      section: 'Build',
      figure: 'cold production build of all four apps',
      unit: 's',
      value:
        build.seconds === null
          ? { ok: false, reason: build.note }
          : { ok: true, value: build.seconds },
      detail: build.seconds === null ? '' : build.note,
      budget: BUDGETS.buildSeconds,
    }),
  );
  return rows;
}

const display = (unit: Unit, value: Outcome | null) =>
  value === null ? '' : value.ok ? formatValue(unit, value.value) : value.reason;

/** The table as text: one block per section, aligned columns, pass/FAIL against the budget. */
export function renderTable(rows: readonly Row[], againstLabel: string | null): string {
  const header = [
    'figure',
    'this build',
    'budget',
    '',
    ...(againstLabel ? [againstLabel, 'ratio'] : []),
    'notes',
  ];
  const cells = rows.map((entry) => [
    entry.figure,
    display(entry.unit, entry.value),
    entry.budget?.label ?? '',
    entry.pass === null ? '' : entry.pass ? 'pass' : 'FAIL',
    ...(againstLabel
      ? [
          display(entry.unit, entry.against),
          entry.ratio === null ? '' : `${entry.ratio.toFixed(2)}×`,
        ]
      : []),
    entry.detail,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((line) => (line[column] ?? '').length)),
  );
  const format = (line: readonly string[]) =>
    line
      .map((cell, column) => (column === line.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join('  ')
      .trimEnd();
  const lines = [format(header)];
  let section = '';
  rows.forEach((entry, index) => {
    if (entry.section !== section) {
      section = entry.section;
      lines.push('', `— ${section}`);
    }
    lines.push(format(cells[index] ?? []));
  });
  const budgeted = rows.filter((entry) => entry.pass !== null);
  const failed = budgeted.filter((entry) => entry.pass === false).length;
  lines.push(
    '',
    `${budgeted.length - failed} of ${budgeted.length} budgets met (budgets never fail the command).`,
  );
  return lines.join('\n');
}
