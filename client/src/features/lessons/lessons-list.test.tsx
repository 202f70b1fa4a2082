// The lessons list: filters, sort and Load more, in the sagas and on the page, its races and its states.
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../app/store';
import { toggleFilter } from '../../lib/filter-rules';
import { errorBody, flush, reply, stubApi } from '../../test/api-stub';
import { buildLesson, lessonCards } from '../../test/builders';
import { buildFooter } from '../../test/page-builders';
import { lockedAnswer } from '../../test/offers';
import { everyItemShown, renderApp } from '../../test/render-app';
import { lessonsActions, lessonsSlice, NO_LESSON_FILTERS } from './slice';

function stubLessons(total: number) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /cms/lessons': (url: URL) => {
      const start = Number(url.searchParams.get('_start'));
      const limit = Number(url.searchParams.get('_limit'));
      return { body: lessonCards(Math.max(0, Math.min(limit, total - start)), start + 1) };
    },
    'GET /cms/lessons/count': total,
    'GET /cms/lesson-categories': [
      { id: 4, name: 'Endgames' },
      { id: 5, name: 'Tactics' },
    ],
    'GET /cms/teachers': [{ id: 7, name: 'Ines Carvalho' }],
    'GET /cms/difficulty-levels': [{ id: 1, value: 'beginner', label: 'Beginner - 800' }],
  });
}

describe('filter toggles', () => {
  it('selecting an item chooses it, selecting it again clears it', () => {
    const chosen = toggleFilter(NO_LESSON_FILTERS, 'teacher', 7);
    expect(chosen.teacher).toBe(7);
    expect(toggleFilter(chosen, 'teacher', 3).teacher).toBe(3);
    expect(toggleFilter(chosen, 'teacher', 7).teacher).toBeNull();
  });
});

describe('lessons sagas', () => {
  it('loads 24 sorted by title with the count, then appends; a short page ends the list', async () => {
    const api = stubLessons(30);
    const store = makeStore();

    store.dispatch(lessonsActions.lessonsRequested());
    await flush();
    expect(store.getState().lessons).toMatchObject({ total: 30, hasMore: true });
    expect(store.getState().lessons.items).toHaveLength(24);
    expect(api.callsTo('/cms/lessons')[0]!.url.search).toBe('?_limit=24&_start=0&_sortBy=title%3Aasc');

    store.dispatch(lessonsActions.moreLessonsRequested());
    await flush();
    expect(store.getState().lessons.items).toHaveLength(30);
    expect(store.getState().lessons.hasMore).toBe(false);
    expect(api.callsTo('/cms/lessons')[1]!.url.searchParams.get('_start')).toBe('24');
  });

  it('reloads from the start with the filters on a filter change, count included', async () => {
    const api = stubLessons(30);
    const store = makeStore();
    store.dispatch(lessonsActions.lessonsRequested());
    await flush();
    store.dispatch(lessonsActions.moreLessonsRequested());
    await flush();

    store.dispatch(lessonsActions.lessonFiltersChanged({ lesson_category: 4, teacher: null, difficulty_level: 1 }));
    await flush();

    const last = api.callsTo('/cms/lessons').at(-1)!.url.searchParams;
    expect(last.get('_start')).toBe('0');
    expect(last.get('lesson_category')).toBe('4');
    expect(last.get('difficulty_level')).toBe('1');
    expect(last.has('teacher')).toBe(false);
    expect(api.callsTo('/cms/lessons/count').at(-1)!.url.search).toBe('?lesson_category=4&difficulty_level=1');
    expect(store.getState().lessons.items).toHaveLength(24);
  });

  it('reloads from the start on a sort change', async () => {
    const api = stubLessons(5);
    const store = makeStore();

    store.dispatch(lessonsActions.lessonSortChanged('subscription_level'));
    await flush();

    expect(api.callsTo('/cms/lessons').at(-1)!.url.searchParams.get('_sortBy')).toBe('subscription_level:asc');
    expect(store.getState().lessons.hasMore).toBe(false);
  });
});

