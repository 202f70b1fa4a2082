// A program chapter (/program-chapter/:id): back, Playlist sheet, the current subchapter's
// player (SubchapterPlayer) with its lines to drill, and the other chapters.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAppSelector } from '../../../state/store-hooks';
import { solvedSince, withSolved } from '../../../components/figures';
import { FiguresWords, WatchProgress } from '../../../components/ProgressBar';
import { selectIsSignedIn } from '../../../state/auth-slice';
import { selectSolvedExercises } from '../../../state/learning-slice';
import type { ProgramChapter } from '../../../api/contract';
import { useItemPage } from '../../../components/use-item-page';
import { ItemFailure } from '../../../components/ItemFailure';
import { ErrorMessage, Loading } from '../../../components/Status';
import { OtherChapters } from '../components/OtherChapters';
import { PlaylistSheet } from '../components/PlaylistSheet';
import { SubchapterPlayer } from '../components/SubchapterPlayer';
import { programsActions, selectPrograms } from '../slice';
import './programs.css';
import { ControlButton } from '../../../components/ControlButton';
import { useReviewSummary } from '../../../components/review/use-review';

/** The chapter's videos, in order. */
function playlist(chapter: ProgramChapter) {
  return chapter.subchapters.filter((item) => !item.__component || item.__component.endsWith('subchapter'));
}

export function ChapterPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const request = useAppSelector(selectPrograms).chapter;
  const { data: chapter, status } = request;
  const signedIn = useAppSelector(selectIsSignedIn);
  // Exercises solved on the board count at once, before the chapter's answer says so.
  const solvedHere = useAppSelector(selectSolvedExercises);
  // The position in the playlist belongs to one chapter: another chapter starts at 0, or at the
  // video its address names (`?video=12:3`, the subchapter's id, as the continue-learning row links);
  // `&exercise=<id>` opens that video's Practise area at the exercise.
  const [position, setPosition] = useState<{ id: string; index: number | null }>({ id, index: null });
  const linked = search.get('video');
  const linkedExercise = search.get('exercise');
  const linkedIndex = chapter
    ? Math.max(
        0,
        playlist(chapter).findIndex((item) =>
          linked ? item.id === linked : (item.exercises ?? []).some((exercise) => exercise.id === linkedExercise),
        ),
      )
    : 0;
  const index = position.id === id && position.index !== null ? position.index : linkedIndex;
  const setIndex = (next: number) => setPosition({ id, index: next });
  const [playlistOpen, setPlaylistOpen] = useState(false);
  const playlistButton = useRef<HTMLButtonElement>(null);
  // A chapter with lines to drill says which are due in the member's review.
  const drills = Boolean(chapter?.subchapters.some((item) => item.drill?.lines.length));
  const review = useReviewSummary(signedIn && drills);
  const due = useMemo(() => new Set((review.data?.items ?? []).map((item) => item.id)), [review.data]);

  useItemPage(
    programsActions.chapterRequested,
    id,
    chapter && { title: chapter.title, description: chapter.description ?? chapter.title },
  );

  // Closing gives focus back to the Playlist button.
  const closePlaylist = () => {
    setPlaylistOpen(false);
    playlistButton.current?.focus();
  };

  useEffect(() => {
    if (!playlistOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setPlaylistOpen(false);
        playlistButton.current?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [playlistOpen]);

  if (status === 'failed') {
    return (
      <ItemFailure item={request} path={`/program-chapter/${id}`}>
        <ErrorMessage>Something went wrong fetching this chapter.</ErrorMessage>
      </ItemFailure>
    );
  }
  if (!chapter) return <Loading label="Loading the chapter…" />;

  const videos = playlist(chapter);
  const otherChapters = (chapter.chapters ?? []).filter((item) => item.id !== chapter.id);
  const figures = withSolved(
    chapter,
    videos.reduce((sum, video) => sum + solvedSince(video.exercises, solvedHere), 0),
  );

  return (
    <article className="chapter">
      <div className="chapter__bar">
        <Link className="control-button" to={chapter.program ? `/program/${chapter.program.id}` : '/programs'}>
          ← Back
        </Link>
        <ControlButton
          buttonRef={playlistButton}
          controls="playlist"
          open={playlistOpen}
          onToggle={() => setPlaylistOpen(!playlistOpen)}
        >
          Playlist
        </ControlButton>
      </div>
      {playlistOpen && (
        <PlaylistSheet
          id="playlist"
          videos={videos}
          current={index}
          onChoose={(next) => {
            setIndex(next);
            closePlaylist();
          }}
          onClose={closePlaylist}
        />
      )}
      <SubchapterPlayer
        chapterTitle={chapter.title}
        videos={videos}
        index={index}
        onIndex={setIndex}
        exercise={index === linkedIndex ? linkedExercise : null}
        member={signedIn}
        due={due}
        onDrilled={review.reload}
        progress={
          signedIn && (
            <WatchProgress
              id="chapter-progress"
              percent={figures.progress}
              count={<FiguresWords figures={figures} />}
            />
          )
        }
      />
      <OtherChapters chapters={otherChapters} member={signedIn} />
    </article>
  );
}
