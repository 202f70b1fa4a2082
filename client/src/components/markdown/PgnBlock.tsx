// A fenced `pgn` block of markdown: a board to replay the game on. The board and chess.js come
// in the board's own chunk (components/board/), loaded only when a text has such a block, so
// neither the markdown nor /home carries chess code.
import { lazy, Suspense } from 'react';
import './pgn-block.css';

const ArticleGame = lazy(async () => ({
  default: (await import(/* webpackChunkName: "board" */ '../board/ArticleGame')).ArticleGame,
}));

export function PgnBlock({ pgn }: { pgn: string }) {
  return (
    <Suspense
      fallback={
        <div className="article-game article-game--loading">
          <p className="muted">Setting up the board…</p>
        </div>
      }
    >
      <ArticleGame pgn={pgn} />
    </Suspense>
  );
}
