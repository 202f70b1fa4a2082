// The home page (/home): hero, slideshow, content sections and the app links.
import { useDeferredValue, useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { ArticleCard, EpisodeCard, LessonCard, ProgramCard, VideoCard } from '../../../api/contract';
import { ContentCard } from '../../../components/ContentCard';
import { Section } from '../../../components/Section';
import { Slideshow } from '../../../components/Slideshow';
import { Loading } from '../../../components/Status';
import { APP_LINKS_FALLBACK } from '../../../lib/constants';
import { formatDate, formatDuration } from '../../../lib/format';
import { selectIsSignedIn } from '../../../session/auth-slice';
import { useLockedProgramTap, useLockedTap } from '../../../session/hooks';
import { modalOpened } from '../../../session/modal-slice';
import { episodeLink, homeRequested, sectionItems, selectHome } from '../slice';
import './home-page.css';

export function HomePage() {
  const dispatch = useAppDispatch();
  const { data: loaded, status } = useAppSelector(selectHome);
  // Forty-odd cards arrive at once: as a deferred update React builds them in slices, leaving the
  // main thread free between them (no long task for a phone), then shows them together.
  const data = useDeferredValue(loaded);
  const signedIn = useAppSelector(selectIsSignedIn);
  const onLockedTap = useLockedTap();
  const onLockedProgram = useLockedProgramTap();

  useEffect(() => {
    dispatch(homeRequested());
  }, [dispatch]);

  const section = (type: string) => data?.sections.find((s) => s.target_type === type);
  const episodes = sectionItems<EpisodeCard>(section('masterclass_episodes'));
  const programs = sectionItems<ProgramCard>(section('programs'));
  const lessons = sectionItems<LessonCard>(section('lessons'));
  const documentaries = sectionItems<VideoCard>(section('documentaries'));
  const journeys = sectionItems<VideoCard>(section('journeys'));
  const news = sectionItems<ArticleCard>(section('news'));

  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-hero-title">
        <div className="hero__text">
          <h1 id="home-hero-title" className="hero__title">
            Learn from the best
          </h1>
          <p className="hero__lede">
            {data?.hero_text ??
              'Masterclass episodes with a world champion, lessons and programs by master players, documentaries and the latest chess news.'}
          </p>
          {!signedIn && (
            <button type="button" className="button button--light" onClick={() => dispatch(modalOpened('register'))}>
              Sign up
            </button>
          )}
        </div>
        {data?.slideshow && data.slideshow.length > 0 && (
          <Slideshow images={data.slideshow.slice(0, 4)} label="Life at the chessboard" />
        )}
        {/* The slideshow's place while the data loads, so that the hero does not grow under the eye. */}
        {!data && status !== 'failed' && <div className="slideshow" aria-hidden="true" />}
      </section>

      {!data && status !== 'failed' && <Loading label="Loading the home page…" />}

      {episodes.length > 0 && (
        <Section
          id="home-masterclass"
          title={section('masterclass_episodes')?.title ?? 'Masterclass'}
          link={{ to: '/masterclass', label: 'See all >' }}
        >
          <ul className="card-row">
            {episodes.map((episode) => (
              <li key={episode.id}>
                <ContentCard
                  to={episodeLink(episode)}
                  title={episode.title}
                  image={episode.thumbnail}
                  meta={formatDuration(episode.duration)}
                  locked={episode.locked}
                  onLockedTap={onLockedTap}
                />
              </li>
            ))}
          </ul>
        </Section>
      )}

      {programs.length > 0 && (
        <Section
          id="home-programs"
          title="Develop your personal playing style"
          link={{ to: '/programs', label: 'Discover all programs' }}
        >
          <ul className="card-row">
            {programs.map((program) => (
              <li key={program.id}>
                <ContentCard
                  to={`/program/${program.id}`}
                  title={program.title}
                  image={program.carousel_image ?? program.hero_image}
                  meta={program.level?.label}
                  locked={program.locked}
                  onLockedTap={onLockedProgram}
                />
              </li>
            ))}
          </ul>
        </Section>
      )}

      {lessons.length > 0 && (
        <Section id="home-lessons" title="Lessons library" link={{ to: '/lessons', label: 'See all >' }}>
          <ul className="card-row">
            {lessons.map((lesson) => (
              <li key={lesson.id}>
                <ContentCard
                  to={`/lessons/${lesson.id}`}
                  title={lesson.title}
                  image={lesson.thumbnail}
                  meta={[lesson.difficulty_level?.label, formatDuration(lesson.duration)].filter(Boolean).join(' · ')}
                  locked={lesson.locked}
                  onLockedTap={onLockedTap}
                />
              </li>
            ))}
          </ul>
        </Section>
      )}

      {(documentaries.length > 0 || journeys.length > 0) && (
        <section className="section" aria-labelledby="home-watch">
          <h2 id="home-watch" className="section__title">
            Watch
          </h2>
          {[
            { id: 'home-documentaries', title: 'Documentaries', items: documentaries },
            { id: 'home-journeys', title: 'Chess journeys', items: journeys },
          ]
            .filter(({ items }) => items.length > 0)
            .map(({ id, title, items }) => (
              <Section key={id} id={id} title={title} level={3}>
                <ul className="card-row">
                  {items.map((video) => (
                    <li key={video.id}>
                      <ContentCard
                        to={`/videos/${video.id}`}
                        title={video.title}
                        image={video.hero_image}
                        meta={[video.subhead, formatDuration(video.duration)].filter(Boolean).join(' · ')}
                        locked={Boolean(video.locked)}
                        onLockedTap={onLockedTap}
                        headingLevel={4}
                      />
                    </li>
                  ))}
                </ul>
              </Section>
            ))}
        </section>
      )}

      {news.length > 0 && (
        <Section id="home-news" title="In the news" link={{ to: '/articles', label: 'Discover all the news' }}>
          <ol className="card-grid news-list">
            {news.map((article) => (
              <li key={article.id}>
                <ContentCard
                  to={`/articles/${article.id}`}
                  title={article.title}
                  image={article.hero_image}
                  meta={`${formatDate(article.date_posted)} · ${article.time_to_read} min read`}
                />
              </li>
            ))}
          </ol>
        </Section>
      )}

      {data && (
        <section className="get-app" aria-labelledby="home-get-app">
          <h2 id="home-get-app" className="section__title">
            Get the app
          </h2>
          <p>Puzzles, lessons and programs in your pocket, on iOS and Android.</p>
          <div className="get-app__links">
            <a className="button" href={data.app_store_url ?? APP_LINKS_FALLBACK.ios} rel="noopener noreferrer">
              Download on the App Store
            </a>
            <a className="button" href={data.play_store_url ?? APP_LINKS_FALLBACK.android} rel="noopener noreferrer">
              Get it on Google Play
            </a>
          </div>
        </section>
      )}
    </div>
  );
}
