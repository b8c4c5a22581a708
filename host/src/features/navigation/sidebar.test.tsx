import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Sidebar } from './sidebar';

describe('Sidebar', () => {
  it('tells of the intent to open a tab when the pointer comes over it or it gets focus', () => {
    const onIntent = vi.fn();
    const onSelect = vi.fn();
    render(<Sidebar active="home" onSelect={onSelect} onIntent={onIntent} />);
    fireEvent.pointerEnter(screen.getByRole('tab', { name: 'Music' }));
    expect(onIntent).toHaveBeenLastCalledWith('music');
    fireEvent.focus(screen.getByRole('tab', { name: 'Settings' }));
    expect(onIntent).toHaveBeenLastCalledWith('settings');
    expect(onSelect).not.toHaveBeenCalled();
  });
});
