// Back from a single purchase: the validation of the payment, where it leads, the cancel page.
import { screen, waitFor } from '@testing-library/react';
import { storage } from '../../lib/storage';
import { errorBody, reply } from '../../test/api-stub';
import { renderApp } from '../../test/render-app';
import { bearer, heldBack, member, stubUpgrade } from './upgrade-test-support';

describe('back from a single purchase', () => {
  it('validates the payment, toasts and goes to final_url', async () => {
    storage.writePurchaseReturn('/program/3');
    const validation = heldBack({ data: { final_url: '/program/3', entity: 'program', entityId: 3 } });
    const api = stubUpgrade({
      'POST /products/purchase/validate-payment': validation.respond,
      'GET /cms/programs/3': { id: 3, title: 'Thirty days of tactics', chapters: [], locked: false },
    });
    renderApp('/product-payment/success?session_id=ps_1', member());

    expect(await screen.findByText('Processing your request')).toBeInTheDocument();
    validation.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thirty days of tactics' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/program/3');
    expect(screen.getByText('Thank you for your purchase!')).toBeInTheDocument();
    expect(JSON.parse(api.callsTo('/products/purchase/validate-payment')[0]!.init.body as string)).toEqual({
      session_id: 'ps_1',
    });
    expect(storage.readPurchaseReturn()).toBeNull();
  });

  it.each([
    ['the access token of the validation', { access: 'buyer-token' }, 'buyer-token'],
    ['the current token when the validation has none', {}, 't'],
  ])('sends %s with every later call, the one for the bought item too', async (_case, extra, token) => {
    const validation = heldBack({ data: { final_url: '/program/4', entity: 'program', entityId: 4, ...extra } });
    const api = stubUpgrade({
      'POST /products/purchase/validate-payment': validation.respond,
      'GET /cms/programs/4': { id: 4, title: 'Endgames for everyone', chapters: [], locked: false },
    });
    const { store } = renderApp('/product-payment/success?session_id=ps_4', member());

    await screen.findByText('Processing your request');
    expect(bearer(api.callsTo('/products/purchase/validate-payment')[0]!)).toBe('Bearer t');
    const answered = api.calls.length;
    validation.release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Endgames for everyone' })).toBeInTheDocument();
    const later = api.calls.slice(answered);
    expect(later.map((call) => call.url.pathname)).toContain('/cms/programs/4');
    expect(later.map(bearer)).toEqual(later.map(() => `Bearer ${token}`));
    expect(store.getState().auth.accessToken).toBe(token);
  });

  it('goes home when final_url is not a path of this site', async () => {
    stubUpgrade({ 'POST /products/purchase/validate-payment': { data: { final_url: '//evil.example/steal' } } });
    renderApp('/product-payment/success?session_id=ps_2', member());

    await screen.findByText('Thank you for your purchase!');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
  });

  it('toasts a failed validation and leads home', async () => {
    stubUpgrade({
      'POST /products/purchase/validate-payment': reply(
        404,
        errorBody('not_found', "We couldn't find that checkout session."),
      ),
    });
    renderApp('/product-payment/success?session_id=ps_3', member());

    expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
  });

  it('the cancel page leads back to where the purchase started, and home', async () => {
    storage.writePurchaseReturn('/masterclass');
    renderApp('/product-payment/cancel');

    expect(await screen.findByRole('heading', { name: 'Something went wrong! Please try again!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/masterclass');
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/home');
  });
});
