import { describe, expect, it } from 'vitest';
import { createSessionToken, emailPrefix } from './session-token';

describe('createSessionToken', () => {
  it('writes 132 random bytes as 264 lowercase hex characters', () => {
    const token = createSessionToken();
    expect(token).toMatch(/^[0-9a-f]{264}$/);
    expect(createSessionToken()).not.toBe(token);
  });

  it('pads each byte to two characters', () => {
    const zeros = { getRandomValues: <T extends ArrayBufferView | null>(array: T) => array };
    expect(createSessionToken(zeros)).toBe('0'.repeat(264));
  });
});

describe('emailPrefix', () => {
  it('is the part before the at-sign', () => {
    expect(emailPrefix('owner@loofi.local')).toBe('owner');
    expect(emailPrefix('first.last+tag@example.org')).toBe('first.last+tag');
  });
});
