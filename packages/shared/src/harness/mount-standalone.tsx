import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Snackbar from '@mui/material/Snackbar';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { PublicConfig, RemoteApp, TabName } from '../contracts';
import { createMemoryLibrary, createMemoryPreferences } from '../backend';
import { createPlayerBus } from '../player';
import { LoofiThemeProvider } from '../ui';

function StandaloneHarness({ App, config }: { App: RemoteApp; config: PublicConfig }) {
  const [props] = useState(() => ({
    player: createPlayerBus(),
    library: createMemoryLibrary(),
    preferences: createMemoryPreferences(),
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
 * from an in-memory backend, so a developer can work on a tab without the shell.
 */
export function mountStandalone(App: RemoteApp, config: PublicConfig, container: HTMLElement) {
  createRoot(container).render(
    <StrictMode>
      <StandaloneHarness App={App} config={config} />
    </StrictMode>,
  );
}
