export { appTestConfig } from './app-test-config';
