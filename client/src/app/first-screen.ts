// The server's first screen (bff/pages/first_screen.py: the header and the page's title, text and
// picture, or a list's heading and card shapes) stands in #first-screen, before #root, from the
// first byte: the app draws the same page behind it (#root is laid out but hidden, first-screen.css)
// and takes its place in one frame once its page shows the same heading and the same pictures,
// drawn, and nothing on its way in its first screen, so that nothing blinks and nothing moves. After TAKE_OVER_MS it takes over anyway (a
// member's page, a page that went elsewhere). A tap on the first screen's links and buttons once
// the app is on its way is not lost: the app takes over as soon as it has the same link or button,
// and the tap goes to it. So is a tap on its buttons before the app's code has come: the page's
// inline script (client/index.html) marks the button last tapped `data-tapped` (a link meanwhile
// loads its page, as any link does).
// The site's base styles before the pages' below, as they come before a page's chunk: a page's
// rule wins over a base rule of the same weight.
import '../styles/index.css';
import './first-screen.css';
// The first screens' own styles come with the first paint (they are in main.css): the pages'
// stylesheets below are those of the pages the server draws a first screen for.
import '../features/home/pages/home-page.css';
import '../components/slideshow.css';
import '../components/content-card.css';
import '../components/list-controls.css';
import '../components/video-player.css';
import '../features/lessons/pages/lesson-page.css';
import '../features/programs/pages/programs.css';
import '../features/articles/pages/article-page.css';
import '../features/not-found/pages/not-found-page.css';
import '../features/puzzles/puzzles.css';

export const TAKE_OVER_MS = 4000;

const serverScreen = () => document.getElementById('first-screen');

/** True while the page still shows the server's first screen (the app's first page must not fade
 * in behind it: it would be half faded when it takes over). */
export function isTakingOver(): boolean {
  return serverScreen() !== null;
}

// Who waits for the app to take the first screen's place (whenTakenOver).
const waiting = new Set<() => void>();

/** Calls `then` once the app has taken the server's first screen's place; returns what stops
 * waiting. What is below the first screen (the footer) waits for it, so that its work comes
 * after the page's instead of beside it. */
export function whenTakenOver(then: () => void): () => void {
  if (!isTakingOver()) {
    then();
    return () => {};
  }
  waiting.add(then);
  return () => waiting.delete(then);
}

const words = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

// Placeholders of what is on its way (skeleton cards, loaders, the board's): while one shows on
// the app's first screen, what replaces it could still move what follows.
const PENDING = '.skeleton-cards, .page-loader, .loading-overlay, [data-pending]';

/** The app's page shows what the server's did: the same heading, and the same pictures, drawn,
 * with nothing on its way in its first screen. */
export function sameScreen(root: HTMLElement, server: HTMLElement): boolean {
  const main = root.querySelector('main');
  const title = main?.querySelector('h1');
  if (!main || !title || title.classList.contains('is-pending')) return false;
  const pending = Array.from(main.querySelectorAll(PENDING));
  if (pending.some((element) => element.getBoundingClientRect().top < window.innerHeight)) return false;
  // A page of the viewer's own (a member's home) differs from the guest's on purpose: it takes
  // the first screen's place as soon as nothing on it is on its way.
  if (title.dataset.firstScreen === 'own') return true;
  const heading = server.dataset.heading;
  if (heading !== undefined && words(title.textContent) !== words(heading)) return false;
  const drawn = new Set(
    Array.from(main.querySelectorAll('img'))
      .filter((image) => image.complete && image.naturalWidth > 0)
      .map((image) => image.src),
  );
  return Array.from(server.querySelectorAll('main img'), (image) => (image as HTMLImageElement).src).every((src) =>
    drawn.has(src),
  );
}

/** The app's own element for one of the first screen's links or buttons: the same kind, class,
 * address and words; else, for one of a list (a lesson's chapters, whose buttons the app fills
 * with the member's progress), the one at the same place among those of its kind and class. */
export function counterpart(root: HTMLElement, tapped: HTMLElement): HTMLElement | null {
  const sameKind = (element: Element) =>
    element.className === tapped.className && element.getAttribute('href') === tapped.getAttribute('href');
  const own = Array.from(root.querySelectorAll<HTMLElement>(tapped.localName)).filter(sameKind);
  const found = own.find((element) => words(element.textContent) === words(tapped.textContent));
  if (found) return found;
  const server = tapped.closest('#first-screen');
  if (!server || !tapped.className) return null;
  const place = Array.from(server.querySelectorAll(tapped.localName)).filter(sameKind).indexOf(tapped);
  const theirs = Array.from(server.querySelectorAll(tapped.localName)).filter(sameKind).length;
  return place >= 0 && own.length === theirs ? (own[place] ?? null) : null;
}

/** Watches the app's page in `root` and removes the server's first screen once it shows the same. */
export function takeOver(root: HTMLElement): void {
  const server = serverScreen();
  if (!server) return;
  const path = window.location.pathname;
  let timer = 0;
  // The first screen's link or button last tapped, for the app's own once it is there.
  let tapped = server.querySelector<HTMLElement>('[data-tapped]');
  const replay = () => {
    if (!tapped) return;
    const own = counterpart(root, tapped);
    if (own) own.click();
    else if (tapped instanceof HTMLAnchorElement) window.location.assign(tapped.href);
  };
  const done = () => {
    observer.disconnect();
    root.removeEventListener('load', check, true);
    server.removeEventListener('click', onTap, true);
    window.clearTimeout(timer);
    server.remove();
    replay();
    for (const then of Array.from(waiting)) then();
    waiting.clear();
  };
  function check() {
    const ready = tapped ? counterpart(root, tapped) !== null : sameScreen(root, server as HTMLElement);
    if (window.location.pathname !== path || ready) done();
  }
  const onTap = (event: MouseEvent) => {
    const target = (event.target as Element | null)?.closest<HTMLElement>('a[href], button');
    if (!target || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey) return;
    event.preventDefault();
    tapped = target;
    check();
  };
  const observer = new MutationObserver(check);
  observer.observe(root, { childList: true, subtree: true, characterData: true, attributes: true });
  // A picture drawn is no change of the tree: its load event says so (it does not bubble).
  root.addEventListener('load', check, true);
  server.addEventListener('click', onTap, true);
  // Taps are kept from now on.
  server.dataset.app = 'starting';
  timer = window.setTimeout(done, TAKE_OVER_MS);
}
