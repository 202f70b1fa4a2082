// Every call of SPEC §7 that this client makes, by name, on top of the one HTTP client.
import { PLATFORM, type RegisterType, type SocialProvider } from '../lib/constants';
import { apiData, apiRequest } from './client';
import type {
  Article,
  CheckoutSession,
  CheckoutStarted,
  ArticleCard,
  Country,
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
  Plan,
  Program,
  ProgramCard,
  ProgramChapter,
  Registered,
  SocialProviders,
  PurchaseValidated,
  UpgradePage,
  User,
  UserSession,
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

/** A single purchase: the item, and the path of this site to come back to once paid. */
export interface PurchaseRequest {
  entity: string;
  entityId: number;
  finalUrl: string;
}

/** The registration form as POST /users/register takes it (platform added by the call). */
export interface RegistrationRequest {
  type: RegisterType;
  username: string;
  email: string | null;
  /** E-mail type only. */
  password?: string;
  country: string;
  skill_level: string;
  terms: boolean;
  subscribe: boolean;
  /** Social types: the socialToken of the sign-in that found no account. */
  token?: string;
}

/** The body field that carries each provider's credential. */
const SOCIAL_CREDENTIAL: Record<SocialProvider, string> = {
  facebook: 'access_token',
  google: 'id_token',
  apple: 'code',
};

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
  upgradePage: () => apiRequest<UpgradePage>('/cms/upgrade-page'),
  plans: () => apiData<Plan[]>('/subscriptions/plans', { query: { platform: 'web' } }),
  startSubscription: (planId: string) =>
    apiData<CheckoutStarted>('/subscriptions/web/checkout/new_subscription', {
      method: 'POST',
      body: { plan_id: planId },
    }),
  checkoutSession: (sessionId: string) =>
    apiData<CheckoutSession>(`/subscriptions/web/checkout/session/${encodeURIComponent(sessionId)}`),
  startPurchase: ({ entity, entityId, finalUrl }: PurchaseRequest) =>
    apiData<CheckoutStarted>('/products/purchase', {
      method: 'POST',
      body: { id: entityId, entity, final_url: finalUrl },
    }),
  validatePayment: (sessionId: string) =>
    apiData<PurchaseValidated>('/products/purchase/validate-payment', {
      method: 'POST',
      body: { session_id: sessionId },
    }),
  login: (email: string, password: string) =>
    apiData<UserSession>('/users/login', {
      method: 'POST',
      body: { username: email, password, platform: PLATFORM },
      withCredentials: true,
    }),
  socialLogin: (provider: SocialProvider, credential: string) =>
    apiData<UserSession>(`/users/${provider}`, {
      method: 'POST',
      body: { [SOCIAL_CREDENTIAL[provider]]: credential, platform: PLATFORM },
      withCredentials: true,
    }),
  socialProviders: () => apiData<SocialProviders>('/users/social_providers'),
  register: (request: RegistrationRequest) =>
    apiData<Registered>('/users/register', {
      method: 'POST',
      body: { ...request, platform: PLATFORM },
      withCredentials: true,
    }),
  usernameAvailable: (username: string) =>
    apiData<{ available: boolean }>('/users/check', { query: { username } }),
  emailAvailable: (email: string) =>
    apiData<{ available: boolean }>('/users/check_email', { query: { email } }),
  countries: () => apiData<Country[]>('/users/countries'),
  startPasswordRecovery: (email: string) =>
    apiData<{ message: string }>('/users/start_password_recovery', { method: 'POST', body: { email } }),
  recoverPassword: (token: string, password: string, confirmation: string) =>
    apiData<{ message: string }>('/users/recover_password', {
      method: 'POST',
      body: { token, password, password_confirmation: confirmation },
    }),
  updateProfile: (names: { firstname?: string | null; lastname?: string | null }) =>
    apiData<User>('/users/profile', { method: 'POST', body: names }),
  updateAvatar: (file: Blob) => {
    const form = new FormData();
    form.append('avatar', file);
    return apiData<User>('/users/profile', { method: 'POST', body: form });
  },
};
