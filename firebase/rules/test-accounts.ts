/**
 * Accounts the rules tests sign in as. The second whitelisted address carries an
 * apostrophe, which is legal in an e-mail and must survive the quoting into both languages.
 */
export const OWNER_EMAIL = 'owner@example.org';
export const SECOND_OWNER_EMAIL = "o'neil@example.org";
export const TEST_WHITELIST = [OWNER_EMAIL, SECOND_OWNER_EMAIL] as const;

export type SignInProvider = 'google.com' | 'password' | 'anonymous' | 'custom';

export interface TestAccount {
  uid: string;
  email: string;
  emailVerified: boolean;
  provider: SignInProvider;
}

function account(
  uid: string,
  email: string,
  overrides: Partial<Pick<TestAccount, 'emailVerified' | 'provider'>> = {},
): TestAccount {
  return { uid, email, emailVerified: true, provider: 'google.com', ...overrides };
}

export const accounts = {
  owner: account('owner-uid', OWNER_EMAIL),
  secondOwner: account('second-uid', SECOND_OWNER_EMAIL),
  stranger: account('stranger-uid', 'stranger@example.org'),
  /** Same part before the at-sign as the owner, other domain: must not reach owner-token. */
  samePrefix: account('same-prefix-uid', 'owner@evil.example'),
  /** The whitelist is an exact match, so case matters as it does on the client. */
  upperCase: account('upper-uid', 'Owner@example.org'),
  /** Looks like the owner's address followed by more text. */
  suffixed: account('suffixed-uid', 'owner@example.org.evil.example'),
  unverified: account('unverified-uid', OWNER_EMAIL, { emailVerified: false }),
  password: account('password-uid', OWNER_EMAIL, { provider: 'password' }),
  customToken: account('custom-uid', OWNER_EMAIL, { provider: 'custom' }),
} satisfies Record<string, TestAccount>;

/** The ID-token claims both rules languages see as `auth.token` / `request.auth.token`. */
export function tokenClaims(user: TestAccount): {
  email: string;
  email_verified: boolean;
  firebase: { sign_in_provider: SignInProvider };
} {
  return {
    email: user.email,
    email_verified: user.emailVerified,
    firebase: { sign_in_provider: user.provider },
  };
}

/** Accounts that must be refused everywhere, with the reason each one stands for. */
export const deniedAccounts: ReadonlyArray<[string, TestAccount]> = [
  ['a signed-in account that is not whitelisted', accounts.stranger],
  ['an account with the same prefix on another domain', accounts.samePrefix],
  ['a whitelisted address in another letter case', accounts.upperCase],
  ['an address that only starts with a whitelisted one', accounts.suffixed],
  ['a whitelisted account whose e-mail is not verified', accounts.unverified],
  ['a whitelisted e-mail signed in with a password, not Google', accounts.password],
  ['a whitelisted e-mail in a custom token, not a Google sign-in', accounts.customToken],
];
