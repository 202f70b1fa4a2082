import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeStore } from '../../app/store';
import { initialAuthState } from '../../state/auth-slice';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import {
  buildChapter,
  buildChapterSummary,
  buildProgram,
  buildProgramDetail,
  media,
  person,
} from '../../test/builders';
import { buildUser } from '../../test/member-builders';
import { buildFooter } from '../../test/page-builders';
import { renderApp } from '../../test/render-app';
import { chaptersHeading, chapterTone, programsActions, programsSlice } from './slice';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function stubPrograms(total: number, extra = {}) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /cms/programs': (url: URL) => {
      const start = Number(url.searchParams.get('_start'));
      const count = Math.max(0, Math.min(Number(url.searchParams.get('_limit')), total - start));
      return { body: Array.from({ length: count }, (_, i) => buildProgram(start + i + 1)) };
    },
    'GET /cms/topics': [{ id: 1, name: 'Opening Repertoire' }],
    'GET /cms/difficulty-levels': [{ id: 2, value: 'casual', label: 'Casual - 1000' }],
    'GET /cms/trainers': [{ id: 3, name: 'Hana Berglund' }],
    'GET /users/profile': { data: buildUser() },
    ...extra,
  });
}

const chapter = buildChapter(241, ['Part 1', 'Part 2'], {
  title: 'First moves',
  description: 'Chapter one.',
  chapters: [buildChapterSummary(241, 'First moves'), buildChapterSummary(242, 'The main line', { progress: 50 })],
});

describe('programs rules', () => {
  it('colours chapter cards by progress', () => {
    expect(chapterTone(100)).toBe('done');
    expect(chapterTone(0)).toBe('new');
    expect(chapterTone(null)).toBe('new');
    expect(chapterTone(40)).toBe('started');
  });

  it('titles the chapters carousel with its count', () => {
    expect(chaptersHeading(1)).toBe('Program chapter (1)');
    expect(chaptersHeading(4)).toBe('Program chapters (4)');
  });

  it('clear resets the list, the program and the chapter', () => {
    const dirty = {
      ...programsSlice.getInitialState(),
      items: [buildProgram(1)],
      program: { ...programsSlice.getInitialState().program, data: buildProgramDetail(1) },
    };
    expect(programsSlice.reducer(dirty, programsActions.programsCleared())).toEqual(programsSlice.getInitialState());
  });
});

describe('programs sagas', () => {
  it('pages by 8 with _sort, appends, and stops on a short page', async () => {
    const api = stubPrograms(10);
    const store = makeStore();

    store.dispatch(programsActions.programsRequested());
    await flush();
    store.dispatch(programsActions.moreProgramsRequested());
    await flush();

    expect(api.callsTo('/cms/programs').map((c) => c.url.search)).toEqual([
      '?_limit=8&_start=0&_sort=title%3Aasc',
      '?_limit=8&_start=8&_sort=title%3Aasc',
    ]);
    expect(store.getState().programs.items).toHaveLength(10);
    expect(store.getState().programs.hasMore).toBe(false);
  });

  it('reloads from the start on a filter or sort change', async () => {
    const api = stubPrograms(20);
    const store = makeStore();

    store.dispatch(programsActions.programFiltersChanged({ topic: 1, level: null, trainers: 3 }));
    await flush();
    store.dispatch(programsActions.programSortChanged('created_at'));
    await flush();

    const calls = api.callsTo('/cms/programs').map((c) => c.url.search);
    expect(calls).toEqual([
      '?_limit=8&_start=0&_sort=title%3Aasc&topic=1&trainers=3',
      '?_limit=8&_start=0&_sort=created_at%3Adesc&topic=1&trainers=3',
    ]);
  });
});

