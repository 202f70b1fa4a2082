// A puzzle run against the real BFF and its seeded puzzles: a Pro member opens the run page from
// /puzzles, plays a streak (the server serves the puzzles without their solutions and checks each
// move), solves two, misses the third, which ends it; the end shows the score and the best, and
// "Replay my misses" plays the missed puzzle again on the trainer, unrated. The lines are read
// from the API as a Pro member may open any puzzle; the run's own answer is read, never altered:
// nothing of the BFF is intercepted. On the phone the page is looked at 360 px wide.
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

const square = (page: Page, name: string) => page.locator(`.puzzle-trainer [data-square="${name}"]`);

async function line(request: APIRequestContext, id: string, token: string): Promise<Puzzle> {
  const answer = await request.get(`/content/puzzles/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: Puzzle }).data;
}

async function learnersTurn(page: Page, lastTo: string): Promise<void> {
  await expect(square(page, lastTo)).toHaveClass(/board__square--last/);
  await expect(page.getByLabel('Your move')).not.toHaveAttribute('readonly', '');
}

async function play(page: Page, uci: string, tap: boolean): Promise<void> {
  if (tap && uci.length === 4) {
    await square(page, uci.slice(0, 2)).click();
    await square(page, uci.slice(2, 4)).click();
  } else {
    await page.getByLabel('Your move').fill(uci);
    await page.getByLabel('Your move').press('Enter');
  }
}

async function solve(page: Page, puzzle: Puzzle, tap: boolean): Promise<void> {
  for (let index = 1; index < puzzle.moves.length; index += 2) {
    await learnersTurn(page, puzzle.moves[index - 1]!.slice(2, 4));
    await play(page, puzzle.moves[index]!, tap);
  }
}

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
  // A page fades in after a link: its colours are only themselves once that is over.
  const fading = () =>
    document
      .getAnimations()
      .filter((each) => each.playState === 'running' && each.effect?.getTiming().iterations !== Infinity).length;
  await expect.poll(() => page.evaluate(fading)).toBe(0);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test('a streak run is played to its end with a miss, and the miss is replayed', async ({ page, request }, testInfo) => {
  test.setTimeout(180_000);
  const phone = testInfo.project.name === 'phone';
  if (phone) await page.setViewportSize({ width: 360, height: 740 });
  const shot = async (name: string) => {
    if (phone) await page.screenshot({ path: testInfo.outputPath(`run-${name}-360.png`), fullPage: true });
  };
  const member = await createMember(request);
  await makePro(request, member);
  const token = await signIn(page, member);

  await page.goto('/puzzles');
  await page.getByRole('link', { name: 'Play a run' }).click();
  await expect(page).toHaveURL(/\/puzzles\/run$/);
  await expect(page.getByRole('heading', { name: 'Choose a run' })).toBeVisible();
  await shot('choose');
  await expectNoViolations(page);

  const started = page.waitForResponse(
    (answer) => answer.request().method() === 'POST' && new URL(answer.url()).pathname === '/content/puzzles/runs',
  );
  await page.getByRole('button', { name: /Streak/ }).click();
  const run = ((await (await started).json()) as { data: { puzzles: { id: string; place: number }[] } }).data;
  expect(run.puzzles.length).toBeGreaterThanOrEqual(3);
  expect(run.puzzles[0]).not.toHaveProperty('moves'); // the solutions are not sent
  const [first, second, third] = await Promise.all(
    run.puzzles.slice(0, 3).map((each) => line(request, each.id, token)),
  );

  await solve(page, first!, phone);
  await expect(page.locator('.puzzle-run__score strong')).toHaveText('1');
  await shot('playing');
  await solve(page, second!, phone);
  await expect(page.locator('.puzzle-run__score strong')).toHaveText('2');
  await learnersTurn(page, third!.moves[0]!.slice(2, 4));
  await play(page, wrongMove(third!), phone);

  await expect(page.getByRole('heading', { name: 'Run over: 2 solved' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Run over: 2 solved' })).toBeFocused();
  await expect(page.locator('.puzzle-run__figures')).toContainText('Best ever2');
  await shot('end');
  await expectNoViolations(page);

  await page.getByRole('button', { name: 'Replay my misses (1)' }).click();
  await expect(page.getByText('Replaying your misses: 1 of 1 (not rated)')).toBeVisible();
  const posted: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST') posted.push(new URL(sent.url()).pathname);
  });
  await solve(page, third!, phone);
  await expect(page.getByText('Correct!')).toBeVisible();
  await shot('replay');
  expect(posted.filter((path) => path.startsWith('/content/puzzles'))).toEqual([]); // unrated
  await page.getByRole('button', { name: 'Back to the result' }).click();
  await expect(page.getByRole('heading', { name: 'Run over: 2 solved' })).toBeVisible();

  const best = await request.get('/content/puzzles/runs/best', { headers: { Authorization: `Bearer ${token}` } });
  expect(((await best.json()) as { data: { streak: { all_time: number } } }).data.streak.all_time).toBe(2);
});
