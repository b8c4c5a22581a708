import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createCompositionRoot } from './app/app';
import { createBackend } from './app/backend';
import { cookieJar } from './features/auth/session-cookies';
import { createErrorReporter, installErrorReporting } from './features/errors/error-reporter';
import { fetchRemotesManifestEarly } from './features/remotes/remotes-manifest';
import { reportWebVitals } from './features/vitals/report-web-vitals';

// A returning owner will see the dashboard: fetch its code and the list of remotes now, in
// parallel with the backend's code, rather than one after the other.
if (cookieJar.read()) {
  import(/* webpackChunkName: "dashboard" */ './app/dashboard').catch(() => undefined);
  fetchRemotesManifestEarly();
}

const backend = await createBackend(__LOOFI_HOST_CONFIG__.backend);
installErrorReporting(window, createErrorReporter({ log: backend.errorLog }));

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App root={createCompositionRoot({ backend, hostConfig: __LOOFI_HOST_CONFIG__ })} />
  </StrictMode>
);
// The production build prerenders the sign-in page into index.html: take it over in place.
if (container.firstElementChild) hydrateRoot(container, app);
else createRoot(container).render(app);

reportWebVitals();
