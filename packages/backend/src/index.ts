export { createMemoryLibrary } from './memory/memory-library';
export type { BackendChoice } from './choice';
export { createMemoryPreferences } from './memory/memory-preferences';
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
export { openAccountChooser, returnChosenAccount } from './account-chooser';
