import {
  GoogleAuthProvider,
  connectAuthEmulator,
  signInWithCredential,
  signInWithPopup,
  signOut,
} from 'firebase/auth';
import type { Auth, User } from 'firebase/auth';
import { sitePolicy } from '@loofi/federation';
import { PopupClosedError } from '../ports';
import type { AuthPort, SignInResult } from '../ports';

/** Where Firebase Auth's popup loads Google's sign-in helper (`gapi`) from. */
const GOOGLE_SIGN_IN_HELPER = 'https://apis.google.com';

const resultOf = (user: User): SignInResult | null => (user.email ? { email: user.email } : null);

/** Google sign-in through the real popup (SPEC §4). */
export function createPopupAuth(auth: Auth): AuthPort {
  // Firebase Auth loads Google's helper script by assigning its URL to a script as a plain
  // string, which the page's Trusted Types policy header refuses unless a default policy
  // passes it: that policy admits Google's helper (the one script origin the production
  // Firebase header adds) and the site's own scripts, nothing else.
  if (typeof window !== 'undefined') sitePolicy().admitThirdParty([GOOGLE_SIGN_IN_HELPER]);
  return {
    async signInWithPopup() {
      const credential = await signInWithPopup(auth, new GoogleAuthProvider());
      return resultOf(credential.user);
    },
    signOut: () => signOut(auth),
  };
}

/**
 * Sign-in against the Auth emulator. Google's popup needs the internet, so the local
 * account chooser stands in for it, and the emulator accepts an unsigned Google id token
 * for the chosen e-mail: the same account (and uid) each time for the same e-mail.
 */
export function createEmulatorAuth(
  auth: Auth,
  authUrl: string,
  chooseAccount: (() => Promise<string | null>) | undefined,
): AuthPort {
  connectAuthEmulator(auth, authUrl, { disableWarnings: true });
  return {
    async signInWithPopup() {
      if (!chooseAccount) {
        throw new Error('Emulator sign-in needs an account chooser (options.chooseAccount).');
      }
      const email = await chooseAccount();
      if (email === null) throw new PopupClosedError();
      const normalized = email.trim().toLowerCase();
      const idToken = JSON.stringify({
        sub: `emulated-google-${normalized}`,
        email: normalized,
        email_verified: true,
      });
      const credential = await signInWithCredential(auth, GoogleAuthProvider.credential(idToken));
      return resultOf(credential.user);
    },
    signOut: () => signOut(auth),
  };
}
