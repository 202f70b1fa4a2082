// Articles: the paged list ('Last articles', Load more) and the single article.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Article, ArticleCard } from '../../api/contract';
import { pagedListCases } from '../../state/list-cases';
import { PAGE_SIZE } from '../../lib/constants';
import {
  itemReducers,
  type ItemState,
  itemState,
  pagedState,
  type PagedState,
  requestCases,
  type RequestState,
  requestState,
} from '../../state/request';

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

const article = itemReducers((state: ArticlesState) => state.article);

export const articlesSlice = createSlice({
  name: 'articles',
  initialState: initialArticlesState,
  reducers: {
    ...pagedListCases('articles', (state: ArticlesState) => state, PAGE_SIZE.articles),
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
    ...requestCases('mostViewed', (state: ArticlesState) => state.mostViewed),
  },
});

export const articlesActions = articlesSlice.actions;

export const selectArticles = (state: { articles: ArticlesState }) => state.articles;

/** Is the article with this id (or slug) the one in the store? */
export function isShown(state: ArticlesState, key: string): boolean {
  const shown = state.article.data;
  return shown !== null && (String(shown.id) === key || shown.slug === key);
}
