// One program (/program/:id): hero, trainers, level, chapter count, what's inside, the intro
// video (plays on tap), the chapters carousel and the recommended program.
import { metaLine } from '../../../components/cards';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../../state/store-hooks';
import { programCard } from '../../../components/cards';
import { useItemPage } from '../../../components/use-item-page';
import { ItemFailure } from '../../../components/ItemFailure';
import { ContentCard } from '../../../components/ContentCard';
import { FiguresWords, WatchProgress } from '../../../components/ProgressBar';
import { Picture } from '../../../components/Picture';
import { ErrorMessage, Loading } from '../../../components/Status';
import { VideoPlayer } from '../../../components/VideoPlayer';
import { selectIsSignedIn } from '../../../state/auth-slice';
import { useCardFigures, useCardProgress } from '../../../state/hooks';
import { ChapterFigures } from '../components/ChapterFigures';
import { chaptersHeading, chapterTone, programsActions, selectPrograms } from '../slice';
import './programs.css';

export function ProgramPage() {
  const { id = '' } = useParams();
  const request = useAppSelector(selectPrograms).program;
  const { data: program, status } = request;
  const signedIn = useAppSelector(selectIsSignedIn);
  const relatedId = program?.related_program?.id;
  const progressOf = useCardProgress('programs', relatedId ? [relatedId] : []);
  const figuresOf = useCardFigures('programs');

  useItemPage(
    programsActions.programRequested,
    id,
    program && { title: program.title, description: program.description ?? program.title },
  );

  if (status === 'failed') {
    return (
      <ItemFailure item={request} path={`/program/${id}`}>
        <ErrorMessage>Something went wrong fetching this program.</ErrorMessage>
      </ItemFailure>
    );
  }
  if (!program) return <Loading label="Loading the program…" />;

  const intro = program.introduction_video;
  const related = program.related_program;
  return (
    <article className="program">
      <Picture media={program.hero_image} formats={['medium', 'small']} className="program__hero" priority />
      <h1 className="page__title">{program.title}</h1>
      <ul className="program__trainers" aria-label="Trainers">
        {program.trainers?.map((trainer) => (
          <li key={trainer.id}>
            <Picture media={trainer.thumbnail} formats={['thumbnail']} className="program__trainer-photo" alt="" />
            {trainer.name}
          </li>
        ))}
      </ul>
      <p className="program__facts">
        {metaLine(program.level?.label, `${program.chapter_count ?? program.chapters.length} chapters`)}
      </p>
      {signedIn && !program.locked && (
        <WatchProgress id="program-progress" percent={program.progress} count={<FiguresWords figures={program} />} />
      )}
      <section className="section" aria-labelledby="program-inside">
        <h2 id="program-inside" className="section__title">
          What’s inside?
        </h2>
        {program.bullet_points && (
          <ul className="program__bullets">
            {program.bullet_points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        )}
        {program.description && <p>{program.description}</p>}
      </section>
      {intro?.video_id && (
        <section className="section" aria-label="Introduction video">
          <VideoPlayer
            videoId={intro.video_id}
            title={intro.title ?? program.title}
            poster={intro.dm_data?.thumbnail_720_url ?? program.dm_data?.thumbnail_480_url}
            clickToPlay
          />
        </section>
      )}
      <section className="section" aria-labelledby="program-chapters">
        <h2 id="program-chapters" className="section__title">
          {chaptersHeading(program.chapters.length)}
        </h2>
        <ol className="card-row chapter-cards">
          {program.chapters.map((chapter, index) => (
            <li key={chapter.id}>
              <Link
                className={`chapter-card chapter-card--${chapterTone(chapter.progress)}`}
                to={`/program-chapter/${chapter.id}`}
              >
                <span className="chapter-card__number">Chapter {index + 1}</span>
                <span className="chapter-card__title">{chapter.title}</span>
                <ChapterFigures chapter={chapter} member={signedIn && !program.locked} />
              </Link>
            </li>
          ))}
        </ol>
      </section>
      {related && (
        <section className="section" aria-labelledby="program-related">
          <div className="section__head">
            <h2 id="program-related" className="section__title">
              Recommended
            </h2>
            <Link className="section__link" to="/programs">
              View all
            </Link>
          </div>
          <div className="program__related">
            <ContentCard {...programCard(related)} progress={progressOf(related.id)} figures={figuresOf(related.id)} />
          </div>
        </section>
      )}
    </article>
  );
}
