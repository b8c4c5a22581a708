import { createAppConfig } from '@loofi/tooling/rspack';
import { loadEnv } from './src/config/env';

export default createAppConfig({
  app: 'settings',
  root: import.meta.dirname,
  title: 'loofi · Settings (standalone)',
  config: loadEnv(),
});
