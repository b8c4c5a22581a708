import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, createRouter } from './app/app';
import { createBackend } from './app/backend';
import { createErrorReporter, installErrorReporting } from './features/errors/error-reporter';
import { reportWebVitals } from './features/vitals/report-web-vitals';

const backend = await createBackend(__LOOFI_HOST_CONFIG__.backend);
installErrorReporting(window, createErrorReporter({ log: backend.errorLog }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App router={createRouter({ backend, hostConfig: __LOOFI_HOST_CONFIG__ })} />
  </StrictMode>,
);

reportWebVitals();
