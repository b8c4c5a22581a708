import { createAppConfig } from '@loofi/tooling/rspack';
import { loadEnv } from './src/config/env';

export default createAppConfig({
  app: 'host',
  root: import.meta.dirname,
  title: 'loofi',
  config: loadEnv(),
});