describe('programs pages', () => {
  it('lists programs with the subscribe button for guests; a locked one leads to its page', async () => {
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/programs': [
        buildProgram(1, { title: 'Free program' }),
        buildProgram(2, { title: 'Pro program', locked: true }),
      ],
      'GET /cms/list-page': {
        lessons_title: 'Lessons',
        articles_title: 'Last articles',
        programs_title: 'Train with our 42 programs',
        programs_intro: 'Plans by masters.',
      },
    });
    renderApp('/programs');

    expect(await screen.findByRole('heading', { level: 1, name: 'Train with our 42 programs' })).toBeVisible();
    expect(screen.getByText('Plans by masters.')).toBeVisible();
    expect(within(screen.getByRole('main')).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /Free program/ })).toHaveAttribute('href', '/program/1');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: /Pro program.*\(Pro, locked\)/ })).toHaveAttribute('href', '/program/2');
  });

  it("shows Upgrade to a free member; a locked program's card leads to its page", async () => {
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /users/profile': { data: buildUser() },
      'GET /cms/programs': [buildProgram(2, { title: 'Pro program', locked: true })],
    });
    renderApp('/programs', { auth: { ...initialAuthState(buildUser()), accessToken: 't' } });

    expect(await screen.findByRole('link', { name: /Pro program.*\(Pro, locked\)/ })).toHaveAttribute(
      'href',
      '/program/2',
    );
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
  });

  it('shows a program: facts, what is inside, intro video on tap, chapters and the recommended one', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/programs/42': buildProgramDetail(42, {
        title: 'A solid repertoire',
        trainers: [person(1, 'Hana Berglund', { thumbnail: media('t1') })],
        description: 'A structured program.',
        bullet_points: ['Quizzes', 'Model games'],
        chapters: [
          buildChapterSummary(241, 'First moves', { progress: 100 }),
          buildChapterSummary(242, 'Main line', { progress: 0 }),
          buildChapterSummary(243, 'Model games', { progress: 50 }),
        ],
        related_program: buildProgram(34, { title: 'The 1.d4 starter kit', locked: true }),
        introduction_video: {
          title: 'Welcome',
          video_id: 'intro1',
          duration: 120,
          dm_data: { thumbnail_720_url: '/media/intro.svg', thumbnail_480_url: null, duration: 120 },
        },
      }),
    });
    renderApp('/program/42', { consent: { choice: { statistics: false, media: true }, bannerVisible: false } });

    expect(await screen.findByRole('heading', { level: 1, name: 'A solid repertoire' })).toBeInTheDocument();
    expect(screen.getByText('Casual - 1000 · 4 chapters')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'What’s inside?' })).toBeInTheDocument();
    expect(screen.getByText('Quizzes')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Program chapters (3)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /First moves/ })).toHaveClass('chapter-card--done');
    expect(screen.getByRole('link', { name: /Main line/ })).toHaveClass('chapter-card--new');
    expect(screen.getByRole('link', { name: /Model games/ })).toHaveClass('chapter-card--started');
    expect(screen.getByRole('heading', { name: 'Recommended' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/programs');

    expect(screen.queryByTitle('Welcome')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Play Welcome' }));
    expect(screen.getByTitle('Welcome')).toHaveAttribute('src', expect.stringContaining('/video/intro1'));
  });

  it('shows a member how far they are in the program, and a guest nothing of it', async () => {
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /users/profile': { data: buildUser() },
      'GET /cms/programs/42': buildProgramDetail(42, { title: 'A solid repertoire', progress: 14 }),
    });
    const member = renderApp('/program/42', { auth: { ...initialAuthState(buildUser()), accessToken: 't' } });

    const bar = await screen.findByRole('progressbar', { name: 'Your progress' });
    expect(bar).toHaveAttribute('value', '14');
    expect(screen.getByText('14% complete')).toBeInTheDocument();
    member.unmount();

    renderApp('/program/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'A solid repertoire' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('plays a chapter: playlist sheet, Previous and Next bounds, and a tap that records nothing', async () => {
    const user = userEvent.setup();
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /users/profile': { data: buildUser() },
      'GET /cms/program-chapters/241': chapter,
      'POST /content/progress': { data: {} },
    });
    renderApp('/program-chapter/241', {
      auth: { ...initialAuthState(buildUser()), accessToken: 't' },
      consent: { choice: { statistics: false, media: true }, bannerVisible: false },
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Part 1' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    expect(screen.getByRole('link', { name: '← Back' })).toHaveAttribute('href', '/program/42');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Part 2' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Playlist' }));
    let sheet = screen.getByRole('dialog', { name: 'Playlist' });
    expect(within(sheet).getByRole('heading', { level: 2, name: 'Playlist' })).toBeInTheDocument();
    const items = within(sheet)
      .getAllByRole('listitem')
      .map((item) => within(item).getByRole('button'));
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, 'true']);
    expect(items[1]).toHaveFocus();
    expect(items[0]!.querySelector('.playlist-sheet__name')).toHaveTextContent('Part 1');
    expect(items[0]!.querySelector('.playlist-sheet__duration')).toHaveTextContent(/^\d+\s(min|h)/);
    await user.click(within(sheet).getByRole('button', { name: 'Close the playlist' }));
    expect(screen.queryByRole('dialog', { name: 'Playlist' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Playlist' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Playlist' }));
    sheet = screen.getByRole('dialog', { name: 'Playlist' });
    await user.click(within(sheet).getByRole('button', { name: /Part 1/ }));
    expect(screen.getByRole('heading', { level: 1, name: 'Part 1' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Playlist' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play Part 1' }));
    expect(screen.getByTitle('Part 1')).toHaveAttribute('src', expect.stringContaining('/video/v241-1?autoplay=1'));
    await act(flush);
    // A tap starts the video; only what the player reports counts as watched.
    expect(api.callsTo('/content/progress')).toHaveLength(0);
    const other = screen.getByRole('link', { name: /The main line/ });
    expect(other).toHaveAttribute('href', '/program-chapter/242');
    expect(other).toHaveClass('chapter-card--started');
  });
});

