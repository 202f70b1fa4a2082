// Runs before every jest test file: DOM matchers and the browser APIs jsdom lacks.
import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { options } from 'preact';
import { stubApi } from './api-stub';
import { buildFooter, buildHome } from './page-builders';

// Preact runs effects after the next frame; jsdom's frames are timers of 16 ms. In tests they run
// as soon as the render is done, as React runs them, so a test waits for renders, not frames.
options.requestAnimationFrame = (callback) => setTimeout(callback, 0);

// A whole page's sagas and renders take seconds on a busy 2-core machine (jest.config.js): waitFor
// and findBy give it that long, and return as soon as what they wait for is there.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  // jsdom does not implement scrolling; a mock lets tests see that the app scrolled.
  window.scrollTo = jest.fn() as typeof window.scrollTo;
  window.localStorage.clear();
  // The network is always stubbed; tests replace this with their own routes.
  stubApi({ 'GET /content/footer': buildFooter(), 'GET /cms/hubs/home': buildHome() });
  // Failed requests are logged on purpose; keep the test output readable.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
