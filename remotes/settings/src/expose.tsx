import type { RemoteApp } from '@loofi/contracts';
import { SettingsApp } from './app/settings-app';

export const CONTRACT_VERSION = __CONTRACT_VERSION__;

const App: RemoteApp = SettingsApp;
export default App;