describe('lessons page', () => {
  it('shows the count, filters with Reset and View results, and sorts from the menu', async () => {
    const user = userEvent.setup();
    const api = stubLessons(30);
    renderApp('/lessons');

    expect(await screen.findByText('30 Lessons')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Lessons' })).toBeInTheDocument();
    await screen.findAllByRole('heading', { level: 2, name: /Lesson \d+/ });
    await everyItemShown();
    expect(screen.getAllByRole('heading', { level: 2, name: /Lesson \d+/ })).toHaveLength(24);

    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(screen.getByRole('button', { name: 'Themes' }));
    const endgames = screen.getByRole('button', { name: 'Endgames' });
    await user.click(endgames);
    expect(endgames).toHaveAttribute('aria-pressed', 'true');
    await user.click(endgames);
    expect(endgames).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Tactics' }));
    await user.click(screen.getByRole('button', { name: 'Teachers' }));
    await user.click(screen.getByRole('button', { name: 'Ines Carvalho' }));
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(screen.getByRole('button', { name: 'Themes' }));
    expect(screen.getByRole('button', { name: 'Tactics' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Tactics' }));
    await user.click(screen.getByRole('button', { name: 'View results' }));

    expect(screen.queryByRole('region', { name: 'Filters' })).not.toBeInTheDocument();
    await flush();
    expect(api.callsTo('/cms/lessons').at(-1)!.url.searchParams.get('lesson_category')).toBe('5');
    expect(screen.getByRole('button', { name: 'Filter (1)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sort' }));
    await user.click(screen.getByRole('button', { name: 'Release date' }));
    expect(screen.queryByRole('list', { name: 'Sort by' })).not.toBeInTheDocument();
    await flush();
    expect(api.callsTo('/cms/lessons').at(-1)!.url.searchParams.get('_sortBy')).toBe('created_at:desc');
  });

  it('closes the sort menu on a click outside', async () => {
    const user = userEvent.setup();
    stubLessons(3);
    renderApp('/lessons');
    await screen.findByText('3 Lessons');

    await user.click(screen.getByRole('button', { name: 'Sort' }));
    expect(screen.getByRole('list', { name: 'Sort by' })).toBeInTheDocument();
    await user.click(screen.getByRole('heading', { level: 1, name: 'Lessons' }));

    expect(screen.queryByRole('list', { name: 'Sort by' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it("a locked lesson's card leads a guest to the lesson's own page", async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons': [buildLesson(65, { locked: true, title: 'The Lucena position' })],
      'GET /cms/lessons/count': 1,
      'GET /cms/lessons/65': lockedAnswer(),
    });
    renderApp('/lessons');

    await user.click(await screen.findByRole('link', { name: /The Lucena position.*\(Pro, locked\)/ }));

    expect(await screen.findByRole('heading', { level: 1, name: 'The Lucena position' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lessons\/65$/);
  });
});

describe('lessons list races', () => {
  it('a filter change cancels the first load still in flight', async () => {
    const pending: Array<() => void> = [];
    stubApi({
      'GET /cms/lessons': (url: URL) =>
        url.searchParams.get('teacher')
          ? { body: [buildLesson(99, { title: 'Filtered' })] }
          : new Promise((resolve) => pending.push(() => resolve({ body: lessonCards(24) }))),
      'GET /cms/lessons/count': 1,
    });
    const store = makeStore();

    store.dispatch(lessonsActions.lessonsRequested());
    await flush();
    store.dispatch(lessonsActions.lessonFiltersChanged({ ...NO_LESSON_FILTERS, teacher: 7 }));
    await flush();
    pending.forEach((release) => release());
    await flush();

    expect(store.getState().lessons.items.map((l) => l.title)).toEqual(['Filtered']);
  });

  it('drops a page that does not continue the list', () => {
    const state = lessonsSlice.reducer(
      { ...lessonsSlice.getInitialState(), items: lessonCards(2) },
      lessonsActions.lessonsLoaded({ items: lessonCards(24, 50), start: 24 }),
    );
    expect(state.items).toHaveLength(2);
  });
});

describe('lessons list states', () => {
  function stubFiltered() {
    return stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons': (url: URL) => ({ body: url.searchParams.has('teacher') ? [] : lessonCards(3) }),
      'GET /cms/lessons/count': (url: URL) => ({ body: url.searchParams.has('teacher') ? 0 : 3 }),
      'GET /cms/lesson-categories': [],
      'GET /cms/teachers': [{ id: 7, name: 'Ines Carvalho' }],
      'GET /cms/difficulty-levels': [],
    });
  }

  it('filters that match nothing show the empty state, and Reset brings the lessons back', async () => {
    const user = userEvent.setup();
    stubFiltered();
    const { store } = renderApp('/lessons');
    expect(await screen.findByText('3 Lessons')).toBeInTheDocument();

    act(() => {
      store.dispatch(lessonsActions.lessonFiltersChanged({ ...NO_LESSON_FILTERS, teacher: 7 }));
    });

    expect(await screen.findByText('No lessons match these filters')).toBeInTheDocument();
    expect(screen.queryByText('0 Lessons')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    expect(await screen.findByText('3 Lessons')).toBeInTheDocument();
    expect(screen.queryByText('No lessons match these filters')).not.toBeInTheDocument();
    expect(store.getState().lessons.filters).toEqual(NO_LESSON_FILTERS);
  });

  it('a failed load shows the error state, and Retry loads again', async () => {
    const user = userEvent.setup();
    let failures = 1;
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons': () => (failures-- > 0 ? reply(500, errorBody('server_error')) : { body: lessonCards(2) }),
      'GET /cms/lessons/count': 2,
      'GET /cms/lesson-categories': [],
      'GET /cms/teachers': [],
      'GET /cms/difficulty-levels': [],
    });
    const { store } = renderApp('/lessons');

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong fetching lessons.');
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
      'Something went wrong fetching lessons.',
    ]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    await screen.findAllByRole('heading', { level: 2, name: /Lesson \d+/ });
    await everyItemShown();
    expect(screen.getAllByRole('heading', { level: 2, name: /Lesson \d+/ })).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('/cms/lessons')).toHaveLength(2);
  });

  it('Retry after a failed Load more asks for that page again', async () => {
    let call = 0;
    const api = stubApi({
      'GET /cms/lessons': (url: URL) =>
        ++call === 2
          ? reply(500, errorBody('server_error'))
          : { body: lessonCards(24, Number(url.searchParams.get('_start')) + 1) },
      'GET /cms/lessons/count': 48,
    });
    const store = makeStore();
    store.dispatch(lessonsActions.lessonsRequested());
    await flush();
    store.dispatch(lessonsActions.moreLessonsRequested());
    await flush();
    expect(store.getState().lessons.status).toBe('failed');

    store.dispatch(lessonsActions.lessonsRetried());
    await flush();

    expect(store.getState().lessons.items).toHaveLength(48);
    expect(api.callsTo('/cms/lessons').map((c) => c.url.searchParams.get('_start'))).toEqual(['0', '24', '24']);
  });
});
