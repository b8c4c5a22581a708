import { describe, expect, it } from 'vitest';
import * as base from './base';
import * as kit from './index';

describe('the UI kit', () => {
  it('re-exports every base export as the very same object', () => {
    // A second copy in the full kit would be a second module instance on the composed site.
    for (const [name, value] of Object.entries(base)) {
      expect(kit[name as keyof typeof kit], name).toBe(value);
    }
  });

  it('exports only defined values', () => {
    for (const [name, value] of Object.entries(kit)) expect(value, name).toBeDefined();
  });
});
