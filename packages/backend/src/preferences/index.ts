export {
  createStoredPreferences,
  decodeSwitches,
  decodeThemeSession,
  encodeThemeSession,
  SWITCHES_KEY,
  THEME_SESSION_KEY,
} from './stored-preferences';
