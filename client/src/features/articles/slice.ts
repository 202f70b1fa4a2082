// Articles: the paged list ('Last articles', Load more) and the single article.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Article, ArticleCard } from '../../api/contract';
import { PAGE_SIZE } from '../../lib/constants';
import {
  named,
  itemReducers,
  itemState,
  type ItemState,
  pagedReducers,
  pagedState,
  type PagedState,
  requestReducers,
  requestState,
  type RequestState,
} from '../../lib/request';

export interface ArticlesState extends PagedState<ArticleCard> {
  /** A failed article's status 404 sends the page to /404. */
  article: ItemState<Article>;
  mostViewed: RequestState<ArticleCard[]>;
}

export const initialArticlesState: ArticlesState = {
  ...pagedState<ArticleCard>(),
  article: itemState(),
  mostViewed: requestState(),
};

const list = pagedReducers((state: ArticlesState) => state, PAGE_SIZE.articles);
const article = itemReducers((state: ArticlesState) => state.article);
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
    ...named('articles', list),
    articlesCleared(state) {
      Object.assign(state, pagedState<ArticleCard>());
    },
    articleRequested(state, action: PayloadAction<string>) {
      // The article shown already (asked for before the page's code arrived, app/preload.ts, or
      // on an earlier visit) stays: asking again would blank it and count a second read.
      if (isShown(state, action.payload)) return;
      article.requested(state, action);
    },
    articleLoaded: article.loaded,
    articleFailed: article.failed,
    ...named('mostViewed', mostViewed),
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
  const shown = state.article.data;
  return shown !== null && (String(shown.id) === key || shown.slug === key);
}
