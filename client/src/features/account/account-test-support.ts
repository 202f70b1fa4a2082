// What the account tests share: stubbed BFFs for the visitor's screens and for My account, the
// members they sign in, the fields and their messages, and the sagas' spy on navigation.
import { screen, within } from '@testing-library/react';
import type { MembershipState } from '../../api/contract';
import { navigation } from '../../lib/navigation';
import { initialAuthState } from '../../state/auth-slice';
import type { ToastState } from '../../state/toast-slice';
import { stubApi } from '../../test/api-stub';
import { buildUser } from '../../test/member-builders';
import { buildFooter, buildHome } from '../../test/page-builders';
import { renderApp } from '../../test/render-app';

// The fields of a page and where it went.
/** The message under a field, found through the field's aria-describedby. */
export function errorOf(field: HTMLElement): string | null {
  const id = field.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

export const location = () => screen.getByTestId('location').textContent;
/** A field of the page (the footer has an e-mail field of its own). */
export const field = (label: string | RegExp) => within(screen.getByRole('main')).getByLabelText(label);

export const region = (name: string) => screen.getByRole('region', { name });

export const bodyOf = (call: { init: RequestInit }) => JSON.parse(call.init.body as string) as Record<string, unknown>;

// The visitor's screens: sign-in providers, countries and a member who has signed up.
const COUNTRIES = [
  { code: 'FR', name: 'France' },
  { code: 'IN', name: 'India' },
];
const PROVIDER_NAMES = { facebook: 'Facebook', google: 'Google', apple: 'Apple' } as const;
type Provider = keyof typeof PROVIDER_NAMES;

/** The BFF's answer with these providers on: every other one is null and said to be off. */
export function providersWith(on: Partial<Record<Provider, object>>) {
  const providers = Object.keys(PROVIDER_NAMES) as Provider[];
  const unavailable = Object.fromEntries(
    providers
      .filter((provider) => !on[provider])
      .map((provider) => [
        provider,
        {
          code: 'social_provider_not_configured',
          message: `${PROVIDER_NAMES[provider]} sign-in is not available on this site.`,
        },
      ]),
  );
  return {
    data: { ...Object.fromEntries(providers.map((provider) => [provider, on[provider] ?? null])), unavailable },
  };
}

const NO_PROVIDERS = providersWith({});
/** A member who has signed up, as the login answers them. */
export const signedUp = buildUser({ username: 'ada_board', skill_level: 'master' });

/** The BFF behind the visitor's account pages: no sign-in provider on, two countries, every name free. */
export function stubPages(routes: Record<string, unknown> = {}) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /cms/hubs/home': buildHome(),
    'GET /users/social_providers': NO_PROVIDERS,
    'GET /users/countries': { data: COUNTRIES },
    'GET /users/check': { data: { available: true, message: null } },
    'GET /users/check_email': { data: { available: true, message: null } },
    ...routes,
  });
}

// My account: Ada signed in, without a membership until a test gives her one.
export const ada = buildUser({ username: 'ada_board', email: 'ada@example.com', country: 'FR', skill_level: 'club' });
const member = (who = ada) => ({ auth: { ...initialAuthState(who), accessToken: 't' } });

export const NONE: MembershipState = {
  status: 'none',
  plan: null,
  trial_end: null,
  next_billing_date: null,
  ends_at: null,
  cancel_at_period_end: false,
  user_tier: 'free',
  managed_by: null,
  manageable: false,
};

export function stubMyAccount(routes: Record<string, unknown> = {}) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /cms/hubs/home': buildHome(),
    'GET /users/countries': {
      data: [
        { code: 'FR', name: 'France' },
        { code: 'DE', name: 'Germany' },
      ],
    },
    'GET /users/check': { data: { available: true, message: null } },
    'GET /subscriptions/membership': { data: NONE },
    'GET /products/purchases': { data: [] },
    'GET /users/profile': { data: ada },
    ...routes,
  });
}

export async function openAccount(routes: Record<string, unknown> = {}, path = '/account', who = ada) {
  const api = stubMyAccount(routes);
  const rendered = renderApp(path, member(who));
  await screen.findByRole('heading', { level: 1, name: 'My account' });
  return { api, ...rendered };
}

export function userFields() {
  return { username: 'ada_board', email: 'ada@example.com', country: 'FR', skill_level: 'club' };
}

/** My account's files drop their spies and what the browser stored after each test. */
export function cleanUpAfterEach() {
  afterEach(() => {
    jest.restoreAllMocks();
    window.localStorage.clear();
  });
}

// The account sagas, run whole in the store.
export const flushSagas = async () => {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
};
export const toasts = (store: { getState(): { toasts: ToastState } }) =>
  store.getState().toasts.items.map((toast) => toast.message);

/** navigation.go, spied on before each test of the files that call spyOnNavigationEachTest(). */
export let go: jest.SpyInstance;
export function spyOnNavigationEachTest() {
  beforeEach(() => {
    go = jest.spyOn(navigation, 'go').mockImplementation(() => undefined);
  });
}

export const sagaMember = buildUser({ username: 'ada', skill_level: 'club' });
export const session = { data: { access: 'access-1', user: sagaMember } };

/** A route that refuses the first call for a wrong password under `field`, then answers `then`. */
export function wrongPasswordOnce(field: string, then: unknown) {
  let attempts = 0;
  return () => {
    attempts += 1;
    return attempts === 1
      ? {
          status: 400,
          body: {
            error: {
              code: 'user_wrong_password',
              message: 'x',
              fields: { [field]: 'Password is incorrect. Please try again.' },
            },
          },
        }
      : { body: then };
  };
}
