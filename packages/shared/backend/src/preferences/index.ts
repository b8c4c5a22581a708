export {
  createStoredPreferences,
  decodeSwitches,
  decodeThemeSession,
  SWITCHES_KEY,
  THEME_SESSION_KEY,
} from './stored-preferences';
