import { mountStandalone } from '@loofi/shared/harness';
import MusicApp from './expose';

mountStandalone(MusicApp, __LOOFI_CONFIG__, document.getElementById('root')!);
