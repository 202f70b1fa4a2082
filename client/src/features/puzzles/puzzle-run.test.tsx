import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { initialAuthState } from '../../state/auth-slice';
import { errorBody, reply, stubApi } from '../../test/api-stub';
import { buildUser } from '../../test/member-builders';
import { buildFooter } from '../../test/page-builders';
import { renderApp } from '../../test/render-app';
import type { PuzzleRun, RunOutcome, RunPuzzle } from './run-api';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const member = { auth: { ...initialAuthState(buildUser()), accessToken: 'token' } };
const SLOW = { timeout: 4000 };

function buildRunPuzzle(id: string): RunPuzzle {
  return { id, place: 0, fen: START, first_move: 'e2e4', solver: 'black', rating: 850, themes: [] };
}

function buildRun(extra: Partial<PuzzleRun> = {}): PuzzleRun {
  const now = new Date();
  return {
    id: 'a'.repeat(32),
    mode: 'timed',
    rated: false,
    now: now.toISOString(),
    started_at: now.toISOString(),
    ends_at: new Date(now.getTime() + 180_000).toISOString(),
    ended_at: null,
    over: false,
    score: 0,
    mistakes: 0,
    mistakes_allowed: 3,
    played: 0,
    puzzles: [buildRunPuzzle('Run01'), buildRunPuzzle('Run02')],
    missed: [],
    best: { today: null, all_time: null },
    ...extra,
  };
}

const BEST = { data: { timed: { today: 4, all_time: 9 }, streak: { today: null, all_time: null } } };

function stubRuns(routes: Record<string, unknown> = {}) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /users/profile': { data: buildUser() },
    'GET /content/puzzles/runs/best': BEST,
    'POST /content/puzzles/runs': reply(201, { data: buildRun() }),
    ...routes,
  });
}

async function typeMove(user: ReturnType<typeof userEvent.setup>, text: string) {
  const input = screen.getByLabelText('Your move');
  await user.clear(input);
  await user.type(input, `${text}{Enter}`);
}

describe('/puzzles/run', () => {
  it('starts a timed run, shows the clock and sends each move to the server, which scores it', async () => {
    const user = userEvent.setup();
    const answers: unknown[] = [];
    const api = stubRuns({
      [`POST /content/puzzles/runs/${'a'.repeat(32)}/answers`]: (_url: URL, init: RequestInit) => {
        const body = JSON.parse(init.body as string) as { moves: string[] };
        answers.push(body);
        const outcome: RunOutcome =
          body.moves.length === 1
            ? { verdict: 'continue', reply: 'g1f3', solution: null, run: buildRun() }
            : {
                verdict: 'solved',
                reply: null,
                solution: ['e2e4', 'e7e5', 'g1f3', 'b8c6'],
                run: buildRun({ score: 1, played: 1, puzzles: [{ ...buildRunPuzzle('Run02'), place: 1 }] }),
              };
        return { status: 200, body: { data: outcome } };
      },
    });
    renderApp('/puzzles/run', member);
    expect(await screen.findByRole('heading', { name: 'Choose a run' })).toBeInTheDocument();
    expect(await screen.findByText('Best today 4 · all time 9')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /3 minutes/ }));
    expect(await screen.findByRole('timer')).toHaveTextContent(/^(3:00|2:59)$/);
    expect(await screen.findByText('Find the best move for Black.', {}, SLOW)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Your move')).not.toHaveAttribute('readonly'), SLOW);
    await typeMove(user, 'e5');
    await waitFor(() => expect(screen.getByLabelText('Your move')).not.toHaveAttribute('readonly'), SLOW);
    await typeMove(user, 'Nc6');
    expect(await screen.findByText('Solved!')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('.puzzle-run__score strong')).toHaveTextContent('1'), SLOW);
    expect(answers).toEqual([
      expect.objectContaining({ puzzle_id: 'Run01', moves: ['e7e5'] }),
      expect.objectContaining({ puzzle_id: 'Run01', moves: ['e7e5', 'g1f3', 'b8c6'] }),
    ]);
    expect(api.callsTo('/content/puzzles/runs')).toHaveLength(1);
  });

  it('ends at the last mistake with the score, the best and the misses to replay unrated', async () => {
    const user = userEvent.setup();
    const missed = {
      id: 'Run01',
      fen: START,
      moves: ['e2e4', 'e7e5'],
      solver: 'black' as const,
      rating: 850,
      plays: 3,
    };
    const ended = buildRun({
      mode: 'streak',
      ends_at: null,
      over: true,
      ended_at: new Date().toISOString(),
      mistakes: 1,
      mistakes_allowed: 1,
      score: 0,
      played: 1,
      puzzles: [],
      missed: [{ ...missed, themes: [], game_url: null, opening_tags: [] }],
      best: { today: 3, all_time: 7 },
    });
    const api = stubRuns({
      'POST /content/puzzles/runs': reply(201, {
        data: buildRun({ mode: 'streak', ends_at: null, mistakes_allowed: 1 }),
      }),
      [`POST /content/puzzles/runs/${'a'.repeat(32)}/answers`]: {
        data: { verdict: 'missed', reply: null, solution: ['e2e4', 'e7e5'], run: ended },
      },
    });
    renderApp('/puzzles/run', member);
    await user.click(await screen.findByRole('button', { name: /Streak/ }));
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Your move')).not.toHaveAttribute('readonly'), SLOW);
    await typeMove(user, 'a6');
    const heading = await screen.findByRole('heading', { name: 'Run over: 0 solved' }, SLOW);
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByText('Best ever').nextSibling).toHaveTextContent('7');
    await user.click(screen.getByRole('button', { name: 'Replay my misses (1)' }));
    expect(await screen.findByText('Replaying your misses: 1 of 1 (not rated)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Your move')).not.toHaveAttribute('readonly'), SLOW);
    await typeMove(user, 'e5');
    expect(await screen.findByText('Correct!')).toBeInTheDocument();
    // Unrated: the replay sends no attempt.
    expect(api.calls.filter((call) => call.method === 'POST' && call.url.pathname.includes('/attempts'))).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Back to the result' }));
    expect(await screen.findByRole('heading', { name: 'Run over: 0 solved' })).toBeInTheDocument();
  });

  it("shows a free member's spent run with the Pro offer, and an error with Retry", async () => {
    const user = userEvent.setup();
    let tries = 0;
    stubRuns({
      'POST /content/puzzles/runs': () => {
        tries += 1;
        return tries === 1
          ? { status: 500, body: errorBody('server_error') }
          : {
              status: 403,
              body: {
                error: { code: 'puzzle_run_allowance_spent', message: 'spent', available_at: '2030-01-02T00:00:00Z' },
              },
            };
      },
    });
    renderApp('/puzzles/run', member);
    await user.click(await screen.findByRole('button', { name: /3 minutes/ }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: "That's your free run for today" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Pro for unlimited runs' })).toHaveAttribute('href', '/upgrade-account');
  });

  it('asks a guest to sign in', async () => {
    stubRuns();
    renderApp('/puzzles/run');
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });
});
