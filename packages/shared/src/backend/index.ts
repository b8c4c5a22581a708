export { createMemoryLibrary } from './memory/memory-library';
export { createMemoryPreferences } from './memory/memory-preferences';
export { PopupClosedError } from './ports';
export type {
  AuthPort,
  Backend,
  Connection,
  Credential,
  CredentialStore,
  ErrorLog,
  ErrorLogEntry,
  SignInResult,
} from './ports';
export {
  DUPLICATE_TRACK_MESSAGE,
  InvalidTrackError,
  isPlayableMediaUrl,
  isSafeMediaUrl,
  validateTrack,
  TRACK_LIMITS,
} from './track-validation';
export { ACCOUNT_CHOOSER_PATH, openAccountChooser, returnChosenAccount } from './account-chooser';
