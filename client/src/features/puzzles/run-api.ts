// The calls of a puzzle run (docs/learning-and-puzzles.md, runs): start one, answer its next
// puzzle move by move, read it again, and the member's best scores. The server checks and scores.
import { apiData } from '../../api/client';
import type { Body, Data } from '../../api/contract';

export type RunMode = Body<'/content/puzzles/runs'>['mode'];
export type PuzzleRun = Data<'/content/puzzles/runs', 'post'>;
export type RunPuzzle = PuzzleRun['puzzles'][number];
export type RunOutcome = Data<'/content/puzzles/runs/{run_id}/answers', 'post'>;
export type RunsBest = Data<'/content/puzzles/runs/best'>;

const runPath = (id: string) => `/content/puzzles/runs/${encodeURIComponent(id)}`;

export const runApi = {
  start: (mode: RunMode) => apiData<PuzzleRun>('/content/puzzles/runs', { method: 'POST', body: { mode } }),
  get: (id: string) => apiData<PuzzleRun>(runPath(id)),
  answer: (id: string, body: Body<'/content/puzzles/runs/{run_id}/answers'>) =>
    apiData<RunOutcome>(`${runPath(id)}/answers`, { method: 'POST', body }),
  best: () => apiData<RunsBest>('/content/puzzles/runs/best'),
};
