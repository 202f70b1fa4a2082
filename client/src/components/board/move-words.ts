// Moves in words for screen readers ("White knight takes e5, check") and the learner's typed
// moves ("Nf3", "g1f3") read against the position.
import type { Chess, Move, Square } from 'chess.js';

export type Side = 'w' | 'b';

const PIECE_NAMES: Record<string, string> = { p: 'pawn', n: 'knight', b: 'bishop', r: 'rook', q: 'queen', k: 'king' };

export function sideName(side: Side): string {
  return side === 'w' ? 'White' : 'Black';
}

export function pieceName(type: string): string {
  return PIECE_NAMES[type.toLowerCase()] ?? type;
}

/** A move of `side` in SAN, in words: "White knight takes e5, check", "Black castles kingside",
 * "White pawn to e8, promotes to queen, checkmate". */
export function moveInWords(san: string, side: Side): string {
  const who = sideName(side);
  const ending = san.endsWith('#') ? ', checkmate' : san.endsWith('+') ? ', check' : '';
  const bare = san.replace(/[+#!?]+$/, '');
  if (/^(O-O-O|0-0-0)$/.test(bare)) return `${who} castles queenside${ending}`;
  if (/^(O-O|0-0)$/.test(bare)) return `${who} castles kingside${ending}`;
  const match = /^([NBRQK])?([a-h]?[1-8]?)(x?)([a-h][1-8])(?:=?([NBRQ]))?$/.exec(bare);
  if (!match) return `${who} ${san}`;
  const [, piece = 'P', , takes, square, promotion] = match;
  const promotes = promotion ? `, promotes to ${pieceName(promotion)}` : '';
  return `${who} ${pieceName(piece)} ${takes ? 'takes' : 'to'} ${square}${promotes}${ending}`;
}

/** What the position's side to move faces, for the board's name: "White to move", "Black is
 * checkmated", "Draw". */
export function positionInWords(chess: Chess): string {
  const side = sideName(chess.turn());
  if (chess.isCheckmate()) return `${side} is checkmated`;
  if (chess.isStalemate()) return `Stalemate`;
  if (chess.isDraw()) return 'Draw';
  return chess.inCheck() ? `${side} to move, in check` : `${side} to move`;
}

export interface MoveRequest {
  from: Square;
  to: Square;
  promotion?: string;
}

/** A move as UCI: e2e4, e7e8q. */
export function uciOf(move: { from: string; to: string; promotion?: string }): string {
  return `${move.from}${move.to}${move.promotion ?? ''}`;
}

/** A UCI move as a request (null if it is not UCI). */
export function parseUci(text: string): MoveRequest | null {
  const match = /^([a-h][1-8])-?([a-h][1-8])=?([qrbnQRBN])?$/.exec(text.trim());
  if (!match) return null;
  const [, from, to, promotion] = match;
  return { from: from as Square, to: to as Square, promotion: promotion?.toLowerCase() };
}

export type TypedMove = { move: Move } | { error: string };

/** The legal move a learner typed in SAN or UCI in this position, or why it is not one. */
export function readTypedMove(chess: Chess, text: string): TypedMove {
  const typed = text.trim().replace(/\s+/g, '');
  if (!typed) return { error: 'Type a move, such as Nf3 or g1f3.' };
  const legal = chess.moves({ verbose: true });
  const uci = parseUci(typed);
  if (uci) {
    const candidates = legal.filter((move) => move.from === uci.from && move.to === uci.to);
    if (candidates.length === 0) return { error: `${typed} is not a legal move here.` };
    const found = candidates.find((move) => (move.promotion ?? undefined) === (uci.promotion ?? undefined));
    if (found) return { move: found };
    return { error: `Say which piece the pawn becomes, such as ${uci.from}${uci.to}q.` };
  }
  // SAN, forgiving of a missing or extra check sign, 0-0 for O-O and a lower-case piece letter.
  const normal = typed
    .replace(/0/g, 'O')
    .replace(/[+#!?]+$/, '')
    .replace(/^([nrqk])(?=[a-h1-8x])/, (letter) => letter.toUpperCase());
  const bare = (san: string) => san.replace(/[+#]$/, '');
  const found =
    legal.find((move) => bare(move.san) === normal) ??
    legal.find((move) => bare(move.san).replace('=', '') === normal.replace('=', '')) ??
    // "bc4" or "Bc4": a bishop move when no pawn move reads the same.
    legal.find((move) => bare(move.san) === normal.replace(/^b(?=x?[a-h][1-8]$)/, 'B'));
  if (found) return { move: found };
  const readable = /^([NBRQK]?[a-h]?[1-8]?x?[a-h][1-8](=?[NBRQ])?|O-O(-O)?)$/i.test(normal);
  return {
    error: readable
      ? `${typed} is not a legal move here.`
      : `${typed} is not a move we can read: write it like Nf3, exd5, O-O or g1f3.`,
  };
}
