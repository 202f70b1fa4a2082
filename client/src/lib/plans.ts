// The plan rules of the upgrade page and overlay: which plans to offer, which period shows first,
// and which price a card shows.
import type { Plan, PlanPeriod } from '../api/contract';
import { formatPrice } from './prices';

export const PERIODS: readonly { key: PlanPeriod; label: string }[] = [
  { key: 'monthly', label: 'Monthly' },
  { key: 'yearly', label: 'Yearly' },
];
export const DEFAULT_PERIOD: PlanPeriod = 'monthly';
export const NO_PLANS = 'No subscription plans available. Please refresh the page or come back later.';
export const ALREADY_PRO = 'You are already a Pro member';

/**
 * The plans to offer: as given when there are one or two; from more than two (every currency),
 * only the USD plans, one per period, monthly first.
 */
export function plansToShow(plans: readonly Plan[]): Plan[] {
  if (plans.length <= 2) return [...plans];
  return PERIODS.flatMap(({ key: period }) => {
    const plan = plans.find((item) => item.currency === 'USD' && item.period === period);
    return plan ? [plan] : [];
  });
}

export function plansOfPeriod(plans: readonly Plan[], period: PlanPeriod): Plan[] {
  return plans.filter((plan) => plan.period === period);
}

/** The price a plan card shows: visitors see it only on USD plans (null: no price shown). */
export function shownPrice(plan: Plan, signedIn: boolean): string | null {
  if (!signedIn && plan.currency !== 'USD') return null;
  return formatPrice(plan);
}
