import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../lib/browser';
import { storage } from '../lib/storage';
import { initialAuthState } from '../state/auth-slice';
import { modalOpened } from '../state/modal-slice';
import { errorBody, reply, stubApi } from '../test/api-stub';
import { buildUser, proUser } from '../test/member-builders';
import { buildFooter, buildHome } from '../test/page-builders';
import { renderApp } from '../test/render-app';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const signedInAs = (user = buildUser()) => ({ auth: { ...initialAuthState(user), accessToken: 't' } });

describe('main menu', () => {
  it('offers every section, the Masterclass and the Grand Chess Tour too, Log in and the member promo to a guest', async () => {
    const user = userEvent.setup();
    renderApp('/404');
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });

    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Lessons' })).toHaveAttribute('href', '/lessons');
    expect(within(menu).getByRole('link', { name: 'Articles' })).toHaveAttribute('href', '/articles');
    expect(within(menu).getByRole('link', { name: 'Chess programs' })).toHaveAttribute('href', '/programs');
    expect(within(menu).getByRole('link', { name: 'Masterclass' })).toHaveAttribute('href', '/masterclass');
    expect(within(menu).getByRole('link', { name: 'Grand Chess Tour' })).toHaveAttribute('href', '/grand-chess-tour');
    expect(within(menu).getByRole('heading', { name: 'Become a member' })).toBeInTheDocument();

    await user.click(within(menu).getByRole('button', { name: 'Log in' }));
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('offers Log out and the upgrade promo to a free member, and logs out', async () => {
    const user = userEvent.setup();
    const reload = jest.spyOn(browser, 'reload').mockImplementation(() => undefined);
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /users/profile': { data: buildUser() },
      'GET /users/logout': { data: {} },
    });
    const { store } = renderApp('/404', signedInAs());
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });

    const menu = screen.getByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('heading', { name: 'Elevate your game' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('button', { name: 'Upgrade' }));
    expect(screen.getByRole('dialog', { name: 'Choose your plan' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await act(flush);
    expect(store.getState().auth.user).toBeNull();
    expect(reload).toHaveBeenCalled();
  });

  it('shows no promo to a Pro member', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /content/footer': buildFooter(), 'GET /users/profile': { data: proUser() } });
    renderApp('/404', signedInAs(proUser()));
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });

    expect(screen.queryByRole('heading', { name: 'Elevate your game' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Become a member' })).not.toBeInTheDocument();
  });
});

describe('overlays', () => {
  it('opens the ?open= overlay on load, traps focus, closes on Escape and gives focus back', async () => {
    const user = userEvent.setup();
    renderApp('/404?open=register');

    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let i = 0; i < 12; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('returns focus to the control that opened it', async () => {
    const user = userEvent.setup();
    renderApp('/404');
    const menuButton = screen.getByRole('button', { name: 'Menu' });

    await user.click(menuButton);
    await screen.findByRole('dialog', { name: 'Menu' });
    await user.keyboard('{Escape}');

    expect(menuButton).toHaveFocus();
  });

  it('does not open login on /login', async () => {
    renderApp('/login?open=login');

    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('does not open login from the menu on /login either', async () => {
    const user = userEvent.setup();
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Log in' });

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(screen.getByRole('dialog', { name: 'Menu' })).getByRole('button', { name: 'Log in' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ignores ?open= values other than login, register and upgrade', async () => {
    renderApp('/404?open=terms');
    await screen.findByText('404 ERROR');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the guest prompt leads to the register page, or to log in', async () => {
    const user = userEvent.setup();
    const { store } = renderApp('/404');
    act(() => {
      store.dispatch(modalOpened('guest'));
    });
    const dialog = screen.getByRole('dialog', { name: 'Become a member' });
    expect(within(dialog).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register/email');
    expect(within(dialog).getByRole('link', { name: 'More ways to sign up' })).toHaveAttribute('href', '/onboarding');

    await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('the register overlay offers the ways to sign up and can switch to the terms text', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/legal-pages/terms': {
        slug: 'terms',
        title: 'Terms and conditions',
        body: '# Terms and conditions\n\nYou must be **at least 18 years old**.',
      },
    });
    renderApp('/404?open=register');
    const dialog = await screen.findByRole('dialog', { name: 'Sign up' });
    expect(await within(dialog).findByRole('link', { name: 'Sign up with E-mail' })).toHaveAttribute(
      'href',
      '/register/email',
    );

    await user.click(within(dialog).getByRole('button', { name: 'terms and conditions' }));

    const terms = screen.getByRole('dialog', { name: 'Terms and conditions' });
    expect(await within(terms).findByText('at least 18 years old')).toBeInTheDocument();
  });
});

describe('cookie banner', () => {
  it('appears after 1 s and hides after No, thanks', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderApp('/404');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(999);
    });
    expect(screen.queryByText('We use cookies on this website to enhance your experience')).not.toBeInTheDocument();
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByText('We use cookies on this website to enhance your experience')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'No, thanks' }));

    expect(screen.queryByText('We use cookies on this website to enhance your experience')).not.toBeInTheDocument();
    expect(storage.readConsent()).toEqual({ statistics: false, media: false });
    jest.useRealTimers();
  });

  it('stays away once a choice is stored', async () => {
    jest.useFakeTimers();
    storage.writeConsent({ statistics: true, media: true });
    renderApp('/404');
    await act(async () => {
      await jest.advanceTimersByTimeAsync(2000);
    });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    jest.useRealTimers();
  });
});

