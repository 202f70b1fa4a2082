// Puzzles against the real BFF and its seeded puzzles: a guest solves the daily puzzle (unrated,
// invited to sign up); a free member solves puzzles until the day's five are played and meets the
// Pro offer with the time more come, after opening /puzzles again and again spent nothing; a member's
// day's puzzle solved stays solved after a reload, and home says Solved; a Pro member's rating goes
// up after a solve and down after a miss, and the missed puzzle enters their review. Moves are typed in "Your move" on the desktop
// and tapped on the phone (piece, then square). The puzzles' lines are read from the API, as the
// page reads them; nothing of the BFF is intercepted.
import AxeBuilder from '@axe-core/playwright';
import { Chess } from 'chess.js';
import type { APIRequestContext, Page } from '@playwright/test';
import { createMember, makePro, signIn } from './members';
import { expect, prepare, test } from './support';

interface Puzzle {
  id: string;
  fen: string;
  moves: string[];
}

const board = (page: Page) => page.getByRole('application', { name: /Chess board/ });
const square = (page: Page, name: string) => page.locator(`.puzzle-trainer [data-square="${name}"]`);

async function apiPuzzle(request: APIRequestContext, path: string, token?: string): Promise<Puzzle> {
  const answer = await request.get(path, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: Puzzle }).data;
}

/** The learner may move: the opponent's move (or the reply) has been played. */
async function learnersTurn(page: Page, lastTo: string): Promise<void> {
  await expect(square(page, lastTo)).toHaveClass(/board__square--last/);
  await expect(page.getByLabel('Your move')).not.toHaveAttribute('readonly', '');
}

/** One learner's move: tapped on a phone (unless it promotes), typed in "Your move" elsewhere. */
async function play(page: Page, uci: string, tap: boolean): Promise<void> {
  if (tap && uci.length === 4) {
    await square(page, uci.slice(0, 2)).click();
    await square(page, uci.slice(2, 4)).click();
  } else {
    await page.getByLabel('Your move').fill(uci);
    await page.getByLabel('Your move').press('Enter');
  }
}

/** Plays the puzzle's whole line, each learner's move once the move before it has come. */
async function solve(page: Page, puzzle: Puzzle, tap: boolean): Promise<void> {
  for (let index = 1; index < puzzle.moves.length; index += 2) {
    await learnersTurn(page, puzzle.moves[index - 1]!.slice(2, 4));
    await play(page, puzzle.moves[index]!, tap);
  }
  await expect(page.getByText('Correct!')).toBeVisible();
}

/** A legal move of the learner's, after the opponent's first, that is not the line's and does not mate. */
function wrongMove(puzzle: Puzzle): string {
  const chess = new Chess(puzzle.fen);
  const first = puzzle.moves[0]!;
  chess.move({ from: first.slice(0, 2), to: first.slice(2, 4), promotion: first.slice(4) || undefined });
  const move = chess.moves({ verbose: true }).find((candidate) => {
    const uci = `${candidate.from}${candidate.to}${candidate.promotion ?? ''}`;
    return uci !== puzzle.moves[1] && !candidate.san.includes('#') && !candidate.promotion;
  });
  return `${move!.from}${move!.to}`;
}

async function expectNoViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test('a guest solves the daily puzzle, unrated, and is invited to sign up', async ({ page, request }, testInfo) => {
  const tap = testInfo.project.name === 'phone';
  const daily = await apiPuzzle(request, '/content/puzzles/daily');

  await page.goto('/puzzles');
  await expect(page).toHaveTitle('Chess puzzles');
  await expect(page.getByRole('region', { name: 'Play rated puzzles' })).toBeVisible();
  await expect(board(page)).toBeVisible();
  await learnersTurn(page, daily.moves[0]!.slice(2, 4));
  await expectNoViolations(page);

  await page.goto('/puzzles/daily');
  await expect(page.getByRole('heading', { name: 'Daily puzzle', level: 1 })).toBeVisible();
  await expect(page.locator('.puzzles__lede time')).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}$/);
  const posted: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST') posted.push(new URL(sent.url()).pathname);
  });
  await solve(page, daily, tap);
  await expect(page.getByText('Unrated: sign up to get a puzzle rating of your own.')).toBeVisible();
  await expect(page.getByText(/Puzzle rated \d+/)).toBeVisible();
  expect(posted.filter((path) => path.startsWith('/content/puzzles'))).toEqual([]);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test("a free member solves puzzles until the day's allowance ends and meets the Pro offer", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const tap = testInfo.project.name === 'phone';
  const member = await createMember(request);
  const token = await signIn(page, member);

  // Opening the page again and again gives the same puzzle and spends nothing: the day counts
  // puzzles played.
  await page.goto('/puzzles');
  await expect(board(page)).toBeVisible();
  const served = await apiPuzzle(request, '/content/puzzles/next', token);
  for (let visit = 0; visit < 3; visit += 1) {
    await page.reload();
    await expect(board(page)).toBeVisible();
    await expect(page.getByText('5 of 5 free puzzles left today')).toBeVisible();
  }
  expect((await apiPuzzle(request, '/content/puzzles/next', token)).id).toBe(served.id);
  for (let played = 1; played <= 5; played += 1) {
    // The page asked for its puzzle; asking again gives the same one until it is played.
    await expect(board(page)).toBeVisible();
    const puzzle = await apiPuzzle(request, '/content/puzzles/next', token);
    await solve(page, puzzle, tap);
    await expect(page.locator('.puzzle-result__rating')).toContainText(/Your rating \d+ \+\d+/);
    await expect(
      page.getByText(`${5 - played} of 5 free puzzles left today`).or(page.getByText('No free puzzles left today')),
    ).toBeVisible();
    if (played === 1) await expectNoViolations(page);
    await page.getByRole('button', { name: 'Next puzzle' }).click();
  }

  const offer = page.getByRole('region', { name: "That's your 5 free puzzles for today" });
  await expect(offer).toBeVisible();
  await expect(offer).toContainText(/More free puzzles at \d{2}:\d{2} (today|tomorrow) \(your time\)/);
  await expect(page.getByText('No free puzzles left today')).toBeVisible();
  await expectNoViolations(page);
  await offer.getByRole('link', { name: 'Go Pro for unlimited puzzles' }).click();
  await expect(page).toHaveURL(/\/upgrade-account$/);
});

