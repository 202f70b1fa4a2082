// The server's first screen stays until the app's page shows the same heading and pictures, then
// goes; a tap on it before then goes to the app's own button.
import { counterpart, sameScreen, TAKE_OVER_MS, takeOver, whenTakenOver } from './first-screen';

function page(serverMain: string, heading: string | null) {
  document.body.innerHTML =
    `<div id="first-screen"${heading === null ? '' : ` data-heading="${heading}"`}>` +
    `<header><button type="button" class="menu-button">Menu</button></header><main>${serverMain}</main></div>` +
    '<div id="root"></div>';
  return {
    server: document.getElementById('first-screen') as HTMLElement,
    root: document.getElementById('root') as HTMLElement,
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => jest.useRealTimers());

test('the same heading and no picture: the same screen', () => {
  const { server, root } = page('<h1>Lessons</h1>', 'Lessons');
  root.innerHTML = '<main><h1>Lessons</h1></main>';
  expect(sameScreen(root, server)).toBe(true);
});

test('another heading, a heading still hidden or a picture not drawn: not yet', () => {
  const { server, root } = page('<h1>Lessons</h1>', 'Lessons');
  root.innerHTML = '<main><h1>Loading</h1></main>';
  expect(sameScreen(root, server)).toBe(false);
  root.innerHTML = '<main><h1 class="is-pending">Lessons</h1></main>';
  expect(sameScreen(root, server)).toBe(false);
  const withPicture = page('<img src="/media/a.webp"><h1>A lesson</h1>', 'A lesson');
  withPicture.root.innerHTML = '<main><h1>A lesson</h1></main>';
  expect(sameScreen(withPicture.root, withPicture.server)).toBe(false);
});

test("a member's own page takes the guest's first screen's place once nothing is on its way", () => {
  const { server, root } = page('<img src="/media/hero.webp"><h1>Learn chess online</h1>', 'Learn chess online');
  root.innerHTML = '<main><h1 data-first-screen="own">Welcome back, Ada</h1><div class="skeleton-cards"></div></main>';
  expect(sameScreen(root, server)).toBe(false);
  root.innerHTML = '<main><h1 data-first-screen="own">Welcome back, Ada</h1></main>';
  expect(sameScreen(root, server)).toBe(true);
});

test('a placeholder on its first screen: not yet', () => {
  const { server, root } = page('<h1>Lessons</h1>', 'Lessons');
  root.innerHTML = '<main><h1>Lessons</h1><div class="skeleton-cards"></div></main>';
  expect(sameScreen(root, server)).toBe(false);
  root.innerHTML = '<main><h1>Lessons</h1><p data-pending="">Setting up the board…</p></main>';
  expect(sameScreen(root, server)).toBe(false);
});

test('the app takes over once its page shows the same', async () => {
  const { root } = page('<h1>Lessons</h1>', 'Lessons');
  takeOver(root);
  root.innerHTML = '<main><h1>Loading</h1></main>';
  await flush();
  expect(document.getElementById('first-screen')).not.toBeNull();
  root.innerHTML = '<main><h1>Lessons</h1></main>';
  await flush();
  expect(document.getElementById('first-screen')).toBeNull();
});

test('what waits for the app to take over comes once it has, and at once without a first screen', async () => {
  const { root } = page('<h1>Lessons</h1>', 'Lessons');
  takeOver(root);
  const footer = jest.fn();
  const stopped = jest.fn();
  whenTakenOver(footer);
  whenTakenOver(stopped)();
  root.innerHTML = '<main><h1>Lessons</h1></main>';
  await flush();
  expect(document.getElementById('first-screen')).toBeNull();
  expect(footer).toHaveBeenCalledTimes(1);
  expect(stopped).not.toHaveBeenCalled();
  const later = jest.fn();
  whenTakenOver(later);
  expect(later).toHaveBeenCalledTimes(1);
});

test('the app takes over after a while whatever it shows', () => {
  jest.useFakeTimers();
  const { root } = page('<h1>Lessons</h1>', 'Lessons');
  takeOver(root);
  jest.advanceTimersByTime(TAKE_OVER_MS);
  expect(document.getElementById('first-screen')).toBeNull();
});

test("a tap on the first screen goes to the app's own button", () => {
  const { server, root } = page('<h1>Home</h1>', 'Home');
  root.innerHTML = '<header><button type="button" class="menu-button">Menu</button></header><main></main>';
  const own = root.querySelector('button') as HTMLButtonElement;
  const tapped = jest.fn();
  own.addEventListener('click', tapped);
  expect(counterpart(root, server.querySelector('button') as HTMLElement)).toBe(own);
  takeOver(root);
  (server.querySelector('button') as HTMLButtonElement).click();
  expect(tapped).toHaveBeenCalledTimes(1);
  expect(document.getElementById('first-screen')).toBeNull();
});

test('a tap before the app has that button waits for it, and goes to it', async () => {
  const { server, root } = page(
    '<h1>A chapter</h1><button type="button" class="control-button">Next</button>',
    'A chapter',
  );
  takeOver(root);
  (server.querySelector('main button') as HTMLButtonElement).click();
  expect(document.getElementById('first-screen')).not.toBeNull();
  const tapped = jest.fn();
  root.innerHTML = '<main><h1>A chapter</h1><button type="button" class="control-button">Next</button></main>';
  (root.querySelector('button') as HTMLButtonElement).addEventListener('click', tapped);
  await flush();
  expect(document.getElementById('first-screen')).toBeNull();
  expect(tapped).toHaveBeenCalledTimes(1);
});

test("a tap marked before the app's code came goes to the app's own button once it is there", async () => {
  const { server, root } = page('<h1>Home</h1>', 'Home');
  // The page's inline script marks the button tapped (client/index.html).
  (server.querySelector('button') as HTMLButtonElement).setAttribute('data-tapped', '');
  takeOver(root);
  const tapped = jest.fn();
  root.innerHTML = '<header><button type="button" class="menu-button">Menu</button></header><main></main>';
  (root.querySelector('button') as HTMLButtonElement).addEventListener('click', tapped);
  await flush();
  expect(document.getElementById('first-screen')).toBeNull();
  expect(tapped).toHaveBeenCalledTimes(1);
});

test("a list's button whose words the app adds to is found at its place", () => {
  const chapters = (labels: string[]) =>
    `<ul>${labels.map((label) => `<li><button type="button" class="chapter-list__item">${label}</button></li>`).join('')}</ul>`;
  const { server, root } = page(`<h1>A lesson</h1>${chapters(['Opening 5:00', 'Endgame 6:00'])}`, 'A lesson');
  root.innerHTML = `<main><h1>A lesson</h1>${chapters(['Opening 5:00 50% watched', 'Endgame 6:00'])}</main>`;
  const tapped = server.querySelectorAll<HTMLElement>('.chapter-list__item')[0]!;
  expect(counterpart(root, tapped)?.textContent).toBe('Opening 5:00 50% watched');
  root.innerHTML = `<main><h1>A lesson</h1>${chapters(['Opening 5:00 50% watched'])}</main>`;
  expect(counterpart(root, tapped)).toBeNull();
});
