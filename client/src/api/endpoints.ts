// Every call this client makes (docs/api.md), by name, on top of the one HTTP client.
import { PLATFORM, type RegisterType, type SocialProvider } from './sign-in';
import { apiData, apiRequest } from './client';
import type {
  Answer,
  Body,
  Data,
  ExerciseAttemptBody,
  ExerciseRecord,
  PositionBody,
  PuzzleAttemptBody,
  QueryOf,
  WatchItemType,
} from './contract';

export type ListQuery = Required<QueryOf<'/cms/articles'>>;

/** A list's filters hold one id each on these screens (null: any). */
type OneEach<Q> = { [K in keyof Q]?: Q[K] extends readonly (infer T)[] | undefined ? T | null : Q[K] };

export type LessonQuery = ListQuery &
  Required<Pick<QueryOf<'/cms/lessons'>, '_sortBy'>> &
  OneEach<Pick<QueryOf<'/cms/lessons'>, 'lesson_category' | 'difficulty_level' | 'teacher'>>;

export type ProgramQuery = ListQuery &
  Required<Pick<QueryOf<'/cms/programs'>, '_sort'>> &
  OneEach<Pick<QueryOf<'/cms/programs'>, 'topic' | 'level' | 'trainers'>>;

/** A single purchase: the item, and the path of this site to come back to once paid. */
export interface PurchaseRequest {
  entity: Body<'/products/purchase'>['entity'];
  entityId: number;
  finalUrl: string;
}

/** The registration form as POST /users/register takes it (platform added by the call). */
export type RegistrationRequest = Omit<Body<'/users/register'>, 'platform' | 'type'> & {
  type: RegisterType;
};

/** The body field that carries each provider's credential. */
const SOCIAL_CREDENTIAL: Record<SocialProvider, string> = {
  facebook: 'access_token',
  google: 'id_token',
  apple: 'code',
};

