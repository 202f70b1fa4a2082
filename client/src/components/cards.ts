// What each kind of content shows on its card: where it leads, its picture and its meta line.
// Every row, grid and home section shows a kind the same way; pages add only the tap on a lock.
import type { ArticleCard, EpisodeCard, LessonCard, Media, ProgramCard, VideoCard } from '../api/contract';
import { formatDate, formatDuration, readingTime } from '../lib/format';

export interface CardContent {
  to: string;
  title: string;
  image?: Media | null;
  meta?: string;
  locked?: boolean;
  /** How far the member watched it, where the answer says (0 for guests). */
  progress?: number;
}

/** Masterclass episodes link by masterclass_episode_id, or id when absent. */
export function episodeLink(item: { id: number; masterclass_episode_id?: number | null }): string {
  return `/masterclass/chapter/${item.masterclass_episode_id ?? item.id}`;
}

/** The parts of a meta line that are there, joined by a middle dot. */
export function metaLine(...parts: Array<string | null | undefined>): string {
  return parts.filter(Boolean).join(' · ');
}

export const episodeCard = (episode: EpisodeCard): CardContent => ({
  to: episodeLink(episode),
  title: episode.title,
  image: episode.thumbnail,
  meta: formatDuration(episode.duration),
  locked: episode.locked,
  progress: episode.progress,
});

export const programCard = (program: ProgramCard): CardContent => ({
  to: `/program/${program.id}`,
  title: program.title,
  image: program.carousel_image ?? program.hero_image,
  meta: program.level?.label,
  locked: program.locked,
});

export const lessonCard = (lesson: LessonCard): CardContent => ({
  to: `/lessons/${lesson.id}`,
  title: lesson.title,
  image: lesson.thumbnail,
  meta: metaLine(lesson.difficulty_level?.label, formatDuration(lesson.duration)),
  locked: lesson.locked,
});

/** A lesson's whole meta line: its teacher, level and length (its page, the lessons list). */
export function lessonDetails(lesson: Pick<LessonCard, 'teacher' | 'difficulty_level' | 'duration'>): string {
  return metaLine(lesson.teacher?.name, lesson.difficulty_level?.label, formatDuration(lesson.duration));
}

// The lists of lessons and programs say more of each card than a row has room for.

export const lessonListCard = (lesson: LessonCard): CardContent => ({
  ...lessonCard(lesson),
  meta: lessonDetails(lesson),
});

export const programListCard = (program: ProgramCard): CardContent => ({
  ...programCard(program),
  meta: metaLine(
    program.trainers?.map((trainer) => trainer.name).join(', '),
    program.level?.label,
    program.chapter_count ? `${program.chapter_count} chapters` : null,
  ),
});

export const videoCard = (video: VideoCard): CardContent => ({
  to: `/videos/${video.id}`,
  title: video.title,
  image: video.hero_image,
  meta: metaLine(video.subhead, formatDuration(video.duration)),
  locked: Boolean(video.locked),
});

export const articleCard = (article: ArticleCard): CardContent => ({
  to: `/articles/${article.id}`,
  title: article.title,
  image: article.hero_image,
  meta: metaLine(formatDate(article.date_posted), readingTime(article.time_to_read)),
});
