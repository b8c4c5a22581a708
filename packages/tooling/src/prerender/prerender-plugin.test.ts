import { describe, expect, it } from 'vitest';
import { injectPage } from './prerender-plugin';

const TEMPLATE = '<html><head><title>loofi</title></head><body><div id="root"></div></body></html>';

describe('injectPage', () => {
  it('puts the styles at the end of the head and the markup inside #root', () => {
    const page = {
      html: '<main>Welcome Back!</main>',
      styles: '<style data-emotion="css a">.a{}</style>',
    };
    expect(injectPage(TEMPLATE, page)).toBe(
      '<html><head><title>loofi</title><style data-emotion="css a">.a{}</style></head>' +
        '<body><div id="root"><main>Welcome Back!</main></div></body></html>',
    );
  });

  it('refuses a template without an empty #root, rather than shipping an unrendered page', () => {
    expect(() =>
      injectPage('<html><head></head><body></body></html>', { html: 'x', styles: '' }),
    ).toThrow(/no <div id="root"><\/div>/);
  });
});
