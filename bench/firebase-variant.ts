import type { Browser } from '@playwright/test';
import { bytesByPackage, libraryCopies } from './bundle-analysis';
import type { LibraryCopies, PackageBytes, ScriptAnalyser } from './bundle-analysis';
import { buildHostVariant } from './build';
import type { Cleanup } from './cleanup';
import type { ScriptBytes } from './measure-site';
import { loadAuth, loadDashboard, measured, notMeasured } from './scenarios';
import type { Outcome, PageLoad } from './scenarios';
import { serveHost } from './site';
import type { Remotes } from './site';
import { sum } from './stats';

export interface FirebaseLoad {
  js: ScriptBytes;
  packages: PackageBytes[];
  /** The local build never loads the SDK: its single download is checked here. */
  copies: LibraryCopies[];
}

export interface FirebaseFigures {
  auth: FirebaseLoad;
  dashboard: FirebaseLoad;
  /** The variant build of the host alone, for scale. */
  buildSeconds: number;
}

async function describeLoad(load: PageLoad, analyser: ScriptAnalyser): Promise<FirebaseLoad> {
  const analyses = await analyser.analyse(load.scripts);
  return {
    js: {
      bytes: sum(load.scripts.map((script) => script.bodyBytes)),
      transferBytes: sum(load.scripts.map((script) => script.transferBytes)),
      requests: load.scripts.length,
      scripts: load.scripts,
      settled: load.settled,
    },
    packages: bytesByPackage(analyses),
    copies: libraryCopies(analyses),
  };
}

/**
 * The Firebase backend's figures: the offline emulators, a host built against them
 * (FIREBASE_EMULATORS=1 and their addresses) into a folder of its own, served beside the
 * same remotes, and signed into through the same account chooser. Skipped, with the
 * reason, where Java or the emulators' packages are missing.
 */
export async function measureFirebase(
  browser: Browser,
  remotes: Remotes,
  analyser: ScriptAnalyser,
  cleanup: Cleanup,
  log: (line: string) => void,
): Promise<Outcome<FirebaseFigures>> {
  // Only a full run needs the emulators' dependencies: load them on demand.
  const emulators = await import('../firebase/emulators/index.ts');
  const reason = emulators.emulatorsUnavailableReason();
  if (reason !== null) return notMeasured(`skipped: ${reason}`);

  log('  Firebase: starting the emulators');
  const running = await emulators.startEmulators();
  cleanup.add('the Firebase emulators', () => running.stop());
  const { authUrl, firestore, database } = running.hosts;

  log('  Firebase: building a host variant against them');
  const started = performance.now();
  const root = await buildHostVariant(
    {
      FIREBASE_EMULATORS: '1',
      FIREBASE_AUTH_EMULATOR_URL: authUrl,
      FIREBASE_FIRESTORE_EMULATOR_HOST: `${firestore.host}:${firestore.port}`,
      FIREBASE_DATABASE_EMULATOR_HOST: `${database.host}:${database.port}`,
    },
    cleanup,
  );
  const buildSeconds = (performance.now() - started) / 1000;
  const host = await serveHost(root, remotes, cleanup, 'Firebase host');
  if (host.backend !== 'firebase') {
    throw new Error(`The Firebase variant was built for the ${host.backend} backend.`);
  }

  log('  Firebase: /auth and dashboard first loads');
  const auth = await loadAuth(browser, host.url, null);
  const dashboard = await loadDashboard(browser, host.url, null);
  return measured({
    auth: await describeLoad(auth, analyser),
    dashboard: await describeLoad(dashboard, analyser),
    buildSeconds,
  });
}
