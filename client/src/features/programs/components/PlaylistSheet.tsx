// The program chapter's Playlist: a sheet from the bottom (a side panel on wide screens) with a
// heading, a close button and the chapter's videos, each with its title and its duration apart,
// the one playing marked. Its styles come with it, whichever page chunk opens it.
import { useEffect, useRef } from 'react';
import type { ProgramChapter } from '../../../api/contract';
import { formatDuration, pluralize } from '../../../lib/format';
import { chapterTone } from '../slice';
import './playlist-sheet.css';

type Video = ProgramChapter['subchapters'][number];

interface PlaylistSheetProps {
  id: string;
  videos: readonly Video[];
  current: number;
  onChoose: (index: number) => void;
  onClose: () => void;
}

export function PlaylistSheet({ id, videos, current, onChoose, onClose }: PlaylistSheetProps) {
  const currentItem = useRef<HTMLButtonElement>(null);

  // Focus moves to the playing video, so the keyboard starts where the viewer is.
  useEffect(() => {
    currentItem.current?.focus();
  }, []);

  return (
    <div id={id} className="playlist-sheet" role="dialog" aria-labelledby={`${id}-title`}>
      <div className="playlist-sheet__bar">
        <div className="playlist-sheet__heading">
          <h2 id={`${id}-title`} className="playlist-sheet__title">
            Playlist
          </h2>
          <span className="playlist-sheet__count">{pluralize(videos.length, 'video')}</span>
        </div>
        <button
          type="button"
          className="close-button playlist-sheet__close"
          aria-label="Close the playlist"
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <ol className="playlist-sheet__list">
        {videos.map((item, index) => (
          <li key={item.id}>
            <button
              ref={index === current ? currentItem : undefined}
              type="button"
              className={`playlist-sheet__item playlist-sheet__item--${chapterTone(item.progress)}`}
              aria-current={index === current ? 'true' : undefined}
              onClick={() => onChoose(index)}
            >
              <span className="playlist-sheet__number" aria-hidden="true">
                {index + 1}
              </span>
              <span className="playlist-sheet__name">{item.title}</span>
              <span className="playlist-sheet__duration">{formatDuration(item.duration)}</span>
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
