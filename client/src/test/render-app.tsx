// Renders the whole route table at a path, in memory, with a fresh store.
import { render, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, useLocation } from 'react-router';
import { AppRoutes } from '../app/routes';
import { makeStore, type RootState, storedState } from '../app/store';

// Shows where the router is, so that tests can assert redirects.
function CurrentLocation() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

export function renderApp(path: string, preloaded: Partial<RootState> = {}) {
  const store = makeStore({ ...storedState(), ...preloaded });
  const result = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
        <CurrentLocation />
      </MemoryRouter>
    </Provider>,
  );
  return { ...result, store };
}

/** Waits for a long list's items still to come (components/progressive.tsx) to be there. */
export async function everyItemShown(): Promise<void> {
  // A few cards a task: two dozen take a while in jsdom.
  await waitFor(() => expect(document.querySelector('.pending-items')).toBeNull(), { timeout: 10_000 });
}
