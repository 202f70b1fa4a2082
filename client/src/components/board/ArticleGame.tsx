// A game written in an article (a fenced `pgn` block of its markdown): read in the browser
// (pgn.ts) and replayed on the model game's viewer; a text that cannot be read shows as it was
// written, with a note.
import { useMemo } from 'react';
import { GameViewer } from './GameViewer';
import { PgnError, readPgn } from './pgn';
import './board.css';

export function ArticleGame({ pgn }: { pgn: string }) {
  const read = useMemo(() => {
    try {
      return { game: readPgn(pgn), error: null };
    } catch (error) {
      if (!(error instanceof PgnError)) throw error;
      return { game: null, error: error.message };
    }
  }, [pgn]);
  if (!read.game) {
    return (
      <figure className="article-game article-game--unreadable">
        <pre>
          <code>{pgn}</code>
        </pre>
        <figcaption className="muted">This game could not be shown on a board: {read.error}</figcaption>
      </figure>
    );
  }
  return (
    <div className="article-game">
      <GameViewer game={read.game} pgn={pgn} />
    </div>
  );
}
