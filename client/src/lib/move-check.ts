// Is the learner's move right? The one check of both trainers (puzzles and exercises): the line's
// move, a move as good as it (an exercise's alternatives), or, at the line's last move, any mate.
import { Chess, type Move } from 'chess.js';

/** A line leaving the expected one at the learner's move `at` (an index into the line's moves). */
export interface Branch {
  at: number;
  /** UCI from there, the replacing move first. */
  moves: string[];
  comment?: string | null;
}

/** How a move is right: it is the line's, it follows an alternative, or it mates at the line's end. */
export type RightMove<B extends Branch = Branch> =
  { kind: 'line' } | { kind: 'alternative'; branch: B } | { kind: 'mate' };

/** Plays a UCI move on `fen`: the position after it and the move, or null if illegal. */
export function playUci(fen: string, uci: string): { fen: string; move: Move } | null {
  const chess = new Chess(fen);
  try {
    const move = chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci.slice(4) || undefined });
    return { fen: chess.fen(), move };
  } catch {
    return null;
  }
}

/** The branch of `branches` that leaves at `at` with `uci`, if any. */
export function branchAt<B extends Branch>(branches: B[] | undefined, at: number, uci: string): B | null {
  return branches?.find((branch) => branch.at === at && branch.moves[0] === uci) ?? null;
}

/**
 * Judges the learner's move `uci`, played from `fen` at `step` of `line` (UCI, both sides' moves):
 * how it is right, or null when it is wrong (or illegal). An alternative is looked for before "any
 * mate", as its comment says why it is as good; a puzzle has none.
 */
export function judgeMove<B extends Branch>(
  fen: string,
  uci: string,
  step: number,
  line: readonly string[],
  alternatives?: B[],
): RightMove<B> | null {
  const after = playUci(fen, uci);
  if (!after) return null;
  if (uci === line[step]) return { kind: 'line' };
  const branch = branchAt(alternatives, step, uci);
  if (branch) return { kind: 'alternative', branch };
  if (step === line.length - 1 && new Chess(after.fen).isCheckmate()) return { kind: 'mate' };
  return null;
}
