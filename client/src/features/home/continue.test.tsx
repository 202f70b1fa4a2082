import { screen, waitFor, within } from '@testing-library/react';
import { initialAuthState } from '../../state/auth-slice';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildUser } from '../../test/member-builders';
import { buildContinueCard, buildFooter, buildHome } from '../../test/page-builders';
import { renderApp } from '../../test/render-app';
import { continueLink, upNextLink } from './continue-slice';

const member = { auth: { ...initialAuthState(buildUser()), accessToken: 'token' } };

const items = [
  buildContinueCard('lesson_chapter', '5:2', { title: 'Key ideas', subtitle: 'Making a plan', percent: 49 }),
  buildContinueCard('program_subchapter', '241:3', { title: 'Part 3', position: 30, duration: 300, percent: 10 }),
  buildContinueCard('masterclass_episode', '4', { title: 'The opening' }),
  buildContinueCard('video', '1', { title: 'Sixty-Four Squares', percent: 0, position: 2 }),
];

function stubHome(answer: unknown) {
  return stubApi({
    'GET /cms/hubs/home': buildHome(),
    'GET /content/footer': buildFooter(),
    'GET /users/profile': { data: buildUser() },
    'GET /content/continue': answer,
  });
}

describe('continue learning', () => {
  it('links each card to its item, at its chapter or video', () => {
    expect(items.map(continueLink)).toEqual([
      '/lessons/5?chapter=2',
      '/program-chapter/241?video=241%3A3',
      '/masterclass/chapter/4',
      '/videos/1',
    ]);
  });

  it("shows a member's unfinished items first on home, in the order given, with their progress", async () => {
    const api = stubHome({ data: items });
    renderApp('/home', member);

    const row = await screen.findByRole('region', { name: 'Continue learning' });
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/lessons/5?chapter=2',
      '/program-chapter/241?video=241%3A3',
      '/masterclass/chapter/4',
      '/videos/1',
    ]);
    expect(links[0]).toHaveTextContent('Key ideas');
    expect(links[0]).toHaveTextContent('Making a plan · 6 min left');
    expect(links[0]).toHaveTextContent('49% watched');
    // Just started still shows a sliver of a bar.
    expect(links[3]).toHaveTextContent('1% watched');
    expect(api.callsTo('/content/continue')[0]!.url.search).toBe('?_limit=10');

    // The row comes before the home sections, which waited for it.
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(regions.indexOf('home-continue')).toBeLessThan(regions.indexOf('home-masterclass_episodes-0'));
  });

  it('holds the sections until the row is in, so nothing moves when it arrives', async () => {
    let answer: (value: unknown) => void = () => {};
    stubHome(() => new Promise((resolve) => (answer = resolve)));
    renderApp('/home', member);

    await screen.findByText('Loading the home page…');
    expect(screen.queryByRole('region', { name: 'Masterclass' })).toBeNull();

    answer({ body: { data: items } });
    expect(await screen.findByRole('region', { name: 'Continue learning' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Masterclass' })).toBeInTheDocument();
  });

  it('holds the row until the sections are in too, so it never shows below their skeleton', async () => {
    let answer: (value: unknown) => void = () => {};
    stubApi({
      'GET /cms/hubs/home': () => new Promise((resolve) => (answer = resolve)),
      'GET /content/footer': buildFooter(),
      'GET /users/profile': { data: buildUser() },
      'GET /content/continue': { data: items },
    });
    const { store } = renderApp('/home', member);

    await waitFor(() => expect(store.getState().continueLearning.status).toBe('succeeded'));
    expect(screen.queryByRole('region', { name: 'Continue learning' })).toBeNull();

    answer({ body: buildHome() });
    expect(await screen.findByRole('region', { name: 'Continue learning' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Masterclass' })).toBeInTheDocument();
  });

  it('shows no row when the member has nothing unfinished, or it cannot be read', async () => {
    stubHome({ data: [] });
    const { unmount } = renderApp('/home', member);
    expect(await screen.findByRole('region', { name: 'Masterclass' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Continue learning' })).toBeNull();
    unmount();

    stubHome(reply(500, errorBody('server_error')));
    renderApp('/home', member);
    expect(await screen.findByRole('region', { name: 'Masterclass' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Continue learning' })).toBeNull();
  });

  it('shows no row to a guest and asks nothing', async () => {
    const api = stubHome({ data: items });
    renderApp('/home');
    expect(await screen.findByRole('region', { name: 'Masterclass' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Continue learning' })).toBeNull();
    expect(api.callsTo('/content/continue')).toHaveLength(0);
  });

  it('links what comes next: a video at its chapter, an exercise at its page with the exercise open', () => {
    expect(upNextLink({ kind: 'video', title: 'Key ideas', link: { lesson_id: 5, chapter: 3 } })).toBe(
      '/lessons/5?chapter=3',
    );
    expect(
      upNextLink({
        kind: 'video',
        title: 'Part 4',
        link: { program_id: 9, chapter_id: 241, subchapter_id: '241:4' },
      }),
    ).toBe('/program-chapter/241?video=241%3A4');
    expect(
      upNextLink({
        kind: 'exercise',
        title: 'Find the fork.',
        link: { lesson_id: 12, chapter: 3, exercise_id: 'lesson_chapter:12:3:e2' },
      }),
    ).toBe('/lessons/12?chapter=3&exercise=lesson_chapter%3A12%3A3%3Ae2');
    expect(
      upNextLink({
        kind: 'exercise',
        title: null,
        link: { program_id: 9, chapter_id: 40, subchapter_id: '40:2', exercise_id: 'program_subchapter:40:2:e1' },
      }),
    ).toBe('/program-chapter/40?video=40%3A2&exercise=program_subchapter%3A40%3A2%3Ae1');
    expect(
      upNextLink({
        kind: 'exercise',
        title: 'Mate in two.',
        link: { masterclass_episode_id: 5, exercise_id: 'masterclass_episode:5:e1' },
      }),
    ).toBe('/masterclass/chapter/5?exercise=masterclass_episode%3A5%3Ae1');
  });

  it("shows each lesson's and program's next step, and a started course with nothing half-watched", async () => {
    stubHome({
      data: [
        // Half-watched, and the rest of that video is what comes next: no second link to it.
        buildContinueCard('lesson_chapter', '5:2', {
          title: 'Key ideas',
          subtitle: 'Making a plan',
          up_next: { kind: 'video', title: 'Key ideas', link: { lesson_id: 5, chapter: 2 } },
        }),
        // Its video watched, an exercise of it not solved.
        buildContinueCard('lesson_chapter', '12:3', {
          title: 'Forks',
          subtitle: 'Tactics',
          position: 590,
          percent: 98,
          progress: 100,
          completed: true,
          up_next: {
            kind: 'exercise',
            title: 'Find the fork.',
            link: { lesson_id: 12, chapter: 3, exercise_id: 'lesson_chapter:12:3:e2' },
          },
        }),
        // A started program whose next video is not begun: its card is that video.
        buildContinueCard('program_subchapter', '241:4', {
          title: 'Part 4',
          subtitle: 'The Caro-Kann',
          position: 0,
          duration: 840,
          percent: 0,
          progress: 0,
          started: false,
          updated_at: null,
          up_next: { kind: 'video', title: 'Part 4', link: { program_id: 9, chapter_id: 241, subchapter_id: '241:4' } },
        }),
      ],
    });
    renderApp('/home', member);

    const row = await screen.findByRole('region', { name: 'Continue learning' });
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => [link.getAttribute('href'), link.textContent?.replace(/\u00a0/g, ' ')])).toEqual([
      ['/lessons/5?chapter=2', 'Key ideasMaking a plan · 6 min left40% watched'],
      ['/lessons/12?chapter=3', 'ForksTactics · Watched100% watched'],
      ['/lessons/12?chapter=3&exercise=lesson_chapter%3A12%3A3%3Ae2', 'Up next · ExerciseFind the fork.'],
      ['/program-chapter/241?video=241%3A4', 'Part 4Up next · The Caro-Kann · 14 min'],
    ]);
    expect(within(row).getByRole('link', { name: 'Up next, an exercise: Find the fork.' })).toBe(links[2]);
    // A video not begun has no bar.
    expect(links[3]!.querySelector('.progress-bar')).toBeNull();
  });
});

describe("a member's home starts where they left off", () => {
  const daily = {
    id: 'Pz001',
    fen: 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3',
    moves: ['f1b5', 'a7a6'],
    solver: 'black' as const,
    rating: 1480,
    plays: 12,
    themes: [],
    game_url: null,
    opening_tags: [],
    source: 'daily',
    day: '2026-11-27',
  };

  it('greets the member, then Continue learning and the daily puzzle, then the hero, in that order from the start', async () => {
    let answer: (value: unknown) => void = () => {};
    stubApi({
      'GET /cms/hubs/home': buildHome({ hero_title: 'Learn from the best' }),
      'GET /content/footer': buildFooter(),
      'GET /users/profile': { data: buildUser() },
      'GET /content/continue': () => new Promise((resolve) => (answer = resolve)),
      'GET /content/puzzles/daily': { data: daily },
    });
    renderApp('/home', member);

    // Until the row is in, one skeleton holds the place of all of it: no hero to push down.
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' })).toBeInTheDocument();
    await screen.findByText('Loading the home page…');
    expect(screen.queryByRole('heading', { name: 'Learn from the best' })).toBeNull();

    answer({ body: { data: items } });
    await screen.findByRole('region', { name: 'Continue learning' });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(screen.getAllByRole('heading')[0]).toHaveTextContent('Welcome back, Ada');
    expect(headings.slice(0, 3)).toEqual(['Continue learning', 'Daily puzzle', 'Learn from the best']);
    expect(screen.getByRole('heading', { name: 'Learn from the best' }).tagName).toBe('H2');
  });

  it("keeps a visitor's order: the hero first, the daily puzzle after the sections", async () => {
    stubApi({
      'GET /cms/hubs/home': buildHome({ hero_title: 'Learn from the best' }),
      'GET /content/footer': buildFooter(),
      'GET /content/puzzles/daily': { data: daily },
    });
    renderApp('/home');

    await screen.findByRole('region', { name: 'Daily puzzle' });
    const headings = screen.getAllByRole('heading');
    expect(headings[0]).toHaveTextContent('Learn from the best');
    expect(headings[0]!.tagName).toBe('H1');
    const regions = screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'));
    expect(regions.indexOf('daily-puzzle')).toBeGreaterThan(regions.indexOf('home-masterclass_episodes-0'));
  });
});
