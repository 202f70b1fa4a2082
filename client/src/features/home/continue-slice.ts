// The signed-in member's 'Continue learning' row on home: their started, unfinished items, most
// recent first (GET /content/continue; docs/learning-and-puzzles.md, Continue learning).
import type { ContinueCard } from '../../api/contract';
import { requestSlice, type RequestState } from '../../state/request';

export type ContinueState = RequestState<ContinueCard[]>;

/** How many items the row shows at most. */
export const CONTINUE_LIMIT = 10;

export const continueSlice = requestSlice<ContinueCard[], 'continueLearning', 'continue'>(
  'continueLearning',
  'continue',
);

export const { continueRequested, continueLoaded, continueFailed } = continueSlice.actions;

export const selectContinue = (state: { continueLearning: ContinueState }) => state.continueLearning;

/** Where a card leads: the item's page, at that chapter or video. */
export function continueLink(card: ContinueCard): string {
  const { link } = card;
  switch (card.type) {
    case 'lesson_chapter':
      return `/lessons/${link.lesson_id}?chapter=${link.chapter}`;
    case 'masterclass_episode':
      return `/masterclass/chapter/${link.masterclass_episode_id}`;
    case 'program_subchapter':
      return `/program-chapter/${link.chapter_id}?video=${encodeURIComponent(card.id)}`;
    case 'video':
      return `/videos/${link.entry_id}`;
  }
  return '/home';
}

type UpNext = NonNullable<ContinueCard['up_next']>;

/** Where a card's "Up next" leads: a video at its lesson chapter or program chapter; an exercise
 * at the page of its chapter or episode, its Practise area open on it (`exercise=`). */
export function upNextLink(next: UpNext): string | null {
  const { link } = next;
  let page: string | null = null;
  if (link.lesson_id != null && link.chapter != null) page = `/lessons/${link.lesson_id}?chapter=${link.chapter}`;
  else if (link.chapter_id != null) {
    page = `/program-chapter/${link.chapter_id}`;
    if (link.subchapter_id) page += `?video=${encodeURIComponent(link.subchapter_id)}`;
  } else if (link.masterclass_episode_id != null) page = `/masterclass/chapter/${link.masterclass_episode_id}`;
  if (!page) return null;
  if (next.kind !== 'exercise' || !link.exercise_id) return page;
  return `${page}${page.includes('?') ? '&' : '?'}exercise=${encodeURIComponent(link.exercise_id)}`;
}
