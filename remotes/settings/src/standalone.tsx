import { mountStandalone } from '@loofi/shared/harness';
import SettingsApp from './expose';

void mountStandalone(SettingsApp, __LOOFI_CONFIG__, document.getElementById('root')!);
