import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../app/store';
import { toggleFilter } from '../../components/filter-rules';
import { initialAuthState } from '../../session/auth-slice';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildLesson, lessonCards, media, person } from '../../test/builders';
import { buildUser } from '../../test/member-builders';
import { buildFooter } from '../../test/page-builders';
import { lockedAnswer, plansAnswer } from '../../test/offers';
import { everyItemShown, renderApp } from '../../test/render-app';
import { lessonsActions, lessonsSlice, NO_LESSON_FILTERS } from './slice';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

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

describe('lesson page', () => {
  it('plays the first chapter, switches chapters, shows related rows and sets the title', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons/7': buildLesson(7, {
        title: 'Active rooks',
        description_short: 'Why activity.',
        description: 'Rooks belong on open files.',
        teacher: person(7, 'Ines Carvalho', {
          bio: 'Grandmaster and attacking player.',
          thumbnail: media('teacher-7'),
        }),
      }),
      'GET /cms/lessons': (url: URL) => ({
        body: url.searchParams.get('teacher')
          ? [buildLesson(7), buildLesson(30, { title: 'Same teacher' })]
          : [buildLesson(31, { title: 'Same topic' })],
      }),
    });
    renderApp('/lessons/7', { consent: { choice: { statistics: false, media: true }, bannerVisible: false } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Active rooks' })).toBeInTheDocument();
    expect(document.title).toBe('learn chess online - Active rooks');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'Why activity. Rooks belong on open files.',
    );
    expect(screen.getByTitle('Introduction')).toHaveAttribute(
      'src',
      expect.stringContaining('/video/vid1?autoplay=1&subtitles-default=en&ui-highlight=7446FF'),
    );

    await user.click(screen.getByRole('button', { name: /Practice/ }));
    expect(screen.getByTitle('Practice')).toHaveAttribute('src', expect.stringContaining('/video/vid2'));

    const yourTeacher = screen.getByRole('region', { name: 'Your teacher' });
    expect(within(yourTeacher).getByText('Ines Carvalho')).toBeInTheDocument();
    expect(within(yourTeacher).getByText('Grandmaster and attacking player.')).toBeInTheDocument();
    expect(yourTeacher.querySelector('img.person__portrait')).toHaveAttribute('src', '/media/teacher-7/small.svg');

    const topic = await screen.findByRole('region', { name: 'On the same topic' });
    expect(within(topic).getByText('Same topic')).toBeInTheDocument();
    const teacher = screen.getByRole('region', { name: 'From the same teacher' });
    expect(within(teacher).queryByText('Lesson 7')).not.toBeInTheDocument();
    expect(
      api
        .callsTo('/cms/lessons')
        .map((c) => c.url.search)
        .sort(),
    ).toEqual([
      '?_limit=12&_start=0&lesson_category=4&_sortBy=difficulty_level%3Aasc',
      '?_limit=12&_start=0&teacher=7&_sortBy=title%3Aasc',
    ]);
  });

  it("shows the selected chapter's key positions and exercises to practise, and none for a chapter without", async () => {
    const user = userEvent.setup();
    const lesson = buildLesson(7);
    const [first, second] = lesson.chapters;
    // The learning fields as the BFF adds them (client/README.md: Playing along).
    const practised = {
      ...second!,
      positions: [{ at: 65, fen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', caption: 'The rook behind' }],
      pgn: null,
      game: null,
      exercises: [
        { id: 'lesson_chapter:7:2:e1', key: 'e1', fen: '4k3/8/8/8/8/8/8/R3K3 w - - 0 1', prompt: 'Cut the king off.' },
      ],
    };
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/lessons/7': { ...lesson, chapters: [first!, practised] },
      'GET /cms/lessons': [],
    });
    renderApp('/lessons/7');

    expect(await screen.findByRole('heading', { level: 1, name: 'Lesson 7' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Practise' })).toBeNull();
    await user.click(screen.getByRole('button', { name: /Practice/ }));
    const practise = await screen.findByRole('region', { name: 'Practise' });
    expect(await within(practise).findByRole('button', { name: 'at 1:05 The rook behind' })).toBeInTheDocument();
    expect(within(practise).getByRole('application', { name: 'Chess board, White to move' })).toBeInTheDocument();
    await user.click(within(practise).getByRole('button', { name: 'Exercises (1)' }));
    expect(within(practise).getByText('Cut the king off.')).toBeInTheDocument();
  });

  it('a locked lesson shows a guest its own page: what it is, what is inside, and Sign up / Log in coming back', async () => {
    stubApi({ 'GET /cms/lessons/65': lockedAnswer(), 'GET /subscriptions/plans': plansAnswer() });
    renderApp('/lessons/65');

    expect(await screen.findByRole('heading', { level: 1, name: 'The Lucena position' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lessons\/65$/);
    expect(screen.getByText('Anna Petrova · Intermediate 1400+')).toBeInTheDocument();
    expect(screen.getByText('Build a bridge with your rook and bring the pawn home.')).toBeInTheDocument();
    const inside = screen.getByRole('region', { name: 'What’s inside?' });
    expect(within(inside).getByText('3 chapters · 31 min · 3 exercises')).toBeInTheDocument();
    expect(
      within(inside)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Introduction5\u00a0min', 'Building the bridge15\u00a0min', 'Practice11\u00a0min']);
    const unlock = screen.getByRole('region', { name: 'Unlock this lesson' });
    expect(within(unlock).getByRole('link', { name: 'Sign up' })).toHaveAttribute(
      'href',
      '/register/email?redirect=%2Flessons%2F65',
    );
    expect(within(unlock).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Flessons%2F65',
    );
    expect(
      await within(unlock).findByText(
        /Pro Monthly \$9\.99 a month or Pro Yearly \$99\.99 a year \(you save \$19\.89\)\. The first 7 days are free/,
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Log in' })).toBeNull();
  });

  it('a locked lesson offers a free member Pro with its price and trial, on the same address', async () => {
    stubApi({
      'GET /cms/lessons/65': lockedAnswer(),
      'GET /users/profile': { data: buildUser() },
      'GET /subscriptions/plans': plansAnswer(),
    });
    renderApp('/lessons/65', { auth: { ...initialAuthState(buildUser()), accessToken: 't' } });

    const unlock = await screen.findByRole('region', { name: 'Unlock this lesson' });
    expect(await within(unlock).findByRole('link', { name: 'Start your 7-day free trial' })).toHaveAttribute(
      'href',
      '/upgrade-account',
    );
    expect(within(unlock).queryByRole('link', { name: 'Log in' })).toBeNull();
    expect(within(unlock).queryByRole('button', { name: /Buy/ })).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/lessons\/65$/);
  });

  it('a 403 that tells nothing of the lesson still sends a guest to log in and come back', async () => {
    stubApi({ 'GET /cms/lessons/1': reply(403, errorBody('content_locked')) });
    renderApp('/lessons/1');

    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Flessons%2F1');
  });

  it('a 404 goes to the not-found page; another failure shows the lesson error', async () => {
    stubApi({
      'GET /cms/lessons/404': reply(404, errorBody('not_found')),
      'GET /cms/lessons/500': reply(500, errorBody('server_error')),
    });
    const { unmount } = renderApp('/lessons/404');
    await screen.findByText('404 ERROR');
    unmount();

    const { store } = renderApp('/lessons/500');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong fetching the lesson.');
    await act(flush);
    expect(store.getState().toasts.items[0]!.message).toBe('Something went wrong fetching the lesson.');
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
