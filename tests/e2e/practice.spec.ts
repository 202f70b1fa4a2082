// Playing along with a lesson: a member watches part of a chapter and the board follows the video
// (the host's player is a stand-in that reports the times the test makes it report), taps a key
// position and the video goes there, then solves the chapter's exercises by typing in "Your move",
// by tapping a piece then its square and by dragging, and gets "Try again" for a wrong move; on
// another device the exercises show as solved. A guest is never sent a locked item's solution.
import { Chess } from 'chess.js';
import { type APIRequestContext, devices, type Page } from '@playwright/test';
import { createMember, signIn } from './members';
import { commands, playerOf, stubPlayer, tell } from './player';
import { expect, prepare, test } from './support';

// Lesson 16 is free; its fifth chapter, 'Practice positions', has key positions and exercises.
const LESSON = 16;
const CHAPTER = 5;

interface Exercise {
  id: string;
  fen: string;
  moves: string[];
  alternatives?: { at: number; moves: string[] }[];
  mistakes?: { at: number; moves: string[] }[];
  solved: boolean;
}
interface Chapter {
  title: string;
  video_id: string;
  duration: number;
  positions: { at: number | null; fen: string; caption: string | null }[];
  exercises: Exercise[];
}

const square = (page: Page, name: string) => page.locator(`.learning-area [data-square="${name}"]`);

/** The next learner's move on the board is taken (the reply, if any, has come). */
async function learnersTurn(page: Page): Promise<void> {
  await expect(page.getByLabel('Your move')).not.toHaveAttribute('readonly', '');
}

/** A legal move of the learner's that is neither the line's first, nor one as good, nor a mistake the
 * teacher refutes (it would be played out), and does not mate. */
function wrongMove(exercise: Exercise): string {
  const chess = new Chess(exercise.fen);
  const branches = [...(exercise.alternatives ?? []), ...(exercise.mistakes ?? [])];
  const written = [exercise.moves[0], ...branches.filter((a) => a.at === 0).map((a) => a.moves[0])];
  const move = chess.moves({ verbose: true }).find((candidate) => {
    const uci = `${candidate.from}${candidate.to}${candidate.promotion ?? ''}`;
    return !written.includes(uci) && !candidate.san.includes('#');
  });
  return `${move!.from}${move!.to}${move!.promotion ?? ''}`;
}

