// The registration sagas, availability checks included, run whole in the real store against a stubbed network.
import { makeStore } from '../../app/store';
import { storage } from '../../lib/storage';
import { initialConsentState } from '../../state/consent-slice';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildFooter } from '../../test/page-builders';
import { emailEdited, registerPageOpened, registerRequested, usernameEdited } from './slice';
import type { RegistrationRequest } from '../../api/endpoints';
import {
  bodyOf,
  flushSagas as flush,
  go,
  sagaMember as member,
  spyOnNavigationEachTest,
  toasts,
} from './account-test-support';

spyOnNavigationEachTest();

describe('availability checks', () => {
  afterEach(() => jest.useRealTimers());

  it('wait 400 ms after the last change and check only the last value', async () => {
    jest.useFakeTimers();
    const api = stubApi({
      'GET /users/check': { data: { available: false, message: 'This username is already taken.' } },
    });
    const store = makeStore();

    store.dispatch(usernameEdited('magnus'));
    await jest.advanceTimersByTimeAsync(300);
    store.dispatch(usernameEdited('magnus_c'));
    await jest.advanceTimersByTimeAsync(399);
    expect(api.callsTo('/users/check')).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1);

    expect(api.callsTo('/users/check').map((call) => call.url.searchParams.get('username'))).toEqual(['magnus_c']);
    expect(store.getState().account.availability.username).toEqual({
      value: 'magnus_c',
      available: false,
      message: 'This username is already taken.',
    });
  });

  it.each([
    ['username', 5, false],
    ['username', 6, true],
    ['username', 30, true],
    ['username', 31, false],
    ['email', 5, false],
    ['email', 6, true],
    ['email', 62, true],
    ['email', 63, false],
  ] as const)('%s of %i characters: checked %p', async (field, length, checked) => {
    jest.useFakeTimers();
    const api = stubApi({
      'GET /users/check': { data: { available: true, message: null } },
      'GET /users/check_email': { data: { available: true, message: null } },
    });
    const store = makeStore();

    store.dispatch(
      field === 'username' ? usernameEdited('u'.repeat(length)) : emailEdited(`${'e'.repeat(length - 5)}@x.co`),
    );
    await jest.advanceTimersByTimeAsync(400);

    expect(api.callsTo(field === 'username' ? '/users/check' : '/users/check_email')).toHaveLength(checked ? 1 : 0);
  });
});

describe('registration', () => {
  const emailForm: RegistrationRequest = {
    type: 'email',
    username: 'ada_board',
    email: 'ada@example.com',
    password: 'Queen4ever!',
    country: 'FR',
    skill_level: 'club',
    terms: true,
    subscribe: true,
  };

  afterEach(() => {
    delete window.dataLayer;
  });

  it('an e-mail registration asks to confirm the address; it clears social data and the guest flag and fires the event', async () => {
    window.dataLayer = [];
    storage.writeGuest(true);
    storage.writeSocialRegistration({ type: 'google', token: 't', email: null });
    const api = stubApi({
      'POST /users/register': reply(201, { data: { access: null, user: member, email_confirmation_required: true } }),
    });
    const store = makeStore({ consent: initialConsentState({ statistics: true, media: false }) });

    store.dispatch(registerRequested({ form: emailForm, redirect: '/lessons/8' }));
    await flush();

    expect(bodyOf(api.callsTo('/users/register')[0]!)).toEqual({ ...emailForm, platform: 'mobile-web' });
    expect(store.getState().account).toMatchObject({
      registerStatus: 'succeeded',
      confirmationSentTo: 'ada@example.com',
    });
    expect(store.getState().auth).toMatchObject({ user: null, guest: false });
    expect(storage.readGuest()).toBe(false);
    expect(storage.readSocialRegistration()).toBeNull();
    expect(window.dataLayer).toEqual([{ event: 'registration', method: 'email' }]);
    // The redirect waits for the first login, after the confirmation.
    expect(storage.readRedirect()).toBe('/lessons/8');
    expect(go).not.toHaveBeenCalled();
  });

  it('the registration event is not forwarded without statistics consent', async () => {
    window.dataLayer = [];
    stubApi({
      'POST /users/register': reply(201, { data: { access: null, user: member, email_confirmation_required: true } }),
    });
    const store = makeStore({ consent: initialConsentState({ statistics: false, media: true }) });

    store.dispatch(registerRequested({ form: emailForm, redirect: null }));
    await flush();

    expect(window.dataLayer).toEqual([]);
  });

  it('a social registration signs in at once and goes to the redirect', async () => {
    storage.writeSocialRegistration({ type: 'google', token: 'social-token', email: 'ada@example.com' });
    stubApi({
      'GET /content/footer': buildFooter(),
      'POST /users/register': reply(201, {
        data: { access: 'access-2', user: member, email_confirmation_required: false },
      }),
    });
    const store = makeStore();
    const form: RegistrationRequest = { ...emailForm, type: 'google', password: undefined, token: 'social-token' };

    store.dispatch(registerRequested({ form, redirect: '/programs' }));
    await flush();

    expect(store.getState().auth).toMatchObject({ accessToken: 'access-2', user: { username: 'ada' } });
    expect(storage.readSocialRegistration()).toBeNull();
    expect(go).toHaveBeenCalledWith('/programs');
  });

  it("shows the server's field messages under their fields, and toasts any other failure", async () => {
    stubApi({
      'POST /users/register': reply(409, {
        error: {
          code: 'user_username_exists',
          message: 'This username is already taken.',
          fields: { username: 'This username is already taken.' },
        },
      }),
    });
    const store = makeStore();
    store.dispatch(registerRequested({ form: emailForm, redirect: null }));
    await flush();
    expect(store.getState().account.registerErrors).toEqual({ username: 'This username is already taken.' });
    expect(toasts(store)).toEqual([]);

    stubApi({ 'POST /users/register': reply(429, errorBody('rate_limited', 'Too many attempts.')) });
    store.dispatch(registerRequested({ form: emailForm, redirect: null }));
    await flush();
    expect(toasts(store)).toEqual(['Something went wrong with your registration: Too many attempts.']);
    expect(store.getState().account.registerStatus).toBe('failed');
  });

  it('a social register page finds its stored data, or leaves as after registration without it', async () => {
    stubApi({});
    const store = makeStore();
    storage.writeSocialRegistration({ type: 'apple', token: 'apple-social', email: null });

    store.dispatch(registerPageOpened({ type: 'apple', redirect: null }));
    await flush();
    expect(store.getState().account.socialRegistration).toEqual({ type: 'apple', token: 'apple-social', email: null });
    expect(go).not.toHaveBeenCalled();

    store.dispatch(registerPageOpened({ type: 'google', redirect: '/programs' }));
    await flush();
    expect(go).toHaveBeenCalledWith('/programs', { replace: true });
  });
});
