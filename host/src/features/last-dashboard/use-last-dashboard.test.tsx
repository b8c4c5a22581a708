import { render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TabName } from '@loofi/contracts';
import {
  LAST_DASHBOARD_ID,
  LAST_DASHBOARD_KEY,
  dismissLastDashboard,
  parseLastDashboard,
  showLastDashboard,
} from './last-dashboard';
import { useLastDashboard } from './use-last-dashboard';

const panelId = (tab: TabName) => `panel-${tab}`;

function Dashboard({ tab, loading }: { tab: TabName; loading: boolean }) {
  useLastDashboard({ tab, phone: false, panelId });
  return (
    <div id={panelId(tab)} role="tabpanel">
      {loading ? <span role="progressbar" aria-label="Loading" /> : <h1>Queue of {tab}</h1>}
    </div>
  );
}

function mount(tab: TabName, loading: boolean) {
  const container = document.createElement('div');
  container.id = 'root';
  document.body.append(container);
  return render(<Dashboard tab={tab} loading={loading} />, { container });
}

const kept = () => parseLastDashboard(localStorage.getItem(LAST_DASHBOARD_KEY));

function hide() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
}

afterEach(() => {
  dismissLastDashboard();
  localStorage.clear();
  document.body.replaceChildren();
});

describe('useLastDashboard', () => {
  it('keeps the picture up while the tab loads, then takes it away and keeps the live page', async () => {
    showLastDashboard({
      version: 1,
      tab: 'home',
      phone: false,
      css: '',
      body: {},
      nodes: ['the last visit'],
    });
    const view = mount('home', true);
    hide();
    // Still loading: neither taken away nor replaced by a picture of a spinner.
    expect(document.getElementById(LAST_DASHBOARD_ID)).not.toBeNull();
    expect(kept()).toBeNull();

    view.rerender(<Dashboard tab="home" loading={false} />);
    await waitFor(() => expect(document.getElementById(LAST_DASHBOARD_ID)).toBeNull());
    await waitFor(() => expect(kept()?.tab).toBe('home'), { timeout: 3_000 });
    expect(JSON.stringify(kept()?.nodes)).toContain('Queue of ');
  });

  it('keeps the tab the owner leaves the page on', async () => {
    const view = mount('home', false);
    await waitFor(() => expect(kept()?.tab).toBe('home'), { timeout: 3_000 });
    view.rerender(<Dashboard tab="settings" loading={false} />);
    hide();
    expect(kept()?.tab).toBe('settings');
    expect(JSON.stringify(kept()?.nodes)).toContain('settings');
  });

  it('keeps nothing once the shell is gone (signed out)', async () => {
    const view = mount('music', false);
    await waitFor(() => expect(kept()?.tab).toBe('music'), { timeout: 3_000 });
    localStorage.clear();
    view.unmount();
    hide();
    window.dispatchEvent(new Event('pagehide'));
    expect(kept()).toBeNull();
  });
});
