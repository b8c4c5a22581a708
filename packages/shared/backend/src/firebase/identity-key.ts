/**
 * A Realtime Database key for a track's identity (`trackIdentity`): an identity may hold any
 * character and be longer than a key may be, so it is hashed. Two 53-bit hashes with
 * different seeds (cyrb53), 106 bits in all: for a library of a million tracks the chance
 * that two different pieces of music share a key is about 10⁻¹⁹.
 */
export function identityKey(identity: string): string {
  return (
    hash53(identity, 0x6c6f6f66).padStart(14, '0') + hash53(identity, 0x6d757369).padStart(14, '0')
  );
}

/** cyrb53 by bryc (public domain), as hexadecimal. */
function hash53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16);
}
