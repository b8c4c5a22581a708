/** SPEC §3, §9: the session marker is 132 random bytes, written as 264 hex characters. */
const SESSION_TOKEN_BYTES = 132;

export function createSessionToken(random: Pick<Crypto, 'getRandomValues'> = crypto): string {
  const bytes = random.getRandomValues(new Uint8Array(SESSION_TOKEN_BYTES));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The id of an account's credential document is the part of its e-mail before the '@'. */
export function emailPrefix(email: string): string {
  const at = email.indexOf('@');
  return at === -1 ? email : email.slice(0, at);
}
