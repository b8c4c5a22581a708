// `pnpm bench`: builds the production site, serves it on loopback with the server of
// `pnpm start`, measures it in Debian's Chromium and prints the table (see bench/README.md).
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { WORKSPACE_ROOT } from '@loofi/tooling/serve';
import { ambienceRows, measureAmbience } from './ambience';
import type { AmbienceFigures } from './ambience';
import { obtainBuilds } from './build';
import { launchBrowser, SLOW_4G_CPU_2 } from './browser';
import { ScriptAnalyser } from './bundle-analysis';
import type { PackageBytes } from './bundle-analysis';
import { Cleanup } from './cleanup';
import { federationTaxRows, measureFederationTax } from './federation-tax';
import type { FederationTaxFigures } from './federation-tax';
import { measureFirebase } from './firebase-variant';
import { measurePhoneInteractions, phoneInteractionRows } from './phone-interactions';
import type { PhoneInteractionFigures } from './phone-interactions';
import { measureRepeatVisit, repeatVisitRows } from './repeat-visit';
import type { RepeatVisitFigures } from './repeat-visit';
import { measureLargeLibrary } from './large-library';
import { measureMiniPlayer, miniPlayerRows } from './mini-player';
import type { MiniPlayerFigures } from './mini-player';
import { measureOfflinePlayback, offlinePlaybackRows } from './offline-playback';
import type { LargeLibraryFigures } from './large-library';
import type { FirebaseFigures } from './firebase-variant';
import { measureTargets } from './measure-site';
import type { SiteFigures, Target } from './measure-site';
import { parseCommand, USAGE } from './options';
import { measurePlayback } from './playback';
import type { BenchPlan } from './options';
import { beforeBuild, buildRows, renderTable } from './report';
import { measured, notMeasured } from './scenarios';
import type { Outcome } from './scenarios';
import { serveHost, serveRemotes } from './site';
import { measureSoak, soakRows } from './soak';
import type { SoakFigures } from './soak';

const log = (line: string) => console.error(line);

function gitCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: WORKSPACE_ROOT,
      encoding: 'utf8',
    }).trim();
  } catch {
    return null;
  }
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

function topPackages(title: string, packages: readonly PackageBytes[], count = 8): string {
  const total = packages.reduce((sum, entry) => sum + entry.bytes, 0);
  const lines = packages
    .slice(0, count)
    .map(
      (entry) =>
        `    ${entry.pkg.padEnd(36)} ${kB(entry.bytes).padStart(9)}  ${((entry.bytes / total) * 100).toFixed(0).padStart(3)} %`,
    );
  return [`  ${title} (${kB(total)}):`, ...lines].join('\n');
}

/** Where the first loads' bytes go, by package: the evidence behind the recommendations. */
function renderEvidence(own: SiteFigures, firebase: Outcome<FirebaseFigures>): string {
  const blocks = [
    topPackages('/auth', own.auth.packages),
    topPackages('dashboard (local backend)', own.dashboard.packages),
  ];
  if (firebase.ok) {
    blocks.push(topPackages('dashboard (Firebase backend)', firebase.value.dashboard.packages));
  }
  const lines = [
    'Where the first-load bytes go (gzip, estimated from the source maps):',
    ...blocks,
  ];
  if (own.singletons.ok && own.singletons.value.contexts.length > 0) {
    const { contexts } = own.singletons.value;
    lines.push(
      `React contexts instantiated by two or more apps (a provider in one app is not seen by a consumer in another): ${contexts.length}`,
      ...contexts.slice(0, 8).map((id) => `    ${id}`),
    );
  }
  return lines.join('\n');
}

