// The articles list (/articles): 'Last articles' (editors' words), 8 a page, Load more appends the next page.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { cardImageLoading, ContentCard } from '../../../components/ContentCard';
import { ListHeading } from '../../../components/ListHeading';
import { useListCards } from '../../../components/list-cards';
import { LoadMore } from '../../../components/LoadMore';
import { PendingItems } from '../../../components/progressive';
import { SkeletonCards } from '../../../components/SkeletonCards';
import { EmptyState, ErrorState } from '../../../components/Status';
import { formatDate, readingTime } from '../../../lib/format';
import { articlesActions, selectArticles } from '../slice';

export function ArticlesPage() {
  const dispatch = useAppDispatch();
  const { items: loaded, status, hasMore } = useAppSelector(selectArticles);
  // The first cards render with the page, the rest a few a task (list-cards.ts).
  const { items, pending } = useListCards(loaded, status);

  useEffect(() => {
    dispatch(articlesActions.articlesRequested());
  }, [dispatch]);

  return (
    <div className="page">
      <ListHeading text="articles_title" fallback="Last articles" />
      {items.length > 0 && (
        <ul className="card-grid">
          {items.map((article, index) => (
            <li key={article.id}>
              <ContentCard
                to={`/articles/${article.id}`}
                title={article.title}
                image={article.hero_image}
                headingLevel={2}
                imageLoading={cardImageLoading(index)}
                meta={
                  <>
                    <time dateTime={article.date_posted ?? undefined}>{formatDate(article.date_posted)}</time>
                    {article.time_to_read != null && ` · ${readingTime(article.time_to_read)}`}
                  </>
                }
              />
            </li>
          ))}
          {pending && <PendingItems />}
        </ul>
      )}
      {items.length === 0 && (status === 'loading' || status === 'idle') && (
        <SkeletonCards label="Loading articles…" count={4} />
      )}
      {status === 'loading' && items.length > 0 && <SkeletonCards label="Loading more articles…" count={4} />}
      {status === 'failed' && (
        <ErrorState
          message="That's a blunder, we could not load the articles. Please try again."
          onRetry={() => dispatch(articlesActions.articlesRetried())}
        />
      )}
      {status === 'succeeded' && items.length === 0 && <EmptyState message="No articles yet" />}
      {hasMore && items.length > 0 && !pending && status === 'succeeded' && (
        <LoadMore onClick={() => dispatch(articlesActions.moreArticlesRequested())} />
      )}
    </div>
  );
}
