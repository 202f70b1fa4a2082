import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DailyPuzzle, NextPuzzle, PuzzleOutcome, PuzzleStanding } from '../../api/contract';
import { initialAuthState } from '../../state/auth-slice';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildUser } from '../../test/member-builders';
import { buildFooter, buildHome } from '../../test/page-builders';
import { renderApp } from '../../test/render-app';
import { availableWhen, puzzleDay, ratingChange } from './format';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

const member = { auth: { ...initialAuthState(buildUser()), accessToken: 'token' } };
// The trainer waits before the opponent's move and before each reply.
const SLOW = { timeout: 4000 };

function buildPuzzle(extra: Partial<NextPuzzle> = {}): NextPuzzle {
  return {
    id: 'Pz001',
    fen: START,
    moves: ['e2e4', 'e7e5', 'g1f3', 'b8c6'],
    solver: 'black',
    rating: 1480,
    plays: 12,
    themes: [
      { theme: 'opening', name: 'Opening' },
      { theme: 'short', name: 'Short puzzle' },
    ],
    game_url: null,
    opening_tags: [],
    source: 'next',
    ...extra,
  };
}

function buildStanding(extra: Partial<PuzzleStanding> = {}): PuzzleStanding {
  return {
    rating: 1500,
    deviation: 200,
    provisional: true,
    rated_plays: 2,
    rating_history: [
      { at: '2026-11-26T10:00:00Z', rating: 1488 },
      { at: '2026-11-27T10:00:00Z', rating: 1500 },
    ],
    streak: { current: 2, best: 4, solved_today: false },
    themes: [],
    history: [],
    review: { due_now: 0, due_today: 0, items: [] },
    allowance: { per_day: 5, left: 3, resets_at: '2026-11-28T00:00:00Z' },
    ...extra,
  };
}

function buildOutcome(attemptId: string, change: number, solved: boolean): PuzzleOutcome {
  return {
    attempt_id: attemptId,
    puzzle_id: 'Pz001',
    solved,
    rated: true,
    rating: { before: 1500, after: 1500 + change, change },
    puzzle_rating: 1480 - change,
    streak: { current: solved ? 3 : 2, best: 4, solved_today: solved },
    review_due_today: solved ? 0 : 1,
  };
}

const THEMES = {
  data: [
    { theme: 'fork', name: 'Fork', count: 8 },
    { theme: 'endgame', name: 'Endgame', count: 12 },
  ],
};

function stubPuzzles(routes: Record<string, unknown> = {}) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /users/profile': { data: buildUser() },
    'GET /content/puzzles/next': { data: buildPuzzle() },
    'GET /content/puzzles/me': { data: buildStanding() },
    'GET /content/puzzles/themes': THEMES,
    'POST /content/puzzles/Pz001/attempts': (_url: URL, init: RequestInit) => {
      const body = JSON.parse(init.body as string) as { attempt_id: string; solved: boolean };
      return { status: 200, body: { data: buildOutcome(body.attempt_id, body.solved ? 12 : -9, body.solved) } };
    },
    ...routes,
  });
}

async function typeMove(user: ReturnType<typeof userEvent.setup>, text: string) {
  const input = screen.getByLabelText('Your move');
  await user.clear(input);
  await user.type(input, `${text}{Enter}`);
}

/** The rating line under the board once a puzzle ends. */
const resultRating = () => document.querySelector('.puzzle-result__rating');

const attemptBodies = (api: ReturnType<typeof stubApi>) =>
  api.callsTo('/content/puzzles/Pz001/attempts').map((call) => JSON.parse(call.init.body as string) as unknown);

describe('puzzle formats', () => {
  it('signs rating changes with a true minus, and writes the UTC day', () => {
    expect(ratingChange(12)).toBe('+12');
    expect(ratingChange(-9)).toBe('\u22129');
    expect(ratingChange(0)).toBe('\u00b10');
    expect(puzzleDay('2026-11-27')).toBe('Friday, November 27, 2026');
  });

  it("says when more free puzzles come in the member's own time", () => {
    const now = new Date(2026, 10, 27, 20, 30);
    expect(availableWhen(new Date(2026, 10, 28, 1, 0).toISOString(), now)).toBe('at 01:00 tomorrow');
    expect(availableWhen(new Date(2026, 10, 27, 23, 5).toISOString(), now)).toBe('at 23:05 today');
    expect(availableWhen(new Date(2026, 11, 1, 9, 0).toISOString(), now)).toBe('on December 1 at 09:00');
  });
});

