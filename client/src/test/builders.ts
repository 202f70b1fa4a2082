// Builders of content for tests (lessons, programs, videos, the masterclass, articles): whole
// answers, typed from the BFF's OpenAPI document (api/contract.ts), so a builder that drifts from
// what the BFF sends fails the type check. Members: member-builders.ts; pages: page-builders.ts.
import type {
  ArticleCard,
  Episode,
  EpisodeCard,
  Lesson,
  LessonCard,
  Level,
  Media,
  Person,
  Program,
  ProgramCard,
  ProgramChapter,
  VideoCard,
} from '../api/contract';

export function media(name: string): Media {
  return {
    url: `/media/${name}/original.svg`,
    width: 1000,
    height: 562,
    alternativeText: `${name} picture`,
    formats: { small: { url: `/media/${name}/small.svg`, width: 500, height: 281 } },
  };
}

export function level(id: number, value: string, label: string, extra: Partial<Level> = {}): Level {
  return { id, value, label, color: '#7f56d9', rank: id, ...extra };
}

export function person(id: number, name: string, extra: Partial<Person> = {}): Person {
  return { id, name, bio: null, ...extra };
}

export function buildArticle(id: number, extra: Partial<ArticleCard> = {}): ArticleCard {
  return {
    id,
    title: `Article ${id}`,
    lede: 'A lede.',
    date_posted: '2021-03-04',
    time_to_read: 3,
    hero_image: media(`article-${id}`),
    ...extra,
  };
}

/** An item with no key positions, model game or exercises. */
const NOTHING_TO_PRACTISE = { positions: [], pgn: null, game: null, exercises: [] };
/** A chapter's own counts: one video, not watched, no exercises. */
const ONE_VIDEO = { videos_watched: 0, videos_total: 1, exercises_solved: 0, exercises_total: 0 };

export function buildLesson(id: number, extra: Partial<Lesson> = {}): Lesson {
  return {
    id,
    title: `Lesson ${id}`,
    description_short: 'Short.',
    description: 'Long description.',
    duration: 600,
    subscription_level: 'free',
    thumbnail: media(`lesson-${id}`),
    difficulty_level: level(1, 'beginner', 'Beginner - 800'),
    teacher: person(7, 'Ines Carvalho'),
    lesson_category: { id: 4, name: 'Endgames' },
    locked: false,
    progress: 0,
    completed_chapters: 0,
    videos_watched: 0,
    videos_total: 2,
    exercises_solved: 0,
    exercises_total: 0,
    chapters: [
      {
        id: 1,
        title: 'Introduction',
        duration: 300,
        video_id: 'vid1',
        progress: 0,
        ...ONE_VIDEO,
        ...NOTHING_TO_PRACTISE,
      },
      { id: 2, title: 'Practice', duration: 300, video_id: 'vid2', progress: 0, ...ONE_VIDEO, ...NOTHING_TO_PRACTISE },
    ],
    ...extra,
  };
}

export function lessonCards(count: number, from = 1): LessonCard[] {
  return Array.from({ length: count }, (_, i) => buildLesson(from + i));
}

export function buildProgram(id: number, extra: Partial<ProgramCard> = {}): ProgramCard {
  return {
    id,
    title: `Program ${id}`,
    subscription_level: 'free',
    hero_image: media(`program-${id}`),
    carousel_image: null,
    trainers: [],
    level: level(2, 'casual', 'Casual - 1000'),
    topic: null,
    chapter_count: 4,
    entity: 'program',
    entityId: id,
    currentUserPrice: null,
    locked: false,
    ...extra,
  };
}

type ChapterSummary = Program['chapters'][number];

export function buildChapterSummary(id: number, title: string, extra: Partial<ChapterSummary> = {}): ChapterSummary {
  return {
    id,
    title,
    description: null,
    position: id,
    lesson_count: 2,
    progress: 0,
    completed_lessons: 0,
    videos_watched: 0,
    videos_total: 2,
    exercises_solved: 0,
    exercises_total: 0,
    ...extra,
  };
}

export function buildProgramDetail(id: number, extra: Partial<Program> = {}): Program {
  return {
    ...buildProgram(id),
    progress: 0,
    completed_lessons: 0,
    lesson_count: 0,
    videos_watched: 0,
    videos_total: 0,
    exercises_solved: 0,
    exercises_total: 0,
    description: null,
    bullet_points: [],
    chapters: [],
    related_program: null,
    introduction_video: null,
    dm_data: null,
    ...extra,
  };
}

/** GET /cms/program-chapters/{id}: its videos, each named "<chapter>:<position>". */
export function buildChapter(id: number, videos: string[], extra: Partial<ProgramChapter> = {}): ProgramChapter {
  return {
    ...buildChapterSummary(id, `Chapter ${id}`, { lesson_count: videos.length }),
    locked: false,
    subscription_level: 'free',
    program: { id: 42, title: 'A solid repertoire' },
    subchapters: videos.map((title, index) => ({
      id: `${id}:${index + 1}`,
      __component: 'program.subchapter',
      title,
      description: null,
      duration: 300,
      video_id: `v${id}-${index + 1}`,
      dm_data: { thumbnail_720_url: `/media/s${index + 1}.svg` },
      progress: 0,
      ...NOTHING_TO_PRACTISE,
    })),
    chapters: [],
    ...extra,
  };
}

export function buildVideo(id: number, extra: Partial<VideoCard> = {}): VideoCard {
  return {
    id,
    title: `Video ${id}`,
    subhead: null,
    duration: 1800,
    subscription_level: 'free',
    hero_image: media(`video-${id}`),
    entity: 'video',
    entityId: id,
    currentUserPrice: null,
    locked: false,
    ...extra,
  };
}

export function buildEpisodeCard(id: number, extra: Partial<EpisodeCard> = {}): EpisodeCard {
  return {
    id,
    masterclass_episode_id: id,
    title: `Episode title ${id}`,
    description: null,
    duration: 600,
    position: id,
    subscription_level: 'free',
    thumbnail: media(`episode-${id}`),
    locked: false,
    ...extra,
  };
}

export function buildEpisode(id: number, siblings: number[], extra: Partial<Episode> = {}): Episode {
  return {
    ...buildEpisodeCard(id),
    video_id: `ep${id}`,
    description: 'An episode.',
    dm_data: { duration: 600 },
    chapter_title: 'Chapter one',
    chapter: siblings.map((sibling) => buildEpisodeCard(sibling)),
    ...NOTHING_TO_PRACTISE,
    ...extra,
  };
}
