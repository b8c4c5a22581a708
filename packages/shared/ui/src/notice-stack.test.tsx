import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NOTICE_STACK_ID } from '@loofi/contracts';
import { useNoticeStack } from './notice-stack';

function Notice() {
  const stack = useNoticeStack();
  return (
    <section aria-label="Tab">
      {stack.place(
        <p role="status" data-in-stack={stack.sx ? 'yes' : 'no'}>
          Saved.
        </p>,
      )}
    </section>
  );
}

afterEach(() => document.body.replaceChildren());

describe('useNoticeStack', () => {
  it('puts a notice into the page’s notice stack, in its flow', () => {
    const stack = document.createElement('div');
    stack.id = NOTICE_STACK_ID;
    document.body.append(stack);
    render(<Notice />);
    const notice = screen.getByRole('status');
    expect(stack).toContainElement(notice);
    expect(notice).toHaveAttribute('data-in-stack', 'yes');
  });

  it('shows it in place where the page has no stack (an older shell, a standalone page)', () => {
    render(<Notice />);
    const notice = screen.getByRole('status');
    expect(screen.getByRole('region', { name: 'Tab' })).toContainElement(notice);
    expect(notice).toHaveAttribute('data-in-stack', 'no');
  });
});
