// Loading lists show grey cards of the cards to come, replaced by the cards when they arrive;
// home shows skeleton sections, and a Retry when it fails.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorBody, reply, stubApi } from '../test/api-stub';
import { buildArticle, buildProgram, lessonCards } from '../test/builders';
import { buildFooter, buildHome } from '../test/page-builders';
import { PAGE_SIZE } from '../lib/constants';
import { everyItemShown, renderApp } from '../test/render-app';
import { SkeletonCards } from './SkeletonCards';

/** An answer held until `release` is called. */
function held<T>(body: T) {
  let release: () => void = () => undefined;
  const answer = new Promise<{ body: T }>((resolve) => {
    release = () => resolve({ body });
  });
  return { respond: () => answer, release: () => release() };
}

describe('skeleton cards', () => {
  it('are announced once by their label and hidden from screen readers themselves', () => {
    const { container } = render(<SkeletonCards label="Loading lessons…" count={3} />);

    expect(screen.getByRole('status')).toHaveTextContent('Loading lessons…');
    expect(container.querySelectorAll('.content-card--skeleton')).toHaveLength(3);
    expect(container.querySelector('ul')).toHaveAttribute('aria-hidden', 'true');
  });

  it('stand in for the lessons while they load, then give way to the cards', async () => {
    const lessons = held(lessonCards(2));
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons': lessons.respond,
      'GET /cms/lessons/count': 2,
      'GET /cms/lesson-categories': [],
      'GET /cms/teachers': [],
      'GET /cms/difficulty-levels': [],
    });
    const { container } = renderApp('/lessons');

    expect(await screen.findByText('Loading lessons…')).toBeInTheDocument();
    expect(container.querySelectorAll('.content-card--skeleton').length).toBeGreaterThan(0);
    expect(container.querySelector('.page-loader__spinner')).toBeNull();

    lessons.release();

    expect(await screen.findAllByRole('heading', { level: 2, name: /Lesson \d+/ })).toHaveLength(2);
    expect(container.querySelectorAll('.content-card--skeleton')).toHaveLength(0);
  });

  it('stand in for the articles while they load', async () => {
    const articles = held([buildArticle(1)]);
    stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/articles': articles.respond });
    const { container } = renderApp('/articles');

    expect(await screen.findByText('Loading articles…')).toBeInTheDocument();
    expect(container.querySelectorAll('.content-card--skeleton').length).toBeGreaterThan(0);

    articles.release();

    expect(await screen.findByRole('link', { name: /Article 1/ })).toBeInTheDocument();
    expect(container.querySelectorAll('.content-card--skeleton')).toHaveLength(0);
  });
});

/** A list whose first page answers at once and whose next page is held until released. */
function pagedList<T>(build: (index: number) => T, size: number) {
  const next = held(Array.from({ length: 2 }, (_, i) => build(size + i + 1)));
  const respond = (url: URL) =>
    url.searchParams.get('_start') === '0'
      ? { body: Array.from({ length: size }, (_, i) => build(i + 1)) }
      : next.respond();
  return { respond, release: next.release };
}

describe('Load more', () => {
  const lists = [
    {
      path: '/lessons',
      label: 'Loading more lessons…',
      list: () => pagedList((i) => lessonCards(1, i)[0]!, PAGE_SIZE.lessons),
      routes: (respond: unknown) => ({
        'GET /cms/lessons': respond,
        'GET /cms/lessons/count': PAGE_SIZE.lessons + 2,
        'GET /cms/lesson-categories': [],
        'GET /cms/teachers': [],
        'GET /cms/difficulty-levels': [],
      }),
    },
    {
      path: '/articles',
      label: 'Loading more articles…',
      list: () => pagedList((i) => buildArticle(i), PAGE_SIZE.articles),
      routes: (respond: unknown) => ({ 'GET /cms/articles': respond }),
    },
    {
      path: '/programs',
      label: 'Loading more programs…',
      list: () => pagedList((i) => buildProgram(i), PAGE_SIZE.programs),
      routes: (respond: unknown) => ({
        'GET /cms/programs': respond,
        'GET /cms/topics': [],
        'GET /cms/difficulty-levels': [],
        'GET /cms/trainers': [],
      }),
    },
  ];

  it.each(lists)(
    'on $path shows skeleton cards below the cards while the next page loads',
    async ({ path, label, list, routes }) => {
      const user = userEvent.setup();
      const paged = list();
      stubApi({ 'GET /content/footer': buildFooter(), ...routes(paged.respond) });
      const { container } = renderApp(path);

      await screen.findAllByRole('heading', { level: 2 });
      await everyItemShown();
      // Load more shows once every card of the page is there.
      await user.click(await screen.findByRole('button', { name: 'Load more' }));

      expect(await screen.findByText(label)).toBeInTheDocument();
      const skeletons = container.querySelectorAll('.content-card--skeleton');
      expect(skeletons.length).toBeGreaterThan(0);
      // Below the cards already shown, which stay.
      const cards = container.querySelectorAll('.card-grid:not([aria-hidden]) > li');
      expect(cards.length).toBeGreaterThan(0);
      expect(
        cards[cards.length - 1]!.compareDocumentPosition(skeletons[0]!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
      expect(container.querySelector('.page-loader__spinner')).toBeNull();

      paged.release();

      await waitFor(() => expect(container.querySelectorAll('.content-card--skeleton')).toHaveLength(0));
      await everyItemShown();
      expect(container.querySelectorAll('.card-grid:not([aria-hidden]) > li')).toHaveLength(cards.length + 2);
    },
  );
});

describe('home while loading and after a failure', () => {
  it('shows skeleton sections, then the sections', async () => {
    const home = held(buildHome());
    stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/hubs/home': home.respond });
    const { container } = renderApp('/home');

    expect(await screen.findByText('Loading the home page…')).toBeInTheDocument();
    expect(container.querySelectorAll('.content-card--skeleton').length).toBeGreaterThan(0);

    home.release();

    expect(await screen.findByRole('region', { name: 'Masterclass' })).toBeInTheDocument();
    expect(container.querySelectorAll('.content-card--skeleton')).toHaveLength(0);
  });

  it('a failed load shows the error with Retry, which loads the page', async () => {
    const user = userEvent.setup();
    let failures = 1;
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/hubs/home': () => (failures-- > 0 ? reply(500, errorBody('server_error')) : { body: buildHome() }),
    });
    renderApp('/home');

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong fetching this page data.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('region', { name: 'Masterclass' })).toBeInTheDocument();
    expect(api.callsTo('/cms/hubs/home')).toHaveLength(2);
  });
});
