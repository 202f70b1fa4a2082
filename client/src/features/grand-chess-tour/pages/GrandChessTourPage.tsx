// The Grand Chess Tour (/grand-chess-tour): the season's video (live, or a replay once the
// season is over), the schedule and About.
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { Markdown } from '../../../components/Markdown';
import { pickFormat } from '../../../components/Picture';
import { ErrorMessage, Loading } from '../../../components/Status';
import { VideoPlayer } from '../../../components/VideoPlayer';
import { formatDate } from '../../../lib/format';
import { BROADCAST_LABELS, broadcastState, todayUtc } from '../broadcast';
import { selectTour, tourRequested } from '../slice';
import './grand-chess-tour.css';

export function GrandChessTourPage() {
  const dispatch = useAppDispatch();
  const { data, status } = useAppSelector(selectTour);

  useEffect(() => {
    dispatch(tourRequested());
  }, [dispatch]);

  if (status === 'failed' && !data) return <ErrorMessage>Something went wrong fetching this page data.</ErrorMessage>;
  if (!data) return <Loading label="Loading the Grand Chess Tour…" />;
  const state = broadcastState(data.events, todayUtc());
  const broadcast = BROADCAST_LABELS[state];
  // A season that is over reads as one: its events stay listed, under the season's name.
  const season = data.season ? ` ${data.season}` : '';
  const scheduleTitle = state === 'finished' ? `The${season} season` : `Schedule${season}`;

  return (
    <div className="tour">
      <h1 className="page__title">{data.title}</h1>
      <section className="section" aria-labelledby="tour-live">
        <h2 id="tour-live" className="section__title">
          {broadcast}
        </h2>
        <VideoPlayer
          videoId={data.live_video_id}
          title={`${data.title}: ${broadcast.toLowerCase()}`}
          poster={pickFormat(data.hero_image, ['medium', 'small'])?.url}
          posterFocus={data.hero_image?.focalPoint}
          autoplay={false}
        />
      </section>
      <section className="section" aria-labelledby="tour-schedule">
        <h2 id="tour-schedule" className="section__title">
          {scheduleTitle}
        </h2>
        <ol className="tour__events">
          {(data.events ?? []).map((event) => (
            <li key={event.name} className="tour__event">
              <h3 className="tour__event-name">{event.name}</h3>
              <p className="muted">
                {event.city} · <time dateTime={event.start_date ?? undefined}>{formatDate(event.start_date)}</time>
                {event.end_date && (
                  <>
                    {' – '}
                    <time dateTime={event.end_date}>{formatDate(event.end_date)}</time>
                  </>
                )}
              </p>
              {event.description && <p>{event.description}</p>}
            </li>
          ))}
        </ol>
      </section>
      {data.about && (
        <section className="section" aria-label="About">
          <Markdown source={data.about} className="prose" />
        </section>
      )}
    </div>
  );
}
