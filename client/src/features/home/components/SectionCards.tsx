// The cards of one home section, by what the section lists (episodes, programs, lessons, videos,
// news); a locked card's tap opens the prompt its kind asks for.
import type { ArticleCard, EpisodeCard, HomeSection, LessonCard, ProgramCard, VideoCard } from '../../../api/contract';
import { ContentCard } from '../../../components/ContentCard';
import { formatDate, formatDuration } from '../../../lib/format';
import { useLockedProgramTap, useLockedTap } from '../../../session/hooks';
import { episodeLink, sectionItems } from '../slice';

export function SectionCards({ section, headingLevel }: { section: HomeSection; headingLevel?: 4 }) {
  const onLockedTap = useLockedTap();
  const onLockedProgram = useLockedProgramTap();
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
  return null;
}
