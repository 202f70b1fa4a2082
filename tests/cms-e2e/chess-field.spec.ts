// An editor authors an exercise on the admin panel's chess board (make cms, desktop): sets up
// the position from an empty board with the palette, records the line by playing it, comments
// a move, saves and publishes; a line of even length is refused at its field first, the line
// kept. Strapi then serves what was published, and with CMS_E2E_SITE_URL (a site whose BFF reads
// this CMS) a learner plays it on the lesson's board. The field's picture for docs/editors.md is
// taken on the way (CMS_E2E_SCREENSHOT).
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';

const home = process.env.CMS_HOME ?? 'instance/cms';
const secret = (name: string) => readFileSync(`${home}/secrets/${name}`, 'utf8').trim();
const email = process.env.CMS_E2E_EMAIL ?? 'editor@example.com';
const password = process.env.CMS_E2E_PASSWORD ?? secret('admin-password');
const token = process.env.CMS_E2E_EDITOR_TOKEN ?? secret('editor-token');

// Two rooks on the a-file against a back rank: 1.Ra8 Rxa8 2.Rxa8#
const PIECES: [string, string][] = [
  ['white king', 'g1'],
  ['white rook', 'a1'],
  ['white rook', 'a2'],
  ['white pawn', 'f2'],
  ['white pawn', 'g2'],
  ['white pawn', 'h2'],
  ['black king', 'h8'],
  ['black rook', 'c8'],
  ['black pawn', 'g7'],
  ['black pawn', 'h7'],
];
const FEN = '2r4k/6pp/8/8/8/8/R4PPP/R5K1 w - - 0 1';

// What the journey reads of Strapi's REST answers
interface Entry {
  id: number;
  documentId: string;
}
interface Lesson extends Entry {
  public_id: number;
  thumbnail: Entry;
  teacher: Entry;
  difficulty_level: Entry;
  lesson_category: Entry;
  chapters: { exercises: { fen: string; moves: string; comments: (string | null)[] | null }[] }[];
}

async function rest<T>(page: Page, method: string, path: string, data?: unknown): Promise<T | null> {
  const answer = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    data: data === undefined ? undefined : { data },
  });
  expect(answer.ok(), await answer.text()).toBeTruthy();
  return answer.status() === 204 ? null : ((await answer.json()) as T);
}

function square(board: Locator, name: string) {
  return board.locator(`[data-square="${name}"]`);
}

