// A signed-in member's progress in the lesson and program cards of the lists on screen (README:
// Continue learning). The lists are the same for every viewer; these figures come after them
// from GET /content/progress/cards and are kept by id. A card without figures shows none (0).
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CardFigures, CardsProgress } from '../api/contract';
import { loggedOut } from './auth-slice';

export type CardKind = 'lessons' | 'programs';

/** The ids of the cards a list shows, by kind. */
export type ShownCards = Partial<Record<CardKind, number[]>>;

export type CardProgressState = Record<CardKind, Record<string, CardFigures>>;

const empty = (): CardProgressState => ({ lessons: {}, programs: {} });

export const cardProgressSlice = createSlice({
  name: 'cardProgress',
  initialState: empty(),
  reducers: {
    /** A list of cards loaded for the member: the saga asks for their figures. */
    cardsShown(_state, _action: PayloadAction<ShownCards>) {},
    /** The figures of the cards asked for: those left out were never started. */
    cardProgressLoaded(state, action: PayloadAction<{ asked: ShownCards; found: CardsProgress }>) {
      const { asked, found } = action.payload;
      for (const kind of ['lessons', 'programs'] as const) {
        for (const id of asked[kind] ?? []) delete state[kind][String(id)];
        Object.assign(state[kind], found[kind]);
      }
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => empty());
  },
});

export const { cardsShown, cardProgressLoaded } = cardProgressSlice.actions;

type WithCardProgress = { cardProgress: CardProgressState };

/** How far the member is in a card's item, 0-100 (0: never started, or a guest). */
export const selectCardProgress = (state: WithCardProgress, kind: CardKind, id: number): number =>
  state.cardProgress[kind][String(id)]?.progress ?? 0;
