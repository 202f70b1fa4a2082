// A program chapter card's figures: the member's videos watched and exercises solved, a part a
// line; a guest (or a locked program) sees what the chapter holds ('5 videos · 3 exercises').
import { figureParts, type Figures, figuresHeld } from '../../../components/figures';

export function ChapterFigures({ chapter, member }: { chapter: Figures; member: boolean }) {
  if (!chapter.videos_total && !chapter.exercises_total) return null;
  if (!member) return <span className="chapter-card__meta">{figuresHeld(chapter)}</span>;
  return (
    <span className="chapter-card__meta">
      {figureParts(chapter).map((part) => (
        <span key={part} className="chapter-card__figure">
          {part}
        </span>
      ))}
    </span>
  );
}
