// Browser entry: creates the store and mounts the app into #root.
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { makeStore } from './app/store';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('The page has no #root element to mount the app into.');
}

createRoot(container).render(<App store={makeStore()} />);
