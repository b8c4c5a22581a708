import { createAppConfig } from '@loofi/tooling/rspack';
import { loadPublicEnv } from '@loofi/tooling/config';

export default createAppConfig({
  app: 'settings',
  root: import.meta.dirname,
  title: 'loofi · Settings (standalone)',
  config: loadPublicEnv(),
});
