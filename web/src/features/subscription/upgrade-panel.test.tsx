// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { FakeIdentity } from '../../test/fake-identity.js';
import { renderInApp } from '../../test/render-app.js';
import { UpgradePanel } from './upgrade-panel.js';

afterEach(cleanup);

describe('UpgradePanel', () => {
  it('opens on the annual plan with its price and saving, switches to monthly, and can be dismissed', () => {
    const onDismiss = vi.fn();
    renderInApp(<UpgradePanel title="Unlock unlimited uploads" onDismiss={onDismiss} />, {
      identity: new FakeIdentity(),
    });
    const panel = screen.getByRole('region', { name: 'Unlock unlimited uploads' });
    expect(within(panel).getByRole('tab', { name: 'Annual' }).getAttribute('aria-selected')).toBe('true');
    expect(within(panel).getByText('$6')).toBeTruthy();
    expect(within(panel).getByText('Save 50%')).toBeTruthy();
    expect(within(panel).getByText('$5.88 saved vs monthly')).toBeTruthy();

    const monthly = within(panel).getByRole('tab', { name: 'Monthly' });
    fireEvent.mouseDown(monthly);
    fireEvent.click(monthly);
    expect(monthly.getAttribute('aria-selected')).toBe('true');
    expect(within(panel).getByText('$0.99')).toBeTruthy();

    fireEvent.click(within(panel).getByRole('button', { name: 'Maybe Later' }));
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('has no dismiss button when nothing can dismiss it', () => {
    renderInApp(<UpgradePanel />, { identity: new FakeIdentity() });
    expect(screen.getByRole('region', { name: 'Upgrade to Premium' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Maybe Later' })).toBeNull();
  });
});