describe('program failures', () => {
  it('a locked program sends a visitor to log in; a missing chapter goes to 404; other failures say so', async () => {
    stubApi({
      'GET /cms/programs/3': reply(403, errorBody('content_locked')),
      'GET /cms/program-chapters/999': reply(404, errorBody('not_found')),
      'GET /cms/programs/5': reply(500, errorBody('server_error')),
    });
    const first = renderApp('/program/3');
    await screen.findByRole('heading', { name: 'Log in' });
    expect(screen.getByTestId('location')).toHaveTextContent('/login?redirect=%2Fprogram%2F3');
    first.unmount();

    const second = renderApp('/program-chapter/999');
    await screen.findByText('404 ERROR');
    second.unmount();

    const { store } = renderApp('/program/5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong fetching this program.');
    expect(store.getState().toasts.items[0]!.message).toBe('Something went wrong fetching this program.');
  });
});

describe('programs list states', () => {
  it('filters that match nothing show the empty state, and Reset brings the programs back', async () => {
    const user = userEvent.setup();
    stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/programs': (url: URL) => ({
        body: url.searchParams.has('level') ? [] : [buildProgram(1, { title: 'Free program' })],
      }),
      'GET /cms/topics': [],
      'GET /cms/difficulty-levels': [],
      'GET /cms/trainers': [],
    });
    const { store } = renderApp('/programs');
    expect(await screen.findByRole('link', { name: /Free program/ })).toBeInTheDocument();

    act(() => {
      store.dispatch(programsActions.programFiltersChanged({ topic: null, level: 2, trainers: null }));
    });

    expect(await screen.findByText('No programs match these filters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset' }));

    expect(await screen.findByRole('link', { name: /Free program/ })).toBeInTheDocument();
    expect(screen.queryByText('No programs match these filters')).not.toBeInTheDocument();
  });

  it('a failed load shows the error state, and Retry loads again', async () => {
    const user = userEvent.setup();
    let failures = 1;
    const api = stubApi({
      'GET /content/footer': buildFooter(),
      'GET /cms/programs': () =>
        failures-- > 0 ? reply(500, errorBody('server_error')) : { body: [buildProgram(1, { title: 'Free program' })] },
      'GET /cms/topics': [],
      'GET /cms/difficulty-levels': [],
      'GET /cms/trainers': [],
    });
    renderApp('/programs');

    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong fetching programs.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('link', { name: /Free program/ })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo('/cms/programs')).toHaveLength(2);
  });
});

describe('the programs list and its address', () => {
  it('a link with a filter, a sort and pages shows that list, and Load more adds a page to it', async () => {
    const user = userEvent.setup();
    const api = stubPrograms(30);
    renderApp('/programs?level=2&sort=subscription_level&pages=2');

    await waitFor(() => expect(screen.getAllByRole('link', { name: /Program \d+/ })).toHaveLength(16));
    const asked = api.callsTo('/cms/programs').map((call) => call.url.searchParams);
    expect(asked.map((params) => params.get('_start'))).toEqual(['0', '8']);
    expect(
      asked.every((params) => params.get('level') === '2' && params.get('_sort') === 'subscription_level:asc'),
    ).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Program \d+/ })).toHaveLength(24));
    expect(screen.getByTestId('location')).toHaveTextContent('/programs?level=2&sort=subscription_level&pages=3');
  });
});
