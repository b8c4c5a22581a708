import { act, render, screen } from '@testing-library/react';
import { Activity, useState } from 'react';
import type * as ReactModule from 'react';
import { BehaviorSubject, shareReplay, Subject } from 'rxjs';
import type { Observable } from 'rxjs';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { useObservable, useObservableInStep } from './use-observable';

// Which updates the hook hands to React as transitions.
const transitions = vi.hoisted(() => vi.fn<(scope: () => void) => void>());
vi.mock('react', async (importOriginal) => {
  const react = await importOriginal<typeof ReactModule>();
  transitions.mockImplementation(react.startTransition);
  return { ...react, startTransition: transitions };
});

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

  it('renders a value replayed as a press reveals it as a transition, after the press', async () => {
    // A hidden tab rendered ahead of time subscribes when a click reveals it; the stream
    // moved on meanwhile. That render must not be part of the click's frame.
    const reactAct = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const actEnvironment = reactAct.IS_REACT_ACT_ENVIRONMENT;
    reactAct.IS_REACT_ACT_ENVIRONMENT = false;
    // jsdom has no `window.event`; a browser sets it while the click is dispatched, and
    // React commits a click's update, effects included, in a microtask of that dispatch.
    let dispatching: Event | undefined;
    Object.defineProperty(window, 'event', { configurable: true, get: () => dispatching });
    try {
      const source$ = new BehaviorSubject('before');
      function Tab() {
        const [mode, setMode] = useState<'hidden' | 'visible'>('hidden');
        return (
          <>
            <button onClick={() => setMode('visible')}>Reveal</button>
            <Activity mode={mode}>
              <Show source$={source$} />
            </Activity>
          </>
        );
      }
      render(<Tab />);
      await screen.findByText('before');
      source$.next('after');
      transitions.mockClear();
      const click = new MouseEvent('click', { bubbles: true });
      dispatching = click;
      screen.getByRole('button', { name: 'Reveal' }).dispatchEvent(click);
      for (let turn = 0; turn < 10; turn += 1) await Promise.resolve();
      dispatching = undefined;
      expect(screen.getByText('before')).toBeVisible();
      expect(transitions).toHaveBeenCalledTimes(1);
      expect(await screen.findByText('after')).toBeVisible();
    } finally {
      Reflect.deleteProperty(window, 'event');
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
