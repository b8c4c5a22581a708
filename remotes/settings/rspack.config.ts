import { defineRemote } from '@loofi/tooling/rspack';
import { loadPublicEnv } from '@loofi/tooling/config';
import federation from './module-federation.config';

export default defineRemote({
  federation,
  root: import.meta.dirname,
  title: 'loofi · Settings (standalone)',
  config: loadPublicEnv(),
});
