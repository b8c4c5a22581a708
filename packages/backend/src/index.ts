export { createMemoryLibrary } from './memory/memory-library';
export type { BackendChoice } from './choice';
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
export { ACCOUNT_CHOOSER_PATH, openAccountChooser, returnChosenAccount } from './account-chooser';
