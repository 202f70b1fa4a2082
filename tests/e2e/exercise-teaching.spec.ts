// Exercises as a teacher wrote them, against the real BFF and the seeded lesson 16 (free): the
// comment on a move shows under the board; a mate as good as the line's is "Also good" and
// solves the exercise, which the BFF records with the alternative followed; a tempting mistake
// is refuted on the board and taken back; "Show solution" records the exercise as failed, and it
// comes back in the member's review. The exercises are read from the API, as the page reads them.
import AxeBuilder from '@axe-core/playwright';
import { Chess } from 'chess.js';
import type { APIRequestContext, Page } from '@playwright/test';
import { createMember, signIn } from './members';
import { expect, prepare, test } from './support';

const LESSON = 16;

interface Branch {
  at: number;
  moves: string[];
  comment: string | null;
}
interface Exercise {
  id: string;
  fen: string;
  moves: string[];
  comments: (string | null)[];
  alternatives: Branch[];
  mistakes: Branch[];
}
interface Found {
  exercise: Exercise;
  chapter: number;
}

async function exercisesOf(request: APIRequestContext, token?: string): Promise<Found[]> {
  const answer = await request.get(`/cms/lessons/${LESSON}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  expect(answer.status()).toBe(200);
  const lesson = (await answer.json()) as { chapters: { exercises?: Exercise[] }[] };
  return lesson.chapters.flatMap((chapter, index) =>
    (chapter.exercises ?? []).map((exercise) => ({ exercise, chapter: index + 1 })),
  );
}

/** The position after the first `count` moves of the line. */
function after(exercise: Exercise, count: number): Chess {
  const chess = new Chess(exercise.fen);
  for (const uci of exercise.moves.slice(0, count)) {
    chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci.slice(4) || undefined });
  }
  return chess;
}

const recorded = (page: Page, id: string) =>
  page.waitForResponse(
    (answer) =>
      answer.request().method() === 'PUT' &&
      decodeURIComponent(new URL(answer.url()).pathname) === `/content/exercises/${id}`,
  );

async function open(page: Page, found: Found): Promise<void> {
  await page.goto(`/lessons/${LESSON}?chapter=${found.chapter}&exercise=${encodeURIComponent(found.exercise.id)}`);
  await expect(page.locator('.learning-area').getByRole('application', { name: /Chess board/ })).toBeVisible();
}

async function typeMove(page: Page, uci: string): Promise<void> {
  await expect(page.getByLabel('Your move')).not.toHaveAttribute('readonly', '');
  await page.getByLabel('Your move').fill(uci);
  await page.getByLabel('Your move').press('Enter');
}

test('a member mates with a move as good as the line\'s: "Also good", solved, recorded with the alternative', async ({
  page,
  request,
}) => {
  const member = await createMember(request);
  await prepare(page);
  const token = await signIn(page, member);
  const mates = (exercise: Exercise, branch: Branch) => {
    if (branch.moves.length !== 1) return false;
    const chess = after(exercise, branch.at);
    const uci = branch.moves[0]!;
    chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci.slice(4) || undefined });
    return chess.isCheckmate();
  };
  const found = (await exercisesOf(request, token)).find(({ exercise }) =>
    exercise.alternatives.some((branch) => mates(exercise, branch)),
  );
  expect(found, 'a seeded exercise with a one-move mate as good as the line').toBeDefined();
  const { exercise } = found!;
  const alternative = exercise.alternatives.find((branch) => mates(exercise, branch))!;
  await open(page, found!);
  const status = page.locator('.learning-area').getByRole('status');

  // The line up to the alternative, the comment on each learner's move shown as it is played.
  for (let step = 0; step < alternative.at; step += 2) {
    await typeMove(page, exercise.moves[step]!);
    const comment = exercise.comments[step];
    if (comment) await expect(status).toContainText(comment);
  }
  const sent = recorded(page, exercise.id);
  await typeMove(page, alternative.moves[0]!);
  await expect(status.getByText('Solved', { exact: true })).toBeVisible();
  await expect(status).toContainText(/Also (good|mate|strong)/);
  if (alternative.comment) await expect(status).toContainText(alternative.comment);
  await expect(status).toContainText('The line we study is');
  const answer = await sent;
  expect(answer.status()).toBe(200);
  const record = ((await answer.json()) as { data: { solved: boolean; failed: boolean; alternative: Branch | null } })
    .data;
  expect(record).toMatchObject({ solved: true, failed: false, alternative: { at: alternative.at } });
});

test('a tempting mistake is refuted on the board, counted, and taken back', async ({ page, request }) => {
  await prepare(page);
  const found = (await exercisesOf(request)).find(({ exercise }) =>
    exercise.mistakes.some((branch) => branch.at === 0 && branch.moves.length >= 2),
  );
  expect(found, 'a seeded exercise with a mistake at its first move').toBeDefined();
  const { exercise } = found!;
  const mistake = exercise.mistakes.find((branch) => branch.at === 0 && branch.moves.length >= 2)!;
  await open(page, found!);
  const area = page.locator('.learning-area');
  const status = area.getByRole('status');
  const square = (name: string) => area.locator(`[data-square="${name}"]`);

  await typeMove(page, mistake.moves[0]!);
  await expect(status.getByText('Tempting, but it fails.')).toBeVisible();
  if (mistake.comment) await expect(status).toContainText(mistake.comment);
  // The refutation is played: its last move is the one shown.
  const refutation = mistake.moves.at(-1)!;
  await expect(square(refutation.slice(2, 4))).toHaveClass(/board__square--last/);
  // The refuted position, its words and Take back: accessible, and no wider than the screen.
  const results = await new AxeBuilder({ page })
    .include('.learning-area')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await area.getByRole('button', { name: 'Take back' }).click();
  await expect(square(mistake.moves[0]!.slice(0, 2)).locator('.board__piece')).toHaveCount(1);
  await expect(area.getByRole('application', { name: /Chess board/ })).toBeFocused();
  // The line's move is right now.
  await typeMove(page, exercise.moves[0]!);
  await expect(status.getByText(/^(Right!|Solved)$/)).toBeVisible();
});

test('"Show solution" records the exercise as failed, and it comes back in the member\'s review', async ({
  page,
  request,
}) => {
  const member = await createMember(request);
  await prepare(page);
  const token = await signIn(page, member);
  const found = (await exercisesOf(request, token)).find(({ exercise }) => exercise.moves.length >= 3)!;
  await open(page, found);
  const area = page.locator('.learning-area');

  const sent = recorded(page, found.exercise.id);
  await area.getByRole('button', { name: 'Show solution' }).click();
  const answer = await sent;
  // attempt_id: the report's own id, so that sending it again (offline) records it once.
  expect(answer.request().postDataJSON()).toEqual({
    moves: [],
    hints: 0,
    gave_up: true,
    attempt_id: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
  });
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { data: { solved: boolean; failed: boolean } }).data).toMatchObject({
    solved: false,
    failed: true,
  });
  await expect(area.getByRole('status').getByText('Solution shown')).toBeVisible();
  const comment = found.exercise.comments.at(-1);
  if (comment) await expect(area.getByRole('status')).toContainText(comment);

  const review = await request.get('/content/review', { headers: { Authorization: `Bearer ${token}` } });
  expect(review.status()).toBe(200);
  const kinds = ((await review.json()) as { data: { kinds: { kind: string; next_due: string | null }[] } }).data.kinds;
  const exercises = kinds.find((kind) => kind.kind === 'exercise');
  // Due again some minutes from now.
  expect(exercises?.next_due).toBeTruthy();
  expect(Date.parse(exercises!.next_due!)).toBeGreaterThan(Date.now() - 60_000);
});
