// My account (/account): who sees it, the membership and its billing page, the items bought.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MembershipState, OwnedItem } from '../../api/contract';
import { browser } from '../../lib/browser';
import { storage } from '../../lib/storage';
import { errorBody } from '../../test/api-stub';
import { renderApp } from '../../test/render-app';
import { bodyOf, cleanUpAfterEach, NONE, openAccount, region, stubMyAccount as stub } from './account-test-support';

cleanUpAfterEach();

const ACTIVE: MembershipState = {
  ...NONE,
  status: 'active',
  plan: {
    id: 'pro_monthly_usd',
    name: 'Pro Monthly',
    period: 'monthly',
    price: '9.99',
    currency: 'USD',
    price_text: '$9.99',
  },
  next_billing_date: '2027-03-04T10:00:00Z',
  user_tier: 'pro',
  managed_by: 'stripe',
  manageable: true,
};
const PROGRAM: OwnedItem = {
  entity: 'program',
  entityId: 3,
  title: '30 days of tactics',
  path: '/program/3',
  purchased_at: '2026-11-02T09:00:00Z',
  amount: 2999,
  currency: 'USD',
  price_text: '$29.99',
};

describe('My account: who sees it', () => {
  it('offers a guest the login overlay and keeps /account as the redirect after login', async () => {
    const api = stub();
    renderApp('/account?error=user_email_exists');
    await screen.findByRole('heading', { level: 1, name: 'My account' });

    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
    expect(storage.readRedirect()).toBe('/account?error=user_email_exists');
    expect(screen.getByText('Log in to see your account.')).toBeInTheDocument();
    expect(api.callsTo('/subscriptions/membership')).toHaveLength(0);
  });
});

describe('My account: membership and purchases', () => {
  it('shows a Pro membership with its plan, price and next billing date, and no Upgrade', async () => {
    await openAccount({ 'GET /subscriptions/membership': { data: ACTIVE } });
    const membership = region('Membership');

    await within(membership).findByText('Pro Monthly');
    expect(within(membership).getByText('Active')).toBeInTheDocument();
    expect(within(membership).getByText('$9.99 a month')).toBeInTheDocument();
    expect(within(membership).getByText('March 4, 2027')).toBeInTheDocument();
    expect(within(membership).getByRole('button', { name: 'Manage billing' })).toBeInTheDocument();
    expect(within(membership).queryByRole('link', { name: 'Upgrade' })).toBeNull();
  });

  it('says when a membership ends at the end of the period', async () => {
    const cancelling = { ...ACTIVE, status: 'cancelling', next_billing_date: null, ends_at: '2027-01-31T00:00:00Z' };
    await openAccount({ 'GET /subscriptions/membership': { data: cancelling } });
    const membership = region('Membership');

    expect(await within(membership).findByText('Cancelling at the end of the period')).toBeInTheDocument();
    expect(within(membership).getByText('January 31, 2027')).toBeInTheDocument();
    expect(within(membership).queryByText('Next billing date')).toBeNull();
  });

  it('offers a member without a membership the upgrade, and no billing page to open', async () => {
    await openAccount();
    const membership = region('Membership');

    expect(await within(membership).findByText('Free member')).toBeInTheDocument();
    expect(within(membership).getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/upgrade-account');
    expect(within(membership).queryByRole('button', { name: 'Manage billing' })).toBeNull();
  });

  it('Manage billing asks for the billing page with /account to come back to, and goes there', async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { api } = await openAccount({
      'GET /subscriptions/membership': { data: ACTIVE },
      'POST /subscriptions/manage': { data: { url: 'https://billing.example/session/1' } },
    });

    await user.click(await within(region('Membership')).findByRole('button', { name: 'Manage billing' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/session/1'));
    expect(bodyOf(api.callsTo('/subscriptions/manage')[0]!)).toEqual({ return_url: '/account' });
  });

  it("a membership bought in an app says its store, and Manage billing opens the store's page", async () => {
    const assign = jest.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const apple = 'https://apps.apple.com/account/subscriptions';
    await openAccount({
      'GET /subscriptions/membership': { data: { ...ACTIVE, managed_by: 'app_store' } },
      'POST /subscriptions/manage': { data: { url: apple } },
    });
    const membership = region('Membership');

    expect(await within(membership).findByText('the App Store')).toBeInTheDocument();
    expect(within(membership).getByText('Billed by')).toBeInTheDocument();
    await user.click(within(membership).getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(apple));
  });

  it('a failed membership load shows an error with Retry, which asks again', async () => {
    const user = userEvent.setup();
    let answers = 0;
    const { api } = await openAccount({
      'GET /subscriptions/membership': () => {
        answers += 1;
        return answers === 1 ? { status: 500, body: errorBody('server_error') } : { body: { data: ACTIVE } };
      },
    });
    const membership = region('Membership');

    expect(await within(membership).findByRole('alert')).toHaveTextContent(
      'Something went wrong fetching your membership.',
    );
    await user.click(within(membership).getByRole('button', { name: 'Retry' }));

    expect(await within(membership).findByText('Pro Monthly')).toBeInTheDocument();
    expect(api.callsTo('/subscriptions/membership')).toHaveLength(2);
  });

  it('lists the items bought, each linking to its page, or says there are none', async () => {
    const { unmount } = await openAccount({ 'GET /products/purchases': { data: [PROGRAM] } });
    const link = await within(region('Purchases')).findByRole('link', { name: /30 days of tactics/ });
    expect(link).toHaveAttribute('href', '/program/3');
    expect(link).toHaveTextContent('Program · $29.99 · November 2, 2026');
    unmount();

    await openAccount();
    expect(
      await within(region('Purchases')).findByText('You have not bought any single program, video or masterclass yet.'),
    ).toBeInTheDocument();
  });
});
