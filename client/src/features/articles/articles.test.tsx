import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../app/store';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildArticle, media } from '../../test/builders';
import { buildFooter } from '../../test/page-builders';
import { everyItemShown, renderApp } from '../../test/render-app';
import { articlesActions, articlesSlice } from './slice';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const page = (start: number, count: number) => Array.from({ length: count }, (_, i) => buildArticle(start + i + 1));

function stubArticles(total: number) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /cms/articles': (url: URL) => {
      const start = Number(url.searchParams.get('_start'));
      const limit = Number(url.searchParams.get('_limit'));
      return { body: page(start, Math.max(0, Math.min(limit, total - start))) };
    },
  });
}

describe('articles sagas', () => {
  it('loads 8 a page and appends the next page on Load more', async () => {
    const api = stubArticles(12);
    const store = makeStore();

    store.dispatch(articlesActions.articlesRequested());
    await flush();
    expect(store.getState().articles).toMatchObject({ status: 'succeeded', hasMore: true });
    expect(store.getState().articles.items).toHaveLength(8);

    store.dispatch(articlesActions.moreArticlesRequested());
    await flush();
    expect(store.getState().articles.items.map((a) => a.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(store.getState().articles.hasMore).toBe(false);
    expect(api.callsTo('/cms/articles').map((c) => c.url.search)).toEqual(['?_limit=8&_start=0', '?_limit=8&_start=8']);
  });

  it('does not reload the first page when a list is already there', async () => {
    const api = stubArticles(8);
    const store = makeStore();
    store.dispatch(articlesActions.articlesRequested());
    await flush();

    store.dispatch(articlesActions.articlesRequested());
    await flush();

    expect(api.callsTo('/cms/articles')).toHaveLength(1);
  });

  it('clear resets the list', () => {
    const state = articlesSlice.reducer(
      { ...articlesSlice.getInitialState(), items: [buildArticle(1)], hasMore: false, status: 'succeeded' },
      articlesActions.articlesCleared(),
    );
    expect(state).toMatchObject({ items: [], hasMore: true, status: 'idle' });
  });

  it('a failed list shows the articles toast', async () => {
    stubApi({ 'GET /cms/articles': reply(500, errorBody('server_error')) });
    const store = makeStore();

    store.dispatch(articlesActions.articlesRequested());
    await flush();

    expect(store.getState().articles.status).toBe('failed');
    expect(store.getState().toasts.items[0]!.message).toBe(
      "That's a blunder, we could not load the articles. Please try again.",
    );
  });

  it('resets the single article on each new request', async () => {
    stubApi({ 'GET /cms/articles/1': { ...buildArticle(1), content: 'x' } });
    const store = makeStore();
    store.dispatch(articlesActions.articleRequested('1'));
    await flush();
    expect(store.getState().articles.article.data?.id).toBe(1);

    store.dispatch(articlesActions.articleRequested('2'));

    expect(store.getState().articles.article.data).toBeNull();
    expect(store.getState().articles.article.status).toBe('loading');
  });

  it('keeps the article shown already and asks nothing again (no second read counted)', async () => {
    const api = stubApi({ 'GET /cms/articles/1': { ...buildArticle(1), content: 'x' } });
    const store = makeStore();
    store.dispatch(articlesActions.articleRequested('1'));
    await flush();

    store.dispatch(articlesActions.articleRequested('1'));
    await flush();

    expect(store.getState().articles.article.data?.id).toBe(1);
    expect(store.getState().articles.article.status).toBe('succeeded');
    expect(api.callsTo('/cms/articles/1')).toHaveLength(1);
  });
});

describe('articles pages', () => {
  it('lists the last articles with date and reading time, and Load more disappears at the end', async () => {
    const user = userEvent.setup();
    stubArticles(10);
    renderApp('/articles');

    expect(await screen.findByRole('heading', { level: 1, name: 'Last articles' })).toBeInTheDocument();
    await screen.findAllByRole('link', { name: /Article \d+/ });
    await everyItemShown();
    expect(screen.getAllByRole('link', { name: /Article \d+/ })).toHaveLength(8);
    expect(screen.getByRole('link', { name: /Article 1\b/ })).toHaveAttribute('href', '/articles/1');
    expect(screen.getAllByText(/March 4, 2021/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/3 min read/).length).toBe(8);
    // The first card's picture is the page's largest on a phone: fetched at once and first, as the
    // server's first screen has it (bff/pages/cards.py); the second at once, the rest when near.
    const pictures = Array.from(document.querySelectorAll<HTMLImageElement>('img.content-card__image'));
    expect(pictures.map((image) => image.getAttribute('loading'))).toEqual([
      'eager',
      'eager',
      ...Array(6).fill('lazy'),
    ]);
    expect(pictures[0]).toHaveAttribute('fetchpriority', 'high');
    expect(pictures.slice(1).some((image) => image.hasAttribute('fetchpriority'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Load more' }));

    expect(await screen.findByRole('link', { name: /Article 10/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('renders the article markdown without raw HTML, and the author block', async () => {
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/articles/5': {
        ...buildArticle(5, { title: 'Opening mistakes' }),
        content:
          '## Principles\n\nPlay **in the centre**.\n\n<script>window.hacked = true</script>\n\n[Lessons](/lessons) and [bad](javascript:alert(1))',
        author: { id: 1, name: 'Nora Castell', bio: 'Chess journalist.', avatar: media('author-1') },
      },
    });
    const { container } = renderApp('/articles/5');

    expect(await screen.findByRole('heading', { level: 1, name: 'Opening mistakes' })).toBeInTheDocument();
    expect(screen.getByText(/Written by/)).toHaveTextContent('Written by Nora Castell');
    expect(screen.getByRole('heading', { level: 2, name: 'Principles' })).toBeInTheDocument();
    expect(screen.getByText('in the centre').tagName).toBe('STRONG');
    // The body's later blocks follow a task after its first ones (components/Markdown.tsx).
    expect(await screen.findByText(/<script>window.hacked = true<\/script>/)).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByRole('link', { name: 'Lessons' })).toHaveAttribute('href', '/lessons');
    expect(screen.queryByRole('link', { name: 'bad' })).not.toBeInTheDocument();
    const author = screen.getByRole('complementary', { name: 'About the author' });
    expect(within(author).getByText('Chess journalist.')).toBeInTheDocument();
    expect(document.title).toBe('Opening mistakes');
  });

  it('shows the article error when it cannot load', async () => {
    stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/articles/9': reply(500, errorBody('server_error')) });
    renderApp('/articles/9');

    expect(await screen.findByRole('alert')).toHaveTextContent(
      "That's a blunder, we could not load this article. Please try again.",
    );
  });
});

describe('article addresses', () => {
  it('an unknown article goes to the 404 page, without a toast', async () => {
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/articles/no-such-thing': reply(404, errorBody('not_found')),
    });
    const { store } = renderApp('/articles/no-such-thing');

    expect(await screen.findByText('404 ERROR')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/404');
    expect(store.getState().toasts.items).toHaveLength(0);
  });

  it('an article opens by its slug, and asking again by id or slug asks nothing more', async () => {
    const article = { ...buildArticle(2, { title: 'Endgames first' }), slug: 'endgames-first', content: 'Text.' };
    const api = stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/articles/endgames-first': article });
    const { store } = renderApp('/articles/endgames-first');

    expect(await screen.findByRole('heading', { level: 1, name: 'Endgames first' })).toBeInTheDocument();
    store.dispatch(articlesActions.articleRequested('endgames-first'));
    store.dispatch(articlesActions.articleRequested('2'));
    await flush();
    expect(api.callsTo('/cms/articles/endgames-first')).toHaveLength(1);
    expect(api.callsTo('/cms/articles/2')).toHaveLength(0);
  });
});

describe('most read articles', () => {
  it('loads the 3 most viewed once and lists the others under an article', async () => {
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/articles/1': { ...buildArticle(1), content: 'Text.' },
      'GET /cms/articles/mostviewed': [buildArticle(1), buildArticle(2, { title: 'Popular one' })],
    });
    renderApp('/articles/1');

    const section = await screen.findByRole('region', { name: 'Most read' });
    expect(within(section).getAllByRole('link')).toHaveLength(1);
    expect(within(section).getByRole('link', { name: /Popular one/ })).toHaveAttribute('href', '/articles/2');
    expect(api.callsTo('/cms/articles/mostviewed')[0]!.url.search).toBe('?_limit=3');
  });
});

describe('articles list states', () => {
  it('a failed load shows the error state, and Retry loads again', async () => {
    const user = userEvent.setup();
    let failures = 1;
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/articles': () => (failures-- > 0 ? reply(500, errorBody('server_error')) : { body: page(0, 3) }),
    });
    renderApp('/articles');

    expect(await screen.findByRole('alert')).toHaveTextContent("That's a blunder, we could not load the articles.");
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findAllByRole('link', { name: /Article \d+/ })).toHaveLength(3);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('/cms/articles')).toHaveLength(2);
  });

  it('replays a game written in a pgn block on a board, and shows an unreadable one as text with a note', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/articles/6': {
        ...buildArticle(6, { title: 'The Opera game' }),
        content: [
          'Morphy at the opera:',
          '```pgn\n[White "Morphy"]\n[Black "Allies"]\n[Result "1-0"]\n\n1. e4 {The king pawn.} e5 (1... c5 2. Nf3) 2. Nf3 d6 1-0\n```',
          'And a game that lost its moves:',
          '```pgn\n1. e4 e5 2. Ke3\n```',
          '```js\nconst x = 1;\n```',
        ].join('\n\n'),
      },
    });
    renderApp('/articles/6');

    expect(await screen.findByRole('heading', { level: 1, name: 'The Opera game' })).toBeInTheDocument();
    const board = await screen.findByRole('application', { name: /Chess board/ }, { timeout: 5000 });
    expect(board).toHaveAccessibleName('Chess board, White to move');
    expect(screen.getByText('Morphy – Allies')).toBeInTheDocument();
    const moves = screen.getByRole('group', { name: 'Moves' });
    expect(
      within(moves)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['e4', 'e5', 'c5', 'Nf3', 'Nf3', 'd6']);

    await user.click(screen.getByRole('button', { name: 'Next move' }));
    expect(within(moves).getByRole('button', { name: 'e4' })).toHaveAttribute('aria-current', 'step');
    expect(board).toHaveAccessibleName('Chess board, Black to move');
    expect(screen.getByText('The king pawn.', { selector: '.game__current-comment' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Last move' }));
    expect(within(moves).getByRole('button', { name: 'd6' })).toHaveAttribute('aria-current', 'step');
    // A variation's move is a step too.
    await user.click(within(moves).getByRole('button', { name: 'c5' }));
    expect(within(moves).getByRole('button', { name: 'c5' })).toHaveAttribute('aria-current', 'step');

    // The unreadable game is its text, with why; other code stays code.
    expect(screen.getByText('1. e4 e5 2. Ke3')).toBeInTheDocument();
    expect(
      screen.getByText(/This game could not be shown on a board: Ke3 is not a legal move here./),
    ).toBeInTheDocument();
    expect(screen.getByText('const x = 1;').tagName).toBe('CODE');
    expect(screen.getAllByRole('application', { name: /Chess board/ })).toHaveLength(1);
  });
});
