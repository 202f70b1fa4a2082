// Builders of members for tests, typed from the BFF's OpenAPI document (api/contract.ts).
import type { User } from '../api/contract';

export function buildUser(extra: Partial<User> = {}): User {
  return {
    id: 1,
    username: 'magnus',
    email: 'magnus@example.com',
    firstname: 'Ada',
    lastname: 'Board',
    country: 'NO',
    skill_level: 'club',
    avatar: { src: null },
    user_tier: 'free',
    subscription: null,
    ...extra,
  };
}

export function buildMembership(
  status: NonNullable<User['subscription']>['status'],
  period: 'monthly' | 'yearly' = 'monthly',
): NonNullable<User['subscription']> {
  return {
    id: 'sub_1',
    status,
    managed_by: 'stripe',
    plan: { id: `pro-${period}-usd`, name: 'Pro', period, currency: 'USD', price_text: '$9.99' },
    current_period_end: null,
    trial_end: null,
    cancel_at_period_end: false,
  };
}

export const proUser = () => buildUser({ user_tier: 'pro', subscription: buildMembership('active') });
