// Shapes of the content API's answers (bff/cms/normalize.py, SPEC §3), as far as screens use them.

export interface ImageFormat {
  url: string;
  width?: number;
  height?: number;
}

export interface Media extends ImageFormat {
  alternativeText?: string | null;
  formats?: Partial<Record<'thumbnail' | 'small' | 'medium' | 'large', ImageFormat>>;
}

export interface Level {
  id: number;
  value: string;
  label: string;
  color?: string;
  rank?: number;
}

export interface Named {
  id: number;
  name: string;
}

export interface Person extends Named {
  bio?: string;
  thumbnail?: Media | null;
  avatar?: Media | null;
}

export interface ArticleCard {
  id: number;
  title: string;
  lede?: string;
  date_posted: string;
  time_to_read: number;
  hero_image?: Media | null;
}

export interface Article extends ArticleCard {
  content: string;
  author?: Person | null;
}

export interface LessonChapter {
  id: number;
  title: string;
  duration?: number;
  video_id?: string | null;
}

export interface LessonCard {
  id: number;
  title: string;
  description_short?: string;
  duration?: number;
  subscription_level?: string;
  thumbnail?: Media | null;
  difficulty_level?: Level | null;
  teacher?: Person | null;
  lesson_category?: Named | null;
  locked: boolean;
}

export interface Lesson extends LessonCard {
  description?: string;
  chapters: LessonChapter[];
}

export interface EpisodeCard {
  id: number;
  masterclass_episode_id?: number | null;
  title: string;
  description?: string;
  duration?: number;
  position?: number;
  thumbnail?: Media | null;
  locked: boolean;
}

export interface Episode extends EpisodeCard {
  video_id?: string | null;
  dm_data?: { duration?: number } | null;
  chapter_title?: string;
  chapter: EpisodeCard[];
}

export interface Masterclass {
  id: number;
  title: string;
  hero_title?: string;
  intro?: string;
  hero_image?: Media | null;
  iap?: {
    entity: string;
    entityId: number;
    title?: string;
    price?: Price | null;
    currentUserPrice?: Price | null;
    purchased: boolean;
  } | null;
  chapters: { id: number; title: string; description?: string; episodes: EpisodeCard[] }[];
}

/** A price as the API gives it: an amount with two decimals and a currency code. */
export interface Price {
  price: string;
  currency: string;
}

/** What makes an item purchasable on its own (programs, videos, the masterclass's iap). */
export interface ForSale {
  entity?: string;
  entityId?: number;
  /** What this viewer would pay; null when it is not for sale. */
  currentUserPrice?: Price | null;
}

export interface VideoCard extends ForSale {
  id: number;
  title: string;
  subhead?: string;
  duration?: number;
  hero_image?: Media | null;
  locked?: boolean;
}

export interface Video extends VideoCard {
  description?: string;
  video_id?: string | null;
  video_category?: Named | null;
  related?: VideoCard[];
}

export interface ProgramCard extends ForSale {
  id: number;
  title: string;
  subscription_level?: string;
  hero_image?: Media | null;
  carousel_image?: Media | null;
  trainers?: Person[];
  level?: Level | null;
  topic?: Named | null;
  chapter_count?: number;
  progress?: number | null;
  locked: boolean;
}

export interface ProgramChapterCard {
  id: number;
  title: string;
  description?: string;
  position?: number;
  lesson_count?: number;
  completed_lessons?: number;
  progress?: number | null;
}

export interface Program extends ProgramCard {
  description?: string;
  bullet_points?: string[];
  chapters: ProgramChapterCard[];
  related_program?: ProgramCard | null;
  introduction_video?: {
    title?: string;
    video_id?: string | null;
    duration?: number;
    dm_data?: { thumbnail_720_url?: string; thumbnail_480_url?: string } | null;
  } | null;
  dm_data?: { thumbnail_480_url?: string } | null;
}

export interface Subchapter {
  id: number;
  __component?: string;
  title: string;
  description?: string;
  duration?: number;
  video_id?: string | null;
  progress?: number | null;
  dm_data?: { thumbnail_720_url?: string; thumbnail_480_url?: string } | null;
}

