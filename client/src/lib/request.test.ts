import { configureStore, createSlice } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { requestReducers, requestState, type RequestState, takeRequest } from './request';

type State = RequestState<string>;
const word = requestReducers<State, string, string>((state) => state);
const slice = createSlice({
  name: 'word',
  initialState: requestState<string>(),
  reducers: { wordRequested: word.requested, wordLoaded: word.loaded, wordFailed: word.failed },
});
const { wordRequested, wordLoaded, wordFailed } = slice.actions;

function storeFetching(fetch: (key: string) => Promise<string>, take?: 'every' | 'leading') {
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: slice.reducer,
    middleware: (getDefault) => getDefault({ thunk: false }).concat(sagas),
  });
  sagas.run(function* () {
    yield takeRequest(wordRequested, {
      what: 'Word',
      fetch: (action) => fetch(action.payload),
      loaded: (result) => wordLoaded(result),
      failed: () => wordFailed(),
      take,
    });
  });
  return store;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a request', () => {
  it('is loading, then holds its answer', async () => {
    const store = storeFetching((key) => Promise.resolve(key.toUpperCase()));
    store.dispatch(wordRequested('pawn'));
    expect(store.getState()).toEqual({ data: null, status: 'loading' });
    await settle();
    expect(store.getState()).toEqual({ data: 'PAWN', status: 'succeeded' });
  });

  it('fails, keeping the answer it had', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = false;
    const store = storeFetching((key) => (fail ? Promise.reject(new Error('down')) : Promise.resolve(key)));
    store.dispatch(wordRequested('rook'));
    await settle();
    fail = true;
    store.dispatch(wordRequested('king'));
    await settle();
    expect(store.getState()).toEqual({ data: 'rook', status: 'failed' });
    expect(console.error).toHaveBeenCalledWith('Word fetch failed', expect.any(Error));
  });

  it('keeps only the newest answer, unless every request runs or the first one does', async () => {
    // Each fetch waits until the test answers it, the first request's last.
    function answeredByHand(take?: 'every' | 'leading') {
      const pending: Array<{ key: string; answer: () => void }> = [];
      const store = storeFetching(
        (key) => new Promise<string>((resolve) => pending.push({ key, answer: () => resolve(key) })),
        take,
      );
      store.dispatch(wordRequested('a'));
      store.dispatch(wordRequested('b'));
      return { store, pending };
    }
    const answerAll = async (pending: Array<{ answer: () => void }>) => {
      for (const each of [...pending].reverse()) {
        each.answer();
        await settle();
      }
    };

    const latest = answeredByHand();
    await answerAll(latest.pending);
    expect(latest.store.getState().data).toBe('b');

    const every = answeredByHand('every');
    await answerAll(every.pending);
    expect(every.store.getState().data).toBe('a');

    const leading = answeredByHand('leading');
    expect(leading.pending.map((each) => each.key)).toEqual(['a']);
    await answerAll(leading.pending);
    expect(leading.store.getState().data).toBe('a');
  });
});
