import { describe, expect, it } from 'vitest';
import { PlayerControls } from './player-controls';

describe('PlayerControls', () => {
  it('tells what else plays (the ambience) of each sleep fade as it starts, engine or not', () => {
    const controls = new PlayerControls();
    const fades: number[] = [];
    controls.sleepFades$.subscribe((ms) => fades.push(ms));
    controls.fadeOutAndPause(10_000);
    expect(fades).toEqual([10_000]);
  });
});