export interface ProgramChapter extends ProgramChapterCard {
  program?: { id: number; title: string } | null;
  subchapters: Subchapter[];
  chapters?: ProgramChapterCard[];
  locked?: boolean;
}

export type HomeSectionType =
  | 'masterclass_episodes'
  | 'lessons'
  | 'documentaries'
  | 'journeys'
  | 'news'
  | 'programs';

export interface HomeSection {
  title: string;
  target_type: HomeSectionType;
  link_label?: string | null;
  link_url?: string | null;
  items: unknown[] | { byRanking?: { data?: unknown[] } };
}

export interface HomeHub {
  hero_title?: string;
  hero_text?: string;
  hero_image?: Media | null;
  slideshow?: Media[];
  app_store_url?: string;
  play_store_url?: string;
  sections: HomeSection[];
}

export interface GrandChessTour {
  title: string;
  season?: number;
  live_video_id?: string | null;
  about?: string;
  hero_image?: Media | null;
  events: { name: string; city?: string; start_date: string; end_date?: string; description?: string }[];
}

export interface LegalPage {
  slug: string;
  title: string;
  body: string;
}

export interface User {
  id?: number;
  username?: string;
  email?: string;
  firstname?: string | null;
  lastname?: string | null;
  avatar?: { src?: string | null } | null;
  user_tier?: string;
  skill_level?: string | null;
  subscription?: { status?: string; plan?: { period?: string } | null } | null;
}

export interface FooterData {
  subscribed: boolean;
  urls: Partial<Record<'facebook' | 'instagram' | 'youtube' | 'twitter', string>>;
}

// Billing: plans, checkout and single purchases (root README, "Billing").

export type PlanPeriod = 'monthly' | 'yearly';

export interface Plan {
  id: string;
  name: string;
  subtitle?: string;
  price_text?: string;
  price: string;
  currency: string;
  period: PlanPeriod;
  trial_days?: number;
}

/** A checkout opened at the payment provider: its session id and where to send the browser. */
export interface CheckoutStarted {
  id: string;
  url: string;
}

/** A finished subscription checkout: the subscription it recorded. */
export interface CheckoutSession {
  session_id: string;
  status?: string;
  plan?: { id?: string; name?: string | null; period?: string | null } | null;
  /** An access token issued once the subscription was recorded: send it from now on. */
  access?: string | null;
}

export interface PurchaseValidated {
  final_url: string;
  entity?: string;
  entityId?: number;
  /** An access token issued once the purchase was recorded: send it from now on. */
  access?: string | null;
}

/** A locked item for sale, as the 403 of its detail describes it (error.offer). */
export interface LockedOffer {
  entity: string;
  entityId: number;
  title: string;
  hero_image?: Media | null;
  currentUserPrice: Price;
}

export interface UpgradeFeature {
  title: string;
  text?: string | null;
  image?: Media | null;
}

export interface Testimonial {
  quote: string;
  name: string;
  title?: string | null;
  avatar?: Media | null;
}

/** The upgrade page's content (GET /cms/upgrade-page). */
export interface UpgradePage {
  banner_title?: string | null;
  banner_text?: string | null;
  learn?: UpgradeFeature | null;
  watch?: UpgradeFeature | null;
  play?: UpgradeFeature | null;
  testimonials?: Testimonial[];
}

// Accounts (root README, "Accounts: /users").

/** A started session, as login, social sign-in and a social registration answer it. */
export interface UserSession {
  access: string;
  user: User;
  refresh?: string | null;
}

/** A registration: a session for social types; none yet for e-mail (confirmation first). */
export interface Registered {
  access: string | null;
  user: User;
  refresh?: string | null;
  email_confirmation_required: boolean;
}

export interface Country {
  code: string;
  name: string;
}

/** Which social sign-ins are on, with the public ids their web SDKs need (null: off). */
export interface SocialProviders {
  facebook: { app_id: string } | null;
  google: { client_id: string } | null;
  apple: { client_id: string; redirect_uri?: string | null } | null;
}
