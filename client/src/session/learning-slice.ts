// A member's exercises (client/README.md, Playing along): an attempt's first wrong move, its solve and
// a solution asked for are sent by learning-saga.ts; the exercises the BFF says are solved are kept by id, so a
// chapter opened again shows them solved before its answer says so.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ExerciseRecord } from '../api/contract';
import type { ExerciseAttempt } from '../components/board/learning-types';
import { loggedOut } from './auth-slice';

export interface LearningState {
  solved: Record<string, boolean>;
}

export const learningSlice = createSlice({
  name: 'learning',
  initialState: (): LearningState => ({ solved: {} }),
  reducers: {
    /** An attempt went wrong, was solved or was given up on the board: the saga records it for a member. */
    exerciseAttempted(_state, _action: PayloadAction<ExerciseAttempt>) {},
    exerciseRecorded(state, action: PayloadAction<ExerciseRecord>) {
      if (action.payload.solved) state.solved[action.payload.id] = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => ({ solved: {} }));
  },
});

export const { exerciseAttempted, exerciseRecorded } = learningSlice.actions;

export const selectSolvedExercises = (state: { learning: LearningState }) => state.learning.solved;
