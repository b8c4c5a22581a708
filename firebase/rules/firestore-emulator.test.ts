// The launcher is checked through rules-unit-testing, which wraps the Firebase SDK.
import {
  assertFails,
  assertSucceeds,
  initializeTestEnvironment,
} from '@firebase/rules-unit-testing';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firestoreEmulatorUnavailableReason, startFirestoreEmulator } from '../emulators/firestore';
import { firestoreRules } from './rules-source';
import { accounts, tokenClaims, TEST_WHITELIST } from './test-accounts';

const unavailable = firestoreEmulatorUnavailableReason();
if (unavailable !== null) {
  console.warn(`Skipping the Firestore emulator launcher tests: ${unavailable}`);
}

async function accepts(host: string, port: number): Promise<boolean> {
  try {
    return (await fetch(`http://${host}:${port}/`)).ok;
  } catch {
    return false;
  }
}

describe.skipIf(unavailable !== null)('startFirestoreEmulator', () => {
  it('serves the rules file it was given and is gone after stop()', async () => {
    // The refused write below is logged by the SDK as a warning; the assertion already says it.
    const dir = await mkdtemp(join(tmpdir(), 'loofi-emulator-'));
    const rulesPath = join(dir, 'firestore.rules');
    await writeFile(rulesPath, firestoreRules(TEST_WHITELIST));
    const emulator = await startFirestoreEmulator({ projectId: 'demo-loofi-launcher', rulesPath });
    try {
      expect(await accepts(emulator.host, emulator.port)).toBe(true);
      // No `rules` here: whatever is enforced came from rulesPath.
      const environment = await initializeTestEnvironment({
        projectId: 'demo-loofi-launcher',
        firestore: { host: emulator.host, port: emulator.port },
      });
      const entry = { message: 'm', url: '/', location: { line: 1, column: 1 }, error: 'e' };
      const owner = environment.authenticatedContext(
        accounts.owner.uid,
        tokenClaims(accounts.owner),
      );
      await assertSucceeds(owner.firestore().collection('logs').add(entry));
      await assertFails(
        environment.unauthenticatedContext().firestore().collection('logs').add(entry),
      );
      await environment.cleanup();
    } finally {
      await emulator.stop();
      await rm(dir, { recursive: true, force: true });
    }
    expect(await accepts(emulator.host, emulator.port)).toBe(false);
    await expect(emulator.stop()).resolves.toBeUndefined();
  });
});
