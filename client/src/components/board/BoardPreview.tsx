// A small board in a theme and a piece set, for choosing them (My account, Board): a mate just
// played, so the last move's squares and the king in check show how they read on its colours.
// Drawn without chess.js, so that the account page does not load the board's chunk.
import { type BoardThemeName, boardThemeStyle, type PieceSetName } from '../../lib/board-themes';
import { Piece } from './pieces';
import { isLight, squareAt } from './squares';
import './board.css';

// 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6 4.Qxf7#: the scholar's mate.
const PLACEMENT = 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR';
const LAST = ['h5', 'f7'];
const CHECK = 'e8';

function pieceAt(square: string): { type: string; color: 'w' | 'b' } | null {
  const rows = PLACEMENT.split('/');
  const row = rows[8 - Number(square.charAt(1))] ?? '';
  let file = 0;
  const wanted = square.charCodeAt(0) - 97;
  for (const char of row) {
    if (/\d/.test(char)) {
      file += Number(char);
      continue;
    }
    if (file === wanted) return { type: char.toLowerCase(), color: char === char.toUpperCase() ? 'w' : 'b' };
    file += 1;
  }
  return null;
}

export function BoardPreview({ theme, pieces }: { theme: BoardThemeName; pieces: PieceSetName }) {
  const squares = Array.from({ length: 64 }, (_, index) => squareAt(index % 8, Math.floor(index / 8), 'w'));
  return (
    <div
      className="board-frame board-preview"
      style={boardThemeStyle(theme)}
      data-board-theme={theme}
      role="img"
      aria-label="A preview of the board: White's queen has just mated on f7"
    >
      <div className="board">
        {squares.map((square) => {
          const piece = pieceAt(square);
          const classes = ['board__square', isLight(square) ? 'board__square--light' : 'board__square--dark'];
          if (LAST.includes(square)) classes.push('board__square--last');
          if (square === CHECK) classes.push('board__square--check');
          return (
            <div key={square} className={classes.join(' ')} data-square={square}>
              {piece && <Piece type={piece.type} color={piece.color} set={pieces} className="board__piece" />}
            </div>
          );
        })}
      </div>
    </div>
  );
}