describe('/puzzles for a member', () => {
  it("plays the opponent's move, takes the line, records the attempt and shows the rating change", async () => {
    const user = userEvent.setup();
    const api = stubPuzzles();
    renderApp('/puzzles', member);

    expect(await screen.findByText('Your turn: find the best move for Black.', {}, SLOW)).toBeInTheDocument();
    // The themes would give the puzzle away: they show once it ends.
    expect(screen.queryByText('Short puzzle')).not.toBeInTheDocument();
    await typeMove(user, 'e5');
    expect(screen.getByText('Best move! Keep going…')).toBeInTheDocument();
    expect(await screen.findByText('White knight to f3. Your move.', {}, SLOW)).toBeInTheDocument();
    await typeMove(user, 'Nc6');
    expect(screen.getByText('Correct!')).toBeInTheDocument();

    await waitFor(() => expect(resultRating()).toHaveTextContent('Your rating 1512 +12'));
    expect(screen.getByText('Short puzzle')).toBeInTheDocument();
    const [body] = attemptBodies(api) as { attempt_id: string; moves: string[]; solved: boolean }[];
    expect(body).toMatchObject({ moves: ['e7e5', 'g1f3', 'b8c6'], solved: true });
    expect(body!.attempt_id).toMatch(/^[A-Za-z0-9-]{8,64}$/);
    // The standing is asked again after the attempt (the allowance, the chart).
    await waitFor(() => expect(api.callsTo('/content/puzzles/me').length).toBeGreaterThanOrEqual(2));
  });

  it('fails the puzzle at a wrong move, sends it unsolved, and shows the rating going down', async () => {
    const user = userEvent.setup();
    const api = stubPuzzles();
    renderApp('/puzzles', member);
    await screen.findByText('Your turn: find the best move for Black.', {}, SLOW);
    await typeMove(user, 'd5');
    expect(screen.getByText("That's not the move.")).toBeInTheDocument();
    await waitFor(() => expect(resultRating()).toHaveTextContent('Your rating 1491 \u22129'));
    expect(attemptBodies(api)).toEqual([expect.objectContaining({ moves: ['d7d5'], solved: false })]);
    expect(screen.getByRole('button', { name: 'View the solution' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next puzzle' }));
    await waitFor(() => expect(api.callsTo('/content/puzzles/next')).toHaveLength(2));
  });

  it('sends a failed attempt again with the same attempt id', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const api = stubPuzzles({
      'POST /content/puzzles/Pz001/attempts': (_url: URL, init: RequestInit) => {
        tries += 1;
        const body = JSON.parse(init.body as string) as { attempt_id: string };
        return tries === 1
          ? reply(503, errorBody('server_error'))
          : { status: 200, body: { data: buildOutcome(body.attempt_id, -9, false) } };
      },
    });
    renderApp('/puzzles', member);
    await screen.findByText('Your turn: find the best move for Black.', {}, SLOW);
    await typeMove(user, 'd5');
    await waitFor(() => expect(resultRating()).toHaveTextContent('Your rating 1491'), SLOW);
    const bodies = attemptBodies(api) as { attempt_id: string }[];
    expect(bodies).toHaveLength(2);
    expect(bodies[1]!.attempt_id).toBe(bodies[0]!.attempt_id);
  });

  it('shows the rating, streak, review count, the allowance and the chart in words', async () => {
    stubPuzzles();
    renderApp('/puzzles', member);
    expect(await screen.findByText('3 of 5 free puzzles left today')).toBeInTheDocument();
    expect(screen.getByText('1500?')).toBeInTheDocument();
    expect(screen.getByText('2 days')).toBeInTheDocument();
    expect(
      screen.getByRole('img', {
        name: 'Your rating over your last 2 rated puzzles: from 1488 to 1500, lowest 1488, highest 1500.',
      }),
    ).toBeInTheDocument();
  });

  it('asks the next puzzle of the theme chosen, and of the theme a link names', async () => {
    const user = userEvent.setup();
    const api = stubPuzzles();
    renderApp('/puzzles?theme=endgame', member);
    await waitFor(() => expect(api.callsTo('/content/puzzles/next')[0]?.url.search).toBe('?theme=endgame'));
    const picker = await screen.findByLabelText('Theme');
    await screen.findByRole('option', { name: 'Fork (8)' });
    await user.selectOptions(picker, 'fork');
    await waitFor(() => expect(api.callsTo('/content/puzzles/next').at(-1)?.url.search).toBe('?theme=fork'));
    expect(screen.getByTestId('location')).toHaveTextContent('/puzzles?theme=fork');
  });

  it('offers the puzzles due for review and asks for them', async () => {
    const user = userEvent.setup();
    const api = stubPuzzles({
      'GET /content/puzzles/me': {
        data: buildStanding({
          review: { due_now: 1, due_today: 2, items: [{ kind: 'puzzle', id: 'Pz009', due: '2026-11-27T10:00:00Z' }] },
        }),
      },
    });
    renderApp('/puzzles', member);
    expect(await screen.findByText('2 to review today')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review the puzzle due now' }));
    await waitFor(() => expect(api.callsTo('/content/puzzles/next').at(-1)?.url.search).toBe('?review=true'));
  });

  it("shows the Pro offer with when more free puzzles come once the day's are spent", async () => {
    const availableAt = '2026-11-28T00:00:00Z';
    stubPuzzles({
      'GET /content/puzzles/next': reply(403, {
        error: { code: 'puzzle_allowance_spent', message: 'Spent', available_at: availableAt },
      }),
      'GET /content/puzzles/me': {
        // The BFF's figure, whatever it is: the page holds no copy of it.
        data: buildStanding({ allowance: { per_day: 3, left: 0, resets_at: availableAt } }),
      },
    });
    renderApp('/puzzles', member);
    const offer = await screen.findByRole('region', { name: "That's your 3 free puzzles for today" });
    expect(offer).toHaveTextContent(`More free puzzles ${availableWhen(availableAt)} (your time).`);
    expect(within(offer).getByRole('link', { name: 'Go Pro for unlimited puzzles' })).toHaveAttribute(
      'href',
      '/upgrade-account',
    );
    expect(screen.getByText('No free puzzles left today')).toBeInTheDocument();
  });

  it('says when five puzzles given are waiting, and plays them from any theme', async () => {
    const user = userEvent.setup();
    const api = stubPuzzles({
      'GET /content/puzzles/next': (url: URL) =>
        url.search.includes('theme=')
          ? reply(403, errorBody('puzzles_waiting'))
          : { status: 200, body: { data: buildPuzzle() } },
    });
    renderApp('/puzzles?theme=fork', member);
    expect(
      await screen.findByText('Five puzzles you were given are waiting: play them before another theme.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong fetching the puzzle.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Play them' }));
    await waitFor(() => expect(api.callsTo('/content/puzzles/next').at(-1)?.url.search).toBe(''));
    await screen.findByText('Near your rating');
  });

  it('says when a theme has no puzzle left', async () => {
    stubPuzzles({ 'GET /content/puzzles/next': reply(404, errorBody('not_found')) });
    renderApp('/puzzles?theme=fork', member);
    expect(
      await screen.findByText('You have played every Fork puzzle we have. Choose another theme.'),
    ).toBeInTheDocument();
  });
});

const DAILY: DailyPuzzle = { ...buildPuzzle(), day: '2026-11-27', played: false, solved: null };

describe('/puzzles for a guest and the daily puzzle', () => {
  it('gives a guest the daily puzzle, unrated, and an invitation to sign up', async () => {
    const user = userEvent.setup();
    const api = stubApi({ 'GET /content/footer': buildFooter(), 'GET /content/puzzles/daily': { data: DAILY } });
    renderApp('/puzzles');
    expect(await screen.findByRole('region', { name: 'Play rated puzzles' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    await screen.findByText('Your turn: find the best move for Black.', {}, SLOW);
    await typeMove(user, 'e5');
    await screen.findByText('White knight to f3. Your move.', {}, SLOW);
    await typeMove(user, 'Nc6');
    expect(screen.getByText('Correct!')).toBeInTheDocument();
    expect(screen.getByText('Unrated: sign up to get a puzzle rating of your own.')).toBeInTheDocument();
    expect(api.callsTo('/content/puzzles/next')).toHaveLength(0);
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('shows the daily puzzle page with its day', async () => {
    stubApi({ 'GET /content/footer': buildFooter(), 'GET /content/puzzles/daily': { data: DAILY } });
    renderApp('/puzzles/daily');
    expect(await screen.findByRole('heading', { name: 'Daily puzzle', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Friday, November 27, 2026')).toBeInTheDocument();
  });

  it("shows the day's puzzle a member solved today solved, at its end, after a reload", async () => {
    stubPuzzles({ 'GET /content/puzzles/daily': { data: { ...DAILY, played: true, solved: true } } });
    renderApp('/puzzles/daily', member);
    expect(await screen.findByText('Solved.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Puzzle solved')).toBeInTheDocument();
    expect(screen.queryByText(/Your turn/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'View the solution' })).toBeNull();
    expect(screen.getByRole('link', { name: 'More puzzles' })).toBeInTheDocument();
  });

  it("shows the day's puzzle a member missed today with its solution", async () => {
    stubPuzzles({ 'GET /content/puzzles/daily': { data: { ...DAILY, played: true, solved: false } } });
    renderApp('/puzzles/daily', member);
    expect(await screen.findByText('Missed today.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Puzzle failed')).toBeInTheDocument();
    expect(screen.queryByText(/Your turn/)).toBeNull();
  });

  it("says Solved on home's card once the member solved the day's puzzle", async () => {
    stubPuzzles({
      'GET /cms/hubs/home': buildHome(),
      'GET /content/continue': { data: [] },
      'GET /content/puzzles/daily': { data: { ...DAILY, played: true, solved: true } },
    });
    renderApp('/home', member);
    const section = await screen.findByRole('region', { name: 'Daily puzzle' });
    expect(within(section).getByRole('link', { name: 'Solved' })).toHaveAttribute('href', '/puzzles/daily');
    expect(within(section).queryByRole('link', { name: 'Solve the daily puzzle' })).toBeNull();
  });

  it("marks the day's puzzle solved as soon as the member's attempt at it is recorded", async () => {
    const user = userEvent.setup();
    stubPuzzles({
      'GET /cms/hubs/home': buildHome(),
      'GET /content/continue': { data: [] },
      'GET /content/puzzles/daily': { data: DAILY },
    });
    const { store } = renderApp('/puzzles/daily', member);
    await screen.findByText('Your turn: find the best move for Black.', {}, SLOW);
    await typeMove(user, 'e5');
    await screen.findByText('White knight to f3. Your move.', {}, SLOW);
    await typeMove(user, 'Nc6');
    await waitFor(() => expect(resultRating()).not.toBeNull());
    expect(store.getState().puzzleStanding.daily.data).toMatchObject({ played: true, solved: true });
  });

  it("shows the day's puzzle on home, and a member's review count", async () => {
    stubPuzzles({
      'GET /cms/hubs/home': buildHome(),
      'GET /content/continue': { data: [] },
      'GET /content/puzzles/daily': { data: DAILY },
      'GET /content/puzzles/me': {
        data: buildStanding({ review: { due_now: 0, due_today: 1, items: [] } }),
      },
    });
    renderApp('/home', member);
    const section = await screen.findByRole('region', { name: 'Daily puzzle' });
    expect(within(section).getByRole('link', { name: 'Solve the daily puzzle' })).toHaveAttribute(
      'href',
      '/puzzles/daily',
    );
    expect(await within(section).findByRole('link', { name: '1 to review today' })).toHaveAttribute('href', '/puzzles');
  });
});
