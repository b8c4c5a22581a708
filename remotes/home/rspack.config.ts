import { createAppConfig } from '@loofi/tooling/rspack';
import { loadEnv } from './src/config/env';

export default createAppConfig({
  app: 'home',
  root: import.meta.dirname,
  title: 'loofi · Home (standalone)',
  config: loadEnv(),
});
