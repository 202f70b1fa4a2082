// Loads article pages (appending on Load more) and single articles.
import { call, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError } from '../../api/client';
import { api, type ApiAnswer } from '../../api/endpoints';
import { MOST_VIEWED_ARTICLES, PAGE_SIZE } from '../../lib/constants';
import { takeRequest } from '../../lib/request';
import { toastShown } from '../../session/toast-slice';
import {
  type ArticlesState,
  articleFailed,
  articleLoaded,
  articleRequested,
  articlesFailed,
  articlesLoaded,
  articlesLoadStarted,
  articlesRequested,
  articlesRetried,
  isShown,
  moreArticlesRequested,
  mostViewedFailed,
  mostViewedLoaded,
  mostViewedRequested,
} from './slice';

const selectState = (state: { articles: ArticlesState }) => state.articles;

function* loadPage(start: number) {
  yield put(articlesLoadStarted());
  try {
    const items: ApiAnswer<'articles'> = yield call(api.articles, { _limit: PAGE_SIZE.articles, _start: start });
    yield put(articlesLoaded({ items, start }));
  } catch (error) {
    console.error('Articles fetch failed', error);
    yield put(articlesFailed());
    yield put(toastShown({ type: 'error', action: 'fetch', key: 'articles' }));
  }
}

function* firstPage() {
  const state: ArticlesState = yield select(selectState);
  if (state.items.length === 0) yield call(loadPage, 0);
}

function* nextPage() {
  const state: ArticlesState = yield select(selectState);
  if (state.hasMore && state.status !== 'loading') yield call(loadPage, state.items.length);
}

function* retry() {
  const state: ArticlesState = yield select(selectState);
  if (state.status !== 'loading') yield call(loadPage, state.items.length);
}

function* loadArticle(action: ReturnType<typeof articleRequested>) {
  const articles: ArticlesState = yield select(selectState);
  if (isShown(articles, action.payload)) return;
  try {
    const article: ApiAnswer<'article'> = yield call(api.article, action.payload);
    yield put(articleLoaded(article));
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null;
    console.error('Article fetch failed', error);
    yield put(articleFailed(status));
    // An unknown article is the not-found page's to say (the page goes to /404), not a toast's.
    if (status !== 404) yield put(toastShown({ type: 'error', action: 'fetch', key: 'article' }));
  }
}

export function* articlesSaga() {
  yield takeLatest(articlesRequested.type, firstPage);
  yield takeLeading(moreArticlesRequested.type, nextPage);
  yield takeLeading(articlesRetried.type, retry);
  yield takeLatest(articleRequested.type, loadArticle);
  yield takeRequest(mostViewedRequested, {
    what: 'Most viewed articles',
    fetch: () => api.mostViewedArticles(MOST_VIEWED_ARTICLES),
    loaded: mostViewedLoaded,
    // The side list is a bonus: the article itself is what failed or not.
    failed: () => mostViewedFailed(),
    take: 'leading',
  });
}
