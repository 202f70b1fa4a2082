import { Chess } from 'chess.js';
import { PgnError, readPgn } from './pgn';

const START = new Chess().fen();

describe('the PGN reader', () => {
  it('reads headers, moves with UCI and the position after each, comments and variations', () => {
    const game = readPgn(`[Event "Paris"]
[White "Morphy, Paul"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]

{The Opera game.} 1. e4 e5 2. Nf3 d6 {Philidor's defence.} 3. d4 Bg4 $6 (3... exd4 {is the main line} 4. Nxd4) (3... Nd7) 4. dxe5!? Bxf3 5. Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0`);
    expect(game.headers).toEqual({
      Event: 'Paris',
      White: 'Morphy, Paul',
      Black: 'Duke Karl / Count Isouard',
      Result: '1-0',
    });
    expect(game.fen).toBe(START);
    expect(game.comment).toBe('The Opera game.');
    expect(game.moves).toHaveLength(33);
    expect(game.moves[0]).toEqual({
      uci: 'e2e4',
      san: 'e4',
      fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
      comment: null,
      variations: [],
    });
    expect(game.moves[3]?.comment).toBe("Philidor's defence.");
    // Two alternatives to 3...Bg4, each a line from the position before it.
    const bg4 = game.moves[5]!;
    expect(bg4.san).toBe('Bg4');
    expect(bg4.variations.map((line) => line.map((move) => move.san))).toEqual([['exd4', 'Nxd4'], ['Nd7']]);
    expect(bg4.variations[0]![0]).toMatchObject({ uci: 'e5d4', comment: 'is the main line' });
    expect(game.moves[6]).toMatchObject({ san: 'dxe5', uci: 'd4e5' });
    expect(game.moves[22]).toMatchObject({ san: 'O-O-O', uci: 'e1c1' });
    expect(game.moves.at(-1)).toMatchObject({ san: 'Rd8#', uci: 'd1d8' });
  });

  it('starts from a FEN tag, reads promotions, castling with zeros and line comments, and stops at the result', () => {
    const game = readPgn(`[FEN "4k3/P7/8/8/8/8/8/R3K3 w Q - 0 1"]
[SetUp "1"]

1. a8=Q+ ; the pawn queens
1... Kd7 2. 0-0-0+ Kc7 * 1. e4 e5 *`);
    expect(game.fen).toBe('4k3/P7/8/8/8/8/8/R3K3 w Q - 0 1');
    expect(game.moves.map((move) => move.uci)).toEqual(['a7a8q', 'e8d7', 'e1c1', 'd7c7']);
    expect(game.moves[0]?.san).toBe('a8=Q+');
  });

  it.each([
    ['an illegal move', '1. e4 e5 2. Ke3', 'Ke3 is not a legal move here.'],
    ['a variation never closed', '1. e4 (1. d4 d5', 'A variation is not closed.'],
    ['a result inside a variation', '1. e4 (1. d4 1-0', 'The game ends inside a variation.'],
    ['a comment never closed', '1. e4 {unfinished', 'A comment is not closed.'],
    ['no moves at all', 'Just some words', 'Just is not a legal move here.'],
    ['an empty text', '', 'There are no moves.'],
    ['an illegal FEN', '[FEN "8/8/8 w - - 0 1"]\n\n1. e4', 'The FEN tag is not a legal position.'],
  ])('refuses %s', (_case, text, message) => {
    expect(() => readPgn(text)).toThrow(new PgnError(message));
  });
});
