import { mountStandalone } from '@loofi/shared/harness';
import HomeApp from './expose';

void mountStandalone(HomeApp, __LOOFI_CONFIG__, document.getElementById('root')!);
