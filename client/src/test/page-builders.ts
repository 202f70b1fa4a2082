// Builders of page answers for tests (footer, home, continue row), typed from the BFF's OpenAPI
// document (api/contract.ts).
import type { ContinueCard, FooterData, HomeHub } from '../api/contract';
import { buildArticle, buildEpisodeCard, buildLesson, buildProgram, buildVideo, media } from './builders';

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
