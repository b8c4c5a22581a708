import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createFakeRemoteProps, FAKE_CONFIG } from '@loofi/shared/testing';
import App, { CONTRACT_VERSION } from './expose';

describe('the Settings remote ./App', () => {
  it('is built against the current contract', () => {
    expect(CONTRACT_VERSION).toBe(1);
  });

  it('shows the app name and the version it was given', () => {
    render(<App {...createFakeRemoteProps({ config: { ...FAKE_CONFIG, version: '9.9.9' } })} />);
    const about = screen.getByRole('region', { name: 'About' });
    expect(within(about).getByText('loofi 9.9.9')).toBeVisible();
  });
});
