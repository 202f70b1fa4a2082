// The chess rules editors' content must keep (FEN, exercise lines, model games), with chess.js:
// shared by the save check on the server (chess/index.js) and the admin panel's board.
//
// They follow the BFF's own checks (bff/rules, bff/cms/chess_content.py, python-chess), which
// drop what fails them from the site: what passes here is served, what fails is refused at save.
// cms-schema/tests/chess-cases.json holds the cases both sides are tested on.

import { Chess, validateFen } from './vendor/chess.mjs';

export const MAX_FEN = 100;
export const MAX_LINE = 60; // moves of an exercise's line
export const MAX_PGN = 100000; // characters of a model game or a drill
const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;
const FEN_DEFAULTS = ['w', '-', '-', '0', '1'];

/** A FEN with the fields python-chess lets a FEN leave out (side, castling, ...) filled in. */
function completeFen(fen) {
  const parts = fen.trim().split(/\s+/);
  return [...parts, ...FEN_DEFAULTS.slice(parts.length - 1)].join(' ');
}

function pieceAt(rows, square) {
  return rows[8 - Number(square[1])][square.charCodeAt(0) - 97];
}

/** The board part of a FEN as 8 rows of 8 cells (rank 8 first), '' for an empty square. */
function boardRows(placement) {
  return placement.split('/').map((row) => {
    const cells = [];
    for (const char of row) {
      if (/\d/.test(char)) cells.push(...Array(Number(char)).fill(''));
      else cells.push(char);
    }
    return cells;
  });
}

/**
 * Why a FEN is not a legal position, or null when it is one. The same positions as python-chess's
 * `Board.is_valid` are refused: a malformed FEN, a missing or extra king, pawns on the first or
 * last rank, more than 8 pawns or 16 pieces a side, castling rights without the king and rook on
 * their squares, an impossible en passant square, the side not to move in check, three checkers.
 */
export function fenProblem(fen) {
  if (typeof fen !== 'string' || !fen.trim()) return 'the FEN is empty';
  if (fen.length > MAX_FEN) return `the FEN is longer than ${MAX_FEN} characters`;
  const full = completeFen(fen);
  const checked = validateFen(full);
  if (!checked.ok) return checked.error.replace(/^Invalid FEN: /, 'the FEN is not valid: ');
  const [placement, side, castling, enPassant] = full.split(' ');
  const rows = boardRows(placement);
  const all = rows.flat();
  for (const [color, pawn, name] of [
    ['w', 'P', 'White'],
    ['b', 'p', 'Black'],
  ]) {
    const own = all.filter((p) => p && (color === 'w' ? p === p.toUpperCase() : p === p.toLowerCase()));
    if (own.filter((p) => p === pawn).length > 8) return `${name} has more than 8 pawns`;
    if (own.length > 16) return `${name} has more than 16 pieces`;
  }
  if ([...rows[0], ...rows[7]].some((p) => p === 'P' || p === 'p')) {
    return 'a pawn stands on the first or last rank';
  }
  const home = {
    K: ['e1', 'K', 'h1', 'R'],
    Q: ['e1', 'K', 'a1', 'R'],
    k: ['e8', 'k', 'h8', 'r'],
    q: ['e8', 'k', 'a8', 'r'],
  };
  for (const right of castling === '-' ? '' : castling) {
    const [kingSquare, king, rookSquare, rook] = home[right];
    if (pieceAt(rows, kingSquare) !== king || pieceAt(rows, rookSquare) !== rook) {
      return `castling right ${right} without the king and rook on ${kingSquare} and ${rookSquare}`;
    }
  }
  if (enPassant !== '-') {
    const rank = side === 'w' ? '6' : '3';
    const pawnSquare = enPassant[0] + (side === 'w' ? '5' : '4');
    const fromSquare = enPassant[0] + (side === 'w' ? '7' : '2');
    const pawn = side === 'w' ? 'p' : 'P';
    if (
      enPassant[1] !== rank ||
      pieceAt(rows, pawnSquare) !== pawn ||
      pieceAt(rows, enPassant) ||
      pieceAt(rows, fromSquare)
    ) {
      return `no pawn can have just passed ${enPassant} (en passant square)`;
    }
  }
  const board = new Chess(full, { skipValidation: true });
  const other = side === 'w' ? 'b' : 'w';
  const kingOf = (color) => board.findPiece({ type: 'k', color })[0];
  if (board.isAttacked(kingOf(other), side)) return 'the side not to move is in check';
  if (board.attackers(kingOf(side), other).length > 2) return 'the king is checked three times';
  return null;
}

/** The position of a legal FEN (null when it is not one). */
export function boardOf(fen) {
  return fenProblem(fen) ? null : new Chess(completeFen(fen));
}

/**
 * Plays the move a UCI text names when it is legal in the position: the move made (chess.js's
 * Move), or null with the board unchanged. A castling may be written as the king taking its own
 * rook (e1h1), as python-chess also reads it.
 */
