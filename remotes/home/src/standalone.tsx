import { mountStandalone } from '@loofi/backend/standalone';
import HomeApp from './expose';

void mountStandalone(HomeApp, __LOOFI_CONFIG__, document.getElementById('root')!);
