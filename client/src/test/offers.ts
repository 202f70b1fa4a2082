// Builders for what unlocks content in tests: a locked item's 403 (its public facts and, when it
// is for sale, its offer) and the Pro plans, typed from the BFF's OpenAPI document.
import type { LockedItem, LockedOffer, Plan } from '../api/contract';
import { reply } from './api-stub';
import { level, media } from './builders';

export function buildLockedItem(extra: Partial<LockedItem> = {}): LockedItem {
  return {
    kind: 'lesson',
    id: 65,
    title: 'The Lucena position',
    description: 'Build a bridge with your rook and bring the pawn home.',
    picture: media('lesson-065'),
    subscription_level: 'pro',
    teacher: { name: 'Anna Petrova', picture: null },
    level: level(3, 'intermediate', 'Intermediate 1400+'),
    duration: 1820,
    parts: [
      { title: 'Introduction', duration: 300, exercise_count: 0 },
      { title: 'Building the bridge', duration: 900, exercise_count: 2 },
      { title: 'Practice', duration: 620, exercise_count: 1 },
    ],
    exercise_count: 3,
    part_of: null,
    ...extra,
  };
}

/** The 403 of a locked detail, as the BFF answers it. */
export function lockedAnswer(item: LockedItem = buildLockedItem(), offer?: LockedOffer) {
  return reply(403, {
    error: { code: 'content_locked', message: 'This content is for Pro members.', item, ...(offer ? { offer } : {}) },
  });
}

export function buildPlan(
  period: Plan['period'],
  price = period === 'monthly' ? '9.99' : '99.99',
  currency: Plan['currency'] = 'USD',
): Plan {
  const name = period === 'monthly' ? 'Pro Monthly' : 'Pro Yearly';
  return {
    id: `pro_${period}_${currency.toLowerCase()}`,
    name,
    subtitle: 'Inc. a 7-day trial',
    price_text: '',
    price,
    currency,
    period,
    trial_days: 7,
    store_products: { app_store: null, google_play: null },
  };
}

/** GET /subscriptions/plans as the BFF answers it, in USD. */
export const plansAnswer = (plans: Plan[] = [buildPlan('monthly'), buildPlan('yearly')]) => ({ data: plans });