export function playUci(board, text) {
  if (typeof text !== 'string' || !UCI.test(text.trim())) return null;
  const uci = text.trim();
  const from = uci.slice(0, 2);
  let to = uci.slice(2, 4);
  const king = board.get(from);
  const rook = board.get(to);
  const castling = king?.type === 'k' && rook?.type === 'r' && rook.color === king.color;
  if (castling) to = (uci[2] > uci[0] ? 'g' : 'c') + uci[1];
  let move;
  try {
    move = board.move({ from, to, promotion: uci[4] });
  } catch {
    return null;
  }
  // chess.js makes a promotion of a move written without its piece: python-chess refuses it.
  const same = castling ? /[kq]/.test(move.flags) : move.lan === uci;
  if (!same) {
    board.undo();
    return null;
  }
  return move;
}

/** Plays moves from a board; the reason the nth cannot be played, or null. */
function playLine(board, moves) {
  for (const [index, text] of moves.entries()) {
    const fen = board.fen();
    if (!playUci(board, text)) return { problem: `move ${index + 1} '${text}' is not legal in ${fen}`, index };
  }
  return null;
}

/**
 * Why an exercise's line cannot be played, or null. `moves` is the stored text: UCI moves with
 * spaces between, the learner's first and last (an odd number). `field` says which field is wrong.
 */
export function lineProblem(fen, moves) {
  const wrongFen = fenProblem(fen);
  if (wrongFen) return { field: 'fen', message: wrongFen };
  const line = typeof moves === 'string' ? moves.trim().split(/\s+/).filter(Boolean) : [];
  if (line.length === 0) return { field: 'moves', message: 'the line has no moves' };
  if (line.length > MAX_LINE)
    return { field: 'moves', message: `a line of ${line.length} moves (at most ${MAX_LINE})` };
  if (line.length % 2 === 0) {
    return {
      field: 'moves',
      message: `a line of ${line.length} moves: the learner moves first and last, so it must be odd`,
    };
  }
  const played = playLine(new Chess(completeFen(fen)), line);
  return played ? { field: 'moves', message: played.problem, index: played.index } : null;
}

/** The line's moves in UCI as python-chess writes them (a castling as the king's move). */
export function lineOf(fen, moves) {
  const board = new Chess(completeFen(fen));
  return moves.map((text) => playUci(board, text).lan);
}

/** Why the comments (one text or null per move of the line) do not fit the line, or null. */
export function commentsProblem(comments, length) {
  if (comments == null) return null;
  if (!Array.isArray(comments) || comments.length !== length) {
    return `a list of ${length} comments is needed (one per move of the line, null for none)`;
  }
  if (!comments.every((c) => c == null || typeof c === 'string')) return 'each comment is a text or null';
  return null;
}

/**
 * Why the alternatives (moves as good as the line's) or mistakes (a wrong move and its
 * refutation) do not fit the line, or null. Each leaves the line at a learner's move `at`.
 */
export function branchesProblem(branches, fen, moves, kind) {
  if (branches == null) return null;
  if (!Array.isArray(branches)) return `${kind}s: a list is needed`;
  const line = lineOf(fen, moves.trim().split(/\s+/));
  const seen = new Set();
  for (const [index, branch] of branches.entries()) {
    const where = `${kind} ${index + 1}`;
    if (!branch || typeof branch !== 'object' || Array.isArray(branch)) {
      return `${where}: an object with at, moves and comment is needed`;
    }
    const { at } = branch;
    if (!Number.isInteger(at) || at < 0 || at >= line.length || at % 2) {
      return `${where}: at ${JSON.stringify(at)} is not one of the learner's moves (0, 2, 4... below ${line.length})`;
    }
    const own = typeof branch.moves === 'string' ? branch.moves.trim().split(/\s+/).filter(Boolean) : branch.moves;
    if (!Array.isArray(own) || own.length === 0 || own.length > MAX_LINE) return `${where}: no moves`;
    if (kind === 'alternative' && own.length % 2 === 0) {
      return `${where}: an alternative ends with the learner's move, so it has an odd number of moves`;
    }
    const board = new Chess(completeFen(fen));
    for (const move of line.slice(0, at)) playUci(board, move);
    const start = board.fen();
    const played = playLine(board, own);
    if (played) return `${where}: ${played.problem}`;
    const first = lineOf(start, own.slice(0, 1))[0];
    if (first === line[at]) return `${where}: ${first} is the line's own move`;
    if (seen.has(`${at} ${first}`)) return `${where}: ${first} is given twice at move ${at}`;
    seen.add(`${at} ${first}`);
  }
  return null;
}

