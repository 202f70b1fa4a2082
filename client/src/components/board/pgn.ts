// A PGN reader for the browser: the first game of a text into the `Game` shape the BFF gives
// (api/contract.ts), headers, comments and variations kept. chess.js's own loadPgn drops
// variations (its grammar reads them and throws them away), so the text is read here, token by
// token, and chess.js only plays the moves (legality, SAN, the FEN after each).
import { Chess } from 'chess.js';
import type { Game, GameMove } from '../../api/contract';

/** Why a PGN could not be read; its message names the place. */
export class PgnError extends Error {}

type Token =
  | { kind: 'tag'; key: string; value: string }
  | { kind: 'comment'; text: string }
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'end' }
  | { kind: 'move'; san: string };

const TAG = /^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]/;
const MOVE_NUMBER = /^\d+\s*\.+/;
const RESULT = /^(?:1-0|0-1|1\/2-1\/2|½-½|\*)(?=$|[\s)])/;
const NAG = /^\$\d+/;
const WORD = /^[^\s{}();[\]$]+/;

function tokens(text: string): Token[] {
  const found: Token[] = [];
  let rest = text.replace(/^\uFEFF/, '');
  while (rest.length > 0) {
    const space = /^\s+/.exec(rest);
    if (space) {
      rest = rest.slice(space[0].length);
      continue;
    }
    const take = (length: number, token?: Token) => {
      if (token) found.push(token);
      rest = rest.slice(length);
    };
    const tag = TAG.exec(rest);
    const first = rest[0];
    if (tag) take(tag[0].length, { kind: 'tag', key: tag[1] ?? '', value: (tag[2] ?? '').replace(/\\(.)/g, '$1') });
    else if (first === '{') {
      const end = rest.indexOf('}');
      if (end < 0) throw new PgnError('A comment is not closed.');
      take(end + 1, { kind: 'comment', text: rest.slice(1, end) });
    } else if (first === ';' || (first === '%' && /(^|\n)$/.test(text.slice(0, text.length - rest.length)))) {
      const end = rest.indexOf('\n');
      take(end < 0 ? rest.length : end + 1);
    } else if (first === '(') take(1, { kind: 'open' });
    else if (first === ')') take(1, { kind: 'close' });
    else if (RESULT.test(rest)) take((RESULT.exec(rest)?.[0] ?? '').length, { kind: 'end' });
    else if (MOVE_NUMBER.test(rest)) take((MOVE_NUMBER.exec(rest)?.[0] ?? '').length);
    else if (NAG.test(rest)) take((NAG.exec(rest)?.[0] ?? '').length);
    else {
      const word = WORD.exec(rest)?.[0];
      if (!word) throw new PgnError(`Unexpected "${first}".`);
      take(word.length, { kind: 'move', san: word });
    }
  }
  return found;
}

/** A move as chess.js reads it: annotations ("!?"), "e.p." and zeros for castling set aside. */
function cleanSan(san: string): string {
  return san
    .replace(/[?!]+$/, '')
    .replace(/e\.p\.$/, '')
    .replace(/^0-0-0/, 'O-O-O')
    .replace(/^0-0/, 'O-O');
}

function joinComment(before: string | null, text: string): string | null {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return before;
  return before ? `${before} ${clean}` : clean;
}

interface Reader {
  list: Token[];
  at: number;
}

/** A line from `fen` up to its closing parenthesis (or the game's end): its moves, and a comment
 * that comes before its first move. */
function readLine(reader: Reader, fen: string, nested: boolean): { moves: GameMove[]; lead: string | null } {
  const chess = new Chess(fen);
  const moves: GameMove[] = [];
  /** The position before each move of the line, where its variations start. */
  const before: string[] = [];
  let lead: string | null = null;
  while (reader.at < reader.list.length) {
    const token = reader.list[reader.at] as Token;
    reader.at += 1;
    if (token.kind === 'close') {
      if (!nested) throw new PgnError('A variation is closed that was never opened.');
      return { moves, lead };
    }
    if (token.kind === 'end') {
      if (nested) throw new PgnError('The game ends inside a variation.');
      break;
    }
    if (token.kind === 'tag') throw new PgnError('A tag among the moves.');
    const last = moves[moves.length - 1];
    if (token.kind === 'comment') {
      if (last) last.comment = joinComment(last.comment, token.text);
      else lead = joinComment(lead, token.text);
    } else if (token.kind === 'open') {
      const from = before[before.length - 1];
      if (!last || from === undefined) throw new PgnError('A variation before any move.');
      const variation = readLine(reader, from, true);
      const [opening] = variation.moves;
      if (!opening) throw new PgnError('An empty variation.');
      if (variation.lead) opening.comment = joinComment(variation.lead, opening.comment ?? '');
      last.variations.push(variation.moves);
    } else {
      const san = cleanSan(token.san);
      const position = chess.fen();
      let played;
      try {
        played = chess.move(san);
      } catch {
        throw new PgnError(`${token.san} is not a legal move here.`);
      }
      before.push(position);
      moves.push({
        uci: `${played.from}${played.to}${played.promotion ?? ''}`,
        san: played.san,
        fen: chess.fen(),
        comment: null,
        variations: [],
      });
    }
  }
  if (nested) throw new PgnError('A variation is not closed.');
  return { moves, lead };
}

/** The first game of a PGN text, or a PgnError saying why it cannot be read. */
export function readPgn(text: string): Game {
  const list = tokens(text);
  const headers: Record<string, string> = {};
  let at = 0;
  for (; at < list.length; at += 1) {
    const token = list[at] as Token;
    if (token.kind !== 'tag') break;
    headers[token.key] = token.value;
  }
  let fen = new Chess().fen();
  if (headers.FEN) {
    try {
      fen = new Chess(headers.FEN).fen();
    } catch {
      throw new PgnError('The FEN tag is not a legal position.');
    }
  }
  const { moves, lead } = readLine({ list, at }, fen, false);
  if (moves.length === 0 && !headers.FEN) throw new PgnError('There are no moves.');
  return { headers, fen, comment: lead, moves };
}
