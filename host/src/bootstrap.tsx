import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, createCompositionRoot } from './app/app';
import { createBackend } from './app/backend';
import { createErrorReporter, installErrorReporting } from './features/errors/error-reporter';
import { reportWebVitals } from './features/vitals/report-web-vitals';

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
