// Loads article pages (appending on Load more) and single articles.
import { api } from '../../api/endpoints';
import { MOST_VIEWED_ARTICLES, PAGE_SIZE } from '../../lib/constants';
import { pagedListActions } from '../../state/list-cases';
import { itemFailed, takeNamedRequest, takePagedList, takeRequest } from '../../state/request';
import { articlesActions, type ArticlesState, isShown } from './slice';

const selectState = (state: { articles: ArticlesState }) => state.articles;

export function* articlesSaga() {
  yield takePagedList(pagedListActions(articlesActions, 'articles'), {
    what: 'Articles',
    select: selectState,
    fetch: (_, start) => api.articles({ _limit: PAGE_SIZE.articles, _start: start }),
    toastKey: 'articles',
  });
  yield takeRequest(articlesActions.articleRequested, {
    what: 'Article',
    // The article shown already is not asked for again (see articlesActions.articleRequested): that would count
    // a second read.
    unless: (state: { articles: ArticlesState }, action) => isShown(state.articles, action.payload),
    fetch: (action) => api.article(action.payload),
    loaded: articlesActions.articleLoaded,
    // An unknown article is the not-found page's to say (the page goes to /404), not a toast's.
    failed: itemFailed(articlesActions.articleFailed, 'article', [404]),
  });
  // The side list is a bonus: the article itself is what failed or not, so no toast.
  yield takeNamedRequest(articlesActions, 'mostViewed', {
    what: 'Most viewed articles',
    fetch: () => api.mostViewedArticles(MOST_VIEWED_ARTICLES),
    take: 'leading',
  });
}
