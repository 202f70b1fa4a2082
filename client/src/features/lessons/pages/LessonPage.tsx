// One lesson (/lessons/:id): player of the selected chapter, title, description, the 'Lessons'
// tab of chapters, the selected chapter's practice, and the related rows. 404, 403 and other
// failures route as client/README.md says (How the shell works, Detail pages).
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { applySeo } from '../../../lib/seo';
import type { LessonCard } from '../../../api/contract';
import { lessonCard, lessonDetails } from '../../../components/cards';
import { ItemFailure } from '../../../components/ItemFailure';
import { LearningArea } from '../../../components/LearningArea';
import { CardRow } from '../../../components/CardRow';
import { solvedSince, withSolved } from '../../../components/figures';
import { CardProgress, FiguresWords, WatchProgress } from '../../../components/ProgressBar';
import { pickFormat } from '../../../components/Picture';
import { PersonBlock } from '../../../components/PersonBlock';
import { Section } from '../../../components/Section';
import { ErrorMessage, Loading } from '../../../components/Status';
import { VideoPlayer } from '../../../components/VideoPlayer';
import { formatDuration } from '../../../lib/format';
import { selectIsSignedIn } from '../../../state/auth-slice';
import { useCardProgress, useCardFigures } from '../../../state/hooks';
import { selectSolvedExercises } from '../../../state/learning-slice';
import { PractiseThemeLink } from '../components/PractiseThemeLink';
import { lessonsActions, selectLessons } from '../slice';
import './lesson-page.css';

export function LessonPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const dispatch = useAppDispatch();
  const { lesson: request, sameTopic, sameTeacher } = useAppSelector(selectLessons);
  const { data: lesson, status } = request;
  const signedIn = useAppSelector(selectIsSignedIn);
  // Exercises solved on the board count at once, before the lesson's answer says so.
  const solvedHere = useAppSelector(selectSolvedExercises);
  // The related rows' lesson cards, with the member's progress as in the lists.
  const progressOf = useCardProgress(
    'lessons',
    [...sameTopic, ...sameTeacher].map((item) => item.id),
  );
  const figuresOf = useCardFigures('lessons');
  // The chosen chapter belongs to one lesson: another lesson starts at its first chapter, or at
  // the one its address names (`?chapter=2`, 1-based, as the continue-learning row links), and
  // `&exercise=<id>` opens its Practise area at that exercise.
  const linked = Math.max(0, (Number.parseInt(search.get('chapter') ?? '', 10) || 1) - 1);
  const linkedExercise = search.get('exercise');
  const [choice, setChoice] = useState({ id, index: linked });
  const chapterIndex = choice.id === id ? choice.index : linked;
  const setChapterIndex = (index: number) => setChoice({ id, index });

  useEffect(() => {
    dispatch(lessonsActions.lessonRequested(id));
  }, [dispatch, id]);

  useEffect(() => {
    if (!lesson) return;
    applySeo({
      title: `learn chess online - ${lesson.title}`,
      description: [lesson.description_short, lesson.description].filter(Boolean).join(' '),
    });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [lesson]);

  if (status === 'failed') {
    return (
      <ItemFailure item={request} path={`/lessons/${id}`}>
        <div className="page">
          <ErrorMessage>Something went wrong fetching the lesson.</ErrorMessage>
        </div>
      </ItemFailure>
    );
  }
  if (!lesson || String(lesson.id) !== id) {
    return (
      <div className="loading-overlay">
        <Loading label="Loading the lesson…" />
      </div>
    );
  }

  const chapter = lesson.chapters[chapterIndex] ?? lesson.chapters[0];
  const poster = pickFormat(lesson.thumbnail, ['medium', 'small'])?.url;
  const watched = chapter ? ({ type: 'lesson_chapter', id: `${lesson.id}:${chapter.id}` } as const) : null;
  const row = (items: LessonCard[]) => (
    <CardRow items={items} card={lessonCard} progressOf={progressOf} figuresOf={figuresOf} />
  );
  const solvedByChapter = lesson.chapters.map((item) => solvedSince(item.exercises, solvedHere));
  const chapterFigures = lesson.chapters.map((item, index) => withSolved(item, solvedByChapter[index] ?? 0));
  const figures = withSolved(
    lesson,
    solvedByChapter.reduce((sum, count) => sum + count, 0),
  );

  return (
    <article className="lesson">
      <div className="lesson__top">
        <VideoPlayer
          videoId={chapter?.video_id}
          title={chapter?.title ?? lesson.title}
          poster={poster}
          posterFocus={lesson.thumbnail?.focalPoint}
          withSideColumn
          item={watched}
        />
        <div className="lesson__chapters">
          <h2 className="lesson__tab" id="lesson-chapters">
            Lessons
          </h2>
          <ol className="chapter-list" aria-labelledby="lesson-chapters">
            {lesson.chapters.map((item, index) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="chapter-list__item"
                  aria-current={index === chapterIndex ? 'true' : undefined}
                  onClick={() => setChapterIndex(index)}
                >
                  <span>{item.title}</span>
                  <span className="chapter-list__meta">{formatDuration(item.duration)}</span>
                  {signedIn && (
                    <span className="chapter-list__figures">
                      <FiguresWords figures={chapterFigures[index] ?? item} />
                    </span>
                  )}
                  {signedIn && (chapterFigures[index]?.progress ?? 0) > 0 && (
                    <CardProgress percent={chapterFigures[index]?.progress ?? 0} />
                  )}
                </button>
              </li>
            ))}
          </ol>
        </div>
      </div>
      <h1 className="page__title">{lesson.title}</h1>
      <p className="lesson__meta">{lessonDetails(lesson)}</p>
      {signedIn && !lesson.locked && (
        <WatchProgress id="lesson-progress" percent={figures.progress} count={<FiguresWords figures={figures} />} />
      )}
      {lesson.description && <p>{lesson.description}</p>}
      <PractiseThemeLink category={lesson.lesson_category?.name} />
      <LearningArea
        key={watched?.id}
        item={watched}
        content={chapter}
        exercise={chapter === lesson.chapters[linked] ? linkedExercise : null}
      />
      {lesson.teacher && <PersonBlock person={lesson.teacher} title="Your teacher" />}
      {sameTopic.length > 0 && (
        <Section id="same-topic" title="On the same topic">
          {row(sameTopic)}
        </Section>
      )}
      {sameTeacher.length > 0 && (
        <Section id="same-teacher" title="From the same teacher">
          {row(sameTeacher)}
        </Section>
      )}
    </article>
  );
}
