// Runs before every jest test file: DOM matchers and the browser APIs jsdom lacks.
import '@testing-library/jest-dom';

beforeEach(() => {
  // jsdom does not implement scrolling; a mock lets tests see that the app scrolled.
  window.scrollTo = jest.fn() as typeof window.scrollTo;
});
