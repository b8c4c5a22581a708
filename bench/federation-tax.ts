import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { APPS, EXPOSED_MODULE, REMOTE_IDS, remotesManifestFor } from '@loofi/contracts/apps';
import type { TabName } from '@loofi/contracts';
import { WORKSPACE_ROOT } from '@loofi/tooling/serve';
import { BUDGETS } from './budgets';
import { CPU_4, SLOW_4G_CPU_2 } from './browser';
import type { Throttling } from './browser';
import { buildHostVariant } from './build';
import type { Cleanup } from './cleanup';
import { formatValue } from './report';
import type { Row } from './report';
import { loadDashboard, measured, notMeasured } from './scenarios';
import type { Outcome, PageLoad } from './scenarios';
import { serveHost } from './site';
import { median, sum } from './stats';

/** One side of the comparison, the median of the runs. */
export interface DashboardSide {
  lcpMs: number;
  /** When the first tab was live (its content shown, after the starting shell). */
  liveMs: number;
  tbtMs: number;
  scripts: number;
  jsBytes: number;
}

export interface TaxCondition {
  label: string;
  federated: DashboardSide;
  monolith: DashboardSide;
}

export interface FederationTaxFigures {
  conditions: TaxCondition[];
  runs: number;
}

/**
 * The bench-only module that stands in for the host's federation runtime in the monolith
 * build: the three tabs' exposed modules imported statically, handed out as the runtime
 * would hand out the remotes'. Written beside the build, never into the repository's apps.
 */
function monolithRuntimeSource(): string {
  const imports = REMOTE_IDS.map((tab) => {
    const file = path.join(WORKSPACE_ROOT, 'remotes', tab, 'src', 'expose.tsx');
    return `import * as ${tab} from ${JSON.stringify(file)};`;
  });
  const entries = REMOTE_IDS.map(
    (tab) =>
      `  ${JSON.stringify(`${APPS[tab].federationName}/${EXPOSED_MODULE.slice(2)}`)}: ${tab},`,
  );
  return [
    ...imports,
    'const modules = {',
    ...entries,
    '};',
    'export function createFederationRuntime() {',
    '  return {',
    '    registerRemotes() {},',
    '    prefetchManifest() {},',
    '    loadRemote: (id) => Promise.resolve(modules[id] ?? null),',
    '  };',
    '}',
    '',
  ].join('\n');
}

function sideOf(loads: readonly PageLoad[]): DashboardSide {
  const pick = (values: (number | null)[]) => median(values) ?? Number.NaN;
  return {
    lcpMs: pick(loads.map((load) => load.vitals.lcp)),
    liveMs: pick(loads.map((load) => load.liveMs)),
    tbtMs: pick(loads.map((load) => load.vitals.tbt)),
    scripts: pick(loads.map((load) => load.scripts.length)),
    jsBytes: pick(loads.map((load) => sum(load.scripts.map((script) => script.bodyBytes)))),
  };
}

/**
 * Issue 25's federation tax: the same host and tabs built as one application (the host's
 * federation runtime replaced by static imports of the three tabs; the host's own chunks,
 * prerendering, service worker and early start as they are) and served with a remotes.json
 * whose addresses answer nothing, so the monolith downloads no remote. A returning owner's
 * dashboard is loaded on both, alternately, under Slow 4G + CPU ×2 and under CPU ×4; each
 * load counts what the dashboard fetches on its own after its first tab (DEFERRED_START_MS).
 */
export async function measureFederationTax(
  browser: Browser,
  federatedUrl: string,
  { runs, cleanup, log }: { runs: number; cleanup: Cleanup; log: (line: string) => void },
): Promise<Outcome<FederationTaxFigures>> {
  log('  federation tax: building the monolith (the host with the tabs imported statically)');
  const runtimeDir = await mkdtemp(path.join(tmpdir(), 'loofi-bench-monolith-'));
  cleanup.add(`the monolith's runtime in ${runtimeDir}`, () =>
    rm(runtimeDir, { recursive: true, force: true }),
  );
  const runtimeFile = path.join(runtimeDir, 'monolith-runtime.mjs');
  await writeFile(runtimeFile, monolithRuntimeSource());
  const root = await buildHostVariant({ LOOFI_BENCH_MONOLITH_RUNTIME: runtimeFile }, cleanup);
  const nowhere = Object.fromEntries(
    REMOTE_IDS.map((tab) => [tab, 'http://127.0.0.1:9']),
  ) as Record<TabName, string>;
  const monolith = await serveHost(
    root,
    { manifest: remotesManifestFor(nowhere) },
    cleanup,
    'monolith host',
  );

  const conditions: TaxCondition[] = [];
  for (const throttling of [SLOW_4G_CPU_2, CPU_4] satisfies Throttling[]) {
    log(`  federation tax: dashboard loads, ${throttling.label}, ${runs} of each`);
    const federated: PageLoad[] = [];
    const single: PageLoad[] = [];
    for (let run = 0; run < runs; run += 1) {
      const options = { untilDeferredStart: true };
      federated.push(await loadDashboard(browser, federatedUrl, throttling, options));
      single.push(await loadDashboard(browser, monolith.url, throttling, options));
    }
    conditions.push({
      label: throttling.label,
      federated: sideOf(federated),
      monolith: sideOf(single),
    });
  }
  return measured({ conditions, runs });
}

