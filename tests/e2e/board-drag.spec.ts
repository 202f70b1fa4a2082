// A move dragged with a finger, then the next one by two taps: the first tap is not lost (a touch
// drag is followed by no click, and the board used to wait for one to ignore). On a lesson's
// exercise and on the daily puzzle, against the real BFF; the lines are read from the API.
import { Chess } from 'chess.js';
import type { Locator, Page } from '@playwright/test';
import { expect, prepare, test } from './support';

const LESSON = 62;
const CHAPTER = 2;

interface Line {
  id: string;
  fen: string;
  moves: string[];
}

/** A finger's drag from one element to another, as the board's pointer events see it; no click follows, as on a phone. */
async function touchDrag(from: Locator, to: Locator): Promise<void> {
  const start = (await from.boundingBox())!;
  const end = (await to.boundingBox())!;
  const centre = (box: typeof start) => ({ clientX: box.x + box.width / 2, clientY: box.y + box.height / 2 });
  const finger = { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true, button: 0, buttons: 1 };
  await from.dispatchEvent('pointerdown', { ...finger, ...centre(start) });
  await from.dispatchEvent('pointermove', {
    ...finger,
    clientX: centre(start).clientX + 12,
    clientY: centre(start).clientY - 12,
  });
  await from.dispatchEvent('pointermove', { ...finger, ...centre(end) });
  await from.dispatchEvent('pointerup', { ...finger, ...centre(end), buttons: 0 });
}

/** A tap on a phone, a click elsewhere. */
async function tap(target: Locator, phone: boolean): Promise<void> {
  if (phone) await target.tap();
  else await target.click();
}

async function learnersTurn(page: Page): Promise<void> {
  await expect(page.getByLabel('Your move')).not.toHaveAttribute('readonly', '');
}

test('a lesson exercise: a dragged move, then the next by two taps', async ({ page, request }, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await prepare(page);
  const answer = await request.get(`/cms/lessons/${LESSON}`);
  expect(answer.status()).toBe(200);
  const lesson = (await answer.json()) as { chapters: { exercises: Line[] }[] };
  const exercises = lesson.chapters[CHAPTER - 1]!.exercises;
  const index = exercises.findIndex((exercise) => exercise.moves.length >= 3);
  expect(index).toBeGreaterThanOrEqual(0);
  const exercise = exercises[index]!;

  await page.goto(`/lessons/${LESSON}?chapter=${CHAPTER}&exercise=${encodeURIComponent(exercise.id)}`);
  const area = page.locator('.learning-area');
  const square = (name: string) => area.locator(`[data-square="${name}"]`);
  await expect(area.getByRole('application', { name: /Chess board/ })).toBeVisible();
  const [first, , second] = exercise.moves as [string, string, string];
  await learnersTurn(page);
  await touchDrag(square(first.slice(0, 2)), square(first.slice(2, 4)));
  await expect(square(exercise.moves[1]!.slice(2, 4))).toHaveClass(/board__square--last/);
  await learnersTurn(page);
  await tap(square(second.slice(0, 2)), phone);
  await expect(square(second.slice(0, 2))).toHaveClass(/board__square--selected/);
  await tap(square(second.slice(2, 4)), phone);
  await expect(square(second.slice(2, 4))).toHaveClass(/board__square--last/);
  await expect(square(second.slice(2, 4)).locator('.board__piece')).toHaveCount(1);
});

test('the daily puzzle: a piece dragged off its squares, then the move by two taps', async ({
  page,
  request,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  await prepare(page);
  const answer = await request.get('/content/puzzles/daily');
  expect(answer.status()).toBe(200);
  const puzzle = ((await answer.json()) as { data: Line }).data;
  const [opening, solution] = puzzle.moves as [string, string];
  // A square the solving piece cannot go to (the drop puts it back, nothing played).
  const chess = new Chess(puzzle.fen);
  chess.move({ from: opening.slice(0, 2), to: opening.slice(2, 4), promotion: opening.slice(4) || undefined });
  const from = solution.slice(0, 2);
  const reachable = new Set(chess.moves({ square: from as never, verbose: true }).map((move) => move.to));
  const files = 'abcdefgh';
  const nowhere = [...files]
    .flatMap((file) => [1, 2, 3, 4, 5, 6, 7, 8].map((rank) => `${file}${rank}`))
    .find((name) => name !== from && !reachable.has(name as never) && !chess.get(name as never))!;

  await page.goto('/puzzles/daily');
  const square = (name: string) => page.locator(`.puzzle-trainer [data-square="${name}"]`);
  await expect(square(opening.slice(2, 4))).toHaveClass(/board__square--last/);
  await learnersTurn(page);
  await touchDrag(square(from), square(nowhere));
  await expect(square(from).locator('.board__piece')).toHaveCount(1);
  await tap(square(from), phone);
  await expect(square(from)).toHaveClass(/board__square--selected/);
  await tap(square(solution.slice(2, 4)), phone);
  await expect(square(solution.slice(2, 4))).toHaveClass(/board__square--last/);
  await expect(square(from).locator('.board__piece')).toHaveCount(0);
});
