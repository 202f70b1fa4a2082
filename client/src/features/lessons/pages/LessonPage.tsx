// One lesson (/lessons/:id): player of the selected chapter, title, description, the 'Lessons'
// tab of chapters, the selected chapter's practice, and the related rows. 404, 403 and other
// failures route as client/README.md says (How the shell works, Detail pages).
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { applySeo } from '../../../lib/seo';
import type { LessonCard } from '../../../api/contract';
import { lessonCard, lessonDetails } from '../../../components/cards';
import { ItemFailure } from '../../../components/ItemFailure';
import { LearningArea } from '../../../components/LearningArea';
import { CardRow } from '../../../components/CardRow';
import { CardProgress, WatchProgress, watchedText } from '../../../components/ProgressBar';
import { pickFormat } from '../../../components/Picture';
import { Section } from '../../../components/Section';
import { ErrorMessage, Loading } from '../../../components/Status';
import { VideoPlayer } from '../../../components/VideoPlayer';
import { formatDuration } from '../../../lib/format';
import { selectIsSignedIn } from '../../../session/auth-slice';
import { useCardProgress, useLockedTap } from '../../../session/hooks';
import { PractiseThemeLink } from '../components/PractiseThemeLink';
import { lessonsActions, selectLessons } from '../slice';
import './lesson-page.css';

export function LessonPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const dispatch = useAppDispatch();
  const { lesson: request, sameTopic, sameTeacher } = useAppSelector(selectLessons);
  const { data: lesson, status } = request;
  const onLockedTap = useLockedTap();
  const signedIn = useAppSelector(selectIsSignedIn);
  // The related rows' lesson cards, with the member's progress as in the lists.
  const progressOf = useCardProgress(
    'lessons',
    [...sameTopic, ...sameTeacher].map((item) => item.id),
  );
  // The chosen chapter belongs to one lesson: another lesson starts at its first chapter, or at
  // the one its address names (`?chapter=2`, 1-based, as the continue-learning row links).
  const linked = Math.max(0, (Number.parseInt(search.get('chapter') ?? '', 10) || 1) - 1);
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
    <CardRow items={items} card={lessonCard} progressOf={progressOf} onLockedTap={onLockedTap} />
  );

  return (
    <article className="lesson">
      <div className="lesson__top">
        <VideoPlayer
          videoId={chapter?.video_id}
          title={chapter?.title ?? lesson.title}
          poster={poster}
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
                  {signedIn && item.progress > 0 && (
                    <>
                      <span className="visually-hidden">{watchedText(item.progress)}</span>
                      <CardProgress percent={item.progress} />
                    </>
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
        <WatchProgress
          id="lesson-progress"
          percent={lesson.progress}
          count={`${lesson.completed_chapters} of ${lesson.chapters.length} chapters`}
        />
      )}
      {lesson.description && <p>{lesson.description}</p>}
      <PractiseThemeLink category={lesson.lesson_category?.name} />
      <LearningArea key={watched?.id} item={watched} content={chapter} />
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
