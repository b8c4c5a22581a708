import type { RemoteApp } from '@loofi/contracts';
import { MusicApp } from './app/music-app';

export const CONTRACT_VERSION = __CONTRACT_VERSION__;

const App: RemoteApp = MusicApp;
export default App;
