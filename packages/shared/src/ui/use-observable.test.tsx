import { act, render, screen } from '@testing-library/react';
import { BehaviorSubject, Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { useObservable } from './use-observable';

function Show({ source$ }: { source$: Subject<string> }) {
  return <p>{useObservable(source$, 'initial')}</p>;
}

describe('useObservable', () => {
  it('shows the initial value until the stream emits, then every value', () => {
    const source$ = new Subject<string>();
    render(<Show source$={source$} />);
    expect(screen.getByText('initial')).toBeInTheDocument();
    act(() => source$.next('one'));
    expect(screen.getByText('one')).toBeInTheDocument();
  });

  it('reads a BehaviorSubject at once and unsubscribes on unmount', () => {
    const source$ = new BehaviorSubject('current');
    const { unmount } = render(<Show source$={source$} />);
    expect(screen.getByText('current')).toBeInTheDocument();
    unmount();
    expect(source$.observed).toBe(false);
  });
});