describe('footer and newsletter', () => {
  it('shows the social links of the footer data and the legal pages', async () => {
    renderApp('/404');
    const social = await screen.findByRole('navigation', { name: 'Social networks' });
    expect(within(social).getByRole('link', { name: 'Facebook' })).toHaveAttribute(
      'href',
      'https://facebook.example/c',
    );
    expect(within(social).getAllByRole('link')).toHaveLength(4);
    for (const link of within(social).getAllByRole('link')) {
      // Each network is its mark, drawn as SVG, named for screen readers by the link.
      expect(link.querySelector('svg')).not.toBeNull();
      expect(link).toHaveTextContent(/^$/);
    }
    expect(within(social).getByRole('link', { name: 'X (Twitter)' })).toBeInTheDocument();
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Refund policy' })).toHaveAttribute('href', '/legal/refund-policy');
    expect(within(legal).getAllByRole('link')).toHaveLength(7);
  });

  it('validates under the field on submit and on every change, then subscribes', async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'POST /content/subscribe': () => new Promise((resolve) => (release = () => resolve({ body: { data: {} } }))),
    });
    renderApp('/404');
    const field = await screen.findByLabelText('E-mail');
    const subscribe = screen.getByRole('button', { name: 'Subscribe' });

    await user.click(subscribe);
    expect(screen.getByText('This field is required.')).toHaveClass('field-error');
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await user.type(field, 'ada@');
    expect(screen.getByText('Email format is invalid.')).toBeInTheDocument();
    await user.type(field, 'example.com');
    expect(screen.queryByText('Email format is invalid.')).not.toBeInTheDocument();
    expect(api.callsTo('/content/subscribe')).toHaveLength(0);

    await user.click(subscribe);
    expect(screen.getByRole('button', { name: 'Subscribing…' })).toBeDisabled();
    expect(JSON.parse(api.callsTo('/content/subscribe')[0]!.init.body as string)).toEqual({ email: 'ada@example.com' });

    await act(async () => {
      release();
      await flush();
    });
    expect(screen.getByText('Thank you for subscribing!')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
  });

  it('shows the thank-you view when the footer data says subscribed', async () => {
    stubApi({ 'GET /content/footer': buildFooter({ subscribed: true }) });
    renderApp('/404');
    expect(await screen.findByText('Thank you for subscribing!')).toBeInTheDocument();
  });

  it('shows the newsletter error toast on a failure, and the known text for already_subscribed', async () => {
    const user = userEvent.setup();
    let answer = reply(500, errorBody('server_error'));
    stubApi({ 'GET /content/footer': buildFooter(), 'POST /content/subscribe': () => answer });
    renderApp('/404');
    const field = await screen.findByLabelText('E-mail');

    await user.type(field, 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Something went wrong with your newsletter subscription.')).toBeInTheDocument();

    answer = reply(409, errorBody('already_subscribed'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('This email address is already used for subscription')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toBeInTheDocument();
  });
});

describe('embedded view', () => {
  it('hides header and footer', async () => {
    window.history.replaceState(null, '', '/home?embedded=true&token=app');
    stubApi({ 'GET /cms/hubs/home': buildHome(), 'GET /users/profile': { data: buildUser() } });
    renderApp('/home?embedded=true&token=app');

    await screen.findByRole('heading', { name: 'Learn from the best' });
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    window.history.replaceState(null, '', '/');
  });

  it('never shows the cookie banner, even without a consent parameter', async () => {
    jest.useFakeTimers();
    window.history.replaceState(null, '', '/home?embedded=true&token=app');
    stubApi({ 'GET /cms/hubs/home': buildHome(), 'GET /users/profile': { data: buildUser() } });
    renderApp('/home?embedded=true&token=app');
    await screen.findByRole('heading', { name: 'Learn from the best' });

    act(() => {
      jest.advanceTimersByTime(5000);
    });
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
    jest.useRealTimers();
    window.history.replaceState(null, '', '/');
  });
});

describe('legal and tour pages', () => {
  it('shows a legal page from its slug, and sends an unknown slug to 404', async () => {
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/legal-pages/dmca': { slug: 'dmca', title: 'DMCA policy', body: '# DMCA policy\n\nWrite to us.' },
    });
    const { unmount } = renderApp('/legal/dmca');
    expect(await screen.findByRole('heading', { level: 1, name: 'DMCA policy' })).toBeInTheDocument();
    expect(document.title).toBe('DMCA policy');
    unmount();

    renderApp('/legal/nope');
    expect(await screen.findByText('404 ERROR')).toBeInTheDocument();
  });

  it('shows the Grand Chess Tour: the finished season as a replay, the five events and About', async () => {
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/grand-chess-tour': {
        title: 'Grand Chess Tour 2022',
        season: 2022,
        live_video_id: 'live1',
        about: '## About the tour\n\nElite events.',
        events: ['Bucharest', 'Warsaw', 'Zagreb', 'Saint Louis', 'Saint Louis'].map((city, i) => ({
          name: `${city} event ${i + 1}`,
          city,
          start_date: `2022-0${i + 5}-10`,
          end_date: `2022-0${i + 5}-17`,
        })),
      },
    });
    renderApp('/grand-chess-tour');

    expect(await screen.findByRole('heading', { level: 1, name: 'Grand Chess Tour 2022' })).toBeInTheDocument();
    expect(document.title).toBe('Grand Chess Tour 2022');
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(5);
    expect(screen.getByRole('heading', { level: 2, name: 'The 2022 season' })).toBeInTheDocument();
    expect(screen.getByText(/May 10, 2022/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About the tour' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Allow media cookies' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Watch again' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Live' })).not.toBeInTheDocument();
  });
});