/** `--soak`: the site served as `pnpm bench` serves it, then the player left on alone. */
async function soak(plan: BenchPlan, minutes: number, cleanup: Cleanup): Promise<void> {
  const loadBefore = loadavg()[0] ?? 0;
  log(`loofi bench: soak, ${minutes} min`);
  const build = await obtainBuilds(plan.build, plan.buildDir, cleanup);
  log(`  using the builds: ${build.note}`);
  const remotes = await serveRemotes(build.roots, cleanup);
  const host = await serveHost(build.roots.host, remotes, cleanup, 'host');
  log(`  serving the site at ${host.url} (${host.backend} backend)`);
  let figures: Outcome<SoakFigures>;
  try {
    figures = measured(
      await measureSoak(host.url, build.roots.host, {
        minutes,
        chromiumPath: plan.chromiumPath,
        cleanup,
        log,
      }),
    );
  } catch (error) {
    figures = notMeasured(`failed: ${error instanceof Error ? error.message : String(error)}`);
  }
  const rows = soakRows(figures);
  const meta = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    mode: 'soak',
    minutes,
    backend: host.backend,
    node: process.version,
    cpus: cpus().length,
    load: { before: loadBefore, after: loadavg()[0] ?? 0 },
  };
  console.log(
    `\nloofi bench, soak (${minutes} min), commit ${meta.commit ?? '?'}, ${meta.cpus} CPUs, ` +
      `load ${loadBefore.toFixed(1)} → ${meta.load.after.toFixed(1)}, ${host.backend} backend\n`,
  );
  console.log(renderTable(rows, null));
  await mkdir(path.dirname(plan.resultsPath), { recursive: true });
  await writeFile(plan.resultsPath, `${JSON.stringify({ meta, rows, soak: figures }, null, 2)}\n`);
  console.log(`\nResults: ${path.relative(process.cwd(), plan.resultsPath)}.`);
  if (!figures.ok) process.exitCode = 1;
}

