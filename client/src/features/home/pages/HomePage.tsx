// The home page (/home): hero, slideshow, content sections and the app links.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import type {
  ArticleCard,
  EpisodeCard,
  HomeHub,
  HomeSection,
  LessonCard,
  Media,
  ProgramCard,
  VideoCard,
} from '../../../api/contract';
import { ContentCard } from '../../../components/ContentCard';
import { PendingItems, useRevealed } from '../../../components/progressive';
import { Section } from '../../../components/Section';
import { Slideshow } from '../../../components/Slideshow';
import { SkeletonSections } from '../../../components/SkeletonCards';
import { ErrorState } from '../../../components/Status';
import { APP_LINKS_FALLBACK } from '../../../lib/constants';
import { formatDate, formatDuration } from '../../../lib/format';
import { isSitePath } from '../../../lib/site-path';
import { selectIsSignedIn } from '../../../session/auth-slice';
import { useLockedProgramTap, useLockedTap } from '../../../session/hooks';
import { modalOpened } from '../../../session/modal-slice';
import { episodeLink, homeRequested, sectionItems, selectHome } from '../slice';
import './home-page.css';

export function HomePage() {
  const dispatch = useAppDispatch();
  const { data, status } = useAppSelector(selectHome);
  const signedIn = useAppSelector(selectIsSignedIn);
  const onLockedTap = useLockedTap();
  const onLockedProgram = useLockedProgramTap();

  useEffect(() => {
    dispatch(homeRequested());
  }, [dispatch]);

  const sections = data?.sections ?? [];
  // The first two sections fill a phone's first screen; the others follow one a task.
  const shownSections = useRevealed(sections.length, 2, 1);
  const videoGroups = sections.filter(isWatchSection);

  function cards(section: HomeSection, headingLevel?: 4) {
    switch (section.target_type) {
      case 'masterclass_episodes':
        return sectionItems<EpisodeCard>(section).map((episode) => (
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
        ));
      case 'programs':
        return sectionItems<ProgramCard>(section).map((program) => (
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
        ));
      case 'lessons':
        return sectionItems<LessonCard>(section).map((lesson) => (
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
        ));
      case 'documentaries':
      case 'journeys':
        return sectionItems<VideoCard>(section).map((video) => (
          <li key={video.id}>
            <ContentCard
              to={`/videos/${video.id}`}
              title={video.title}
              image={video.hero_image}
              meta={[video.subhead, formatDuration(video.duration)].filter(Boolean).join(' · ')}
              locked={Boolean(video.locked)}
              onLockedTap={onLockedTap}
              headingLevel={headingLevel}
            />
          </li>
        ));
      case 'news':
        return sectionItems<ArticleCard>(section).map((article) => (
          <li key={article.id}>
            <ContentCard
              to={`/articles/${article.id}`}
              title={article.title}
              image={article.hero_image}
              meta={`${formatDate(article.date_posted)} · ${article.time_to_read} min read`}
            />
          </li>
        ));
    }
  }

  // The sections in the order editors gave them; documentaries and journeys together under one
  // heading, where the first of them is.
  function section(item: HomeSection, index: number) {
    if (isWatchSection(item)) {
      if (item !== videoGroups[0]) return null;
      const shown = videoGroups.filter((group) => sectionItems(group).length > 0);
      if (shown.length === 0) return null;
      return (
        <section key="watch" className="section" aria-labelledby="home-watch">
          <h2 id="home-watch" className="section__title">
            {data?.watch_title ?? 'Watch'}
          </h2>
          {shown.map((group, n) => (
            <Section key={group.target_type} id={`home-${group.target_type}-${n}`} title={group.title} level={3}>
              <ul className="card-row">{cards(group, 4)}</ul>
            </Section>
          ))}
        </section>
      );
    }
    if (sectionItems(item).length === 0) return null;
    const news = item.target_type === 'news';
    return (
      <Section key={`${item.target_type}-${index}`} id={`home-${item.target_type}-${index}`} title={item.title} link={sectionLink(item)}>
        {news ? <ol className="card-grid news-list">{cards(item)}</ol> : <ul className="card-row">{cards(item)}</ul>}
      </Section>
    );
  }

  return (
    <div className="home">
      <section className="hero" aria-labelledby="home-hero-title">
        <div className="hero__text">
          <h1 id="home-hero-title" className="hero__title">
            {data?.hero_title ?? 'Learn from the best'}
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
        {data && heroImages(data).length > 0 && (
          <Slideshow images={heroImages(data)} label={data.slideshow_label ?? 'Life at the chessboard'} />
        )}
        {/* The slideshow's place while the data loads, so that the hero does not grow under the eye. */}
        {!data && status !== 'failed' && <div className="slideshow" aria-hidden="true" />}
      </section>

      {!data && status !== 'failed' && <SkeletonSections label="Loading the home page…" count={3} />}
      {!data && status === 'failed' && (
        <ErrorState message="Something went wrong fetching this page data." onRetry={() => dispatch(homeRequested())} />
      )}

      {sections.slice(0, shownSections).map(section)}
      {shownSections < sections.length && <PendingItems as="div" />}

      {data && (
        <section className="get-app" aria-labelledby="home-get-app">
          <h2 id="home-get-app" className="section__title">
            {data.app_title ?? 'Get the app'}
          </h2>
          {data.app_text && <p>{data.app_text}</p>}
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

function isWatchSection(section: HomeSection): boolean {
  return section.target_type === 'documentaries' || section.target_type === 'journeys';
}

/** A section's link, when editors gave both a label and a path of this site. */
function sectionLink(section: HomeSection): { to: string; label: string } | null {
  return section.link_label && isSitePath(section.link_url) ? { to: section.link_url, label: section.link_label } : null;
}

/** The slideshow's four images, or the hero image alone when editors gave no slideshow. */
function heroImages(home: HomeHub): Media[] {
  if (home.slideshow.length > 0) return home.slideshow.slice(0, 4);
  return home.hero_image ? [home.hero_image] : [];
}
