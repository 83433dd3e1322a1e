import { describe, expect, it } from 'vitest';
import {
  formatDate,
  planBox,
  renewalBadge,
  type SubscriptionView,
  shownDate,
} from './subscription-display.ts';

const now = Date.parse('2026-03-01T12:00:00Z');
const future = '2026-04-01T00:00:00.000Z';
const past = '2026-02-01T00:00:00.000Z';
const on = { billingEnabled: true, now };

const paid: SubscriptionView = {
  productType: 'basic',
  subscriptionStatus: 'active',
  subscriptionExpiration: future,
  isTrialing: false,
  trialEndDate: null,
  subscriptionCancelAtPeriodEnd: false,
  stripeSubscriptionId: 'sub_1',
  stripeCustomerId: 'cus_1',
};

describe('plan box by the spec priority', () => {
  it('puts the trial first, even on a cancelled or cancelling subscription', () => {
    const trial = { ...paid, subscriptionStatus: 'trialing', isTrialing: true };
    expect(planBox(trial, on)).toEqual({
      kind: 'trial',
      title: 'Free Trial Active',
      actions: ['manage'],
    });
    expect(planBox({ ...trial, subscriptionCancelAtPeriodEnd: true }, on).actions).toEqual([
      'reactivate',
      'manage',
    ]);
  });

  it('shows the free plan before any subscription state', () => {
    const free = { ...paid, productType: 'free' as const, subscriptionStatus: 'cancelled' };
    expect(planBox(free, on)).toEqual({ kind: 'free', title: 'Free Plan', actions: ['upgrade'] });
  });

  it('offers Reactivate, the portal or Subscribe Again on a cancelled subscription', () => {
    const cancelled = { ...paid, subscriptionStatus: 'cancelled' };
    expect(planBox(cancelled, on)).toMatchObject({
      title: 'Subscription Cancelled',
      actions: ['reactivate'],
    });
    const ended = { ...cancelled, subscriptionExpiration: past };
    expect(planBox(ended, on).actions).toEqual(['subscribe-again', 'manage']);
    expect(planBox({ ...ended, stripeCustomerId: null }, on).actions).toEqual(['subscribe-again']);
    expect(planBox({ ...cancelled, stripeSubscriptionId: null }, on).actions).toEqual([
      'subscribe-again',
      'manage',
    ]);
  });

  it('then an ending subscription, then auto-renewal', () => {
    expect(planBox({ ...paid, subscriptionCancelAtPeriodEnd: true }, on)).toEqual({
      kind: 'ending',
      title: 'Subscription Ending',
      actions: ['reactivate', 'manage'],
    });
    expect(planBox(paid, on)).toEqual({
      kind: 'active',
      title: 'Auto-Renewal Active',
      actions: ['manage'],
    });
  });

  it('has nothing to manage without billing', () => {
    expect(planBox(paid, { billingEnabled: false, now })).toEqual({
      kind: 'self-hosted',
      title: 'Self-Hosted Plan',
      actions: [],
    });
  });
});

describe('renewal badge', () => {
  it('names what happens at the end of the period', () => {
    expect(renewalBadge(paid, on)?.label).toBe('Auto-renewal enabled');
    expect(renewalBadge({ ...paid, isTrialing: true }, on)?.label).toBe('Free Trial');
    expect(renewalBadge({ ...paid, subscriptionCancelAtPeriodEnd: true }, on)?.label).toBe(
      'Cancelling at period end',
    );
    expect(renewalBadge({ ...paid, subscriptionStatus: 'cancelled' }, on)?.label).toBe('Cancelled');
    expect(renewalBadge({ ...paid, productType: 'free' }, on)).toBeNull();
    expect(renewalBadge(paid, { billingEnabled: false })).toBeNull();
  });
});

describe('expiry dates', () => {
  it("shows invalid or pre-1980 dates as 'N/A'", () => {
    expect(formatDate('N/A')).toBe('N/A');
    expect(formatDate(null)).toBe('N/A');
    expect(formatDate('not a date')).toBe('N/A');
    expect(formatDate('1970-01-01T00:00:00.000Z')).toBe('N/A');
    expect(formatDate('1979-12-31T23:59:59.000Z')).toBe('N/A');
    expect(shownDate('1980-01-01T00:00:00.000Z')?.toISOString()).toBe('1980-01-01T00:00:00.000Z');
    expect(formatDate('2026-04-15T12:00:00.000Z')).toBe('April 15, 2026');
  });
});
