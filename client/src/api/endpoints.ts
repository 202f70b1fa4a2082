// Every call of SPEC §7 that this client makes, by name, on top of the one HTTP client.
import { apiData, apiRequest } from './client';
import type {
  Article,
  ArticleCard,
  Episode,
  FooterData,
  GrandChessTour,
  HomeHub,
  LegalPage,
  Lesson,
  LessonCard,
  Level,
  Masterclass,
  Named,
  Program,
  ProgramCard,
  ProgramChapter,
  User,
  Video,
} from './types';

export interface ListQuery {
  _limit: number;
  _start: number;
}

export interface LessonQuery extends ListQuery {
  _sortBy: string;
  lesson_category?: number | null;
  difficulty_level?: number | null;
  teacher?: number | null;
}

export interface ProgramQuery extends ListQuery {
  _sort: string;
  topic?: number | null;
  level?: number | null;
  trainers?: number | null;
}

export const api = {
  home: () => apiRequest<HomeHub>('/cms/hubs/home'),
  articles: (query: ListQuery) => apiRequest<ArticleCard[]>('/cms/articles', { query: { ...query } }),
  article: (id: string) => apiRequest<Article>(`/cms/articles/${encodeURIComponent(id)}`),
  mostViewedArticles: (limit: number) =>
    apiRequest<ArticleCard[]>('/cms/articles/mostviewed', { query: { _limit: limit } }),
  lessons: (query: LessonQuery) => apiRequest<LessonCard[]>('/cms/lessons', { query: { ...query } }),
  lessonCount: (query: Omit<LessonQuery, keyof ListQuery | '_sortBy'>) =>
    apiRequest<number>('/cms/lessons/count', { query: { ...query } }),
  lesson: (id: string) => apiRequest<Lesson>(`/cms/lessons/${encodeURIComponent(id)}`),
  teachers: () => apiRequest<Named[]>('/cms/teachers'),
  difficultyLevels: () => apiRequest<Level[]>('/cms/difficulty-levels'),
  lessonCategories: () => apiRequest<Named[]>('/cms/lesson-categories'),
  topics: () => apiRequest<Named[]>('/cms/topics'),
  trainers: () => apiRequest<Named[]>('/cms/trainers'),
  programs: (query: ProgramQuery) =>
    apiRequest<ProgramCard[]>('/cms/programs', { query: { ...query } }),
  program: (id: string) => apiRequest<Program>(`/cms/programs/${encodeURIComponent(id)}`),
  programChapter: (id: string) =>
    apiRequest<ProgramChapter>(`/cms/program-chapters/${encodeURIComponent(id)}`),
  episode: (id: string) =>
    apiRequest<Episode>(`/cms/masterclass_episodes/${encodeURIComponent(id)}`),
  masterclass: (slug: string) =>
    apiRequest<{ data: Masterclass }>(`/masterclasses/${encodeURIComponent(slug)}`),
  video: (id: string) => apiRequest<Video>(`/cms/videos/${encodeURIComponent(id)}`),
  grandChessTour: () => apiRequest<GrandChessTour>('/cms/grand-chess-tour'),
  legalPage: (slug: string) => apiRequest<LegalPage>(`/cms/legal-pages/${encodeURIComponent(slug)}`),
  profile: () => apiData<User>('/users/profile'),
  logout: () => apiRequest<unknown>('/users/logout', { withCredentials: true }),
  footer: () => apiData<FooterData>('/content/footer'),
  subscribe: (email: string) =>
    apiRequest<unknown>('/content/subscribe', { method: 'POST', body: { email } }),
  postProgress: (id: number, progress: number) =>
    apiRequest<unknown>('/content/progress', {
      method: 'POST',
      body: { id, type: 'program_subchapter_video', progress },
    }),
};
