import { mountStandalone } from '@loofi/shared/harness';
import MusicApp from './expose';

void mountStandalone(MusicApp, __LOOFI_CONFIG__, document.getElementById('root')!);
