import { mountStandalone } from '@loofi/shared/harness';
import HomeApp from './expose';

mountStandalone(HomeApp, __LOOFI_CONFIG__, document.getElementById('root')!);
