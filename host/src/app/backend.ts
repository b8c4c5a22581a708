import { openAccountChooser } from '@loofi/shared/backend';
import type { Backend } from '@loofi/shared/backend';
import type { BackendChoice } from '@loofi/shared/config';

/**
 * Creates the backend this build was configured for. Each adapter is a dynamic import, so
 * the local default never downloads the Firebase SDK and a Firebase build never ships the
 * IndexedDB adapter's demo library.
 */
export async function createBackend(choice: BackendChoice): Promise<Backend> {
  if (choice.kind === 'local') {
    // One chunk for both: one request less on the sign-in page.
    const [{ createLocalBackend }, { demoTracks }] = await Promise.all([
      import(/* webpackChunkName: "local-backend" */ '@loofi/shared/backend/local'),
      import(/* webpackChunkName: "local-backend" */ '@loofi/shared/backend/local/demo'),
    ]);
    return createLocalBackend({ chooseAccount: () => openAccountChooser(), seed: demoTracks() });
  }
  const { createFirebaseBackend } = await import(
    /* webpackChunkName: "firebase-backend" */ '@loofi/shared/backend/firebase'
  );
  return createFirebaseBackend({
    config: choice.config,
    // Firestore's documents stay readable offline (see the README's offline section).
    offlinePersistence: true,
    ...(choice.emulators
      ? { emulators: choice.emulators, chooseAccount: () => openAccountChooser() }
      : {}),
  });
}
