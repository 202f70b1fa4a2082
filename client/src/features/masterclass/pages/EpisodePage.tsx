// One masterclass episode (/masterclass/chapter/:id): player, 'Episode N', description, what there
// is to practise with it, and the other episodes of its chapter.
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { applySeo } from '../../../lib/seo';
import { episodeCard } from '../../../components/cards';
import { ItemFailure } from '../../../components/ItemFailure';
import { LearningArea } from '../../../components/LearningArea';
import { CardRow } from '../../../components/CardRow';
import { WatchProgress } from '../../../components/ProgressBar';
import { selectIsSignedIn } from '../../../state/auth-slice';
import { pickFormat } from '../../../components/Picture';
import { ErrorMessage, Loading } from '../../../components/Status';
import { VideoPlayer } from '../../../components/VideoPlayer';
import { formatDuration, pluralize } from '../../../lib/format';
import { episodeNumber, masterclassActions, otherEpisodes, selectMasterclass } from '../slice';
import './masterclass.css';

export function EpisodePage() {
  const { id = '' } = useParams();
  // `?exercise=<id>` opens the Practise area at that exercise.
  const [search] = useSearchParams();
  const dispatch = useAppDispatch();
  const request = useAppSelector(selectMasterclass).episode;
  const { data: episode, status } = request;
  const signedIn = useAppSelector(selectIsSignedIn);

  useEffect(() => {
    dispatch(masterclassActions.episodeRequested(id));
  }, [dispatch, id]);

  useEffect(() => {
    if (!episode) return;
    applySeo({ title: `${episode.title} - Masterclass`, description: episode.description ?? episode.title });
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, [episode]);

  if (status === 'failed') {
    return (
      <ItemFailure item={request} path={`/masterclass/chapter/${id}`}>
        <ErrorMessage>Something went wrong fetching the episode.</ErrorMessage>
      </ItemFailure>
    );
  }
  if (!episode) return <Loading label="Loading the episode…" />;

  const others = otherEpisodes(episode);
  const watched = { type: 'masterclass_episode', id: String(episode.id) } as const;
  return (
    <article className="episode">
      <VideoPlayer
        videoId={episode.video_id}
        title={episode.title}
        poster={pickFormat(episode.thumbnail, ['medium', 'small'])?.url}
        posterFocus={episode.thumbnail?.focalPoint}
        item={watched}
      />
      <p className="episode__number">Episode {episodeNumber(episode)}</p>
      <h1 className="page__title">{episode.title}</h1>
      <p className="episode__meta">{formatDuration(episode.duration ?? episode.dm_data?.duration)}</p>
      {signedIn && !episode.locked && episode.progress !== undefined && (
        <WatchProgress id="episode-progress" percent={episode.progress} />
      )}
      {episode.description && <p>{episode.description}</p>}
      <LearningArea key={watched.id} item={watched} content={episode} exercise={search.get('exercise')} />
      <section className="section" aria-labelledby="other-episodes">
        <div className="section__head">
          <h2 id="other-episodes" className="section__title">
            Other episodes
          </h2>
          <span className="section__count">{pluralize(others.length, 'episode')}</span>
        </div>
        <CardRow items={others} card={episodeCard} />
      </section>
    </article>
  );
}
