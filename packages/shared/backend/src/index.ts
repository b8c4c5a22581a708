export type { BackendChoice } from './choice';
export type {
  AmbienceLayerId,
  AmbienceLevels,
  AmbienceSettingsRecord,
  AmbienceSettingsStore,
  AuthPort,
  Backend,
  Connection,
  Credential,
  CredentialStore,
  ErrorLog,
  ErrorLogEntry,
  FocusSessionRecord,
  FocusSessionStore,
  ListeningSession,
  ListeningSessionStore,
  SharedFocusSession,
  SignInResult,
} from './ports';
export { openAccountChooser, returnChosenAccount } from './account-chooser';
export { MAX_MIX_NAME, MAX_SAVED_MIXES } from './ports';
