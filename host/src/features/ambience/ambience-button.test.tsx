import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { firstValueFrom, NEVER } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryAmbienceSettings } from '@loofi/backend/testing';
import { SILENT_LEVELS } from './ambience-mix';
import { AmbienceButton } from './ambience-button';
import { createAmbienceOnDemand } from './ambience-on-demand';
import type { AmbiencePanelModule } from './ambience-on-demand';
import { AMBIENCE_STORAGE_KEY, localAmbienceStore } from './ambience-store';

function memoryStore(kept?: string) {
  const items = new Map<string, string>(kept ? [[AMBIENCE_STORAGE_KEY, kept]] : []);
  return localAmbienceStore(
    { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => items.set(key, value) },
    null,
  );
}

describe('createAmbienceOnDemand', () => {
  it('fetches the ambience once, when first asked, and starts it with the kept mix', async () => {
    const load = vi.fn(() => import('./ambience-panel'));
    const ambience = createAmbienceOnDemand({
      sleepFades$: NEVER,
      load: load as () => Promise<AmbiencePanelModule>,
      store: () => memoryStore('{"mix":{"levels":{"rain":40},"master":70}}'),
    });
    ambience.pause();
    expect(load).not.toHaveBeenCalled();
    const [first, again] = await Promise.all([ambience.load(), ambience.load()]);
    expect(load).toHaveBeenCalledTimes(1);
    expect(again.ambience).toBe(first.ambience);
    const settings = await new Promise((resolve) => first.ambience.settings$.subscribe(resolve));
    expect(settings).toMatchObject({ mix: { levels: { rain: 40 }, master: 70 } });
  });

  it('ends the ambience when stopped (a sign-out), and starts a new one when asked again', async () => {
    const ambience = createAmbienceOnDemand({ sleepFades$: NEVER, store: () => memoryStore() });
    const { ambience: first } = await ambience.load();
    const dispose = vi.spyOn(first, 'dispose');
    ambience.stop();
    expect(dispose).toHaveBeenCalledTimes(1);
    expect(await firstValueFrom(ambience.playing$)).toBe(false);
    const { ambience: again } = await ambience.load();
    expect(again).not.toBe(first);
    again.dispose();
  });

  it("has the kept mix follow the owner's, where the backend keeps it", async () => {
    const owners = createMemoryAmbienceSettings();
    const windy = { levels: { ...SILENT_LEVELS, wind: 35 }, master: 50 };
    owners.put({ mix: windy, saved: [], lowerWithBreaks: true, at: Date.now() });
    const ambience = createAmbienceOnDemand({
      sleepFades$: NEVER,
      store: () => memoryStore('{"mix":{"levels":{"rain":40},"master":70}}'),
      ownerSettings: owners.device(),
    });
    const { ambience: started } = await ambience.load();
    expect((await firstValueFrom(started.settings$)).mix).toEqual(windy);
    localStorage.clear();
  });
});

describe('AmbienceButton', () => {
  it('opens the Ambience panel, named, and closes it', async () => {
    const ambience = createAmbienceOnDemand({ sleepFades$: NEVER, store: () => memoryStore() });
    render(<AmbienceButton ambience={ambience} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'Ambience' });
    expect(button).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Ambience' });
    expect(within(dialog).getByRole('slider', { name: 'Rain' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close ambience' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
