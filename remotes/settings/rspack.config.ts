import { createAppConfig } from '@loofi/tooling/rspack';
import { CONTRACT_VERSION } from '@loofi/shared/contracts';
import { loadEnv } from './src/config/env';

export default createAppConfig({
  app: 'settings',
  root: import.meta.dirname,
  define: { __LOOFI_CONFIG__: loadEnv(), __CONTRACT_VERSION__: CONTRACT_VERSION },
});