export const api = {
  home: () => apiRequest<Answer<'/cms/hubs/home'>>('/cms/hubs/home'),
  articles: (query: ListQuery) => apiRequest<Answer<'/cms/articles'>>('/cms/articles', { query: { ...query } }),
  article: (id: string) => apiRequest<Answer<'/cms/articles/{article_id}'>>(`/cms/articles/${encodeURIComponent(id)}`),
  mostViewedArticles: (limit: number) =>
    apiRequest<Answer<'/cms/articles/mostviewed'>>('/cms/articles/mostviewed', {
      query: { _limit: limit },
    }),
  lessons: (query: LessonQuery) => apiRequest<Answer<'/cms/lessons'>>('/cms/lessons', { query: { ...query } }),
  lessonCount: (query: Omit<LessonQuery, keyof ListQuery | '_sortBy'>) =>
    apiRequest<Answer<'/cms/lessons/count'>>('/cms/lessons/count', { query: { ...query } }),
  lesson: (id: string) => apiRequest<Answer<'/cms/lessons/{lesson_id}'>>(`/cms/lessons/${encodeURIComponent(id)}`),
  teachers: () => apiRequest<Answer<'/cms/teachers'>>('/cms/teachers'),
  difficultyLevels: () => apiRequest<Answer<'/cms/difficulty-levels'>>('/cms/difficulty-levels'),
  lessonCategories: () => apiRequest<Answer<'/cms/lesson-categories'>>('/cms/lesson-categories'),
  topics: () => apiRequest<Answer<'/cms/topics'>>('/cms/topics'),
  trainers: () => apiRequest<Answer<'/cms/trainers'>>('/cms/trainers'),
  programs: (query: ProgramQuery) => apiRequest<Answer<'/cms/programs'>>('/cms/programs', { query: { ...query } }),
  program: (id: string) => apiRequest<Answer<'/cms/programs/{program_id}'>>(`/cms/programs/${encodeURIComponent(id)}`),
  programChapter: (id: string) =>
    apiRequest<Answer<'/cms/program-chapters/{chapter_id}'>>(`/cms/program-chapters/${encodeURIComponent(id)}`),
  episode: (id: string) =>
    apiRequest<Answer<'/cms/masterclass_episodes/{episode_id}'>>(`/cms/masterclass_episodes/${encodeURIComponent(id)}`),
  masterclass: (slug: string) => apiData<Data<'/masterclasses/{slug}'>>(`/masterclasses/${encodeURIComponent(slug)}`),
  search: (query: QueryOf<'/cms/search'>) => apiRequest<Answer<'/cms/search'>>('/cms/search', { query: { ...query } }),
  video: (id: string) => apiRequest<Answer<'/cms/videos/{video_id}'>>(`/cms/videos/${encodeURIComponent(id)}`),
  grandChessTour: () => apiRequest<Answer<'/cms/grand-chess-tour'>>('/cms/grand-chess-tour'),
  legalPage: (slug: string) =>
    apiRequest<Answer<'/cms/legal-pages/{slug}'>>(`/cms/legal-pages/${encodeURIComponent(slug)}`),
  upgradePage: () => apiRequest<Answer<'/cms/upgrade-page'>>('/cms/upgrade-page'),
  listPage: () => apiRequest<Answer<'/cms/list-page'>>('/cms/list-page'),
  profile: () => apiData<Data<'/users/profile'>>('/users/profile'),
  logout: () => apiData<Data<'/users/logout'>>('/users/logout', { withCredentials: true }),
  footer: () => apiData<Data<'/content/footer'>>('/content/footer'),
  subscribe: (email: string) =>
    apiData<Data<'/content/subscribe', 'post'>>('/content/subscribe', {
      method: 'POST',
      body: { email } satisfies Body<'/content/subscribe'>,
    }),
  /** Where the member stopped in an item (position 0 and `started` false when never played). */
  position: (type: WatchItemType, id: string) =>
    apiData<Data<'/content/positions/{item_type}/{item_id}'>>(`/content/positions/${type}/${encodeURIComponent(id)}`),
  /** Reports the place watched in an item (`keepalive`: when the page is going away). */
  putPosition: (type: WatchItemType, id: string, body: PositionBody, keepalive = false) =>
    apiData<Data<'/content/positions/{item_type}/{item_id}', 'put'>>(
      `/content/positions/${type}/${encodeURIComponent(id)}`,
      { method: 'PUT', body, keepalive },
    ),
  /** Records an exercise's attempt: the moves played from its position and the hints used. */
  putExercise: (id: string, body: ExerciseAttemptBody) =>
    apiData<ExerciseRecord>(`/content/exercises/${encodeURIComponent(id)}`, { method: 'PUT', body }),
  /** The member's started, unfinished items, most recent first. */
  continueLearning: (limit: number) =>
    apiData<Data<'/content/continue'>>('/content/continue', {
      query: { _limit: limit } satisfies QueryOf<'/content/continue'>,
    }),
  /** The member's progress in lesson and program cards, by id (never started: left out). */
  cardsProgress: (lessons: number[], programs: number[]) =>
    apiData<Data<'/content/progress/cards'>>('/content/progress/cards', {
      query: { lessons, programs } satisfies QueryOf<'/content/progress/cards'>,
    }),
  /** The member's review: what is due now and today by kind, when the next comes, the items due. */
  review: () => apiData<Data<'/content/review'>>('/content/review'),
  /** The first due item the member may still open, with what playing it needs (404 when none). */
  reviewNext: (query: QueryOf<'/content/review/next'> = {}) =>
    apiData<Data<'/content/review/next'>>('/content/review/next', { query: { ...query } }),
  /** The day's puzzle (UTC), the same for everyone, guests included. */
  dailyPuzzle: () => apiData<Data<'/content/puzzles/daily'>>('/content/puzzles/daily'),
  /** The member's next puzzle: near their rating, of a theme, or the review's first due. */
  nextPuzzle: (query: QueryOf<'/content/puzzles/next'>) =>
    apiData<Data<'/content/puzzles/next'>>('/content/puzzles/next', { query: { ...query } }),
  puzzle: (id: string) => apiData<Data<'/content/puzzles/{puzzle_id}'>>(`/content/puzzles/${encodeURIComponent(id)}`),
  /** Records an attempt; the same attempt id again records nothing more and answers the same. */
  puzzleAttempt: (id: string, body: PuzzleAttemptBody) =>
    apiData<Data<'/content/puzzles/{puzzle_id}/attempts', 'post'>>(
      `/content/puzzles/${encodeURIComponent(id)}/attempts`,
      { method: 'POST', body },
    ),
  puzzleStanding: () => apiData<Data<'/content/puzzles/me'>>('/content/puzzles/me'),
  puzzleThemes: () => apiData<Data<'/content/puzzles/themes'>>('/content/puzzles/themes'),
  /** The member's puzzles of the last 7, 30 or 90 days by theme, their weak and strong themes. */
  puzzleDashboard: (days: NonNullable<QueryOf<'/content/puzzles/me/dashboard'>['days']>) =>
    apiData<Data<'/content/puzzles/me/dashboard'>>('/content/puzzles/me/dashboard', {
      query: { days } satisfies QueryOf<'/content/puzzles/me/dashboard'>,
    }),
  plans: () =>
    apiData<Data<'/subscriptions/plans'>>('/subscriptions/plans', {
      query: { platform: 'web' } satisfies QueryOf<'/subscriptions/plans'>,
    }),
  startSubscription: (planId: string) =>
    apiData<Data<'/subscriptions/web/checkout/new_subscription', 'post'>>(
      '/subscriptions/web/checkout/new_subscription',
      {
        method: 'POST',
        body: { plan_id: planId } satisfies Body<'/subscriptions/web/checkout/new_subscription'>,
      },
    ),
  checkoutSession: (sessionId: string) =>
    apiData<Data<'/subscriptions/web/checkout/session/{session_id}'>>(
      `/subscriptions/web/checkout/session/${encodeURIComponent(sessionId)}`,
    ),
  startPurchase: ({ entity, entityId, finalUrl }: PurchaseRequest) =>
    apiData<Data<'/products/purchase', 'post'>>('/products/purchase', {
      method: 'POST',
      body: { id: entityId, entity, final_url: finalUrl } satisfies Body<'/products/purchase'>,
    }),
  validatePayment: (sessionId: string) =>
    apiData<Data<'/products/purchase/validate-payment', 'post'>>('/products/purchase/validate-payment', {
      method: 'POST',
      body: { session_id: sessionId } satisfies Body<'/products/purchase/validate-payment'>,
    }),
  login: (email: string, password: string) =>
    apiData<Data<'/users/login', 'post'>>('/users/login', {
      method: 'POST',
      body: { username: email, password, platform: PLATFORM } satisfies Body<'/users/login'>,
      withCredentials: true,
    }),
  socialLogin: (provider: SocialProvider, credential: string) =>
    apiData<Data<'/users/facebook', 'post'>>(`/users/${provider}`, {
      method: 'POST',
      body: { [SOCIAL_CREDENTIAL[provider]]: credential, platform: PLATFORM },
      withCredentials: true,
    }),
  socialProviders: () => apiData<Data<'/users/social_providers'>>('/users/social_providers'),
  register: (request: RegistrationRequest) =>
    apiData<Data<'/users/register', 'post'>>('/users/register', {
      method: 'POST',
      body: { ...request, platform: PLATFORM } satisfies Body<'/users/register'>,
      withCredentials: true,
    }),
  usernameAvailable: (username: string) =>
    apiData<Data<'/users/check'>>('/users/check', {
      query: { username } satisfies QueryOf<'/users/check'>,
    }),
  emailAvailable: (email: string) =>
    apiData<Data<'/users/check_email'>>('/users/check_email', {
      query: { email } satisfies QueryOf<'/users/check_email'>,
    }),
  countries: () => apiData<Data<'/users/countries'>>('/users/countries'),
  startPasswordRecovery: (email: string) =>
    apiData<Data<'/users/start_password_recovery', 'post'>>('/users/start_password_recovery', {
      method: 'POST',
      body: { email } satisfies Body<'/users/start_password_recovery'>,
    }),
  recoverPassword: (token: string, password: string, confirmation: string) =>
    apiData<Data<'/users/recover_password', 'post'>>('/users/recover_password', {
      method: 'POST',
      body: {
        token,
        password,
        password_confirmation: confirmation,
      } satisfies Body<'/users/recover_password'>,
    }),
  updateProfile: (changes: Body<'/users/profile'>) =>
    apiData<Data<'/users/profile', 'post'>>('/users/profile', { method: 'POST', body: changes }),
  updateAvatar: (file: Blob) => {
    const form = new FormData();
    form.append('avatar', file);
    return apiData<Data<'/users/profile', 'post'>>('/users/profile', { method: 'POST', body: form });
  },
  /** Every session ends; the answer is a new one (its refresh cookie comes with it). */
  changePassword: (currentPassword: string, password: string) =>
    apiData<Data<'/users/change_password', 'post'>>('/users/change_password', {
      method: 'POST',
      body: {
        current_password: currentPassword,
        password,
        platform: PLATFORM,
      } satisfies Body<'/users/change_password'>,
      withCredentials: true,
    }),
  changeEmail: (email: string, password: string) =>
    apiData<Data<'/users/change_email', 'post'>>('/users/change_email', {
      method: 'POST',
      body: { email, password } satisfies Body<'/users/change_email'>,
    }),
  unsubscribe: () => apiData<Data<'/content/unsubscribe', 'post'>>('/content/unsubscribe', { method: 'POST' }),
  membership: () => apiData<Data<'/subscriptions/membership'>>('/subscriptions/membership'),
  /** The payment provider's billing page, coming back to `returnUrl` (a path of this site). */
  manageBilling: (returnUrl: string) =>
    apiData<Data<'/subscriptions/manage', 'post'>>('/subscriptions/manage', {
      method: 'POST',
      body: { return_url: returnUrl } satisfies Body<'/subscriptions/manage'>,
    }),
  purchases: () => apiData<Data<'/products/purchases'>>('/products/purchases'),
  exportAccount: () => apiData<Data<'/users/account/export'>>('/users/account/export'),
  /** How the member's boards look and sound (state/board-preferences.ts). */
  boardPreferences: () => apiData<Data<'/users/preferences'>>('/users/preferences'),
  updateBoardPreferences: (change: Body<'/users/preferences', 'patch'>) =>
    apiData<Data<'/users/preferences', 'patch'>>('/users/preferences', { method: 'PATCH', body: change }),
  /** The refresh cookie is cleared by the answer. */
  deleteAccount: (password: string) =>
    apiData<Data<'/users/account/delete', 'post'>>('/users/account/delete', {
      method: 'POST',
      body: { password } satisfies Body<'/users/account/delete'>,
      withCredentials: true,
    }),
};

/** What each call resolves to, for sagas: `const chapter: ApiAnswer<'programChapter'> = yield call(api.programChapter, id)`. */
export type ApiAnswer<Name extends keyof typeof api> = Awaited<ReturnType<(typeof api)[Name]>>;
