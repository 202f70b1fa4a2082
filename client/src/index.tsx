// Browser entry: creates the store, asks for the first page's code and data, and mounts the app
// into #root.
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadFirstPage } from './app/preload';
import { makeStore } from './app/store';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element to mount the app into.');
}

// Start-up in three tasks, so that none blocks a phone's main thread for long (bench/README.md:
// lighthouse.mjs): the store (and the session's refresh), the first page's requests, the first
// render. The browser gets its turn between them.
const store = makeStore();
setTimeout(() => {
  preloadFirstPage(window.location.pathname, store.dispatch, window.location.search);
  setTimeout(() => createRoot(container).render(<App store={store} />), 0);
}, 0);