const SECTION = "Federation tax: a returning owner's dashboard against the same app as one bundle";

const JS_OVER_MONOLITH = {
  name: 'JS over the monolith',
  unit: 'bytes',
  label: `≤ ${BUDGETS.federationTax.jsOverMonolithBytes / 1000} kB`,
} as const;

/** The federation's JavaScript beyond the monolith's: a figure of its own, with its budget. */
function jsOverMonolithRow({ label, federated, monolith }: TaxCondition): Row {
  const max = BUDGETS.federationTax.jsOverMonolithBytes;
  const over = federated.jsBytes - monolith.jsBytes;
  const valid = Number.isFinite(over);
  return {
    section: SECTION,
    figure: `${JS_OVER_MONOLITH.name}, ${label}`,
    unit: JS_OVER_MONOLITH.unit,
    value: valid ? measured(over) : notMeasured('n/a (not loaded)'),
    detail: valid
      ? `${formatValue('bytes', federated.jsBytes)} against the monolith's ${formatValue('bytes', monolith.jsBytes)}`
      : '',
    budget: { max, label: JS_OVER_MONOLITH.label },
    pass: valid ? over <= max : null,
    against: null,
    ratio: null,
  };
}

/** The comparison's rows: each figure with the monolith's beside it. */
export function federationTaxRows(outcome: Outcome<FederationTaxFigures>): Row[] {
  const budget = BUDGETS.federationTax;
  const added: Row[] = [];
  const conditions = outcome.ok ? outcome.value.conditions : [];
  const figures = [
    {
      name: 'LCP',
      unit: 'ms',
      of: (side: DashboardSide) => side.lcpMs,
      max: (monolith: number) => monolith * budget.lcpRatio,
      label: `≤ ${budget.lcpRatio}× the monolith's`,
    },
    {
      name: 'first tab live',
      unit: 'ms',
      of: (side: DashboardSide) => side.liveMs,
      max: (monolith: number) => monolith * budget.lcpRatio,
      label: `≤ ${budget.lcpRatio}× the monolith's`,
    },
    {
      name: 'TBT',
      unit: 'ms',
      of: (side: DashboardSide) => side.tbtMs,
      max: (monolith: number) => monolith + budget.tbtMs,
      label: `≤ the monolith's + ${budget.tbtMs} ms`,
    },
    {
      name: 'script requests',
      unit: 'count',
      of: (side: DashboardSide) => side.scripts,
      max: (monolith: number) => monolith + budget.scripts,
      label: `≤ the monolith's + ${budget.scripts}`,
    },
  ] as const;
  if (!outcome.ok) {
    for (const figure of [...figures, JS_OVER_MONOLITH]) {
      added.push({
        section: SECTION,
        figure: figure.name,
        unit: figure.unit,
        value: outcome,
        detail: '',
        budget: { max: Number.NaN, label: figure.label },
        pass: null,
        against: null,
        ratio: null,
      });
    }
  }
  for (const condition of conditions) {
    for (const figure of figures) {
      const value = figure.of(condition.federated);
      const monolith = figure.of(condition.monolith);
      const max = figure.max(monolith);
      const valid = Number.isFinite(value) && Number.isFinite(monolith);
      added.push({
        section: SECTION,
        figure: `${figure.name}, ${condition.label}`,
        unit: figure.unit,
        value: valid ? measured(value) : notMeasured('n/a (not painted)'),
        detail: `monolith ${formatValue(figure.unit, monolith)}`,
        budget: { max, label: figure.label },
        pass: valid ? value <= max : null,
        against: null,
        ratio: valid && monolith > 0 ? value / monolith : null,
      });
    }
    added.push(jsOverMonolithRow(condition));
  }
  return added;
}
