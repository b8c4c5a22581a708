import { afterEach, describe, expect, it } from 'vitest';
import { forgetLegacyStorage } from './legacy-storage';

describe('forgetLegacyStorage', () => {
  afterEach(() => localStorage.clear());

  it('removes the last dashboard’s picture an earlier version kept, and nothing else', () => {
    localStorage.setItem('last-dashboard', JSON.stringify({ version: 1, css: 'x'.repeat(1000) }));
    localStorage.setItem('tab-session', 'music');
    forgetLegacyStorage();
    expect(localStorage.getItem('last-dashboard')).toBeNull();
    expect(localStorage.getItem('tab-session')).toBe('music');
  });

  it('leaves a storage it cannot use without throwing', () => {
    const denied = {
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(() => forgetLegacyStorage(denied)).not.toThrow();
  });
});
