export { TAB_LABELS, TAB_NAMES, isTabName } from './tab';
export type { TabName } from './tab';
export { plainTrack, sameTrack, showsNothing, trackIdentity } from './track';
export type { Track, StoredTrack } from './track';
export {
  DUPLICATE_TRACK_MESSAGE,
  DuplicateTrackError,
  InvalidTrackError,
  isPlayableMediaUrl,
  isSafeMediaUrl,
  readStoredTrack,
  salvageTrack,
  textTooLong,
  validateTrack,
  TRACK_LIMITS,
} from './track-validation';
export type {
  PlayerState,
  PlayerCommand,
  PlayerCommandType,
  PlayerBus,
  PlaybackState,
  PositionState,
  VolumeState,
} from './player';
export {
  FOCUS_PRESETS,
  focusLeftMs,
  formatFocusLeft,
  isValidPlan,
  LONG_BREAK_EVERY,
  PHASE_MINUTES,
} from './focus';
export type { FocusPhase, FocusPlan, FocusState } from './focus';
export { LIBRARY_UNREADABLE_MESSAGE } from './library';
export type { LibraryPort, UnreadableEntry } from './library';
export { EMPTY_OFFLINE_STATE } from './offline';
export type { OfflineState, OfflineTracks } from './offline';
export { PLAYER_COMMANDS_SINCE } from './player';
export {
  THEME_TYPES,
  DEFAULT_PREFERENCES,
  CROSSFADE_MAX_SECONDS,
  DURING_BREAKS,
} from './preferences';
export type { DuringBreaks, ThemeType, Theme, Preferences, PreferencesStore } from './preferences';
export type { PublicConfig } from './config';
export { APP_NAME, audioSourcesOf, matchesSource } from './config';
export { CONTRACT_VERSION, isCompatibleContract, SHARED_LINKS_SINCE } from './remote';
export { createSharedLinks } from './shared-links';
export type { SharedLink, SharedLinks, SharedLinksSource } from './shared-links';
export { NOTICE_STACK_ID } from './notices';
export type { RemoteProps, RemoteApp, RemoteModule } from './remote';
export {
  WHITELIST_SEPARATOR,
  WHITELIST_VARIABLE,
  isWhitelisted,
  parseWhitelist,
} from './whitelist';
