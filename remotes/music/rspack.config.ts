import { createAppConfig } from '@loofi/tooling/rspack';
import { loadPublicEnv } from '@loofi/tooling/config';

export default createAppConfig({
  app: 'music',
  root: import.meta.dirname,
  title: 'loofi · Music (standalone)',
  config: loadPublicEnv(),
});
