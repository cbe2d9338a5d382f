/** Plans and prices (SPEC §9). One monthly price everywhere: $0.99/month. */
export type PlanType = 'monthly' | 'annual';

export const DEFAULT_PLAN: PlanType = 'annual';

export const PLANS = {
  monthly: {
    type: 'monthly',
    label: 'Monthly',
    price: '$0.99',
    period: '/month',
    /** What the plan costs over a year. */
    note: '$11.88/year when paid monthly',
    analyticsValue: 0.99,
    cta: 'Subscribe Monthly',
  },
  annual: {
    type: 'annual',
    label: 'Annual',
    price: '$6',
    period: '/year',
    badge: 'Save 50%',
    note: '$5.88 saved vs monthly',
    analyticsValue: 6,
    cta: 'Subscribe Annually',
  },
} as const;

export const PREMIUM_FEATURES = ['Unlimited uploads', 'Priority processing', 'Enhanced summarisation'] as const;

export function isPlanType(value: unknown): value is PlanType {
  return value === 'monthly' || value === 'annual';
}
