// Articles: the paged list ('Last articles', Load more) and the single article.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Article, ArticleCard } from '../../api/contract';
import { PAGE_SIZE } from '../../lib/constants';
import { requestReducers, requestState, type RequestState } from '../../lib/request';
import type { RequestStatus } from '../../session/status';

export interface ArticlesState {
  items: ArticleCard[];
  status: RequestStatus;
  hasMore: boolean;
  single: Article | null;
  singleStatus: RequestStatus;
  /** HTTP status of a failed article fetch: 404 sends the page to /404. */
  singleErrorStatus: number | null;
  mostViewed: RequestState<ArticleCard[]>;
}

export const initialArticlesState: ArticlesState = {
  items: [],
  status: 'idle',
  hasMore: true,
  single: null,
  singleStatus: 'idle',
  singleErrorStatus: null,
  mostViewed: requestState(),
};

const mostViewed = requestReducers((state: ArticlesState) => state.mostViewed);

export const articlesSlice = createSlice({
  name: 'articles',
  initialState: initialArticlesState,
  reducers: {
    /** First page, unless a list is already there. */
    articlesRequested() {},
    moreArticlesRequested() {},
    /** Retry after a failed load: the first page again, or the page that failed to append. */
    articlesRetried() {},
    articlesLoadStarted(state) {
      state.status = 'loading';
    },
    articlesLoaded(state, action: PayloadAction<{ items: ArticleCard[]; start: number }>) {
      const { items, start } = action.payload;
      state.status = 'succeeded';
      // A page that does not continue the list (an older load finishing late) is dropped.
      if (start !== 0 && start !== state.items.length) return;
      state.items = start === 0 ? items : [...state.items, ...items];
      // A page other than full means there is nothing more to load.
      state.hasMore = items.length === PAGE_SIZE.articles;
    },
    articlesFailed(state) {
      state.status = 'failed';
    },
    articlesCleared(state) {
      state.items = [];
      state.status = 'idle';
      state.hasMore = true;
    },
    articleRequested(state, action: PayloadAction<string>) {
      // The article shown already (asked for before the page's code arrived, app/preload.ts, or
      // on an earlier visit) stays: asking again would blank it and count a second read.
      if (isShown(state, action.payload)) return;
      // The previous article never shows under a new one's address.
      state.single = null;
      state.singleStatus = 'loading';
      state.singleErrorStatus = null;
    },
    articleLoaded(state, action: PayloadAction<Article>) {
      state.single = action.payload;
      state.singleStatus = 'succeeded';
    },
    articleFailed(state, action: PayloadAction<number | null>) {
      state.singleStatus = 'failed';
      state.singleErrorStatus = action.payload;
    },
    mostViewedRequested: mostViewed.requested,
    mostViewedLoaded: mostViewed.loaded,
    mostViewedFailed: mostViewed.failed,
  },
});

export const {
  articlesRequested,
  moreArticlesRequested,
  articlesRetried,
  articlesLoadStarted,
  articlesLoaded,
  articlesFailed,
  articlesCleared,
  articleRequested,
  articleLoaded,
  articleFailed,
  mostViewedRequested,
  mostViewedLoaded,
  mostViewedFailed,
} = articlesSlice.actions;

export const selectArticles = (state: { articles: ArticlesState }) => state.articles;

/** Is the article with this id (or slug) the one in the store? */
export function isShown(state: ArticlesState, key: string): boolean {
  return state.single !== null && (String(state.single.id) === key || state.single.slug === key);
}
