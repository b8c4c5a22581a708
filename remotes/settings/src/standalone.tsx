import { mountStandalone } from '@loofi/backend/standalone';
import SettingsApp from './expose';

void mountStandalone(SettingsApp, __LOOFI_CONFIG__, document.getElementById('root')!);
