export type { BackendChoice } from './choice';
export type {
  AuthPort,
  Backend,
  Connection,
  Credential,
  CredentialStore,
  ErrorLog,
  ErrorLogEntry,
  ListeningSession,
  ListeningSessionStore,
  SignInResult,
} from './ports';
export { openAccountChooser, returnChosenAccount } from './account-chooser';
