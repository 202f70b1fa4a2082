// A FEN's parts as the board editor handles them: the pieces by square, the side to move, the
// castling rights, the en passant square and the move counters, and back to a FEN.

export const FILES = 'abcdefgh';
export const START_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
export const EMPTY_FEN = '8/8/8/8/8/8/8/8 w - - 0 1';

/** The FEN's fields, or null when its board part cannot be read. */
export function parseFen(fen) {
  const [placement = '', side = 'w', castling = '-', enPassant = '-', half = '0', full = '1'] = String(fen || '')
    .trim()
    .split(/\s+/);
  const rows = placement.split('/');
  if (rows.length !== 8) return null;
  const pieces = {};
  for (const [index, row] of rows.entries()) {
    let file = 0;
    for (const char of row) {
      if (/[1-8]/.test(char)) file += Number(char);
      else if (/[pnbrqkPNBRQK]/.test(char)) {
        if (file > 7) return null;
        pieces[FILES[file] + (8 - index)] = char;
        file += 1;
      } else return null;
    }
    if (file !== 8) return null;
  }
  return { pieces, side, castling, enPassant, half, full };
}

/** The FEN of the editor's fields. */
export function buildFen({ pieces, side, castling, enPassant, half, full }) {
  const rows = [];
  for (let rank = 8; rank >= 1; rank -= 1) {
    let row = '';
    let empty = 0;
    for (const file of FILES) {
      const piece = pieces[file + rank];
      if (piece) {
        row += (empty || '') + piece;
        empty = 0;
      } else empty += 1;
    }
    rows.push(row + (empty || ''));
  }
  return [rows.join('/'), side, castling || '-', enPassant || '-', half || '0', full || '1'].join(' ');
}

/** The pieces of a chess.js board by square ('e4' -> 'P'). */
export function piecesOf(chess) {
  const pieces = {};
  for (const row of chess.board()) {
    for (const cell of row) {
      if (cell) pieces[cell.square] = cell.color === 'w' ? cell.type.toUpperCase() : cell.type;
    }
  }
  return pieces;
}
