// Builders of content and users for tests, shaped like the content API's answers.
import type {
  ArticleCard,
  Episode,
  EpisodeCard,
  FooterData,
  HomeHub,
  Lesson,
  LessonCard,
  Media,
  ProgramCard,
  User,
} from '../api/types';

export function media(name: string): Media {
  return {
    url: `/media/${name}/original.svg`,
    width: 1000,
    height: 562,
    alternativeText: `${name} picture`,
    formats: { small: { url: `/media/${name}/small.svg`, width: 500, height: 281 } },
  };
}

export function buildArticle(id: number, extra: Partial<ArticleCard> = {}): ArticleCard {
  return { id, title: `Article ${id}`, lede: 'A lede.', date_posted: '2021-03-04', time_to_read: 3, hero_image: media(`article-${id}`), ...extra };
}

export function buildLesson(id: number, extra: Partial<Lesson> = {}): Lesson {
  return {
    id,
    title: `Lesson ${id}`,
    description_short: 'Short.',
    description: 'Long description.',
    duration: 600,
    thumbnail: media(`lesson-${id}`),
    difficulty_level: { id: 1, value: 'beginner', label: 'Beginner - 800' },
    teacher: { id: 7, name: 'Ines Carvalho' },
    lesson_category: { id: 4, name: 'Endgames' },
    locked: false,
    chapters: [
      { id: 1, title: 'Introduction', duration: 300, video_id: 'vid1' },
      { id: 2, title: 'Practice', duration: 300, video_id: 'vid2' },
    ],
    ...extra,
  };
}

export function lessonCards(count: number, from = 1): LessonCard[] {
  return Array.from({ length: count }, (_, i) => buildLesson(from + i));
}

export function buildProgram(id: number, extra: Partial<ProgramCard> = {}): ProgramCard {
  return { id, title: `Program ${id}`, hero_image: media(`program-${id}`), level: { id: 2, value: 'casual', label: 'Casual - 1000' }, chapter_count: 4, locked: false, ...extra };
}

export function buildEpisodeCard(id: number, extra: Partial<EpisodeCard> = {}): EpisodeCard {
  return { id, masterclass_episode_id: id, title: `Episode title ${id}`, duration: 600, thumbnail: media(`episode-${id}`), locked: false, ...extra };
}

export function buildEpisode(id: number, siblings: number[], extra: Partial<Episode> = {}): Episode {
  return {
    ...buildEpisodeCard(id),
    video_id: `ep${id}`,
    description: 'An episode.',
    chapter: siblings.map((sibling) => buildEpisodeCard(sibling)),
    ...extra,
  };
}

export function buildUser(extra: Partial<User> = {}): User {
  return { id: 1, username: 'magnus', firstname: 'Ada', lastname: 'Board', user_tier: 'free', subscription: null, ...extra };
}

export const proUser = () => buildUser({ user_tier: 'pro', subscription: { status: 'active', plan: { period: 'monthly' } } });

export function buildFooter(extra: Partial<FooterData> = {}): { data: { data: FooterData } } {
  return {
    data: {
      data: {
        subscribed: false,
        urls: { facebook: 'https://facebook.example/c', instagram: 'https://instagram.example/c', youtube: 'https://youtube.example/c', twitter: 'https://twitter.example/c' },
        ...extra,
      },
    },
  };
}

export function buildHome(extra: Partial<HomeHub> = {}): HomeHub {
  return {
    hero_title: 'Learn from the best',
    hero_text: 'Hero text.',
    slideshow: [1, 2, 3, 4].map((n) => media(`slide-${n}`)),
    app_store_url: 'https://apps.example/ios',
    play_store_url: 'https://play.example/android',
    sections: [
      { title: 'Masterclass', target_type: 'masterclass_episodes', items: [buildEpisodeCard(1), buildEpisodeCard(2, { masterclass_episode_id: null, locked: true })] },
      { title: 'Programs', target_type: 'programs', items: [buildProgram(42), buildProgram(3, { locked: true })] },
      { title: 'Lessons library', target_type: 'lessons', items: [buildLesson(7), buildLesson(8, { locked: true })] },
      { title: 'Documentaries', target_type: 'documentaries', items: [{ id: 1, title: 'Sixty-Four Squares', duration: 3065, hero_image: media('video-1'), locked: false }] },
      { title: 'Chess journeys', target_type: 'journeys', items: [{ id: 14, title: 'First Norm', duration: 1629, hero_image: media('video-14') }] },
      { title: 'In the news', target_type: 'news', items: { byRanking: { data: [buildArticle(29)] } } },
    ],
    ...extra,
  };
}
