import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tabLinks } from './tab-links';

describe('tabLinks', () => {
  it('names each panel by its tab, and points each tab at its panel', () => {
    const links = tabLinks<'one' | 'two'>('set');
    render(
      <>
        <div role="tablist">
          <button role="tab" {...links.tab('one')}>
            One
          </button>
          <button role="tab" {...links.tab('two')}>
            Two
          </button>
        </div>
        <div {...links.panel('one')}>first</div>
        <div {...links.panel('two')} hidden>
          second
        </div>
      </>,
    );
    const panel = screen.getByRole('tabpanel', { name: 'One' });
    expect(panel).toHaveTextContent('first');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveAttribute('aria-controls', panel.id);
    expect(screen.getByRole('tab', { name: 'Two' })).not.toHaveAttribute('aria-controls', panel.id);
  });
});
