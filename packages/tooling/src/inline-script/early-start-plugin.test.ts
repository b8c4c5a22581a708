import { describe, expect, it } from 'vitest';
import { inlineScripts, scriptHashSource } from './early-start-plugin';

describe('inlineScripts', () => {
  it('returns the contents of the src-less scripts only, attributes or not', () => {
    const html =
      '<head><script>a=1</script><script defer src="/main.js"></script>' +
      '<script type="module">b=2</script></head><body><script src=x.js></script></body>';
    expect(inlineScripts(html)).toEqual(['a=1', 'b=2']);
  });
});

describe('scriptHashSource', () => {
  it('is the CSP hash source of the exact script text (SHA-256, base64)', () => {
    // The well-known SHA-256 of the empty string.
    expect(scriptHashSource('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    expect(scriptHashSource('a=1')).not.toBe(scriptHashSource('a=1 '));
  });
});
