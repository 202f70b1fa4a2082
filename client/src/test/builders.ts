// Builders of content and users for tests: whole answers, typed from the BFF's OpenAPI document
// (api/contract.ts), so a builder that drifts from what the BFF sends fails the type check.
import type {
  ArticleCard,
  ContinueCard,
  Episode,
  EpisodeCard,
  FooterData,
  HomeHub,
  Lesson,
  LessonCard,
  Level,
  Media,
  Person,
  Program,
  ProgramCard,
  ProgramChapter,
  User,
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

export function buildUser(extra: Partial<User> = {}): User {
  return {
    id: 1,
    username: 'magnus',
    email: 'magnus@example.com',
    firstname: 'Ada',
    lastname: 'Board',
    country: 'NO',
    skill_level: 'club',
    avatar: { src: null },
    user_tier: 'free',
    subscription: null,
    ...extra,
  };
}

export function buildMembership(
  status: string,
  period: 'monthly' | 'yearly' = 'monthly',
): NonNullable<User['subscription']> {
  return {
    id: 'sub_1',
    status,
    plan: { id: `pro-${period}-usd`, name: 'Pro', period, currency: 'USD', price_text: '$9.99' },
    current_period_end: null,
    trial_end: null,
    cancel_at_period_end: false,
  };
}

export const proUser = () => buildUser({ user_tier: 'pro', subscription: buildMembership('active') });

/** GET /content/footer's answer. */
export function buildFooter(extra: Partial<FooterData> = {}): { data: FooterData } {
  return {
    data: {
      subscribed: false,
      urls: {
        facebook: 'https://facebook.example/c',
        instagram: 'https://instagram.example/c',
        youtube: 'https://youtube.example/c',
        twitter: 'https://twitter.example/c',
      },
      ...extra,
    },
  };
}

const section = (
  title: string,
  target_type: HomeHub['sections'][number]['target_type'],
  items: HomeHub['sections'][number]['items'],
  link: [string, string] | null = null,
) => ({
  title,
  target_type,
  link_label: link?.[0] ?? null,
  link_url: link?.[1] ?? null,
  items,
});

export function buildHome(extra: Partial<HomeHub> = {}): HomeHub {
  return {
    hero_title: 'Learn from the best',
    hero_text: 'Hero text.',
    hero_image: null,
    slideshow: [1, 2, 3, 4].map((n) => media(`slide-${n}`)),
    slideshow_label: 'Life at the chessboard',
    watch_title: 'Watch',
    app_title: 'Get the app',
    app_text: 'Puzzles in your pocket.',
    app_store_url: 'https://apps.example/ios',
    play_store_url: 'https://play.example/android',
    sections: [
      section(
        'Masterclass',
        'masterclass_episodes',
        [buildEpisodeCard(1), buildEpisodeCard(2, { locked: true })],
        ['See all >', '/masterclass'],
      ),
      section(
        'Develop your personal playing style',
        'programs',
        [buildProgram(42), buildProgram(3, { locked: true })],
        ['Discover all programs', '/programs'],
      ),
      section(
        'Lessons library',
        'lessons',
        [buildLesson(7), buildLesson(8, { locked: true })],
        ['See all >', '/lessons'],
      ),
      section('Documentaries', 'documentaries', [buildVideo(1, { title: 'Sixty-Four Squares', duration: 3065 })]),
      section('Chess journeys', 'journeys', [buildVideo(14, { title: 'First Norm', duration: 1629 })]),
      {
        ...section('In the news', 'news', [buildArticle(30)], ['Discover all the news', '/articles']),
        byRanking: { data: [buildArticle(29)] },
      },
    ],
    ...extra,
  };
}

/** A card of the continue-learning row (GET /content/continue). */
export function buildContinueCard(
  type: ContinueCard['type'],
  id: string,
  extra: Partial<ContinueCard> = {},
): ContinueCard {
  const [first = '1', second = '1'] = id.split(':');
  const link: Record<ContinueCard['type'], ContinueCard['link']> = {
    lesson_chapter: { lesson_id: Number(first), chapter: Number(second) },
    masterclass_episode: { masterclass_episode_id: Number(first) },
    program_subchapter: { program_id: 9, chapter_id: Number(first) },
    video: { entry_id: Number(first) },
  };
  return {
    type,
    id,
    title: `Item ${id}`,
    subtitle: 'Its lesson',
    thumbnail: `/media/${type}-${first}/small.svg`,
    duration: 600,
    position: 240,
    percent: 40,
    progress: 40,
    started: true,
    completed: false,
    updated_at: '2026-11-20T10:00:00Z',
    link: link[type],
    up_next: null,
    ...extra,
  };
}
