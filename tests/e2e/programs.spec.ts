// Programs: list, filters, locked taps, a program, the chapter player, and a member's progress
// through a program, kept by the real BFF.
import type { Page } from '@playwright/test';
import { createMember, signIn } from './members';
import { playerOf, stubPlayer, tell } from './player';
import { expect, prepare, test } from './support';

test('lists 8 programs a page, filters by level, and a locked one opens its own page', async ({ page }) => {
  await prepare(page);
  await page.goto('/programs');

  // The seed's heading, with the number of published programs written in.
  await expect(
    page.getByRole('heading', { level: 1, name: 'Improve your chess skills with 42 programs' }),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('button', { name: 'Subscribe' })).toBeVisible();
  const cards = page.locator('main .card-grid > li');
  await expect(cards).toHaveCount(8);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cards).toHaveCount(16);

  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('button', { name: 'Level' }).click();
  await page.getByRole('button', { name: 'Expert - 2000' }).click();
  await page.getByRole('button', { name: 'View results' }).click();
  await expect(page.getByRole('button', { name: 'Filter (1)' })).toBeVisible();
  await expect(cards.first()).toContainText('Expert - 2000');

  await page
    .getByRole('link', { name: /\(Pro, locked\)/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/program\/\d+$/);
  await expect(
    page.getByRole('region', { name: 'Unlock this program' }).getByRole('link', { name: 'Log in' }),
  ).toBeVisible();
});

test('a program shows what is inside, its chapters and a recommended program', async ({ page }) => {
  await prepare(page, { consent: { statistics: false, media: true } });
  await page.goto('/program/42');

  await expect(page.getByRole('heading', { level: 1, name: 'A solid repertoire against 1.d4' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What’s inside?' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Program chapters (4)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recommended' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View all' })).toHaveAttribute('href', '/programs');

  await expect(page.locator('iframe')).toHaveCount(0);
  await page.getByRole('button', { name: /^Play Welcome/ }).click();
  await expect(page.locator('iframe')).toHaveAttribute('src', /embed\/video\/xsd3wsd\?autoplay=1/);

  await page.getByRole('link', { name: /First moves and ideas/ }).click();
  await expect(page).toHaveURL(/\/program-chapter\/241$/);
});

test('the chapter player: playlist, Previous and Next for a member', async ({ page }) => {
  await prepare(page, { consent: { statistics: false, media: true } });
  await signIn(page, await createMember(page.request));
  await page.goto('/program-chapter/241');

  await expect(page.getByRole('heading', { level: 1, name: 'First moves and ideas: part 1' })).toBeVisible();
  const nav = page.locator('.chapter__nav');
  await expect(nav.getByRole('button', { name: 'Previous' })).toBeDisabled();
  // Each Next once the part it opened is there, as a learner taps it (a second tap while the
  // first part's page still changes would land on the button it leaves).
  await nav.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'First moves and ideas: part 2' })).toBeVisible();
  await nav.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'First moves and ideas: part 3' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByRole('button', { name: 'Playlist' }).click();
  await page
    .getByRole('dialog', { name: 'Playlist' })
    .getByRole('button', { name: /part 2/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'First moves and ideas: part 2' })).toBeVisible();

  await page.getByRole('button', { name: 'Play First moves and ideas: part 2' }).click();
  await expect(page.locator('iframe')).toHaveAttribute('src', /embed\/video\/xfif6zp/);
});

