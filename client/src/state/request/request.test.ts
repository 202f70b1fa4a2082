import { configureStore, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { ApiError } from '../../api/client';
import { toastShown } from '../toast-slice';
import {
  fetchAll,
  itemFailed,
  itemReducers,
  itemState,
  type ItemState,
  keyedRequestReducers,
  pagedReducers,
  pagedState,
  type PagedState,
  requestReducers,
  requestState,
  type RequestState,
  takePagedList,
  takeRequest,
} from '.';

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

describe('an item request', () => {
  type Items = { item: ItemState<string> };
  const item = itemReducers((state: Items) => state.item);
  const items = createSlice({
    name: 'items',
    initialState: { item: itemState<string>() },
    reducers: { itemRequested: item.requested, itemLoaded: item.loaded, itemFailed: item.failed },
  });
  const actions = items.actions;
  const offer = { entity: 'program', entityId: 7, currentUserPrice: { amount: 5 } };
  const facts = { kind: 'program', title: 'Seven', parts: [] };

  it('drops the item shown when another is asked for, and keeps the status, offer and locked facts of a failure', () => {
    const shown = items.reducer(undefined, actions.itemLoaded('pawn'));
    expect(shown.item).toEqual({ data: 'pawn', status: 'succeeded', errorStatus: null, offer: null, locked: null });
    const asked = items.reducer(shown, actions.itemRequested('rook'));
    expect(asked.item).toEqual({ data: null, status: 'loading', errorStatus: null, offer: null, locked: null });
    const locked = items.reducer(asked, actions.itemFailed(403, offer as never, facts as never));
    expect(locked.item).toEqual({ data: null, status: 'failed', errorStatus: 403, offer, locked: facts });
    const next = items.reducer(locked, actions.itemRequested('king')).item;
    expect([next.offer, next.locked]).toEqual([null, null]);
  });

  it('toasts a failure unless the page tells of that status itself', () => {
    const failure = itemFailed(actions.itemFailed, 'lesson');
    const toasted = (error: unknown) => failure(error).some((action) => toastShown.match(action));
    expect(toasted(new ApiError(404, null))).toBe(false);
    expect(toasted(new ApiError(403, { offer }))).toBe(false);
    expect(toasted(new ApiError(500, null))).toBe(true);
    expect(toasted(new Error('offline'))).toBe(true);
    expect(failure(new ApiError(403, { offer }))[0]).toEqual(actions.itemFailed(403, offer as never, null));
    expect(failure(new ApiError(403, { offer, item: facts }))[0]).toEqual(
      actions.itemFailed(403, offer as never, facts as never),
    );
    // An article's 403 is not a page of its own: only 404 is.
    expect(itemFailed(actions.itemFailed, 'article', [404])(new ApiError(403, null)).length).toBe(2);
  });

  it('is not sent when the store answers it already', async () => {
    const fetch = jest.fn((key: string) => Promise.resolve(key));
    const sagas = createSagaMiddleware();
    // As an article's page: the item shown stays when asked for again.
    const shown = (state: Items, key: string) => state.item.data === key;
    const keeping = createSlice({
      name: 'items',
      initialState: { item: itemState<string>() },
      reducers: {
        itemRequested: (state, action: PayloadAction<string>) => {
          if (!shown(state, action.payload)) item.requested(state, action);
        },
        itemLoaded: item.loaded,
      },
    });
    const store = configureStore({
      reducer: keeping.reducer,
      middleware: (getDefault) => getDefault({ thunk: false }).concat(sagas),
    });
    sagas.run(function* () {
      yield takeRequest(keeping.actions.itemRequested, {
        what: 'Item',
        unless: (state: Items, action) => shown(state, action.payload),
        fetch: (action) => fetch(action.payload),
        loaded: actions.itemLoaded,
        failed: () => actions.itemFailed(null),
      });
    });
    store.dispatch(actions.itemLoaded('pawn'));
    store.dispatch(keeping.actions.itemRequested('pawn'));
    await settle();
    expect(fetch).not.toHaveBeenCalled();
    store.dispatch(keeping.actions.itemRequested('rook'));
    await settle();
    expect(fetch).toHaveBeenCalledWith('rook');
    expect(store.getState().item.data).toBe('rook');
  });
});

describe('a paged list', () => {
  type Words = PagedState<string> & { pages: number };
  const list = pagedReducers((state: Words) => state, 2);
  const words = createSlice({
    name: 'words',
    initialState: { ...pagedState<string>(), pages: 1 },
    reducers: {
      wordsRequested() {},
      moreWordsRequested() {},
      wordsRetried() {},
      wordsRestored(state, action: { payload: number }) {
        Object.assign(state, pagedState<string>(), { pages: action.payload });
      },
      wordsStarted: list.loadStarted,
      wordsLoaded: list.loaded,
      wordsFailed: list.failed,
    },
  });
  const actions = words.actions;
  const ALL = ['a', 'b', 'c', 'd', 'e'];

  function storeListing(fetch: (start: number) => Promise<string[]>) {
    const sagas = createSagaMiddleware();
    const store = configureStore({
      reducer: {
        words: words.reducer,
        toasts: (state: unknown[] = [], action) => (toastShown.match(action) ? [...state, action.payload] : state),
      },
      middleware: (getDefault) => getDefault({ thunk: false }).concat(sagas),
    });
    sagas.run(function* () {
      yield takePagedList(
        {
          requested: actions.wordsRequested,
          more: actions.moreWordsRequested,
          retried: actions.wordsRetried,
          restored: actions.wordsRestored,
          loadStarted: actions.wordsStarted,
          loaded: actions.wordsLoaded,
          failed: actions.wordsFailed,
        },
        {
          what: 'Words',
          select: (state: { words: Words }) => state.words,
          fetch: (_, start) => fetch(start),
          toastKey: 'words',
        },
      );
    });
    return store;
  }

  it('appends each page until one comes back short', async () => {
    const store = storeListing((start) => Promise.resolve(ALL.slice(start, start + 2)));
    store.dispatch(actions.wordsRequested());
    await settle();
    store.dispatch(actions.moreWordsRequested());
    await settle();
    expect(store.getState().words).toMatchObject({ items: ['a', 'b', 'c', 'd'], hasMore: true });
    store.dispatch(actions.moreWordsRequested());
    await settle();
    expect(store.getState().words).toMatchObject({ items: ALL, hasMore: false, status: 'succeeded' });
    // The page opening again keeps the list it has.
    store.dispatch(actions.wordsRequested());
    await settle();
    expect(store.getState().words.items).toEqual(ALL);
  });

  it('loads the pages an address asks for, and retries the page that failed', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = false;
    const store = storeListing((start) =>
      down && start > 0 ? Promise.reject(new Error('down')) : Promise.resolve(ALL.slice(start, start + 2)),
    );
    store.dispatch(actions.wordsRestored(2));
    await settle();
    await settle();
    expect(store.getState().words.items).toEqual(['a', 'b', 'c', 'd']);
    down = true;
    store.dispatch(actions.moreWordsRequested());
    await settle();
    expect(store.getState().words).toMatchObject({ status: 'failed', items: ['a', 'b', 'c', 'd'] });
    expect(store.getState().toasts).toHaveLength(1);
    down = false;
    store.dispatch(actions.wordsRetried());
    await settle();
    expect(store.getState().words).toMatchObject({ status: 'succeeded', items: ALL });
  });

  it('drops a page that does not continue the list', () => {
    const two = words.reducer(undefined, actions.wordsLoaded({ items: ['a', 'b'], start: 0 }));
    expect(words.reducer(two, actions.wordsLoaded({ items: ['x', 'y'], start: 4 })).items).toEqual(['a', 'b']);
  });
});