test('an editor sets up a position and records an exercise on the board', async ({ page }) => {
  const model = (await rest<{ data: Lesson[] }>(page, 'GET', '/api/lessons?populate=*&pagination[limit]=1'))!.data[0]!;
  const lesson = (await rest<{ data: Lesson }>(page, 'POST', '/api/lessons?status=draft', {
    title: 'Back-rank mates on the board',
    slug: 'back-rank-mates-on-the-board',
    description: 'Written on the board.',
    description_short: 'Board.',
    duration: 600,
    subscription_level: 'free',
    thumbnail: model.thumbnail.id,
    teacher: model.teacher.documentId,
    difficulty_level: model.difficulty_level.documentId,
    lesson_category: model.lesson_category.documentId,
    chapters: [{ title: 'The back rank', video_id: 'xboard1', duration: 600 }],
  }))!.data;
  try {
    await page.goto('/admin/auth/login');
    await page.getByLabel(/^Email/).fill(email);
    await page.getByLabel(/^Password/).fill(password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/admin(\/)?$/);
    await page.goto(`/admin/content-manager/collection-types/api::lesson.lesson/${lesson.documentId}`);

    await expect(page.getByRole('heading', { name: 'Back-rank mates on the board' })).toBeVisible({ timeout: 60_000 });
    // Strapi's news banner would cover the top of the field's picture.
    const banner = page.getByRole('button', { name: 'Close the banner.' });
    if (await banner.isVisible()) await banner.click();
    await page.getByRole('button', { name: 'The back rank', exact: true }).click();
    // The chapter's exercises: none yet (its key positions come first)
    await page
      .getByRole('button', { name: /No entry yet/ })
      .last()
      .click();
    await page.getByLabel(/^Key/).last().fill('back-rank');

    const position = page.getByRole('group', { name: 'Position board' }).last();
    await page.getByRole('button', { name: 'Clear board' }).last().click();
    for (const [piece, at] of PIECES) {
      await page
        .getByRole('button', { name: `Place a ${piece}` })
        .last()
        .click();
      await square(position, at).click();
    }
    await page.getByRole('button', { name: 'Drag to move' }).last().click();
    await expect(page.getByRole('textbox', { name: 'FEN' }).last()).toHaveValue(FEN);

    const line = page.getByRole('group', { name: 'Exercise board' }).last();
    for (const [from, to] of [
      ['a2', 'a8'],
      ['c8', 'a8'],
    ] as const) {
      await square(line, from).click();
      await square(line, to).click();
    }
    await expect(page.getByRole('textbox', { name: 'Moves (UCI)' }).last()).toHaveValue('a2a8 c8a8');
    // Two moves end on the reply: refused when saved, the reason shown at the field and the line
    // kept to go on with (src/admin/keep-edits.mjs).
    await page.getByRole('button', { name: 'Save' }).click();
    const refusal =
      'Lesson chapter 1, Exercise 1, moves: a line of 2 moves: the learner moves first and last, so it must be odd';
    await expect(line.locator('xpath=ancestor::div[.//input[@aria-label="Moves (UCI)"]][1]')).toContainText(refusal);
    await expect(page.getByRole('textbox', { name: 'Moves (UCI)' }).last()).toHaveValue('a2a8 c8a8');

    // The mate, dragged
    await square(line, 'a1').dragTo(square(line, 'a8'));
    await expect(page.getByRole('textbox', { name: 'Moves (UCI)' }).last()).toHaveValue('a2a8 c8a8 a1a8');
    await page.getByRole('textbox', { name: 'Comment on Rxa8#' }).fill('The second rook mates on the back rank.');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/Saved document/i).first()).toBeVisible();
    if (process.env.CMS_E2E_SCREENSHOT) {
      // Saved: the refusal's message is gone from the field; the notice is left to fade first.
      await expect(page.getByText(/Saved document/i)).toHaveCount(0, { timeout: 30_000 });
      // The exercise's two boards, from the position's board to the stored moves under the line:
      // the edit view scrolls inside the page, so a window tall enough to hold them both.
      await page.setViewportSize({ width: 1440, height: 1700 });
      await page
        .getByLabel(/^Key/)
        .last()
        .evaluate((key) => key.scrollIntoView({ block: 'start' }));
      const parts = [
        position,
        page.getByRole('textbox', { name: 'FEN' }).last(),
        line,
        page.getByRole('textbox', { name: 'Moves (UCI)' }).last(),
      ];
      const boxes = await Promise.all(parts.map(async (part) => (await part.boundingBox())!));
      const x = Math.max(0, Math.min(...boxes.map((box) => box.x)) - 16);
      const y = Math.max(0, Math.min(...boxes.map((box) => box.y)) - 40);
      const right = Math.max(...boxes.map((box) => box.x + box.width)) + 16;
      const bottom = Math.max(...boxes.map((box) => box.y + box.height)) + 16;
      await page.screenshot({
        path: process.env.CMS_E2E_SCREENSHOT,
        clip: { x, y, width: right - x, height: bottom - y },
      });
      await page.setViewportSize({ width: 1440, height: 1000 });
    }
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText(/Published document/i).first()).toBeVisible();

    const published = (await rest<{ data: Lesson }>(
      page,
      'GET',
      `/api/lessons/${lesson.documentId}?status=published&populate[chapters][populate]=exercises`,
    ))!.data;
    const exercise = published.chapters[0]!.exercises[0]!;
    expect(exercise.fen).toBe(FEN);
    expect(exercise.moves).toBe('a2a8 c8a8 a1a8');
    expect(exercise.comments).toEqual([null, null, 'The second rook mates on the back rank.']);

    const site = process.env.CMS_E2E_SITE_URL;
    if (site) {
      // A learner on the site whose BFF reads this CMS (CMS_URL): the exercise on the lesson's board.
      const served = await page.request.get(`${site}/cms/lessons/${published.public_id}`);
      expect(served.status()).toBe(200);
      const { chapters } = (await served.json()) as {
        chapters: { exercises: { id: string; key: string; fen: string; moves: string[] }[] }[];
      };
      const learners = chapters[0]!.exercises.find((one) => one.key === 'back-rank')!;
      expect(learners).toMatchObject({ fen: FEN, moves: ['a2a8', 'c8a8', 'a1a8'] });
      await page.addInitScript(() =>
        window.localStorage.setItem('cookieConsent', JSON.stringify({ statistics: false, media: false })),
      );
      await page.goto(`${site}/lessons/${published.public_id}?chapter=1&exercise=${encodeURIComponent(learners.id)}`);
      const area = page.locator('.learning-area');
      const cell = (name: string) => area.locator(`[data-square="${name}"]`);
      await expect(area.getByRole('application', { name: /Chess board/ })).toBeVisible({ timeout: 60_000 });
      for (const at of ['g1', 'a1', 'a2', 'h8', 'c8']) await expect(cell(at).locator('.board__piece')).toHaveCount(1);
      await expect(page.getByLabel('Your move')).not.toHaveAttribute('readonly', '');
      await cell('a2').click();
      await cell('a8').click();
      // The reply, Rxa8, is played for the learner; then the mate and the teacher's comment.
      await expect(cell('c8').locator('.board__piece')).toHaveCount(0);
      await expect(page.getByLabel('Your move')).not.toHaveAttribute('readonly', '');
      await cell('a1').click();
      await cell('a8').click();
      await expect(page.getByText('The second rook mates on the back rank.').first()).toBeVisible();
    }
  } finally {
    await rest(page, 'DELETE', `/api/lessons/${lesson.documentId}`);
  }
});
