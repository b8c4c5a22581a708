import { act, render, screen } from '@testing-library/react';
import { BehaviorSubject, shareReplay, Subject } from 'rxjs';
import type { Observable } from 'rxjs';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useObservable, useObservableInStep } from './use-observable';

function Show({
  source$,
  onRender,
}: {
  source$: Observable<string>;
  onRender?: (value: string) => void;
}) {
  const value = useObservable(source$, 'initial');
  onRender?.(value);
  return <p>{value}</p>;
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

  it('renders a replayed value in the first render, never the initial one', () => {
    const source$ = new Subject<string>();
    const shared$ = source$.pipe(shareReplay({ bufferSize: 1, refCount: true }));
    const held = shared$.subscribe();
    source$.next('replayed');
    const rendered: string[] = [];
    render(<Show source$={shared$} onRender={(value) => rendered.push(value)} />);
    expect(rendered[0]).toBe('replayed');
    act(() => source$.next('next'));
    expect(screen.getByText('next')).toBeInTheDocument();
    held.unsubscribe();
  });

  it('does not render again when the subscription replays the value it already shows', () => {
    const source$ = new BehaviorSubject('current');
    const rendered: string[] = [];
    render(<Show source$={source$} onRender={(value) => rendered.push(value)} />);
    expect(rendered).toEqual(['current']);
  });

  it('takes over markup rendered ahead of time with the initial value, then shows the stream', async () => {
    const source$ = new BehaviorSubject('current');
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Show source$={source$} />);
    expect(container.textContent).toBe('initial');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Show source$={source$} />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.textContent).toBe('current');
  });

  it('renders a value that arrives outside any event as ordinary work, not synchronously', async () => {
    // As in the browser: no act() around the database's answer.
    const reactAct = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = reactAct.IS_REACT_ACT_ENVIRONMENT;
    reactAct.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const source$ = new Subject<string>();
      render(<Show source$={source$} />);
      source$.next('arrived');
      // A synchronous update would already be on screen once the microtasks have run.
      await Promise.resolve();
      await Promise.resolve();
      expect(screen.getByText('initial')).toBeInTheDocument();
      expect(await screen.findByText('arrived')).toBeInTheDocument();
    } finally {
      reactAct.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });

  it('follows a new stream from the render that receives it', () => {
    const first$ = new BehaviorSubject('first');
    const second$ = new BehaviorSubject('second');
    const rendered: string[] = [];
    const { rerender } = render(
      <Show source$={first$} onRender={(value) => rendered.push(value)} />,
    );
    rerender(<Show source$={second$} onRender={(value) => rendered.push(value)} />);
    expect(screen.getByText('second')).toBeInTheDocument();
    expect(rendered).not.toContain('initial');
    expect(first$.observed).toBe(false);
    act(() => second$.next('next'));
    expect(screen.getByText('next')).toBeInTheDocument();
  });

  it('in step: renders every change synchronously, in the frame it happens', async () => {
    const reactAct = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = reactAct.IS_REACT_ACT_ENVIRONMENT;
    reactAct.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const source$ = new BehaviorSubject('playing A');
      function InStep() {
        return <p>{useObservableInStep(source$, 'initial')}</p>;
      }
      render(<InStep />);
      expect(screen.getByText('playing A')).toBeInTheDocument();
      source$.next('playing B');
      await Promise.resolve();
      await Promise.resolve();
      expect(screen.getByText('playing B')).toBeInTheDocument();
    } finally {
      reactAct.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
    }
  });
});