async function chapterOf(request: APIRequestContext, token: string): Promise<Chapter> {
  const answer = await request.get(`/cms/lessons/${LESSON}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.status()).toBe(200);
  const lesson = (await answer.json()) as { chapters: Chapter[] };
  return lesson.chapters[CHAPTER - 1]!;
}

test('a member plays along with a chapter: the board follows the video, and exercises are solved by typing, tapping and dragging', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const member = await createMember(request);
  await stubPlayer(page);
  const token = await signIn(page, member);
  const chapter = await chapterOf(request, token);
  expect(chapter.positions.length).toBeGreaterThanOrEqual(3);
  expect(chapter.exercises.length).toBeGreaterThanOrEqual(4);

  await page.goto(`/lessons/${LESSON}?chapter=${CHAPTER}`);
  const practice = page.locator('.learning-area');
  await expect(practice.getByRole('application', { name: /Chess board/ })).toBeVisible();
  const frame = await playerOf(page, chapter.video_id);

  // The board follows the video: past the second key position, it shows the second.
  const second = chapter.positions[1]!;
  await tell(frame, `event=durationchange&duration=${chapter.duration}`);
  await tell(frame, 'event=play');
  await tell(frame, `event=timeupdate&time=${second.at! + 2}`);
  await expect(practice.locator('.key-positions__caption')).toContainText(`2 of ${chapter.positions.length}`);
  // Tapping a key position takes the video there.
  const third = chapter.positions[2]!;
  await practice.locator('.key-positions__list button').nth(2).click();
  await expect.poll(() => commands(frame)).toContainEqual(JSON.stringify({ command: 'seek', parameters: [third.at] }));
  await expect(practice.locator('.key-positions__caption')).toContainText(`3 of ${chapter.positions.length}`);

  await practice.getByRole('button', { name: /^Exercises/ }).click();
  const recorded = (id: string) =>
    page.waitForResponse(
      (answer) =>
        answer.request().method() === 'PUT' &&
        decodeURIComponent(new URL(answer.url()).pathname) === `/content/exercises/${id}`,
    );
  const [first, second2, third2, fourth] = chapter.exercises as [Exercise, Exercise, Exercise, Exercise];

  // 1. Typed in "Your move", each learner's move in turn.
  let sent = recorded(first.id);
  for (let index = 0; index < first.moves.length; index += 2) {
    await learnersTurn(page);
    await page.getByLabel('Your move').fill(first.moves[index]!);
    await page.getByLabel('Your move').press('Enter');
  }
  await expect(practice.getByRole('status').getByText('Solved', { exact: true })).toBeVisible();
  expect((await sent).status()).toBe(200);

  // 2. A tap on the piece, then on its square.
  await practice.getByRole('button', { name: 'Next exercise' }).click();
  sent = recorded(second2.id);
  for (let index = 0; index < second2.moves.length; index += 2) {
    await learnersTurn(page);
    const move = second2.moves[index]!;
    await square(page, move.slice(0, 2)).click();
    await square(page, move.slice(2, 4)).click();
  }
  await expect(practice.getByRole('status').getByText('Solved', { exact: true })).toBeVisible();
  expect((await sent).status()).toBe(200);

  // 3. Dragged (the first move; the rest typed).
  await practice.getByRole('button', { name: 'Next exercise' }).click();
  sent = recorded(third2.id);
  for (let index = 0; index < third2.moves.length; index += 2) {
    await learnersTurn(page);
    const move = third2.moves[index]!;
    if (index === 0) {
      await square(page, move.slice(0, 2)).dragTo(square(page, move.slice(2, 4)));
    } else {
      await page.getByLabel('Your move').fill(move);
      await page.getByLabel('Your move').press('Enter');
    }
  }
  await expect(practice.getByRole('status').getByText('Solved', { exact: true })).toBeVisible();
  expect((await sent).status()).toBe(200);

  // 4. A wrong move: "Try again", and the piece goes back.
  await practice.getByRole('button', { name: 'Next exercise' }).click();
  const wrong = wrongMove(fourth);
  await learnersTurn(page);
  await page.getByLabel('Your move').fill(wrong);
  await page.getByLabel('Your move').press('Enter');
  await expect(practice.getByRole('status').getByText('Try again', { exact: true })).toBeVisible();
  await expect(square(page, wrong.slice(0, 2)).locator('.board__piece')).toHaveCount(1);
  await expect(practice.getByText(`3 of ${chapter.exercises.length} solved`)).toBeVisible();

  // The BFF kept them: the lesson says so, and another device shows them solved.
  const after = await chapterOf(request, token);
  expect(after.exercises.filter((exercise) => exercise.solved).map((exercise) => exercise.id)).toEqual([
    first.id,
    second2.id,
    third2.id,
  ]);
  const other = await browser.newContext({
    ...devices[testInfo.project.name === 'phone' ? 'Desktop Chrome' : 'Pixel 5'],
    baseURL: testInfo.project.use.baseURL,
  });
  try {
    const otherPage = await other.newPage();
    await stubPlayer(otherPage);
    await signIn(otherPage, member);
    await otherPage.goto(`/lessons/${LESSON}?chapter=${CHAPTER}`);
    await otherPage
      .locator('.learning-area')
      .getByRole('button', { name: /^Exercises/ })
      .click();
    await expect(
      otherPage.locator('.learning-area').getByText(`3 of ${chapter.exercises.length} solved`),
    ).toBeVisible();
  } finally {
    await other.close();
  }
});

/** Objects of a JSON answer marked locked that still carry a solution. */
function leaks(value: unknown, locked = false): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => leaks(item, locked));
  if (!value || typeof value !== 'object') return [];
  const entry = value as Record<string, unknown>;
  const inside = locked || entry.locked === true;
  const found = inside
    ? ['moves', 'pgn', 'game', 'hint', 'explanation']
        .filter((key) => key in entry)
        .map((key) => `${key} in a locked item`)
    : [];
  return [...found, ...Object.values(entry).flatMap((item) => leaks(item, inside))];
}

test("a guest browsing Pro lessons, programs and the masterclass is never sent a locked item's solution", async ({
  page,
}) => {
  await prepare(page, { consent: { statistics: false, media: false } });
  const problems: string[] = [];
  const answers: Promise<void>[] = [];
  page.on('response', (answer) => {
    const url = new URL(answer.url());
    if (!/^\/(cms|masterclasses|content)\//.test(url.pathname)) return;
    if (!(answer.headers()['content-type'] ?? '').includes('json')) return;
    answers.push(
      answer
        .json()
        .then((body) => {
          for (const leak of leaks(body)) problems.push(`${url.pathname}: ${leak}`);
        })
        .catch(() => undefined),
    );
  });
  for (const address of ['/home', '/lessons', '/programs', '/masterclass', '/lessons/1', '/program-chapter/1']) {
    await page.goto(address);
    await page.waitForLoadState('networkidle');
  }
  await Promise.all(answers);
  expect(answers.length).toBeGreaterThan(5);
  expect(problems).toEqual([]);
});
