// Page changes: the page left fades out as a lifeless copy while the new one is already there;
// visitors who ask for reduced motion get no fade.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildFooter, buildHome } from '../test/page-builders';
import { stubApi } from '../test/api-stub';
import { renderApp } from '../test/render-app';

function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = jest.fn((query: string) => ({
    matches: reduce && query === '(prefers-reduced-motion: reduce)',
    media: query,
    onchange: null,
    addListener: jest.fn(),
    removeListener: jest.fn(),
    addEventListener: jest.fn(),
    removeEventListener: jest.fn(),
    dispatchEvent: jest.fn(),
  }));
}

async function leaveTheNotFoundPage() {
  const user = userEvent.setup();
  stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/hubs/home': buildHome() });
  renderApp('/404');
  await user.click(await screen.findByRole('link', { name: 'Back to home' }));
}

afterEach(() => {
  // @ts-expect-error jsdom has no matchMedia: each test brings its own.
  delete window.matchMedia;
  for (const ghost of document.querySelectorAll('.page-ghost')) ghost.remove();
});

describe('page change', () => {
  it('shows the new page at once while a copy of the page left fades out, hidden from assistive technology', async () => {
    prefersReducedMotion(false);
    await leaveTheNotFoundPage();

    expect(screen.getByTestId('location')).toHaveTextContent('/home');
    expect(screen.queryByText('404 ERROR')).not.toBeInTheDocument();
    const ghosts = document.querySelectorAll('.page-ghost');
    expect(ghosts).toHaveLength(1);
    expect(ghosts[0]).toHaveAttribute('aria-hidden', 'true');
    expect(ghosts[0]).toHaveAttribute('inert');
    // Its copy sits in a closed shadow root: no query of the document reaches it.
    expect(ghosts[0]!.shadowRoot).toBeNull();
    expect(ghosts[0]!.textContent).toBe('');
    expect(document.activeElement?.closest('.page-ghost')).toBeNull();
  });

  it('has no fade for visitors who ask for reduced motion', async () => {
    prefersReducedMotion(true);
    await leaveTheNotFoundPage();

    expect(screen.getByTestId('location')).toHaveTextContent('/home');
    expect(document.querySelectorAll('.page-ghost')).toHaveLength(0);
  });
});
