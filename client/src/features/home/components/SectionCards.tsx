// The cards of one home section, by what the section lists (episodes, programs, lessons, videos,
// news); a locked card's tap opens the prompt its kind asks for.
import type { ArticleCard, EpisodeCard, HomeSection, LessonCard, ProgramCard, VideoCard } from '../../../api/contract';
import {
  articleCard,
  type CardContent,
  episodeCard,
  lessonCard,
  programCard,
  videoCard,
} from '../../../components/cards';
import { ContentCard } from '../../../components/ContentCard';
import { useCardFigures, useCardProgress } from '../../../state/hooks';
import { sectionItems } from '../slice';

/** Each item of the section with what its card shows. */
function sectionCards(section: HomeSection): Array<{ id: number; card: CardContent }> {
  const each = <T extends { id: number }>(card: (item: T) => CardContent) =>
    sectionItems<T & HomeSection['items'][number]>(section).map((item) => ({ id: item.id, card: card(item) }));
  switch (section.target_type) {
    case 'masterclass_episodes':
      return each<EpisodeCard>(episodeCard);
    case 'programs':
      return each<ProgramCard>(programCard);
    case 'lessons':
      return each<LessonCard>(lessonCard);
    case 'documentaries':
    case 'journeys':
      return each<VideoCard>(videoCard);
    case 'news':
      return each<ArticleCard>(articleCard);
  }
  return [];
}

export function SectionCards({ section, headingLevel }: { section: HomeSection; headingLevel?: 4 }) {
  const cards = sectionCards(section);
  // Lesson and program cards get the member's progress after the section (kept the same for all).
  const kind = section.target_type === 'programs' ? 'programs' : 'lessons';
  const tracked = section.target_type === 'programs' || section.target_type === 'lessons';
  const progressOf = useCardProgress(kind, tracked ? cards.map(({ id }) => id) : []);
  const figuresOf = useCardFigures(kind);
  return cards.map(({ id, card }) => (
    <li key={id}>
      <ContentCard
        {...card}
        progress={tracked ? progressOf(id) : card.progress}
        figures={tracked ? figuresOf(id) : undefined}

        headingLevel={headingLevel}
      />
    </li>
  ));
}
