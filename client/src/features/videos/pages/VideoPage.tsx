// A video page (/videos/:id): player, title, subhead, description and 'Related videos'.
import { useParams } from 'react-router';
import { useAppSelector } from '../../../state/store-hooks';
import { videoCard } from '../../../components/cards';
import { useItemPage } from '../../../components/use-item-page';
import { ItemFailure } from '../../../components/ItemFailure';
import { CardRow } from '../../../components/CardRow';
import { pickFormat } from '../../../components/Picture';
import { Section } from '../../../components/Section';
import { Loading } from '../../../components/Status';
import { VideoPlayer } from '../../../components/VideoPlayer';
import { formatDuration } from '../../../lib/format';
import { selectVideos, videoRequested } from '../slice';

export const VIDEO_UNAVAILABLE = 'This video is unavailable at the moment.';

export function VideoPage() {
  const { id = '' } = useParams();
  const request = useAppSelector(selectVideos);
  const { data: video, status } = request;

  useItemPage(videoRequested, id, video && { title: video.title, description: video.subhead ?? video.title });

  if (status === 'failed') {
    return (
      <ItemFailure item={request} path={`/videos/${id}`}>
        <p className="page__notice" role="alert">
          {VIDEO_UNAVAILABLE}
        </p>
      </ItemFailure>
    );
  }
  if (!video) return <Loading label="Loading the video…" />;

  return (
    <article className="video">
      {video.video_id ? (
        <VideoPlayer
          videoId={video.video_id}
          title={video.title}
          poster={pickFormat(video.hero_image, ['medium', 'small'])?.url}
          posterFocus={video.hero_image?.focalPoint}
          item={{ type: 'video', id: String(video.id) }}
        />
      ) : (
        <p className="page__notice" role="alert">
          {VIDEO_UNAVAILABLE}
        </p>
      )}
      {video.video_category && <p className="eyebrow">{video.video_category.name}</p>}
      <h1 className="page__title">{video.title}</h1>
      {video.subhead && <p className="video__subhead">{video.subhead}</p>}
      <p className="muted">{formatDuration(video.duration)}</p>
      {video.description && <p>{video.description}</p>}
      {video.related && video.related.length > 0 && (
        <Section id="related-videos" title="Related videos">
          <CardRow items={video.related} card={videoCard} />
        </Section>
      )}
    </article>
  );
}
