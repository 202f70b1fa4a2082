// What the upgrade tests share: the plans and page the BFF answers, a member's state, held-back answers.
import type { Plan, UpgradePage } from '../../api/contract';
import { initialAuthState } from '../../state/auth-slice';
import { type StubbedCall, stubApi } from '../../test/api-stub';
import { media } from '../../test/builders';
import { buildUser } from '../../test/member-builders';
import { buildPlan, plansAnswer } from '../../test/offers';
import { buildFooter } from '../../test/page-builders';

/** A plan as the BFF answers it, in any currency. */
export const plan = (currency: Plan['currency'], period: Plan['period'], price?: string): Plan =>
  buildPlan(period, price, currency);

// As the BFF answers: every plan in USD, EUR and INR.
export const ALL_PLANS = (['USD', 'EUR', 'INR'] as const).flatMap((currency) => [
  plan(currency, 'monthly'),
  plan(currency, 'yearly'),
]);

export const PAGE: UpgradePage = {
  id: 1,
  banner_title: 'Become a Pro member',
  banner_text: 'Unlock every lesson, program, documentary and interview.',
  learn: { title: 'Learn', text: 'Lessons and programs by master players.', image: media('upgrade-learn') },
  watch: { title: 'Watch', text: 'All documentaries and interviews.', image: media('upgrade-watch') },
  play: { title: 'Play', text: 'Unlimited puzzles in the apps.', image: media('upgrade-play') },
  testimonials: [
    { quote: 'I gained 200 points.', name: 'Samuel Okoro', title: 'Club player' },
    { quote: 'The clearest endgame lessons.', name: 'Anja Weiss', title: 'Tournament player' },
    { quote: 'A documentary every Sunday.', name: 'Carlos Medina', title: 'Parent' },
  ],
};

export const member = (user = buildUser()) => ({ auth: { ...initialAuthState(user), accessToken: 't' } });

export function stubUpgrade(routes: Record<string, unknown> = {}) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /cms/upgrade-page': PAGE,
    'GET /subscriptions/plans': plansAnswer(ALL_PLANS),
    'GET /users/profile': { data: buildUser() },
    ...routes,
  });
}

/** An answer held back until released, to see what shows meanwhile. */
export function heldBack(body: unknown) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { respond: async () => (await gate, { body }), release: () => release() };
}

/** The Authorization header a call went out with. */
export const bearer = (call: StubbedCall) => (call.init.headers as Record<string, string>).Authorization;
