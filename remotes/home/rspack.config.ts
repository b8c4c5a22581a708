import { createAppConfig } from '@loofi/tooling/rspack';
import { loadPublicEnv } from '@loofi/tooling/config';

export default createAppConfig({
  app: 'home',
  root: import.meta.dirname,
  title: 'loofi · Home (standalone)',
  config: loadPublicEnv(),
});
