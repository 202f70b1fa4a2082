// The signed-in member's 'Continue learning' row on home: their started, unfinished items, most
// recent first (GET /content/continue; README: Continue learning).
import type { ContinueCard } from '../../api/contract';
import { requestSlice, type RequestState } from '../../lib/request';

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
