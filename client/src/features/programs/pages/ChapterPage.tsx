// A program chapter (/program-chapter/:id): back, Playlist sheet, the current subchapter's
// video (click to play, which records progress), Previous and Next, and the other chapters.
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { applySeo } from '../../../lib/seo';
import { lockedRoute } from '../../../components/locked-route';
import { ErrorMessage, Loading } from '../../../components/Status';
import { VideoPlayer } from '../../../components/VideoPlayer';
import { selectIsSignedIn } from '../../../session/auth-slice';
import { PlaylistSheet } from '../components/PlaylistSheet';
import { chapterRequested, chapterTone, selectPrograms, subchapterPlayed } from '../slice';
import './programs.css';

export function ChapterPage() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const { chapter, chapterStatus, chapterErrorStatus } = useAppSelector(selectPrograms);
  const signedIn = useAppSelector(selectIsSignedIn);
  // The position in the playlist belongs to one chapter: another chapter starts at 0.
  const [position, setPosition] = useState({ id, index: 0 });
  const index = position.id === id ? position.index : 0;
  const setIndex = (next: number) => setPosition({ id, index: next });
  const [playlistOpen, setPlaylistOpen] = useState(false);
  const playlistButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    dispatch(chapterRequested(id));
  }, [dispatch, id]);

  useEffect(() => {
    if (chapter) applySeo({ title: chapter.title, description: chapter.description ?? chapter.title });
  }, [chapter]);

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

  if (chapterStatus === 'failed') {
    const route = lockedRoute(chapterErrorStatus, signedIn, `/program-chapter/${id}`);
    if (route) return <Navigate to={route} replace />;
    return <ErrorMessage>Something went wrong fetching this chapter.</ErrorMessage>;
  }
  if (!chapter) return <Loading label="Loading the chapter…" />;

  const videos = chapter.subchapters.filter((item) => !item.__component || item.__component.endsWith('subchapter'));
  const current = videos[index];
  const last = videos.length - 1;
  const otherChapters = (chapter.chapters ?? []).filter((item) => item.id !== chapter.id);

  return (
    <article className="chapter">
      <div className="chapter__bar">
        <Link className="control-button" to={chapter.program ? `/program/${chapter.program.id}` : '/programs'}>
          ← Back
        </Link>
        <button
          ref={playlistButton}
          type="button"
          className="control-button"
          aria-expanded={playlistOpen}
          aria-controls="playlist"
          onClick={() => setPlaylistOpen(!playlistOpen)}
        >
          Playlist
        </button>
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
      {current && (
        <>
          <VideoPlayer
            key={current.id}
            videoId={current.video_id}
            title={current.title}
            poster={current.dm_data.thumbnail_720_url ?? undefined}
            clickToPlay
            onPlay={() => dispatch(subchapterPlayed(current.id))}
          />
          <div className="chapter__nav">
            <button type="button" className="control-button" disabled={index <= 0} onClick={() => setIndex(index - 1)}>
              Previous
            </button>
            <span className="muted">
              {index + 1} / {videos.length}
            </span>
            <button type="button" className="control-button" disabled={index >= last} onClick={() => setIndex(index + 1)}>
              Next
            </button>
          </div>
          <p className="eyebrow">{chapter.title}</p>
          <h1 className="page__title">{current.title}</h1>
          {current.description && <p>{current.description}</p>}
        </>
      )}
      {otherChapters.length > 0 && (
        <section className="section" aria-labelledby="other-chapters">
          <h2 id="other-chapters" className="section__title">
            Other chapters
          </h2>
          <ul className="card-row chapter-cards">
            {otherChapters.map((item) => (
              <li key={item.id}>
                <Link className={`chapter-card chapter-card--${chapterTone(item.progress)}`} to={`/program-chapter/${item.id}`}>
                  <span className="chapter-card__number">Chapter {item.position ?? ''}</span>
                  <span className="chapter-card__title">{item.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}
