import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NextPuzzle, PuzzleDashboard, PuzzleStanding } from '../../api/contract';
import { initialAuthState } from '../../state/auth-slice';
import { reply, stubApi } from '../../test/api-stub';
import { buildUser } from '../../test/member-builders';
import { buildFooter } from '../../test/page-builders';
import { renderApp } from '../../test/render-app';

const member = { auth: { ...initialAuthState(buildUser()), accessToken: 'token' } };
const SLOW = { timeout: 4000 };

const PUZZLE: NextPuzzle = {
  id: 'Pz001',
  fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
  moves: ['e2e4', 'e7e5', 'g1f3', 'b8c6'],
  solver: 'black',
  rating: 1480,
  plays: 12,
  themes: [{ theme: 'fork', name: 'Fork' }],
  game_url: null,
  opening_tags: [],
  source: 'next',
};

const STANDING: PuzzleStanding = {
  rating: 1500,
  deviation: 200,
  provisional: true,
  rated_plays: 2,
  rating_history: [],
  streak: { current: 0, best: 0, solved_today: false },
  themes: [],
  history: [],
  review: { due_now: 0, due_today: 0, items: [] },
  allowance: { per_day: null, left: null, resets_at: '2026-11-28T00:00:00Z' },
};

const theme = (key: string, name: string, plays: number, solved: number, performance: number) => ({
  theme: key,
  name,
  plays,
  solved,
  solved_share: Math.round((solved / plays) * 100) / 100,
  performance,
});

function buildDashboard(days: number, extra: Partial<PuzzleDashboard> = {}): PuzzleDashboard {
  const fork = theme('fork', 'Fork', 4, 1, 1250);
  const pin = theme('pin', 'Pin', 4, 4, 1900);
  return {
    days,
    enough: true,
    overall: { plays: 9, solved: 6, solved_share: 0.67, performance: 1612 },
    themes: [fork, pin],
    weak: [fork],
    strong: [pin],
    ...extra,
  };
}

function stubPage(dashboard: (days: string) => unknown) {
  return stubApi({
    'GET /content/footer': buildFooter(),
    'GET /users/profile': { data: buildUser() },
    'GET /content/puzzles/next': (url: URL) => ({
      body: {
        data: url.searchParams.get('mix')
          ? { ...PUZZLE, training: { theme: 'fork', name: 'Fork', weak: true } }
          : PUZZLE,
      },
    }),
    'GET /content/puzzles/me': { data: STANDING },
    'GET /content/puzzles/themes': { data: [{ theme: 'fork', name: 'Fork', count: 8 }] },
    'GET /content/puzzles/me/dashboard': (url: URL) => dashboard(url.searchParams.get('days') ?? ''),
  });
}

const dashboard = () => screen.getByRole('region', { name: 'Dashboard' });

describe('the puzzle dashboard', () => {
  it('shows the performance, the weak and strong themes, and switches the period', async () => {
    const user = userEvent.setup();
    const api = stubPage((days) => ({ body: { data: buildDashboard(Number(days)) } }));
    renderApp('/puzzles', member);

    const region = await screen.findByRole('region', { name: 'Dashboard' }, SLOW);
    expect(await within(region).findByText('1612', {}, SLOW)).toBeInTheDocument();
    expect(within(region).getByText('67%')).toBeInTheDocument();
    const weak = within(region).getByRole('region', { name: 'Weak themes' });
    expect(within(weak).getByText('Fork')).toBeInTheDocument();
    expect(within(weak).getByText('4 played · 25% solved · performance 1250')).toBeInTheDocument();
    const strong = within(region).getByRole('region', { name: 'Strong themes' });
    expect(within(strong).getByText('Pin')).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(region).getByRole('button', { name: '7 days' }));
    await waitFor(() =>
      expect(api.callsTo('/content/puzzles/me/dashboard').at(-1)?.url.searchParams.get('days')).toBe('7'),
    );
    expect(within(dashboard()).getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('trains a theme of its rows and the weak themes mix', async () => {
    const user = userEvent.setup();
    const api = stubPage(() => ({ body: { data: buildDashboard(30) } }));
    renderApp('/puzzles', member);

    await user.click(await screen.findByRole('button', { name: 'Train Fork' }, SLOW));
    await waitFor(() =>
      expect(api.callsTo('/content/puzzles/next').at(-1)?.url.searchParams.get('theme')).toBe('fork'),
    );

    await user.click(screen.getByRole('button', { name: 'Train my weak themes' }));
    await waitFor(() => expect(api.callsTo('/content/puzzles/next').at(-1)?.url.searchParams.get('mix')).toBe('weak'));
    expect(await screen.findByText('Your weak themes: Fork', {}, SLOW)).toBeInTheDocument();
  });

  it('asks for a few puzzles first, and offers no training, when too few were played', async () => {
    stubPage(() => ({
      body: {
        data: buildDashboard(30, {
          enough: false,
          overall: { plays: 2, solved: 1, solved_share: 0.5, performance: 1500 },
          weak: [],
          strong: [],
        }),
      },
    }));
    renderApp('/puzzles', member);

    expect(await screen.findByText('Play a few puzzles to see your weak themes.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Train my weak themes' })).not.toBeInTheDocument();
  });

  it('says when it could not load, and loads again on Retry', async () => {
    const user = userEvent.setup();
    let failing = true;
    stubPage(() =>
      failing ? reply(500, { error: { code: 'server_error', message: 'x' } }) : { body: { data: buildDashboard(30) } },
    );
    renderApp('/puzzles', member);

    expect(await screen.findByText("We couldn't load your dashboard.", {}, SLOW)).toBeInTheDocument();
    failing = false;
    await user.click(within(dashboard()).getByRole('button', { name: 'Retry' }));
    expect(await within(dashboard()).findByText('1612', {}, SLOW)).toBeInTheDocument();
  });
});
