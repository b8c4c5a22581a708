import { describe, expect, it } from 'vitest';
import { decodeTabSession, readTabSession, TAB_SESSION_KEY, writeTabSession } from './tab-session';

describe('tab-session', () => {
  it('keeps the three tab names', () => {
    expect(decodeTabSession('home')).toBe('home');
    expect(decodeTabSession('music')).toBe('music');
    expect(decodeTabSession('settings')).toBe('settings');
  });

  it('treats anything else as settings, and nothing stored as home', () => {
    expect(decodeTabSession('Music')).toBe('settings');
    expect(decodeTabSession('')).toBe('settings');
    expect(decodeTabSession(null)).toBe('home');
  });

  it('round-trips through storage and survives a storage that throws', () => {
    writeTabSession('music');
    expect(localStorage.getItem(TAB_SESSION_KEY)).toBe('music');
    expect(readTabSession()).toBe('music');
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(readTabSession(broken)).toBe('home');
  });
});
