// After a puzzle, and the board as the player likes it, against the real BFF: a member solves the
// day's puzzle, steps through its solution, continues from a position of it with a legal move of
// their own (listed after the solution) and goes back to the solution; a member chooses a board
// theme and the sounds on My account, and both are kept by the BFF after a reload (this device's
// copy forgotten first) and colour the puzzle's board. Screenshots of both screens on a 360 px
// phone are attached to the phone's results. Nothing of the BFF is intercepted.
import { Chess } from 'chess.js';
import type { APIRequestContext, Locator, Page, TestInfo } from '@playwright/test';
import { createMember, signIn } from './members';
import { expect, prepare, test } from './support';

interface Puzzle {
  id: string;
  fen: string;
  moves: string[];
}

const square = (page: Page, name: string) => page.locator(`.puzzle-trainer [data-square="${name}"]`);
const solution = (page: Page) => page.getByRole('list', { name: 'Solution' });

async function dailyPuzzle(request: APIRequestContext, token: string): Promise<Puzzle> {
  const answer = await request.get('/content/puzzles/daily', { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: Puzzle }).data;
}

/** A move on the board: tapped on a phone (unless it promotes), typed in "Your move" elsewhere. */
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
    await expect(square(page, puzzle.moves[index - 1]!.slice(2, 4))).toHaveClass(/board__square--last/);
    await expect(page.getByLabel('Your move')).not.toHaveAttribute('readonly', '');
    await play(page, puzzle.moves[index]!, tap);
  }
  await expect(page.getByText('Correct!')).toBeVisible();
}

/** The 360 px phone's picture of the page (or of one part, clear of the sticky header),
 * attached to the test's results. */
async function phoneShot(page: Page, testInfo: TestInfo, name: string, part?: Locator): Promise<void> {
  if (testInfo.project.name !== 'phone') return;
  await page.setViewportSize({ width: 360, height: 800 });
  const path = testInfo.outputPath(`${name}.png`);
  if (part) await part.screenshot({ path });
  else await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test("a solved puzzle's solution is stepped through and explored with a move of one's own", async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const tap = testInfo.project.name === 'phone';
  const member = await createMember(request);
  const token = await signIn(page, member);
  const daily = await dailyPuzzle(request, token);

  await page.goto('/puzzles/daily');
  await solve(page, daily, tap);
  const sans: string[] = [];
  const chess = new Chess(daily.fen);
  for (const uci of daily.moves)
    sans.push(chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci.slice(4) || undefined }).san);
  await expect(solution(page).getByRole('button')).toHaveText(sans);
  await expect(
    solution(page)
      .getByRole('button', { name: sans.at(-1)!, exact: true })
      .last(),
  ).toHaveAttribute('aria-current', 'step');
  await phoneShot(page, testInfo, 'puzzle-solved');

  // One move back: the board shows the position before the last move (its move is the last shown).
  await page.getByRole('button', { name: 'Previous move' }).click();
  const before = daily.moves.at(-2)!;
  await expect(square(page, before.slice(2, 4))).toHaveClass(/board__square--last/);
  // The keys step too, from anywhere but a field or the board.
  await page.keyboard.press('ArrowRight');
  await expect(square(page, daily.moves.at(-1)!.slice(2, 4))).toHaveClass(/board__square--last/);
  await page.keyboard.press('ArrowLeft');
  await expect(square(page, before.slice(2, 4))).toHaveClass(/board__square--last/);

  // Continue from here with a legal move that is not the solution's.
  await page.getByRole('button', { name: 'Continue from here' }).click();
  const position = new Chess(daily.fen);
  for (const uci of daily.moves.slice(0, -1)) {
    position.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci.slice(4) || undefined });
  }
  const own = position
    .moves({ verbose: true })
    .find((move) => `${move.from}${move.to}` !== daily.moves.at(-1)!.slice(0, 4) && !move.promotion)!;
  await play(page, `${own.from}${own.to}`, tap);
  const yours = page.getByRole('list', { name: 'Your moves' });
  await expect(yours.getByRole('button')).toHaveText([own.san]);
  await expect(square(page, own.to)).toHaveClass(/board__square--last/);
  await expect(square(page, own.to).locator('svg')).toHaveCount(1);
  // The solution is still listed above the player's own moves.
  await expect(solution(page).getByRole('button')).toHaveCount(sans.length);

  await page.getByRole('button', { name: 'Back to the solution' }).click();
  await expect(yours).toHaveCount(0);
  await expect(square(page, before.slice(2, 4))).toHaveClass(/board__square--last/);
});

test('a board theme and the sounds chosen on My account are kept after a reload', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name === 'phone';
  const member = await createMember(request);
  await signIn(page, member);

  await page.goto('/account');
  const board = page.getByRole('region', { name: 'Board' });
  await expect(board.getByRole('radio', { name: 'Violet' })).toBeChecked();
  const sounds = board.getByRole('switch', { name: 'Sounds' });
  // Off at first on a phone (its silent switch is out of sight), on at a computer.
  await expect(sounds).toBeChecked({ checked: !phone });

  const saved = (body: string) =>
    page.waitForResponse(
      (answer) =>
        answer.url().endsWith('/users/preferences') &&
        answer.request().method() === 'PATCH' &&
        (answer.request().postData() ?? '').includes(body),
    );
  const themeSaved = saved('board_theme');
  await board.getByRole('radio', { name: 'Green' }).check();
  expect((await themeSaved).status()).toBe(200);
  await expect(board.locator('.board-preview')).toHaveAttribute('data-board-theme', 'green');
  const soundsSaved = saved('sounds');
  await sounds.click();
  expect((await soundsSaved).status()).toBe(200);
  await phoneShot(page, testInfo, 'account-board', board);

  // This device's copy forgotten: what comes back is the BFF's.
  await page.evaluate(() => window.localStorage.removeItem('boardPreferences'));
  await page.reload();
  await expect(board.getByRole('radio', { name: 'Green' })).toBeChecked();
  await expect(sounds).toBeChecked({ checked: phone });

  await page.goto('/puzzles/daily');
  await expect(page.locator('.puzzle-trainer .board-frame')).toHaveAttribute('data-board-theme', 'green');
});
