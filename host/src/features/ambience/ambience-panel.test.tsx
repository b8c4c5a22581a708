import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NEVER } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import * as kit from '@loofi/ui-kit';
import type { AmbienceAudioContext } from './ambience-engine';
import { AmbiencePanel } from './ambience-panel';
import { DEFAULT_AMBIENCE, SILENT_LEVELS } from './ambience-mix';
import type { AmbienceSettings } from './ambience-mix';
import { AMBIENCE_STORAGE_KEY, localAmbienceStore } from './ambience-store';
import { startAmbience } from './start-ambience';

function quietContext(): AmbienceAudioContext {
  const node = () => ({
    gain: {
      value: 1,
      setTargetAtTime: () => undefined,
      setValueAtTime: () => undefined,
      linearRampToValueAtTime: () => undefined,
      cancelScheduledValues: () => undefined,
    },
    connect: (next: unknown) => next,
    disconnect: () => undefined,
    start: () => undefined,
    stop: () => undefined,
  });
  return {
    currentTime: 0,
    sampleRate: 8000,
    destination: node(),
    createGain: node,
    createBufferSource: node,
    createBuffer: () => ({ copyToChannel: () => undefined }),
  } as unknown as AmbienceAudioContext;
}

function setUp(kept?: AmbienceSettings) {
  const items = new Map<string, string>(kept ? [[AMBIENCE_STORAGE_KEY, JSON.stringify(kept)]] : []);
  const ambience = startAmbience({
    store: localAmbienceStore(
      { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => items.set(key, value) },
      null,
    ),
    sleepFades$: NEVER,
    context: quietContext,
    render: () => Promise.resolve([new Float32Array(8)]),
  });
  const onClose = vi.fn();
  render(<AmbiencePanel id="ambience" kit={kit} ambience={ambience} onClose={onClose} />);
  return { user: userEvent.setup(), onClose };
}

const slider = (name: string) => screen.getByRole('slider', { name });

describe('AmbiencePanel', () => {
  it('shows a slider per layer at 0 and the Ambience volume at 100, silent until Play', async () => {
    const { user, onClose } = setUp();
    expect(screen.getByRole('dialog', { name: 'Ambience' })).toBeInTheDocument();
    for (const name of ['Rain', 'Café', 'Fireplace', 'Wind', 'Vinyl crackle', 'Brown noise']) {
      expect(slider(name)).toHaveAttribute('aria-valuenow', '0');
    }
    expect(slider('Ambience volume')).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('switch', { name: 'Lower with breaks' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Play ambience' }));
    await user.click(screen.getByRole('button', { name: 'Pause ambience' }));
    expect(screen.getByRole('button', { name: 'Play ambience' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close ambience' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('moves a slider by keyboard, which plays the ambience', async () => {
    const { user } = setUp();
    act(() => slider('Rain').focus());
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(slider('Rain')).toHaveAttribute('aria-valuenow', '2');
    expect(screen.getByRole('button', { name: 'Pause ambience' })).toBeInTheDocument();
  });

  it('sets the sliders to a preset, and saves, renames and deletes a mix', async () => {
    const { user } = setUp();
    await user.click(screen.getByRole('button', { name: 'Fireside' }));
    expect(slider('Fireplace')).toHaveAttribute('aria-valuenow', '60');
    expect(slider('Wind')).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByRole('button', { name: 'Fireside' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    await user.click(screen.getByRole('button', { name: 'Save mix' }));
    expect(screen.getByText('Give the mix a name.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Mix name' }), 'Cabin{Enter}');
    expect(screen.getByRole('button', { name: 'Cabin' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Rename Cabin' }));
    const field = screen.getByRole('textbox', { name: 'New name for Cabin' });
    await user.clear(field);
    await user.type(field, 'Fireside{Enter}');
    expect(screen.getByText('Another mix has this name.')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, 'Log cabin{Enter}');
    const saved = screen.getByRole('list');
    expect(within(saved).getByRole('button', { name: 'Log cabin' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Log cabin' }));
    expect(screen.queryByRole('button', { name: 'Log cabin' })).not.toBeInTheDocument();
  });

  it('says when 24 mixes are saved, and takes a name of at most 60 characters', async () => {
    const saved = Array.from({ length: 24 }, (_, at) => ({
      name: `Mix ${at + 1}`,
      levels: SILENT_LEVELS,
    }));
    const { user } = setUp({ ...DEFAULT_AMBIENCE, saved });
    const full = '24 mixes saved, the most kept: delete one to save another.';
    expect(screen.getByText(full)).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Mix name' });
    await user.type(name, `${'n'.repeat(70)}{Enter}`);
    expect(name).toHaveValue('n'.repeat(60));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'n'.repeat(60) })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Mix 1' }));
    expect(screen.queryByText(full)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save mix' }));
    expect(screen.getByRole('button', { name: 'n'.repeat(60) })).toBeInTheDocument();
    expect(screen.getByText(full)).toBeInTheDocument();
  });
});