test('the playlist sheet is styled on a chapter opened first: heading, close, titles and durations apart', async ({
  page,
}, testInfo) => {
  await prepare(page, { consent: { statistics: false, media: true } });
  await signIn(page, await createMember(page.request));
  // Straight to the chapter: no other page's styles are loaded.
  await page.goto('/program-chapter/241');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Playlist' }).click();

  const sheet = page.getByRole('dialog', { name: 'Playlist' });
  await expect(sheet.getByRole('heading', { level: 2, name: 'Playlist' })).toBeVisible();
  await expect(sheet).toHaveCSS('position', 'fixed');
  // Measured at rest: while it slides in, its boxes are moved by a fraction of a pixel.
  await expect.poll(() => sheet.evaluate((element) => element.getAnimations().length)).toBe(0);
  const viewport = page.viewportSize()!;
  if (viewport.width < 768) {
    // On a phone it slides up to rest on the bottom edge.
    await expect
      .poll(async () => {
        const box = (await sheet.boundingBox())!;
        return Math.round(box.y + box.height);
      })
      .toBe(viewport.height);
  }

  const items = sheet.getByRole('listitem').getByRole('button');
  await expect(items).toHaveCount(3);
  await expect(items.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(items.nth(1)).toBeFocused();
  await expect(items.nth(0)).not.toHaveAttribute('aria-current', /.*/);
  for (let index = 0; index < 3; index += 1) {
    const item = (await items.nth(index).boundingBox())!;
    const name = (await items.nth(index).locator('.playlist-sheet__name').boundingBox())!;
    const duration = items.nth(index).locator('.playlist-sheet__duration');
    await expect(duration).toHaveText(/^\d+\s(min|h)/); // a no-break space between number and unit
    const time = (await duration.boundingBox())!;
    // Title and duration apart, the duration at the row's right edge.
    expect(time.x).toBeGreaterThanOrEqual(name.x + name.width);
    expect(item.x + item.width - (time.x + time.width)).toBeLessThanOrEqual(20);
    expect(item.height).toBeGreaterThanOrEqual(48);
  }
  await testInfo.attach('playlist-sheet', { body: await page.screenshot(), contentType: 'image/png' });

  const close = sheet.getByRole('button', { name: 'Close the playlist' });
  expect((await close.boundingBox())!.height).toBeGreaterThanOrEqual(48);
  await close.click();
  await expect(sheet).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Playlist' })).toBeFocused();
});

test("a signed-in free member opens a locked program's page, which offers Pro", async ({ page }) => {
  await prepare(page);
  await signIn(page, await createMember(page.request));
  await page.goto('/programs');

  await expect(page.getByRole('main').getByRole('button', { name: 'Upgrade' })).toBeVisible();
  await page
    .getByRole('link', { name: /\(Pro, locked\)/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/program\/\d+$/);
  await expect(page.getByRole('link', { name: 'Start your 7-day free trial' })).toBeVisible();
});

// Program 42 of the seed: four chapters of 3, 3, 5 and 2 videos (13 in all).
const PROGRAM = { id: 42, videos: 13 };
const CHAPTERS = {
  firstMoves: { id: 241, title: 'First moves and ideas', videos: 3 },
  mainLine: { id: 242, title: 'The main line', videos: 3 },
  modelGames: { id: 243, title: 'Model games', videos: 5 },
  review: { id: 244, title: 'Repertoire review', videos: 2 },
};
type Chapter = (typeof CHAPTERS)[keyof typeof CHAPTERS];
// A chapter card is light purple at 100 %, grey at 0 %, purple in between.
const TONE = { done: /\bchapter-card--done\b/, new: /\bchapter-card--new\b/, started: /\bchapter-card--started\b/ };

const programChapter = (page: Page, chapter: Chapter) =>
  page.getByRole('region', { name: /^Program chapters/ }).getByRole('link', { name: new RegExp(chapter.title) });

/** Plays a subchapter's video to its end: the tap starts it, and the host's player (a stand-in,
 * player.ts) reports it watched; the tap itself records nothing (client/README.md: Program
 * progress). */
async function playSubchapter(page: Page, chapter: Chapter, part: number): Promise<void> {
  const title = `${chapter.title}: part ${part}`;
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The heading may be the first screen's, sent with the page: the player's button is the app's.
  await expect(page.getByRole('button', { name: `Play ${title}` })).toBeVisible();
  const tapped = page.waitForRequest((sent) => new URL(sent.url()).pathname === '/content/progress', {
    timeout: 1000,
  });
  await page.getByRole('button', { name: `Play ${title}` }).click();
  await expect(tapped).rejects.toThrow();
  const src = (await page.locator('iframe.player__frame').getAttribute('src')) ?? '';
  const frame = await playerOf(page, /\/embed\/video\/([^?]+)/.exec(src)![1]!);
  // The id is the subchapter's as GET /cms/program-chapters/{id} gives it: "<chapter>:<position>".
  const ended = page.waitForResponse(
    (answer) =>
      answer.request().method() === 'PUT' &&
      decodeURIComponent(new URL(answer.url()).pathname) ===
        `/content/positions/program_subchapter/${chapter.id}:${part}` &&
      (answer.request().postDataJSON() as { event: string }).event === 'ended',
  );
  await tell(frame, 'event=durationchange&duration=300');
  await tell(frame, 'event=play');
  await tell(frame, 'event=timeupdate&time=300');
  await tell(frame, 'event=video_end');
  const answer = await ended;
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The program page as the member left it, once `open` shows it: three videos watched of
 * thirteen (one chapter's videos all watched, one started, two untouched), with the figures and
 * tones the BFF's answer gives (a chapter's exercises count beside its videos). */
async function expectProgramProgress(page: Page, open: () => Promise<unknown>, token: string): Promise<void> {
  const answer = await page.request.get(`/cms/programs/${PROGRAM.id}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const program = (await answer.json()) as {
    progress: number;
    videos_watched: number;
    videos_total: number;
    chapters: { id: number; progress: number }[];
  };
  expect([program.videos_watched, program.videos_total]).toEqual([3, PROGRAM.videos]);
  await open();
  await expect(page).toHaveURL(new RegExp(`/program/${PROGRAM.id}$`));
  await expect(page.getByRole('progressbar', { name: 'Your progress' })).toHaveAttribute(
    'value',
    String(program.progress),
  );
  await expect(page.getByText(`${program.progress}% complete`)).toBeVisible();

  const tone = (chapter: Chapter) => {
    const progress = program.chapters.find((each) => each.id === chapter.id)!.progress;
    return progress === 100 ? TONE.done : progress === 0 ? TONE.new : TONE.started;
  };
  const watched = { review: 2, firstMoves: 1, mainLine: 0, modelGames: 0 } as const;
  for (const [name, count] of Object.entries(watched) as [keyof typeof CHAPTERS, number][]) {
    const chapter = CHAPTERS[name];
    await expect(programChapter(page, chapter)).toHaveClass(tone(chapter));
    await expect(programChapter(page, chapter)).toContainText(`${count} of ${chapter.videos} videos watched`);
  }
  expect(tone(CHAPTERS.firstMoves)).toEqual(TONE.started);
  expect(tone(CHAPTERS.mainLine)).toEqual(TONE.new);
}

/** The chapter player tells the same: the program's other chapters and the playlist. */
async function expectChapterProgress(page: Page): Promise<void> {
  await programChapter(page, CHAPTERS.firstMoves).click();
  await expect(page).toHaveURL(new RegExp(`/program-chapter/${CHAPTERS.firstMoves.id}$`));
  const others = page.getByRole('region', { name: 'Other chapters' });
  await expect(others.getByRole('link', { name: new RegExp(CHAPTERS.review.title) })).not.toHaveClass(TONE.new);
  await expect(others.getByRole('link', { name: new RegExp(CHAPTERS.mainLine.title) })).toHaveClass(TONE.new);
  await page.getByRole('button', { name: 'Playlist' }).click();
  const playlist = page.getByRole('dialog', { name: 'Playlist' });
  await expect(playlist.getByRole('button', { name: /part 1/ })).toHaveClass(/\bplaylist-sheet__item--done\b/);
  await expect(playlist.getByRole('button', { name: /part 2/ })).toHaveClass(/\bplaylist-sheet__item--new\b/);
}

test('a member plays program videos: the chapters show their progress, after a reload and in another browser', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = await createMember(page.request);
  await stubPlayer(page);
  const token = await signIn(page, member);
  await page.goto(`/program/${PROGRAM.id}`);
  for (const chapter of Object.values(CHAPTERS)) {
    await expect(programChapter(page, chapter)).toHaveClass(TONE.new);
    await expect(programChapter(page, chapter)).toContainText(`0 of ${chapter.videos} videos watched`);
  }

  // Both videos of the last chapter, then the first video of the first chapter.
  await programChapter(page, CHAPTERS.review).click();
  await playSubchapter(page, CHAPTERS.review, 1);
  await page.locator('.chapter__nav').getByRole('button', { name: 'Next' }).click();
  await playSubchapter(page, CHAPTERS.review, 2);
  await page
    .getByRole('region', { name: 'Other chapters' })
    .getByRole('link', { name: new RegExp(CHAPTERS.firstMoves.title) })
    .click();
  await playSubchapter(page, CHAPTERS.firstMoves, 1);

  await expectProgramProgress(page, () => page.getByRole('link', { name: '← Back' }).click(), token);
  await expectProgramProgress(page, () => page.reload(), token);
  await expectChapterProgress(page);

  // The same member in another browser: the progress is the account's, not this browser's.
  const { baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const elsewhere = await browser.newContext({ baseURL, viewport, userAgent, deviceScaleFactor, isMobile, hasTouch });
  try {
    const other = await elsewhere.newPage();
    await stubPlayer(other);
    await signIn(other, member);
    await expectProgramProgress(other, () => other.goto(`/program/${PROGRAM.id}`), token);
    await expectChapterProgress(other);
  } finally {
    await elsewhere.close();
  }
});
