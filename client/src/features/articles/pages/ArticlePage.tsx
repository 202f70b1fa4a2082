// One article (/articles/:id, the id or the slug): title, author, date, reading time, hero, lede, markdown content
// (raw HTML never rendered) and the author block.
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router';
import { useItemPage } from '../../../components/use-item-page';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { Markdown } from '../../../components/Markdown';
import { Picture } from '../../../components/Picture';
import { ErrorMessage, Loading } from '../../../components/Status';
import { formatDate, readingTime } from '../../../lib/format';
import { articleCard } from '../../../components/cards';
import { ContentCard } from '../../../components/ContentCard';
import { Section } from '../../../components/Section';
import { articlesActions, selectArticles } from '../slice';
import './article-page.css';

export function ArticlePage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const {
    article: { data: article, status, errorStatus },
    mostViewed: mostViewedRequest,
  } = useAppSelector(selectArticles);
  const mostViewed = mostViewedRequest.data ?? [];
  const mostViewedStatus = mostViewedRequest.status;

  useItemPage(
    articlesActions.articleRequested,
    id,
    article && { title: article.title, description: article.lede ?? article.title },
  );

  useEffect(() => {
    if (mostViewedStatus === 'idle') dispatch(articlesActions.mostViewedRequested());
  }, [dispatch, mostViewedStatus]);

  if (status === 'failed') {
    if (errorStatus === 404) return <Navigate to="/404" replace />;
    return (
      <div className="page">
        <ErrorMessage>{"That's a blunder, we could not load this article. Please try again."}</ErrorMessage>
      </div>
    );
  }
  if (!article) return <Loading label="Loading the article…" />;

  const posted = <time dateTime={article.date_posted ?? undefined}>{formatDate(article.date_posted)}</time>;
  const reading = readingTime(article.time_to_read);
  return (
    <article className="article">
      <header className="article__header">
        <h1 className="page__title">{article.title}</h1>
        <p className="article__byline">
          Written by <strong>{article.author?.name ?? 'the editors'}</strong> · {posted}
          {reading && ` · ${reading}`}
        </p>
      </header>
      <Picture media={article.hero_image} formats={['medium', 'small']} className="article__hero" priority />
      {article.lede && <p className="article__lede">{article.lede}</p>}
      <Markdown source={article.content ?? ''} className="prose" headingOffset={0} />
      {article.author && (
        <aside className="author" aria-label="About the author">
          <Picture media={article.author.avatar} formats={['thumbnail']} className="author__avatar" alt="" />
          <div>
            <p className="author__name">{article.author.name}</p>
            {article.author.bio && <p className="author__bio">{article.author.bio}</p>}
            <p className="author__date">{posted}</p>
          </div>
        </aside>
      )}
      {mostViewed.some((item) => item.id !== article.id) && (
        <Section id="most-viewed" title="Most read">
          <ul className="card-grid">
            {mostViewed
              .filter((item) => item.id !== article.id)
              .map((item) => (
                <li key={item.id}>
                  <ContentCard {...articleCard(item)} />
                </li>
              ))}
          </ul>
        </Section>
      )}
    </article>
  );
}
