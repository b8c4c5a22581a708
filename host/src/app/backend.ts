import { openAccountChooser } from '@loofi/shared/backend';
import type { Backend } from '@loofi/shared/backend';
import type { BackendChoice } from '@loofi/shared/config';

/**
 * Creates the backend this build was configured for. Each adapter is a dynamic import, so
 * the local default never downloads the Firebase SDK and a Firebase build never ships the
 * IndexedDB adapter or its demo library.
 */
export async function createBackend(choice: BackendChoice): Promise<Backend> {
  if (choice.kind === 'local') {
    const { createLocalBackend } = await import(
      /* webpackChunkName: "local-backend" */ '@loofi/shared/backend/local'
    );
    return createLocalBackend({
      chooseAccount: () => openAccountChooser(),
      // Only a brand-new library needs the demo tracks: a returning owner never downloads them.
      seed: () =>
        import(/* webpackChunkName: "demo-library" */ '@loofi/shared/backend/local/demo').then(
          ({ demoTracks }) => demoTracks(),
        ),
    });
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
