import { createAppConfig } from '@loofi/tooling/rspack';
import { loadEnv } from './src/config/env';

export default createAppConfig({
  app: 'music',
  root: import.meta.dirname,
  title: 'loofi · Music (standalone)',
  config: loadEnv(),
});
