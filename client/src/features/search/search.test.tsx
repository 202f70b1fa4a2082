import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../app/store';
import type { SearchResult } from '../../api/contract';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { media } from '../../test/builders';
import { buildFooter } from '../../test/page-builders';
import { renderApp } from '../../test/render-app';
import { searchTyped } from './slice';

function result(
  type: SearchResult['type'],
  id: number,
  title: string,
  extra: Partial<SearchResult> = {},
): SearchResult {
  return {
    type,
    id,
    title,
    summary: null,
    people: null,
    image: media(`${type}-${id}`),
    path: `/${type}s/${id}`,
    subscription_level: 'free',
    locked: false,
    ...extra,
  };
}

const philidor = [
  result('lesson', 7, 'The Philidor defence', { people: 'Tobias Renholm', locked: true, subscription_level: 'pro' }),
  result('article', 3, 'Endgames first', { path: '/articles/endgames-first', people: 'Felix Ambrose' }),
  result('lesson', 9, 'Rook endings', { people: 'Tobias Renholm' }),
];

describe('search saga', () => {
  it('waits for typing to pause and asks only for the last words', async () => {
    const api = stubApi({ 'GET /cms/search': philidor, 'GET /content/footer': buildFooter() });
    const store = makeStore();
    store.dispatch(searchTyped('p'));
    store.dispatch(searchTyped('phi'));
    store.dispatch(searchTyped('philid'));
    await waitFor(() => expect(store.getState().search.status).toBe('succeeded'));
    expect(api.callsTo('/cms/search').map((call) => call.url.searchParams.get('q'))).toEqual(['philid']);
    expect(store.getState().search).toMatchObject({ answered: 'philid', results: philidor });
  });

  it('clears the results when the words are erased, without asking', async () => {
    const api = stubApi({ 'GET /cms/search': philidor, 'GET /content/footer': buildFooter() });
    const store = makeStore();
    store.dispatch(searchTyped('philid'));
    store.dispatch(searchTyped(''));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.callsTo('/cms/search')).toEqual([]);
    expect(store.getState().search).toMatchObject({ status: 'idle', results: [] });
  });
});

describe('search page', () => {
  it('shows results as the member types, grouped by kind, and keeps the words in the address', async () => {
    const user = userEvent.setup();
    const api = stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/search': philidor });
    renderApp('/search');

    const field = await screen.findByRole('searchbox', { name: 'Search lessons, programs, articles and videos' });
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, 'Philid');

    const lessons = await screen.findByRole('region', { name: 'Lessons' });
    expect(
      within(lessons)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['The Philidor defenceTobias RenholmPro', 'Rook endingsTobias Renholm']);
    const articles = screen.getByRole('region', { name: 'Articles' });
    expect(within(articles).getByRole('link', { name: /Endgames first/ })).toHaveAttribute(
      'href',
      '/articles/endgames-first',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/search?q=Philid');
    expect(api.callsTo('/cms/search').map((call) => call.url.searchParams.get('q'))).toEqual(['Philid']);
  });

  it('searches what the address says, and the arrow keys step through the results', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/search': philidor });
    renderApp('/search?q=philidor');

    expect(await screen.findByRole('searchbox')).toHaveValue('philidor');
    const first = await screen.findByRole('link', { name: /The Philidor defence/ });
    act(() => screen.getByRole('searchbox').focus());
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /Rook endings/ })).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(screen.getByRole('searchbox')).toHaveFocus();
  });

  it('says when nothing matches', async () => {
    stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/search': [] });
    renderApp('/search?q=zzzz');

    expect(await screen.findByText('No results for “zzzz”')).toBeInTheDocument();
  });

  it('offers Retry when search fails, and Retry asks again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/search': () => (++calls === 1 ? reply(503, errorBody('cms_unavailable')) : { body: philidor }),
    });
    renderApp('/search?q=philidor');

    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /The Philidor defence/ })).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('is one tap away in the header', async () => {
    const user = userEvent.setup();
    stubApi({ 'GET /content/footer': buildFooter() });
    renderApp('/legal/terms');

    await user.click(screen.getByRole('link', { name: 'Search' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Search' })).toBeInTheDocument();
  });
});
