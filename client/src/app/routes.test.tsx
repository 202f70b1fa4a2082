import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../test/render-app';

const HOME_TITLE = 'Learn chess online with a world champion';
const NOT_FOUND_TEXT = "Oops, that's a blunder! We couldn't find what you were looking for.";

function metaDescription() {
  return document.head.querySelector('meta[name="description"]')?.getAttribute('content');
}

describe('route table', () => {
  it('sends the bare root to /home, where the hero is shown', async () => {
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Learn from the best' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/);
  });

  it('keeps the query string when redirecting the root', async () => {
    renderApp('/?open=login');

    await screen.findByRole('heading', { name: 'Learn from the best' });
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/home\?open=login$/);
  });

  it('sets the home title and description', async () => {
    renderApp('/home');

    await screen.findByRole('heading', { name: 'Learn from the best' });
    expect(document.title).toBe(HOME_TITLE);
    expect(metaDescription()).toBe(
      'Learn chess from a world champion: masterclass episodes, lessons, improvement programs, documentaries and the latest chess news.',
    );
  });

  it('sends an unknown path to the 404 page', async () => {
    renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: NOT_FOUND_TEXT })).toBeInTheDocument();
    expect(screen.getByText('404 ERROR')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/404$/);
    expect(document.title).toBe('Page not found');
  });

  it('leads from the 404 page back home, scrolled to the top, with the home title', async () => {
    const user = userEvent.setup();
    renderApp('/404');
    const backHome = await screen.findByRole('link', { name: 'Back to home' });
    const scrollTo = jest.spyOn(window, 'scrollTo');

    await user.click(backHome);

    expect(await screen.findByRole('heading', { name: 'Learn from the best' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/);
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(document.title).toBe(HOME_TITLE);
  });

  it('links the site name in the header to /home', async () => {
    renderApp('/404');

    await screen.findByText('404 ERROR');
    const header = screen.getByRole('banner');
    expect(header.querySelector('a')).toHaveAttribute('href', '/home');
  });
});
