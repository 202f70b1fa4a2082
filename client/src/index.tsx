// Browser entry: creates the store, asks for the first page's code and data, and mounts the app
// into #root, behind the server's first screen until it shows the same page (app/first-screen.ts).
import { options } from 'preact';
import { takeOver } from './app/first-screen';
import { registerServiceWorker } from './lib/offline';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element to mount the app into.');
}

/** A new task of the main thread, so that the browser gets its turn (input, paint) in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

// Preact renders an update (a state change, a lazy page's code arriving) at the end of the task
// that asked for it; here each waits for a task of its own, as React's scheduler would, so the
// shell, the page and each slice of a long list are painted apart instead of in one long task.
options.debounceRendering = (render) => setTimeout(render, 0);

// Start-up in small tasks, so that none blocks a phone's main thread for long (bench/README.md:
// main-thread.mjs). A module's code runs when it is first imported: the "eager" imports below
// stay in this bundle but run each in a task of its own, instead of all together before the
// first line of this file. In turn: the API client, the store's middleware, the sagas' modules
// (with the slices they use), the store's, the store (with the session's refresh), the shell's
// modules and the route table's, the first page's code and each of its requests, the app's
// modules, the first render of the shell (the page follows in a task of its own). Only the
// project's own modules are imported this way: a package imported so would come whole, every
// export of it kept.
async function start(root: HTMLElement) {
  for (const load of [
    () => import(/* webpackMode: "eager" */ './api/endpoints'),
    () => import(/* webpackMode: "eager" */ './app/preload-middleware'),
    () => import(/* webpackMode: "eager" */ './app/root-saga'),
    () => import(/* webpackMode: "eager" */ './app/store'),
  ]) {
    await nextTask();
    await load();
  }
  const { makeStore } = await import(/* webpackMode: "eager" */ './app/store');
  await nextTask();
  const store = makeStore();
  for (const load of [
    () => import(/* webpackMode: "eager" */ './app/Header'),
    () => import(/* webpackMode: "eager" */ './app/Layout'),
    () => import(/* webpackMode: "eager" */ './app/preload'),
  ]) {
    await nextTask();
    await load();
  }
  const { firstPageSteps } = await import(/* webpackMode: "eager" */ './app/preload');
  for (const step of firstPageSteps(window.location.pathname, store.dispatch, window.location.search)) {
    await nextTask();
    step();
  }
  await nextTask();
  await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  const [{ App }, { createRoot }] = await Promise.all([
    import(/* webpackMode: "eager" */ './app/App'),
    import(/* webpackMode: "eager" */ 'react-dom/client'),
  ]);
  await nextTask();
  takeOver(root);
  createRoot(root).render(<App store={store} />);
}

void start(container);
registerServiceWorker();
