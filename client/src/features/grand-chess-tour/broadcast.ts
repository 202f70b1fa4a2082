// What the tour's video is on a given day, read from the season's schedule: live while an event
// is on, a replay once the last event has ended, a preview before the first. The dates already
// say it, so the CMS needs no field that an editor could forget to change: a finished season
// never reads as live.
import type { GrandChessTour } from '../../api/contract';

type TourEvents = GrandChessTour['events'];

export type BroadcastState = 'upcoming' | 'live' | 'between' | 'finished' | 'unscheduled';

export const BROADCAST_LABELS: Record<BroadcastState, string> = {
  upcoming: 'Coming up',
  live: 'Live',
  between: 'Latest broadcast',
  finished: 'Watch again',
  unscheduled: 'Watch',
};

/** The state on `today` (yyyy-mm-dd, UTC); an event without an end date lasts its start day. */
export function broadcastState(events: TourEvents, today: string): BroadcastState {
  const dated = (events ?? []).flatMap((event) =>
    event.start_date ? [{ start: event.start_date, end: event.end_date || event.start_date }] : [],
  );
  if (dated.length === 0) return 'unscheduled';
  if (dated.some(({ start, end }) => start <= today && today <= end)) return 'live';
  if (dated.every(({ start }) => today < start)) return 'upcoming';
  if (dated.every(({ end }) => end < today)) return 'finished';
  return 'between';
}

export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