async function bench(plan: BenchPlan, cleanup: Cleanup): Promise<void> {
  const started = performance.now();
  const loadBefore = loadavg()[0] ?? 0;
  log(
    `loofi bench: ${plan.quick ? 'quick' : 'full'} run, ${plan.runs} run(s) per figure` +
      (plan.against ? `, against ${plan.against}` : ''),
  );
  if (loadBefore > cpus().length * 0.5) {
    log(`  note: the machine is busy (load ${loadBefore.toFixed(1)}): timings will be noisy.`);
  }

  log(plan.build === 'cold' ? '  building the four apps (cold)…' : '  checking the builds…');
  const build = await obtainBuilds(plan.build, plan.buildDir, cleanup);
  log(
    build.seconds === null
      ? `  using the existing builds: ${build.note}`
      : `  built in ${build.seconds.toFixed(1)} s (${build.note})`,
  );
  const remotes = await serveRemotes(build.roots, cleanup);
  const host = await serveHost(build.roots.host, remotes, cleanup, 'host');
  log(`  serving the site at ${host.url} (${host.backend} backend)`);
  const browser = await launchBrowser(plan.chromiumPath, cleanup);
  const analyser = new ScriptAnalyser();
  const throttling = plan.throttled ? SLOW_4G_CPU_2 : null;

  const targets: Target[] = [
    { label: 'this build', url: host.url, strict: true, signInFailure: null },
    ...(plan.against
      ? [{ label: 'against', url: plan.against, strict: false, signInFailure: null }]
      : []),
  ];
  const [own, against = null] = await measureTargets(browser, targets, analyser, {
    runs: plan.runs,
    throttling,
    bigTable: plan.bigTable,
    log,
  });
  if (!own) throw new Error('The bench measured nothing.');
  const firebase = plan.firebase
    ? await measureFirebase(browser, remotes, analyser, cleanup, log)
    : notMeasured(plan.quick ? 'n/a (not in --quick)' : 'n/a (--skip-firebase)');

  let largeLibrary: Outcome<LargeLibraryFigures> = notMeasured(
    plan.quick ? 'n/a (not in --quick)' : 'n/a (not measured)',
  );
  if (plan.bigTable) {
    log('  this build: a 100,000-track library (import, Home, search)');
    try {
      largeLibrary = await measureLargeLibrary(browser, host.url);
    } catch (error) {
      largeLibrary = notMeasured(
        `failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  const playback = await measurePlayback(browser, host.url, build.roots.host, {
    quick: plan.quick,
    throttling,
    cleanup,
    log,
  });

  const offlinePlayback = await measureOfflinePlayback(browser, host.url, {
    runs: plan.runs,
    cleanup,
    log,
  });

  let federationTax: Outcome<FederationTaxFigures> = notMeasured('n/a (not in --quick)');
  if (!plan.quick) {
    try {
      federationTax = await measureFederationTax(browser, host.url, {
        runs: plan.runs,
        cleanup,
        log,
      });
    } catch (error) {
      federationTax = notMeasured(
        `failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  const repeatVisit: Outcome<RepeatVisitFigures> = plan.quick
    ? notMeasured('n/a (not in --quick)')
    : await measureRepeatVisit(browser, host.url, { runs: plan.runs, cleanup, log });

  const phoneInteractions: Outcome<PhoneInteractionFigures> = plan.quick
    ? notMeasured('n/a (not in --quick)')
    : await measurePhoneInteractions(browser, host.url, { runs: plan.runs, log });

  const miniPlayer: Outcome<MiniPlayerFigures> = plan.quick
    ? notMeasured('n/a (not in --quick)')
    : await measureMiniPlayer(browser, host.url, { runs: plan.runs, log });

  const ambience: Outcome<AmbienceFigures> = plan.quick
    ? notMeasured('n/a (not in --quick)')
    : await measureAmbience(browser, host.url, { seconds: 60, log });

  const rows = beforeBuild(
    buildRows({
      own,
      against,
      firebase,
      largeLibrary,
      playback,
      build,
      runs: plan.runs,
      throttlingLabel: throttling?.label ?? null,
    }),
    [
      ...offlinePlaybackRows(offlinePlayback),
      ...federationTaxRows(federationTax),
      ...repeatVisitRows(repeatVisit),
      ...phoneInteractionRows(phoneInteractions),
      ...miniPlayerRows(miniPlayer),
      ...ambienceRows(ambience),
    ],
  );
  const seconds = (performance.now() - started) / 1000;
  const meta = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    mode: plan.quick ? 'quick' : 'full',
    runs: plan.runs,
    backend: host.backend,
    chromium: browser.version(),
    node: process.version,
    cpus: cpus().length,
    load: { before: loadBefore, after: loadavg()[0] ?? 0 },
    seconds,
    against: plan.against,
  };

  console.log(
    `\nloofi bench, ${meta.mode} (${meta.runs} run${meta.runs === 1 ? '' : 's'}), commit ${meta.commit ?? '?'}, ` +
      `Chromium ${meta.chromium}, ${meta.cpus} CPUs, load ${loadBefore.toFixed(1)}, ${host.backend} backend\n`,
  );
  console.log(renderTable(rows, against ? against.label : null));
  console.log(`\n${renderEvidence(own, firebase)}`);

  await mkdir(path.dirname(plan.resultsPath), { recursive: true });
  await writeFile(
    plan.resultsPath,
    `${JSON.stringify({ meta, rows, own, against, firebase, largeLibrary, playback, offlinePlayback, federationTax, repeatVisit, phoneInteractions, miniPlayer, ambience, build }, null, 2)}\n`,
  );
  console.log(
    `\nResults: ${path.relative(process.cwd(), plan.resultsPath)}; took ${seconds.toFixed(0)} s.`,
  );
}

const cleanup = new Cleanup();
cleanup.onSignals();
try {
  const command = parseCommand(process.argv.slice(2), process.env);
  if (command.help) console.log(USAGE);
  else if (command.plan.soakMinutes !== null)
    await soak(command.plan, command.plan.soakMinutes, cleanup);
  else await bench(command.plan, cleanup);
} catch (error) {
  console.error('bench failed:', error);
  process.exitCode = 1;
} finally {
  await cleanup.run();
}
