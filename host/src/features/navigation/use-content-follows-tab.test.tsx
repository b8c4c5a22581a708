import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { describe, expect, it } from 'vitest';
import type { TabName } from '@loofi/contracts';
import { useContentFollowsTab } from './use-content-follows-tab';

function Page({ tab }: { tab: TabName }) {
  const main = useRef<HTMLElement>(null);
  useContentFollowsTab(main, tab);
  return (
    <>
      <button type="button">Music tab</button>
      <main ref={main} tabIndex={-1} aria-label="Tab content">
        <div style={{ display: tab === 'home' ? undefined : 'none' }}>
          <button type="button">Music card</button>
        </div>
        <div style={{ display: tab === 'music' ? undefined : 'none' }}>Music</div>
      </main>
    </>
  );
}

describe('useContentFollowsTab', () => {
  it('shows the tab switched to from its top, not where the tab left was scrolled', () => {
    const { rerender } = render(<Page tab="home" />);
    const content = screen.getByRole('main', { name: 'Tab content' });
    content.scrollTop = 400;
    rerender(<Page tab="home" />);
    expect(content.scrollTop).toBe(400);
    rerender(<Page tab="music" />);
    expect(content.scrollTop).toBe(0);
  });

  it('leaves the focus alone on a load, so the first Tab reaches the skip link', () => {
    render(<Page tab="home" />);
    expect(document.activeElement).toBe(document.body);
  });

  it('gives the content the focus the tab left took with it', () => {
    const { rerender } = render(<Page tab="home" />);
    act(() => screen.getByRole('button', { name: 'Music card' }).focus());
    rerender(<Page tab="music" />);
    expect(screen.getByRole('main', { name: 'Tab content' })).toHaveFocus();
  });

  it('leaves the focus where the owner put it outside the content (a sidebar tab)', () => {
    const { rerender } = render(<Page tab="home" />);
    const sidebarTab = screen.getByRole('button', { name: 'Music tab' });
    act(() => sidebarTab.focus());
    rerender(<Page tab="music" />);
    expect(sidebarTab).toHaveFocus();
  });
});
