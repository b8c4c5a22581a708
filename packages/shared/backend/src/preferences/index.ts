export {
  createStoredPreferences,
  decodePlayback,
  decodeSwitches,
  decodeThemeSession,
  PLAYBACK_KEY,
  SWITCHES_KEY,
  THEME_SESSION_KEY,
} from './stored-preferences';
