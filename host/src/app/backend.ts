import { openAccountChooser } from '@loofi/backend';
import type { Backend, BackendChoice } from '@loofi/backend';

/**
 * Creates the backend this build was configured for. Each adapter is a dynamic import, so
 * the local default never downloads the Firebase SDK and a Firebase build never ships the
 * IndexedDB adapter or its demo library.
 */
export async function createBackend(choice: BackendChoice): Promise<Backend> {
  if (choice.kind === 'local') {
    const { createLocalBackend } = await import(
      /* webpackChunkName: "local-backend" */ '@loofi/backend/local'
    );
    return createLocalBackend({
      chooseAccount: () => openAccountChooser(),
      // Only a brand-new library needs the demo tracks: a returning owner never downloads them.
      seed: () =>
        import(/* webpackChunkName: "demo-library" */ '@loofi/backend/local/demo').then(
          ({ demoTracks }) => demoTracks(),
        ),
    });
  }
  const { createFirebaseBackend } = await import(
    /* webpackChunkName: "firebase-backend" */ '@loofi/backend/firebase'
  );
  return createFirebaseBackend({
    config: choice.config,
    // Firestore's documents stay readable offline (see docs/loading-and-offline.md).
    offlinePersistence: true,
    ...(choice.emulators
      ? { emulators: choice.emulators, chooseAccount: () => openAccountChooser() }
      : {}),
  });
}
