// A member's exercises (client/README.md, Playing along): an attempt's first wrong move, its solve and
// a solution asked for are sent by learning-saga.ts; the exercises the BFF says are solved are kept by id, so a
// chapter opened again shows them solved before its answer says so. A solve kept on this device while offline
// (write-queue-saga.ts) shows solved too, as the board judged it.
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { newWriteId } from '../lib/write-queue';
import type { ExerciseRecord } from '../api/contract';
import type { ExerciseAttempt } from '../lib/learning-types';
import { loggedOut } from './auth-slice';

export interface LearningState {
  solved: Record<string, boolean>;
}

export const learningSlice = createSlice({
  name: 'learning',
  initialState: (): LearningState => ({ solved: {} }),
  reducers: {
    /** An attempt went wrong, was solved or was given up on the board: the saga records it for a member. */
    // Each report gets its id when played, so that sending it again (the offline queue) records it once.
    exerciseAttempted: {
      reducer(_state, _action: PayloadAction<ExerciseAttempt & { attempt_id: string }>) {},
      prepare(attempt: ExerciseAttempt) {
        return { payload: { ...attempt, attempt_id: attempt.attempt_id ?? newWriteId() } };
      },
    },
    exerciseRecorded(state, action: PayloadAction<ExerciseRecord>) {
      if (action.payload.solved) state.solved[action.payload.id] = true;
    },
    /** A solve kept on this device until the network is back: solved in this visit already. */
    exerciseSolvedOffline(state, action: PayloadAction<string>) {
      state.solved[action.payload] = true;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(loggedOut, () => ({ solved: {} }));
  },
});

export const { exerciseAttempted, exerciseRecorded, exerciseSolvedOffline } = learningSlice.actions;

export const selectSolvedExercises = (state: { learning: LearningState }) => state.learning.solved;
