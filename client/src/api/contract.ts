// The API's shapes by the names screens use. Every one comes from the BFF's OpenAPI document
// through the generated openapi.ts (npm run api:types); none is written here by hand, so a
// screen that reads a field the BFF does not send fails the type check.
import type { components, paths } from './openapi';

type Schemas = components['schemas'];

// Content (/cms, /masterclasses)
export type Media = Schemas['Image'];
export type Level = Schemas['Level'];
export type Named = Schemas['Named'];
export type Person = Schemas['Person'];
export type Price = Schemas['Price'];
/** What makes an item purchasable on its own (programs, videos, the masterclass's iap). */
export type ForSale = Pick<ProgramCard, 'entity' | 'entityId' | 'currentUserPrice'>;
/** A locked item for sale, as the 403 of its detail describes it (error.offer). */
export type LockedOffer = Schemas['LockedOffer'];
/** What a locked item is, as the 403 of its detail tells it (error.item): public facts only. */
export type LockedItem = Schemas['LockedItem'];
export type ArticleCard = Schemas['ArticleCard'];
export type Article = Schemas['Article'];
export type LessonCard = Schemas['LessonCard'];
export type Lesson = Schemas['Lesson'];
export type ProgramCard = Schemas['ProgramCard'];
export type Program = Schemas['Program'];
export type ProgramChapter = Schemas['ProgramChapter'];
export type Subchapter = Schemas['Subchapter'];
export type EpisodeCard = Schemas['EpisodeCard'];
export type Episode = Schemas['Episode'];
export type Masterclass = Schemas['Masterclass'];
export type VideoCard = Schemas['VideoCard'];
export type Video = Schemas['Video'];
export type SearchResult = Schemas['SearchResult'];
export type HomeHub = Schemas['Home'];
export type HomeSection = Schemas['HomeSection'];
export type GrandChessTour = Schemas['GrandChessTour'];
export type UpgradePage = Schemas['UpgradePage'];
export type ListPage = Schemas['ListPage'];
export type UpgradeFeature = Schemas['UpgradeFeature'];
export type LegalPage = Schemas['LegalPage'];
// What a lesson chapter, a program subchapter and an episode carry to practise with (README:
// Playing along): key positions, a model game parsed from its PGN, exercises.
export type KeyPosition = Schemas['KeyPosition'];
export type Game = Schemas['Game'];
export type GameMove = Schemas['GameMove'];
export type Exercise = Schemas['Exercise'];
export type Drill = Schemas['Drill'];
export type DrillLine = Schemas['DrillLine'];

// Members (/users, /content, /subscriptions, /products)
export type User = Schemas['User'];
export type UserSession = Schemas['UserSession'];
export type Country = Schemas['Country'];
export type SocialProviders = Schemas['SocialProviders'];
export type FooterData = Schemas['Footer'];
export type Plan = Schemas['Plan'];
export type PlanPeriod = Plan['period'];
/** The member's membership as the account page shows it (GET /subscriptions/membership). */
export type MembershipState = Schemas['MembershipAnswer'];
export type MembershipStatus = MembershipState['status'];
/** A single item the member bought (GET /products/purchases). */
export type OwnedItem = Schemas['OwnedItem'];
export type ProfileChanges = Schemas['ProfileBody'];
/** Where a member stopped in a watchable item, and the continue-learning row's cards. */
export type WatchPosition = Schemas['Position'];
export type WatchItemType = WatchPosition['type'];
/** PUT /content/exercises/{id}: the moves played and hints used, and the member's record. */
export type ExerciseAttemptBody = Schemas['ExerciseBody'];
export type ExerciseRecord = Schemas['ExerciseRecord'];
export type PositionBody = Schemas['PositionBody'];
export type ContinueCard = Schemas['ContinueCard'];
/** A member's progress in the lesson and program cards of a list, by id. */
export type CardsProgress = Schemas['CardsProgress'];
export type CardFigures = Schemas['CardProgress'];
// Puzzles (/content/puzzles; root docs/learning-and-puzzles.md, puzzles): a puzzle in the Lichess form (the opponent's
// move first), the day's with its UTC day, the next with where it comes from (next or review).
export type Puzzle = Schemas['PuzzleAnswer'];
export type DailyPuzzle = Schemas['DailyAnswer'];
export type NextPuzzle = Schemas['NextAnswer'];
export type PuzzleThemeCount = Schemas['ThemeCount'];
export type PuzzleAttemptBody = Schemas['AttemptBody'];
/** What an attempt answers: the rating before and after, the streak, the review due today. */
export type PuzzleOutcome = Schemas['AttemptOutcome'];
/** The member's rating and its history, streak, themes, review queue and day's allowance. */
export type PuzzleStanding = Schemas['Standing'];
export type PuzzleRatingPoint = Schemas['RatingPoint'];
/** The member's puzzles of a window by theme: performance, weak and strong themes. */
export type PuzzleDashboard = Schemas['PuzzleDashboard'];
export type PuzzleDashboardTheme = Schemas['DashboardTheme'];
// Review (/content/review): one queue for the puzzles, exercises and drill lines a member failed,
// gave up or drills; the next item comes with what playing it needs and where it is.
export type ReviewSummary = Schemas['ReviewSummary'];
export type ReviewKind = Schemas['ReviewKind'];
export type ReviewNext = Schemas['ReviewNext'];

// Operations: what a path takes and answers, for api/endpoints.ts.
type Operation<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'patch'> = NonNullable<paths[P][M]>;

/** The JSON body an operation answers with on success (200 or 201). */
export type Answer<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'patch' = 'get'> =
  Operation<P, M> extends { responses: infer R }
    ? R extends { 200: { content: { 'application/json': infer T } } }
      ? T
      : R extends { 201: { content: { 'application/json': infer T } } }
        ? T
        : never
    : never;

/** What `data` holds in an operation's `{"data": ...}` answer. */
export type Data<P extends keyof paths, M extends 'get' | 'post' | 'put' | 'patch' = 'get'> =
  Answer<P, M> extends { data: infer T } ? T : never;

/** The JSON body an operation takes. */
export type Body<P extends keyof paths, M extends 'post' | 'put' | 'patch' = 'post'> =
  Operation<P, M> extends { requestBody?: { content: { 'application/json': infer T } } } ? T : never;

/** The query parameters an operation takes. */
export type QueryOf<P extends keyof paths, M extends 'get' | 'post' | 'put' = 'get'> =
  Operation<P, M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
