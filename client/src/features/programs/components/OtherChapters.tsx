// The program's other chapters, each toned by the viewer's progress in it.
import { Link } from 'react-router';
import type { ProgramChapter } from '../../../api/contract';
import { chapterTone } from '../slice';
import { ChapterFigures } from './ChapterFigures';

type ChapterLink = NonNullable<ProgramChapter['chapters']>[number];

export function OtherChapters({ chapters, member }: { chapters: ChapterLink[]; member: boolean }) {
  if (chapters.length === 0) return null;
  return (
    <section className="section" aria-labelledby="other-chapters">
      <h2 id="other-chapters" className="section__title">
        Other chapters
      </h2>
      <ul className="card-row chapter-cards">
        {chapters.map((item) => (
          <li key={item.id}>
            <Link
              className={`chapter-card chapter-card--${chapterTone(item.progress)}`}
              to={`/program-chapter/${item.id}`}
            >
              <span className="chapter-card__number">Chapter {item.position ?? ''}</span>
              <span className="chapter-card__title">{item.title}</span>
              <ChapterFigures chapter={item} member={member} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
