import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  LAST_DASHBOARD_ID,
  LAST_DASHBOARD_KEY,
  dismissLastDashboard,
  forgetLastDashboard,
  lastDashboardFor,
  parseLastDashboard,
  showLastDashboard,
} from './last-dashboard';
import type { LastDashboard } from './last-dashboard';
import { keepLastDashboard, takeLastDashboard } from './take-last-dashboard';

const picture = (overrides: Partial<LastDashboard> = {}): LastDashboard => ({
  version: 1,
  tab: 'home',
  phone: false,
  css: '.card{color:red}',
  body: { color: 'white' },
  nodes: [['p', { class: 'card' }, 'Queue']],
  ...overrides,
});

/** Shows a picture and returns its closed shadow tree, which the page cannot reach. */
function shown(value: LastDashboard): ShadowRoot {
  const attach = vi.spyOn(HTMLElement.prototype, 'attachShadow');
  showLastDashboard(value);
  const root = attach.mock.results[0]?.value as ShadowRoot;
  attach.mockRestore();
  return root;
}

afterEach(() => {
  dismissLastDashboard();
  localStorage.clear();
  document.body.replaceChildren();
});

describe('the last dashboard: reading it', () => {
  it('reads a picture and refuses anything else', () => {
    expect(parseLastDashboard(JSON.stringify(picture()))).toEqual(picture());
    for (const bad of [
      null,
      '',
      '{',
      'null',
      '[]',
      JSON.stringify({ ...picture(), version: 2 }),
      JSON.stringify({ ...picture(), tab: 'beta' }),
      JSON.stringify({ ...picture(), phone: 'yes' }),
      JSON.stringify({ ...picture(), css: 1 }),
      JSON.stringify({ ...picture(), body: { color: 1 } }),
      JSON.stringify({ ...picture(), nodes: {} }),
    ]) {
      expect(parseLastDashboard(bad)).toBeNull();
    }
  });

  it('gives the picture only to a visit of the same tab in the same layout', () => {
    localStorage.setItem(LAST_DASHBOARD_KEY, JSON.stringify(picture({ tab: 'music' })));
    expect(lastDashboardFor('music', false)?.tab).toBe('music');
    expect(lastDashboardFor('home', false)).toBeNull();
    expect(lastDashboardFor('music', true)).toBeNull();
    const denied = {
      getItem: () => {
        throw new Error('denied');
      },
    };
    expect(lastDashboardFor('music', false, denied)).toBeNull();
  });

  it('forgets the picture', () => {
    localStorage.setItem(LAST_DASHBOARD_KEY, JSON.stringify(picture()));
    forgetLastDashboard();
    expect(localStorage.getItem(LAST_DASHBOARD_KEY)).toBeNull();
  });
});

describe('the last dashboard: painting it', () => {
  it('paints over the page, inert, out of its queries, and goes when dismissed', () => {
    const root = shown(picture());
    const host = document.getElementById(LAST_DASHBOARD_ID)!;
    expect(host.parentElement).toBe(document.documentElement);
    expect(host.style.position).toBe('fixed');
    expect(host.style.color).toBe('white');
    expect(document.body.textContent).toBe('');
    expect(root.querySelector('style')?.textContent).toContain('.card{color:red}');
    const content = root.querySelector('p')!.parentElement!;
    expect(content.inert).toBe(true);
    expect(root.querySelector('p.card')?.textContent).toBe('Queue');
    dismissLastDashboard();
    expect(document.getElementById(LAST_DASHBOARD_ID)).toBeNull();
  });

  it('paints no script, frame or handler, and no id, role or link of the live page', () => {
    const root = shown(
      picture({
        nodes: [
          ['script', {}, 'alert(1)'],
          ['iframe', { src: 'https://example.org' }],
          ['img', { src: '/cover.svg', onerror: 'alert(1)', id: 'cover', alt: '' }],
          ['a', { href: 'javascript:alert(1)', role: 'tab', 'aria-label': 'Home' }, 'Home'],
          ['Not a tag!', {}],
          ['div', { class: 1 } as never, 'bad attributes'],
          42 as never,
        ],
      }),
    );
    expect(root.querySelector('script, iframe')).toBeNull();
    const image = root.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/cover.svg');
    expect(image.hasAttribute('onerror')).toBe(false);
    expect(image.hasAttribute('id')).toBe(false);
    const link = root.querySelector('a')!;
    expect([...link.attributes].map((attribute) => attribute.name)).toEqual([]);
    expect(root.textContent).not.toContain('bad attributes');
  });

  it('paints SVG icons in their namespace', () => {
    const root = shown(
      picture({ nodes: [['svg', { viewBox: '0 0 24 24' }, ['path', { d: 'M0 0h24' }]]] }),
    );
    expect(root.querySelector('path')?.namespaceURI).toBe('http://www.w3.org/2000/svg');
  });
});

describe('the last dashboard: taking it', () => {
  it('takes what the page shows: no hidden tab, fields with their values', () => {
    const root = document.createElement('div');
    root.innerHTML = `
      <main id="main" class="shell" role="main"><h1 class="title">Good Morning</h1>
        <div role="tabpanel" style="display: none !important">Music, rendered ahead</div>
        <div hidden>closed</div>
        <input class="field" value="" /><input type="checkbox" checked />
        <input type="password" value="secret" /></main>`;
    document.body.append(root);
    root.querySelector<HTMLInputElement>('.field')!.value = 'lofi';
    root.querySelector<HTMLInputElement>('[type="checkbox"]')!.checked = false;
    const taken = takeLastDashboard(root, { tab: 'home', phone: true })!;
    expect(taken).toMatchObject({ version: 1, tab: 'home', phone: true });
    const json = JSON.stringify(taken.nodes);
    expect(json).toContain('Good Morning');
    expect(json).not.toContain('rendered ahead');
    expect(json).not.toContain('closed');
    expect(json).not.toContain('"id"');
    expect(json).not.toContain('role');
    expect(json).not.toContain('secret');

    const painted = shown(parseLastDashboard(JSON.stringify(taken))!);
    expect(painted.querySelector('h1.title')?.textContent).toBe('Good Morning');
    expect(painted.querySelector<HTMLInputElement>('.field')?.getAttribute('value')).toBe('lofi');
    expect(painted.querySelector('[type="checkbox"]')?.hasAttribute('checked')).toBe(false);
  });

  it('keeps no picture of a page too large, and leaves no older one behind', () => {
    localStorage.setItem(LAST_DASHBOARD_KEY, JSON.stringify(picture()));
    const root = document.createElement('ul');
    root.innerHTML = '<li>track</li>'.repeat(7_000);
    expect(takeLastDashboard(root, { tab: 'music', phone: false })).toBeNull();
    expect(keepLastDashboard(null)).toBe(false);
    expect(localStorage.getItem(LAST_DASHBOARD_KEY)).toBeNull();
  });

  it('keeps a picture, and survives a full storage', () => {
    expect(keepLastDashboard(picture())).toBe(true);
    expect(lastDashboardFor('home', false)).toEqual(picture());
    const full = {
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    expect(keepLastDashboard(picture(), full)).toBe(false);
  });
});
