// Renders one component with a fresh store and a memory router, for component tests.
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { makeStore, type RootState } from '../app/store';

function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export function renderWithStore(
  ui: ReactElement,
  { path = '/', route, preloaded = {} }: { path?: string; route?: string; preloaded?: Partial<RootState> } = {},
) {
  const store = makeStore(preloaded);
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        {route ? (
          <Routes>
            <Route path={route} element={ui} />
            <Route path="*" element={null} />
          </Routes>
        ) : (
          ui
        )}
        <CurrentLocation />
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}

/** A fresh store, its root saga running, for tests of shared code (which may not import app/). */
export function storeFor(preloaded: Partial<RootState> = {}) {
  return makeStore(preloaded);
}

export type TestState = Partial<RootState>;
