// Nothing a learner does is lost offline, against the real BFF: a member solves an exercise with the
// network down, the page says it is saved on this device (no error) and the board keeps it solved; a
// reload offline opens the page from the service worker; back online the kept attempt is sent; and
// another device of the same member then shows the lesson with that exercise solved.
import type { APIRequestContext, Page } from '@playwright/test';
import { devices } from '@playwright/test';
import { createMember, signIn } from './members';
import { expect, prepare, test } from './support';

test.use({ serviceWorkers: 'allow' });

interface Exercise {
  id: string;
  moves?: string[];
}
interface Lesson {
  id: number;
  title: string;
  locked?: boolean;
  chapters: { exercises?: Exercise[] }[];
}
interface Found {
  lesson: Lesson;
  chapter: number;
  exercise: Exercise;
}

/** A lesson of the seed open to a free member with two exercises in all, and its shortest one. */
async function lessonWithTwoExercises(request: APIRequestContext, token: string): Promise<Found> {
  for (let id = 1; id <= 100; id += 1) {
    const answer = await request.get(`/cms/lessons/${id}`, { headers: { Authorization: `Bearer ${token}` } });
    if (answer.status() !== 200) continue;
    const lesson = (await answer.json()) as Lesson;
    const found = lesson.chapters.flatMap((chapter, index) =>
      (chapter.exercises ?? []).map((exercise) => ({ lesson, chapter: index + 1, exercise })),
    );
    if (lesson.locked || found.length !== 2 || found.some(({ exercise }) => !exercise.moves?.length)) continue;
    return found.sort((one, other) => one.exercise.moves!.length - other.exercise.moves!.length)[0]!;
  }
  throw new Error('no free lesson with two exercises in the seed');
}

/** Waits until the service worker controls the page (it claims open pages once installed). */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 30_000 });
}

async function typeMove(page: Page, uci: string): Promise<void> {
  await expect(page.getByLabel('Your move')).not.toHaveAttribute('readonly', '');
  await page.getByLabel('Your move').fill(uci);
  await page.getByLabel('Your move').press('Enter');
}

/** The lesson's own figures under its title: "… 1 of 2 exercises solved". */
const solvedWords = (page: Page, count: number) =>
  page.locator('.watch-progress__count').getByText(new RegExp(`^${count} of 2\\s+exercises solved`));

test('an exercise solved offline is kept on the device, sent once back online, and solved on another device', async ({
  page,
  context,
  request,
  browser,
}, testInfo) => {
  const member = await createMember(request);
  await prepare(page);
  const token = await signIn(page, member);
  const found = await lessonWithTwoExercises(request, token);
  const address = `/lessons/${found.lesson.id}?chapter=${found.chapter}&exercise=${encodeURIComponent(found.exercise.id)}`;

  // Online first, so that the service worker has the app and the lesson's answer.
  await page.goto('/home');
  await controlled(page);
  await page.goto(address);
  const board = page.locator('.learning-area').getByRole('application', { name: /Chess board/ });
  await expect(board).toBeVisible();
  await expect(solvedWords(page, 0)).toBeVisible();

  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /exercise/i.test(message.text())) errors.push(message.text());
  });
  await context.setOffline(true);
  const line = found.exercise.moves!;
  for (let index = 0; index < line.length; index += 2) await typeMove(page, line[index]!);
  await expect(page.locator('.learning-area').getByText('Solved', { exact: true })).toBeVisible();
  await expect(page.getByText('Saved on this device, will sync')).toBeVisible();
  await expect(page.getByText('Something went wrong updating your progress.')).toHaveCount(0);
  await expect(solvedWords(page, 1)).toBeVisible(); // the board's judgement stays on screen

  // A reload offline opens the page from the service worker (the lesson's answer itself was a
  // member's, kept for that token only: the page may say that part of it could not load); the
  // attempt waits in IndexedDB.
  await page.reload();
  await expect(
    page
      .getByRole('heading', { level: 1, name: found.lesson.title })
      .or(page.getByText('You are offline: part of this page could not load.'))
      .first(),
  ).toBeVisible();
  const waiting = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opened = indexedDB.open('chess-writes');
        opened.onerror = () => reject(new Error('chess-writes cannot be opened'));
        opened.onsuccess = () => {
          const count = opened.result.transaction('writes').objectStore('writes').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(waiting).toBe(1);

  // Back online: the kept attempt goes to the BFF, which records it.
  // (Its first try may be answered 401: the visit started offline without a token; the refresh
  // follows and the write goes again.)
  const sent = page.waitForResponse(
    (answer) =>
      answer.request().method() === 'PUT' &&
      answer.status() !== 401 &&
      decodeURIComponent(new URL(answer.url()).pathname) === `/content/exercises/${found.exercise.id}`,
  );
  await context.setOffline(false);
  const answer = await sent;
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { data: { solved: boolean } }).data.solved).toBe(true);
  expect(errors).toEqual([]);

  // Another device of the same member: the lesson says one of its two exercises is solved.
  const other = await browser.newContext({
    ...devices[testInfo.project.name === 'phone' ? 'Desktop Chrome' : 'Pixel 5'],
    baseURL: testInfo.project.use.baseURL,
  });
  try {
    const elsewhere = await other.newPage();
    await prepare(elsewhere);
    await signIn(elsewhere, member);
    await elsewhere.goto(`/lessons/${found.lesson.id}`);
    await expect(solvedWords(elsewhere, 1)).toBeVisible();
  } finally {
    await other.close();
  }
});
