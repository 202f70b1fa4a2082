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

const store = makeStore();
preloadFirstPage(window.location.pathname, store.dispatch, window.location.search);
const root = createRoot(container);
root.render(<App store={store} />);
