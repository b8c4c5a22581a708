import { mountStandalone } from '@loofi/backend/standalone';
import MusicApp from './expose';

void mountStandalone(MusicApp, __LOOFI_CONFIG__, document.getElementById('root')!);
