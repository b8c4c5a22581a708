import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LoofiThemeProvider } from '@loofi/ui';
import { AccountChooser } from './account-chooser';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LoofiThemeProvider>
      <AccountChooser initialEmail={__LOOFI_HOST_CONFIG__.whitelist[0] ?? ''} />
    </LoofiThemeProvider>
  </StrictMode>,
);
