import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { ThemeProvider } from '@loofi/ui-kit/base';
import { retryUntilLoaded } from '@loofi/ui/async';
import { loofiTheme } from '@loofi/ui';
import { App, createCompositionRoot } from './app/app';
import { createBackend } from './app/backend';
import { holdPrerenderedShell, removePrerenderedShell } from './app/first-screen';
import { cookieJar } from './features/auth/session-cookies';
import { ConnectionNotice } from './features/connection/connection-notice';
import { ConnectionStatus } from './features/connection/connection-status';
import { onlineOrBackOff } from './features/connection/next-attempt';
import { createErrorReporter, installErrorReporting } from './features/errors/error-reporter';
import { createNoticeStack } from './features/notices/notice-stack';
import { fetchRemotesManifestEarly } from './features/remotes/remotes-manifest';
import { keepShare } from './features/share/kept-share';

// A link shared into loofi waits for the dashboard, past a sign-in; the router sees /.
keepShare();

// The offline notice lives in a root of its own, up before anything else can fail to load,
// in the page's notice stack, where every other notice goes too.
const connection = new ConnectionStatus(window);
createRoot(createNoticeStack()).render(
  <ThemeProvider theme={loofiTheme}>
    <ConnectionNotice status={connection} />
  </ThemeProvider>,
);

// A returning owner will see the dashboard: fetch its code and the list of remotes now, in
// parallel with the backend's code, rather than one after the other.
const returning = cookieJar.read() !== null;
if (returning) {
  import(/* webpackChunkName: "dashboard" */ './app/dashboard').catch(() => undefined);
  fetchRemotesManifestEarly();
}

// Without its backend the page can do nothing, and has nowhere to show a Retry: it keeps
// the prerendered first screen (the busy sign-in page, or the starting shell) and tries
// again when the connection comes back.
// (A function rather than a top-level await: an async module costs the first script the
// bundler's async-module runtime.)
async function start() {
  const backend = await retryUntilLoaded(() => createBackend(__LOOFI_HOST_CONFIG__.backend), {
    onFailure: () => connection.reportLoad(true),
    nextAttempt: onlineOrBackOff,
  });
  connection.reportLoad(false);
  installErrorReporting(window, createErrorReporter({ log: backend.errorLog }));

  const container = document.getElementById('root')!;
  const app = (
    <StrictMode>
      <App
        root={createCompositionRoot({ backend, hostConfig: __LOOFI_HOST_CONFIG__, connection })}
      />
    </StrictMode>
  );
  // The production build prerenders the starting shell and the sign-in page into index.html
  // (./app/first-screen): a visitor's page takes the sign-in page over in place. A returning
  // owner's page keeps the shell until the dashboard (or whatever comes next) replaces it,
  // and its root starts afresh, as a transition, so React yields to the browser every few
  // milliseconds instead of holding the main thread for the whole dashboard.
  if (returning) holdPrerenderedShell(container);
  else removePrerenderedShell(container);
  if (container.firstElementChild && !returning) hydrateRoot(container, app);
  else {
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

void start();