/** Every problem of an exercise, each with the field it is in: [{field, message}]. */
export function exerciseProblems(exercise) {
  const line = lineProblem(exercise.fen, exercise.moves);
  if (line) return [line];
  const problems = [];
  const length = exercise.moves.trim().split(/\s+/).length;
  const comments = commentsProblem(exercise.comments, length);
  if (comments) problems.push({ field: 'comments', message: comments });
  for (const [field, kind] of [
    ['alternatives', 'alternative'],
    ['mistakes', 'mistake'],
  ]) {
    const wrong = branchesProblem(exercise[field], exercise.fen, exercise.moves, kind);
    if (wrong) problems.push({ field, message: wrong });
  }
  return problems;
}

// PGN -------------------------------------------------------------------------------------------

const TOKEN =
  /\s*(?:(\{[^}]*\}?)|(;[^\n]*)|(\()|(\))|(\$\d+)|(1-0|0-1|1\/2-1\/2|\*)(?![\w-])|(\d+\.+)|([^\s{}();$]+))/y;

/**
 * A PGN read into its headers, start FEN and moves (the main line, each move with its SAN, UCI,
 * FEN after it, comment and the variations that replace it), or an `error` saying where it cannot
 * be read. Like python-chess, the first game is read and what follows its result is not.
 */
export function readPgn(pgn) {
  if (typeof pgn !== 'string') return { error: 'the PGN is not a text' };
  if (pgn.length > MAX_PGN) return { error: `the PGN is longer than ${MAX_PGN} characters` };
  const text = pgn.replace(/^%.*$/gm, '');
  const headers = {};
  const header = /\s*\[\s*(\w+)\s+"((?:[^"\\]|\\.)*)"\s*\]/y;
  let at = 0;
  for (let found = header.exec(text); found; found = header.exec(text)) {
    headers[found[1]] = found[2].replace(/\\(.)/g, '$1');
    at = header.lastIndex;
  }
  let start;
  if (headers.FEN) {
    const wrong = fenProblem(headers.FEN);
    if (wrong) return { error: `the FEN tag: ${wrong}` };
    start = completeFen(headers.FEN);
  } else {
    start = new Chess().fen();
  }
  const root = { moves: [], board: new Chess(start) };
  // Each level: the list of moves being written and the board after its last move.
  const stack = [{ list: root.moves, board: new Chess(start), before: null }];
  let comment = null;
  let count = 0;
  TOKEN.lastIndex = at;
  while (TOKEN.lastIndex < text.length) {
    const position = TOKEN.lastIndex;
    const found = TOKEN.exec(text);
    if (!found) break;
    const [, braces, , open, close, , result, , word] = found;
    const level = stack[stack.length - 1];
    if (braces !== undefined) {
      if (!braces.endsWith('}')) return { error: 'a comment is not closed with }' };
      const said = braces.slice(1, -1).trim();
      const last = level.list[level.list.length - 1];
      if (last) last.comment = [last.comment, said].filter(Boolean).join(' ');
      else comment = [comment, said].filter(Boolean).join(' ');
    } else if (open) {
      const last = level.list[level.list.length - 1];
      if (!last) return { error: `a variation opens before any move (character ${position})` };
      stack.push({ list: [], board: new Chess(last.before), before: last, depth: stack.length });
      last.variations.push(stack[stack.length - 1].list);
    } else if (close) {
      if (stack.length === 1) return { error: `a ) closes no variation (character ${position})` };
      stack.pop();
    } else if (result) {
      if (stack.length > 1) return { error: 'the result comes inside a variation' };
      break;
    } else if (word) {
      const san = word.replace(/[!?]+$/, '').replace(/^0-0(-0)?/, (c) => c.replace(/0/g, 'O'));
      let move = null;
      try {
        move = level.board.move(san, { strict: false });
      } catch {
        move = null;
      }
      if (!move) {
        const number = Math.floor(level.board.moveNumber());
        const dots = level.board.turn() === 'w' ? '.' : '...';
        return { error: `move ${number}${dots} '${word}' is not legal there (${level.board.fen()})` };
      }
      count += 1;
      level.list.push({
        san: move.san,
        uci: move.lan,
        fen: move.after,
        before: move.before,
        comment: null,
        variations: [],
      });
    }
  }
  if (stack.length > 1) return { error: 'a variation is not closed with )' };
  // `before` served only to start variations from; the answer holds what the board shows.
  const clean = (list) =>
    list.map((move) => ({
      san: move.san,
      uci: move.uci,
      fen: move.fen,
      comment: move.comment,
      variations: move.variations.map(clean),
    }));
  return { headers, fen: start, comment, moves: clean(root.moves), count };
}

/** Why a PGN cannot be read, or null. An empty one is no game, which is allowed. */
export function pgnProblem(pgn) {
  if (pgn == null || (typeof pgn === 'string' && !pgn.trim())) return null;
  const read = readPgn(pgn);
  return read.error ? `the PGN cannot be read: ${read.error}` : null;
}

export { Chess };
