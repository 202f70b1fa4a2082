// The pieces a pawn reaching the last rank may become, to choose one (or cancel the move).
import type { Move } from 'chess.js';
import type { RefObject } from 'react';
import { pieceName } from './move-words';
import { Piece } from './pieces';

const PROMOTION_ORDER = ['q', 'r', 'b', 'n'];

interface PromotionChooserProps {
  /** The pawn's move to its square, once per piece it may become. */
  moves: Move[];
  /** Focused when the chooser opens. */
  firstChoice: RefObject<HTMLButtonElement | null>;
  onChoose: (move: Move) => void;
  onCancel: () => void;
}

export function PromotionChooser({ moves, firstChoice, onChoose, onCancel }: PromotionChooserProps) {
  return (
    <div
      className="board__promotion"
      role="group"
      aria-label="Promote the pawn to"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      {PROMOTION_ORDER.map((type, index) => {
        const move = moves.find((candidate) => candidate.promotion === type);
        if (!move) return null;
        return (
          <button
            key={type}
            ref={index === 0 ? firstChoice : undefined}
            type="button"
            className="board__promotion-choice"
            onClick={() => onChoose(move)}
          >
            <Piece type={type} color={move.color} className="board__promotion-piece" />
            <span>{pieceName(type).replace(/^./, (letter) => letter.toUpperCase())}</span>
          </button>
        );
      })}
      <button type="button" className="board__promotion-cancel" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
}
