export {
  createStoredPreferences,
  decodeFocusPreferences,
  decodePlayback,
  decodeSwitches,
  decodeThemeSession,
  FOCUS_PREFERENCES_KEY,
  PLAYBACK_KEY,
  SWITCHES_KEY,
  THEME_SESSION_KEY,
} from './stored-preferences';
