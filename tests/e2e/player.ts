// The video host's player, as the end-to-end tests stand it in: it tells what a real one tells
// through its API (event=apiready, then whatever a test makes it report: event=play,
// event=timeupdate&time=…) and records the commands the page sends it (seek…). Only this
// third-party host is stubbed, by its absolute address; the BFF is never intercepted.
import type { Frame, Page } from '@playwright/test';
import { expect, prepare } from './support';

const PLAYER = `<!doctype html><title>player</title><script>
  window.commands = [];
  window.addEventListener('message', (event) => window.commands.push(event.data));
  window.tell = (message) => window.parent.postMessage(message, '*');
  window.tell('event=apiready');
</script>`;

/** Media consent given, and the host's player stood in for. */
export async function stubPlayer(page: Page): Promise<void> {
  await prepare(page, { consent: { statistics: false, media: true } });
  await page.route('https://www.dailymotion.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: PLAYER }),
  );
}

/** The player of one video, once its API is there (another video's may come first). */
export async function playerOf(page: Page, video: string): Promise<Frame> {
  let frame: Frame | undefined;
  await expect
    .poll(async () => {
      frame = page.frames().find((each) => each.url().startsWith(`https://www.dailymotion.com/embed/video/${video}?`));
      return frame ? frame.evaluate(() => typeof (window as unknown as { tell?: unknown }).tell) : 'absent';
    })
    .toBe('function');
  return frame!;
}

/** Makes the player report a message, as the host's API would. */
export const tell = (frame: Frame, message: string) =>
  frame.evaluate((text) => (window as unknown as { tell: (m: string) => void }).tell(text), message);

/** The commands the page sent the player so far. */
export const commands = (frame: Frame) => frame.evaluate(() => (window as unknown as { commands: unknown[] }).commands);
