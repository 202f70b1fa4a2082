// The learning fields the BFF adds to a lesson chapter, a program subchapter and a masterclass
// episode (README: Playing along; issue 30's contract): key positions, a model game parsed from its
// PGN, and exercises. Written here by hand until the generated API types (api/openapi.ts) carry
// them; then `contract.ts` names the generated schemas and these types become aliases of them.

/** A key position of the video: `at` seconds into it (null: not tied to a time). */
export interface LearningPosition {
  at: number | null;
  fen: string;
  caption: string | null;
}

/** One move of a parsed game, with the position after it; `variations` are alternatives to this
 * move, each a line starting with the alternative move. */
export interface GameNode {
  uci: string;
  san: string;
  fen: string;
  comment: string | null;
  variations: GameNode[][];
}

/** A model game or line, as the BFF parses the item's PGN. */
export interface LearningGame {
  headers: Record<string, string>;
  /** The position before the first move. */
  fen: string;
  moves: GameNode[];
}

/** An exercise: the learner plays `moves[0]`, the reply is `moves[1]`, and so on; the learner
 * has the last move. A locked item's exercise has only id, key, fen and prompt. */
export interface LearningExercise {
  id: string;
  key: string;
  fen: string;
  prompt: string | null;
  hint?: string | null;
  explanation?: string | null;
  moves?: string[];
  solved?: boolean;
}

/** What an item carries for practice. */
export interface LearningFields {
  positions: LearningPosition[];
  pgn: string | null;
  game: LearningGame | null;
  exercises: LearningExercise[];
}

/** The body of PUT /content/exercises/{id}: the moves played from the exercise's position (the
 * learner's and the replies, as far as they got) and the hints used. */
export interface ExerciseAttempt {
  id: string;
  moves: string[];
  hints: number;
}

function list<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

/** The learning fields of an item of the API, or null when it has none to practise with. */
export function learningFieldsOf(item: object | null | undefined): LearningFields | null {
  if (!item) return null;
  const fields = item as Partial<Record<keyof LearningFields, unknown>>;
  const game = fields.game && typeof fields.game === 'object' ? (fields.game as LearningGame) : null;
  const result: LearningFields = {
    positions: list<LearningPosition>(fields.positions).filter((position) => typeof position?.fen === 'string'),
    pgn: typeof fields.pgn === 'string' && fields.pgn ? fields.pgn : null,
    game: game && Array.isArray(game.moves) && typeof game.fen === 'string' ? game : null,
    exercises: list<LearningExercise>(fields.exercises).filter(
      (exercise) => typeof exercise?.id === 'string' && typeof exercise.fen === 'string',
    ),
  };
  return result.positions.length || result.game || result.exercises.length ? result : null;
}
