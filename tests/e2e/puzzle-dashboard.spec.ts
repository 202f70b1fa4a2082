// The puzzle dashboard against the real BFF and its seeded puzzles: a Pro member who missed three
// fork puzzles and solved three mates (played through the API, as an app would) sees Fork among
// their weak themes on /puzzles, trains it from its row and solves the puzzle it gives, then
// starts "Train my weak themes". On the phone the dashboard is also looked at 360 px wide.
// Nothing of the BFF is intercepted.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { createMember, makePro, signIn } from './members';
import { expect, prepare, test } from './support';

interface Puzzle {
  id: string;
  fen: string;
  moves: string[];
}

const square = (page: Page, name: string) => page.locator(`.puzzle-trainer [data-square="${name}"]`);

async function next(request: APIRequestContext, token: string, query: string): Promise<Puzzle> {
  const answer = await request.get(`/content/puzzles/next?${query}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status(), await answer.text()).toBe(200);
  return ((await answer.json()) as { data: Puzzle }).data;
}

/** Plays a puzzle of `theme` through the API: solved (its line) or missed (no move). */
async function played(request: APIRequestContext, token: string, theme: string, solved: boolean, n: number) {
  const puzzle = await next(request, token, `theme=${theme}`);
  const answer = await request.post(`/content/puzzles/${puzzle.id}/attempts`, {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      attempt_id: `dashboard-${theme}-${n}-${Date.now()}`,
      moves: solved ? puzzle.moves.slice(1) : [],
      solved,
      seconds: 9,
    },
  });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** Plays the puzzle's whole line on the board: tapped on a phone, typed in "Your move" elsewhere. */
async function solveOnBoard(page: Page, puzzle: Puzzle, tap: boolean): Promise<void> {
  for (let index = 1; index < puzzle.moves.length; index += 2) {
    await expect(square(page, puzzle.moves[index - 1]!.slice(2, 4))).toHaveClass(/board__square--last/);
    await expect(page.getByLabel('Your move')).not.toHaveAttribute('readonly', '');
    const uci = puzzle.moves[index]!;
    if (tap && uci.length === 4) {
      await square(page, uci.slice(0, 2)).click();
      await square(page, uci.slice(2, 4)).click();
    } else {
      await page.getByLabel('Your move').fill(uci);
      await page.getByLabel('Your move').press('Enter');
    }
  }
  await expect(page.getByText('Correct!')).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  await prepare(page);
});

test('a member who misses forks sees Fork weak on the dashboard and trains it', async ({ page, request }, testInfo) => {
  test.setTimeout(150_000);
  const tap = testInfo.project.name === 'phone';
  const member = await createMember(request);
  await makePro(request, member);
  const token = await signIn(page, member);
  for (let n = 0; n < 3; n += 1) await played(request, token, 'fork', false, n);
  for (let n = 0; n < 3; n += 1) await played(request, token, 'mate', true, n);

  await page.goto('/puzzles');
  const dashboard = page.getByRole('region', { name: 'Dashboard' });
  await expect(dashboard.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  await expect(dashboard.locator('.puzzle-dashboard__overall')).toContainText('Puzzles6');
  const weak = dashboard.getByRole('region', { name: 'Weak themes' });
  await expect(weak.getByText('Fork', { exact: true })).toBeVisible();
  // Its three misses at least (a solved mate puzzle may be tagged fork too, as a mate by a fork is).
  const forkRow = weak.getByRole('listitem').filter({ has: page.getByText('Fork', { exact: true }) });
  await expect(forkRow.getByText(/^[34] played · (0|25)% solved · performance \d+$/)).toBeVisible();
  await dashboard.getByRole('button', { name: '7 days' }).click();
  await expect(weak.getByText('Fork', { exact: true })).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .include('.puzzle-dashboard')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  if (tap) {
    // The narrowest phone the site supports: the dashboard fits 360 px without sideways scrolling.
    await page.setViewportSize({ width: 360, height: 740 });
    await dashboard.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await dashboard.screenshot({ path: testInfo.outputPath('dashboard-360.png') });
  }

  await dashboard.screenshot({ path: testInfo.outputPath(`dashboard-${testInfo.project.name}.png`) });

  // Fork's row trains Fork: the board comes back with a fork puzzle.
  await weak.getByRole('button', { name: 'Train Fork' }).click();
  await expect(page).toHaveURL(/\/puzzles\?theme=fork$/);
  await expect(page.getByText('Theme: Fork')).toBeVisible();
  const fork = await next(request, token, 'theme=fork'); // the one the page was given
  await solveOnBoard(page, fork, tap);
  // The dashboard counts it once it is recorded.
  await expect(dashboard.locator('.puzzle-dashboard__overall')).toContainText('Puzzles7');

  // The mix: mostly weak themes, the others now and then.
  await dashboard.getByRole('button', { name: 'Train my weak themes' }).click();
  await expect(page).toHaveURL(/\/puzzles\?mix=weak$/);
  await expect(page.getByText(/^Your weak themes: /)).toBeVisible();
  await expect(page.getByRole('application', { name: /Chess board/ })).toBeVisible();
});
