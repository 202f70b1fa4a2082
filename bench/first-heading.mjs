// When a page's first heading is on the screen on a slow phone network: 400 kbit/s down and up,
// 400 ms of latency a request, a 4x slower CPU, emulated through the DevTools protocol in Debian's
// Chromium (Playwright), a fresh browser context (nothing cached) per visit. The time is that of
// the first frame in which an <h1> in a <main> is laid out and visible, from the start of the
// navigation. Also: whether the HTML, read without running a script, carries the first screen
// (an <h1> before the client's root).
import { chromium } from 'playwright';
import { chrome, chromiumFlags } from './site.mjs';

export const SLOW = { latencyMs: 400, kbps: 400, cpuSlowdown: 4 };

/* global document, window, requestAnimationFrame -- in the page */
// Runs in the page before its own scripts: watches each frame for the first visible heading.
function watchHeading() {
  const visible = (heading) =>
    heading.getBoundingClientRect().height > 0 &&
    (typeof heading.checkVisibility !== 'function' || heading.checkVisibility({ visibilityProperty: true }));
  const frame = () => {
    const heading = Array.from(document.querySelectorAll('main h1')).find(visible);
    if (heading) window.__firstHeading = { ms: performance.now(), text: heading.textContent.trim() };
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
}

/** Milliseconds to the first heading of each `path` on the slow network, `runs` times each. */
export async function firstHeadings(base, paths, runs = 1) {
  const browser = await chromium.launch({ executablePath: chrome, args: chromiumFlags });
  const rows = [];
  try {
    for (const path of paths) {
      for (let run = 1; run <= runs; run += 1) {
        const context = await browser.newContext({
          viewport: { width: 360, height: 740 },
          isMobile: true,
          hasTouch: true,
          serviceWorkers: 'block',
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        const bytesPerSecond = (SLOW.kbps * 1000) / 8;
        await cdp.send('Network.enable');
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: SLOW.latencyMs,
          downloadThroughput: bytesPerSecond,
          uploadThroughput: bytesPerSecond,
        });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW.cpuSlowdown });
        await page.addInitScript(watchHeading);
        await page.goto(base + path, { waitUntil: 'commit', timeout: 60_000 });
        const seen = await page
          .waitForFunction(() => window.__firstHeading, null, { timeout: 30_000, polling: 100 })
          .then((handle) => handle.jsonValue())
          .catch(() => null);
        rows.push({ path, run, headingMs: seen ? Math.round(seen.ms) : null, heading: seen?.text ?? null });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** Whether the page's HTML, as sent, shows a heading before the client's root (no script run). */
export async function headingInHtml(url) {
  // Once again when the server has closed the kept-alive connection fetch tries first (its
  // keep-alive is 2 s).
  const read = async () => (await fetch(url)).text();
  const html = await read().catch(read);
  const body = html.slice(html.search(/<body[\s>]/i));
  const root = body.search(/<div\s+id=["']?root["']?\s*>/i);
  const heading = body.search(/<h1[\s>]/i);
  return heading >= 0 && (root < 0 || heading < root);
}
