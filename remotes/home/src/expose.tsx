import type { RemoteApp } from '@loofi/contracts';
import { HomeApp } from './app/home-app';

export const CONTRACT_VERSION = __CONTRACT_VERSION__;

const App: RemoteApp = HomeApp;
export default App;