test("a member's day's puzzle solved stays solved after a reload, and home says Solved", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const tap = testInfo.project.name === 'phone';
  const member = await createMember(request);
  const token = await signIn(page, member);
  const daily = await apiPuzzle(request, '/content/puzzles/daily', token);

  await page.goto('/home');
  const card = page.getByRole('region', { name: 'Daily puzzle' });
  await expect(card.getByRole('link', { name: 'Solve the daily puzzle' })).toBeVisible();
  await card.getByRole('link', { name: 'Solve the daily puzzle' }).click();
  await expect(page).toHaveURL(/\/puzzles\/daily$/);
  await solve(page, daily, tap);
  await expect(page.locator('.puzzle-result__rating')).toContainText(/Your rating \d+ \+\d+/);

  await page.reload();
  await expect(page.getByText('Solved.')).toBeVisible();
  await expect(page.getByText('Puzzle solved')).toBeVisible();
  await expect(page.getByText(/Your turn/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'View the solution' })).toHaveCount(0);
  // The board is at the line's end: the solver's last move is the last one shown.
  await expect(square(page, daily.moves.at(-1)!.slice(2, 4))).toHaveClass(/board__square--last/);
  await expectNoViolations(page);

  await page.goto('/home');
  await expect(card.getByRole('link', { name: 'Solved' })).toBeVisible();
  await expect(card.getByRole('link', { name: 'Solve the daily puzzle' })).toHaveCount(0);
  // 'next' never gives the day's puzzle as a rated one.
  expect((await apiPuzzle(request, '/content/puzzles/next', token)).id).not.toBe(daily.id);
});

test("a Pro member's rating goes up after a solve and down after a miss, and the miss comes back in review", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const tap = testInfo.project.name === 'phone';
  const member = await createMember(request);
  await makePro(request, member);
  const token = await signIn(page, member);

  await page.goto('/puzzles');
  await expect(page.getByText('Nothing to review today.')).toBeVisible();
  // No allowance for Pro.
  await expect(page.getByText(/free puzzles left today/)).toHaveCount(0);
  await expect(board(page)).toBeVisible();
  const first = await apiPuzzle(request, '/content/puzzles/next', token);
  await solve(page, first, tap);
  const solvedLine = page.locator('.puzzle-result__rating');
  await expect(solvedLine).toContainText(/Your rating (\d+) \+\d+/);
  const up = Number((await solvedLine.locator('strong').textContent()) ?? '0');
  expect(up).toBeGreaterThan(1500);

  await page.getByRole('button', { name: 'Next puzzle' }).click();
  await expect(page.getByText('Correct!')).toHaveCount(0);
  const second = await apiPuzzle(request, '/content/puzzles/next', token);
  expect(second.id).not.toBe(first.id);
  await learnersTurn(page, second.moves[0]!.slice(2, 4));
  await play(page, wrongMove(second), tap);
  await expect(page.getByText("That's not the move.")).toBeVisible();
  const missedLine = page.locator('.puzzle-result__rating');
  await expect(missedLine).toContainText(/Your rating \d+ \u2212\d+/);
  const down = Number((await missedLine.locator('strong').textContent()) ?? '0');
  expect(down).toBeLessThan(up);
  await page.getByRole('button', { name: 'View the solution' }).click();
  // The rest of the line, a move every 0.6 s: a long puzzle takes a while.
  await expect(page.getByText('Solution shown.')).toBeVisible({ timeout: 30_000 });

  // The BFF's review gives a missed puzzle back ten minutes later, and these tests cannot move
  // its clock: the review counts it for today, and the BFF has it in the member's queue.
  await expect(page.getByText('1 to review today')).toBeVisible();
  await expect(page.locator('.puzzle-standing')).toContainText('To review1');
  const standing = await request.get('/content/puzzles/me', { headers: { Authorization: `Bearer ${token}` } });
  const { data } = (await standing.json()) as { data: { review: { due_today: number }; rating: number } };
  expect(data.review.due_today).toBe(1);
  expect(data.rating).toBe(down);
  // Home says so too.
  await page.goto('/home');
  await expect(
    page.getByRole('region', { name: 'Daily puzzle' }).getByRole('link', { name: '1 to review today' }),
  ).toBeVisible();
});
