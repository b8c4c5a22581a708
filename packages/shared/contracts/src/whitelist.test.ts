import { describe, expect, it } from 'vitest';
import { isWhitelisted, parseWhitelist } from './whitelist';

describe('parseWhitelist', () => {
  it('splits on a comma followed by a space', () => {
    expect(parseWhitelist('a@x.org, b@y.org')).toEqual(['a@x.org', 'b@y.org']);
  });

  it('keeps a comma without a space inside one entry, as SPEC splits', () => {
    expect(parseWhitelist('a@x.org,b@y.org')).toEqual(['a@x.org,b@y.org']);
  });

  it('gives no entry for an empty value', () => {
    expect(parseWhitelist('')).toEqual([]);
  });
});

describe('isWhitelisted', () => {
  it('needs an exact match', () => {
    const whitelist = ['owner@loofi.local'];
    expect(isWhitelisted('owner@loofi.local', whitelist)).toBe(true);
    expect(isWhitelisted('Owner@loofi.local', whitelist)).toBe(false);
    expect(isWhitelisted('owner@loofi.local ', whitelist)).toBe(false);
    expect(isWhitelisted('', [])).toBe(false);
  });
});
