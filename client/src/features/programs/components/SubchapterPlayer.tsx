// The chapter's current subchapter: its video (click to play; what the member watches is reported
// by the player, never by the tap), Previous and Next through the playlist, its titles, and what
// there is to practise with it, and its lines to drill.
import type { ReactNode } from 'react';
import type { Subchapter } from '../../../api/contract';
import { LearningArea } from '../../../components/LearningArea';
import { VideoPlayer } from '../../../components/VideoPlayer';
import { DrillLines } from './DrillLines';

const NONE_DUE: ReadonlySet<string> = new Set();

export function SubchapterPlayer({
  chapterTitle,
  videos,
  index,
  onIndex,
  exercise,
  progress,
  member = false,
  due = NONE_DUE,
  onDrilled,
}: {
  chapterTitle: string;
  videos: Subchapter[];
  index: number;
  onIndex: (index: number) => void;
  /** An exercise of the current video to open the Practise area at. */
  exercise?: string | null;
  /** The member's progress in the chapter, under the video's titles. */
  progress?: ReactNode;
  member?: boolean;
  /** The ids of the member's review items due now, for the drill's lines. */
  due?: ReadonlySet<string>;
  onDrilled?: () => void;
}) {
  const current = videos[index];
  if (!current) return null;
  const last = videos.length - 1;
  const watched = { type: 'program_subchapter', id: current.id } as const;
  return (
    <>
      <VideoPlayer
        key={current.id}
        videoId={current.video_id}
        title={current.title}
        poster={current.dm_data.thumbnail_720_url ?? undefined}
        clickToPlay
        item={watched}
      />
      <div className="chapter__nav">
        <button type="button" className="control-button" disabled={index <= 0} onClick={() => onIndex(index - 1)}>
          Previous
        </button>
        <span className="muted">
          {index + 1} / {videos.length}
        </span>
        <button type="button" className="control-button" disabled={index >= last} onClick={() => onIndex(index + 1)}>
          Next
        </button>
      </div>
      <p className="eyebrow">{chapterTitle}</p>
      <h1 className="page__title">{current.title}</h1>
      {progress}
      {current.description && <p>{current.description}</p>}
      <LearningArea key={current.id} item={watched} content={current} exercise={exercise} />
      <DrillLines key={`drill-${current.id}`} drill={current.drill} member={member} due={due} onDrilled={onDrilled} />
    </>
  );
}
