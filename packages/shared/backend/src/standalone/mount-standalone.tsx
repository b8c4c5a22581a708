import { Alert, Box, Snackbar } from '@loofi/ui-kit/base';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { PublicConfig, RemoteApp, TabName, LibraryPort } from '@loofi/contracts';
import { createLocalBackend } from '../local';
import { demoTracks } from '../local/demo-library';
import { createPlayerBus } from '@loofi/contracts/player';
import { createStoredPreferences } from '../preferences';
import { LoofiThemeProvider } from '@loofi/ui';

function StandaloneHarness({
  App,
  config,
  library,
}: {
  App: RemoteApp;
  config: PublicConfig;
  library: LibraryPort;
}) {
  const [props] = useState(() => ({
    player: createPlayerBus(),
    library,
    preferences: createStoredPreferences(),
    config,
  }));
  const [requestedTab, setRequestedTab] = useState<TabName | null>(null);
  return (
    <LoofiThemeProvider>
      <Box component="main" sx={{ p: 3, minHeight: '100vh' }}>
        <App {...props} navigate={setRequestedTab} />
      </Box>
      <Snackbar
        open={requestedTab !== null}
        autoHideDuration={5000}
        onClose={() => setRequestedTab(null)}
      >
        <Alert severity="info" onClose={() => setRequestedTab(null)}>
          {`This remote runs alone: the shell would now open the ${requestedTab ?? ''} tab.`}
        </Alert>
      </Snackbar>
    </LoofiThemeProvider>
  );
}

/**
 * Renders one remote on its own page, with the same props the host would give it, built
 * from the embedded local backend (this origin's IndexedDB, seeded with the demo library),
 * so a developer can work on a tab without the shell.
 */
export async function mountStandalone(
  App: RemoteApp,
  config: PublicConfig,
  container: HTMLElement,
) {
  const backend = await createLocalBackend({
    // Standalone pages have no sign-in: nothing asks for an account.
    chooseAccount: async () => null,
    seed: demoTracks(),
  });
  createRoot(container).render(
    <StrictMode>
      <StandaloneHarness App={App} config={config} library={backend.library} />
    </StrictMode>,
  );
}
