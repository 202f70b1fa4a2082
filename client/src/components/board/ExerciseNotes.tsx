// The teacher's words beside an exercise's board: the comment on the move just played and on its
// reply, "Also good" for a move as good as the line's, why a tempting move fails.
import { Fragment, type ReactNode } from 'react';

/** One move with what the teacher says of it. */
export interface Note {
  /** The move as a book writes it: "33.Rxh7+", "33...Kg8", a mistake and its refutation "33.Bxg6+? Kxg6". */
  move: string;
  comment: string | null;
  kind: 'line' | 'also' | 'mistake';
}

/** "Also good: <comment>", unless the teacher's words already say so ("Also mate in 3: ..."). */
function alsoGood(comment: string | null): ReactNode {
  if (!comment) return <strong>Also good.</strong>;
  if (/^also\b/i.test(comment)) return comment;
  return (
    <>
      <strong>Also good:</strong> {comment}
    </>
  );
}

export function ExerciseNotes({ notes, studied }: { notes: Note[]; studied: string | null }) {
  return (
    <div className="trainer__notes">
      {notes.map((note, index) => (
        <p key={`${index}-${note.move}`} className={`trainer__note trainer__note--${note.kind}`}>
          <span className="trainer__note-move">
            {/* A long refutation wraps between moves, never inside one. */}
            {note.move.split(' ').map((word, at) => (
              <Fragment key={`${at}-${word}`}>
                {at > 0 && ' '}
                <span className="trainer__note-san">{word}</span>
              </Fragment>
            ))}
          </span>{' '}
          {note.kind === 'also' ? <span>{alsoGood(note.comment)}</span> : note.comment && <span>{note.comment}</span>}
        </p>
      ))}
      {studied && <p className="trainer__note trainer__note--studied">The line we study is {studied}.</p>}
    </div>
  );
}