describe('requests kept by key', () => {
  type Pages = { pages: Record<string, RequestState<string>> };
  const noPages: Pages = { pages: {} };
  const pages = keyedRequestReducers((state: Pages) => state.pages);
  const slice = createSlice({
    name: 'pages',
    initialState: noPages,
    reducers: { pageRequested: pages.requested, pageLoaded: pages.loaded, pageFailed: pages.failed },
  });
  const { pageRequested, pageLoaded, pageFailed } = slice.actions;

  it('keeps each key its own request, and a key its answer while it loads again or fails', () => {
    let state = slice.reducer(undefined, pageRequested('terms'));
    state = slice.reducer(state, pageRequested('privacy'));
    state = slice.reducer(state, pageLoaded({ key: 'terms', data: 'Terms' }));
    expect(state.pages).toEqual({
      terms: { data: 'Terms', status: 'succeeded' },
      privacy: { data: null, status: 'loading' },
    });
    state = slice.reducer(state, pageRequested('terms'));
    state = slice.reducer(state, pageFailed('terms'));
    expect(state.pages.terms).toEqual({ data: 'Terms', status: 'failed' });
  });
});

describe('fetchAll', () => {
  it('answers each call by its name, or fails with the first call that fails', async () => {
    await expect(fetchAll({ one: () => Promise.resolve(1), two: () => Promise.resolve('two') })).resolves.toEqual({
      one: 1,
      two: 'two',
    });
    await expect(
      fetchAll({ one: () => Promise.resolve(1), two: () => Promise.reject(new Error('down')) }),
    ).rejects.toThrow('down');
  });
});
