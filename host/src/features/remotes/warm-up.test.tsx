import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteProps } from '@loofi/shared/contracts';
import { createFakeRemoteProps } from '@loofi/shared/testing';
import { warmUp } from './warm-up';

type ActEnvironment = { IS_REACT_ACT_ENVIRONMENT?: boolean };

describe('warmUp', () => {
  // The warm-up is left to React's own scheduling, as in the page: not inside act().
  beforeEach(() => {
    (globalThis as ActEnvironment).IS_REACT_ACT_ENVIRONMENT = false;
  });
  afterEach(() => {
    (globalThis as ActEnvironment).IS_REACT_ACT_ENVIRONMENT = true;
  });

  it('renders the remote once, hidden and detached, with none of its effects', async () => {
    const rendered = vi.fn();
    const effect = vi.fn();
    function FakeApp(props: RemoteProps) {
      rendered(props);
      useEffect(effect);
      return <p>the fake remote</p>;
    }
    const props: RemoteProps = createFakeRemoteProps();
    warmUp(FakeApp, props);
    await vi.waitFor(() => expect(rendered).toHaveBeenCalledWith(props));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(effect).not.toHaveBeenCalled();
    expect(document.body.textContent).not.toContain('the fake remote');
  });

  it('keeps a remote that throws to itself', async () => {
    const thrown = vi.fn();
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Broken(): never {
      thrown();
      throw new Error('a broken remote');
    }
    expect(() => warmUp(Broken, createFakeRemoteProps())).not.toThrow();
    await vi.waitFor(() => expect(thrown).toHaveBeenCalled());
    errors.mockRestore();
  });
});
