import { appTestConfig } from '@loofi/tooling/vitest';
import { loadPublicEnv } from '@loofi/tooling/config';

export default appTestConfig(loadPublicEnv());
