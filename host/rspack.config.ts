import { createAppConfig } from '@loofi/tooling/rspack';
import { loadEnv } from './src/config/env';

const { publicConfig, hostConfig } = loadEnv();

export default createAppConfig({
  app: 'host',
  root: import.meta.dirname,
  title: 'loofi',
  config: publicConfig,
  define: { __LOOFI_HOST_CONFIG__: hostConfig },
  backend: hostConfig.backend,
  prerender: { module: './src/prerender.tsx', exportName: 'prerenderSignInPage' },
  earlyStart: {
    entry: './src/early-start.ts',
    // The chunk names of ./src/app/backend.ts and ./src/app/app.tsx.
    always: [hostConfig.backend.kind === 'local' ? 'local-backend' : 'firebase-backend'],
    signedIn: ['dashboard'],
  },
  pages: [
    {
      name: 'account-chooser',
      entry: './src/account-chooser/index.ts',
      title: 'Choose an account · loofi',
    },
  ],
});
