// Reports what a signed-in member watches, so that they resume there on any device (README:
// Continue learning): a `tick` every 15 s while playing, and at once on pause, on leaving (the
// page hidden, another page or item: `leave`) and at the end (`ended`). Reports are silent when
// they fail; one that gets no answer (offline) is kept on this device, the newest per item, and
// sent later (write-queue-saga.ts); a 401 goes through the session's token refresh like any call. Also asks for an
// item's saved place when it opens, for the player's resume prompt.
import { type EventChannel, eventChannel, type Task } from 'redux-saga';
import { call, cancel, delay, fork, race, select, take } from 'redux-saga/effects';
import { api } from '../api/endpoints';
import { takeRequest } from './request';
import { unanswered } from '../lib/write-queue';
import { selectIsSignedIn } from './auth-slice';
import { selectMediaConsent } from './consent-slice';
import {
  itemFromKey,
  itemKey,
  type PlaybackEvent,
  type PlaybackItem,
  playbackEnded,
  playbackLeft,
  playbackPaused,
  playbackProgressed,
  playbackStarted,
  positionFailed,
  positionLoaded,
  positionRequested,
} from './playback-slice';
import { keepWrite } from './write-queue-saga';

export const TICK_MS = 15_000;

type ReportEvent = 'tick' | 'pause' | 'leave' | 'ended';

/** The item being watched: where the player is, whether it plays, and what was last reported. */
interface Watching {
  item: PlaybackItem;
  position: number;
  duration: number;
  /** Played in this page at all: an item opened and left unplayed is not reported. */
  played: boolean;
  playing: boolean;
  reported: number | null;
}

/** Reports go only for a signed-in member who allowed media cookies (the player needs them). */
function* mayReport() {
  const member: boolean = yield select(selectIsSignedIn);
  const consent: boolean = yield select(selectMediaConsent);
  return member && consent;
}

function* send(item: PlaybackItem, position: number, duration: number, event: ReportEvent) {
  const body = { position, duration, event };
  const takenAt = new Date().toISOString();
  try {
    yield call(api.putPosition, item.type, item.id, body, event === 'leave');
  } catch (error) {
    // Silent: the next report says the same place again, and a lost one costs a few seconds.
    // Offline, the newest place is kept for later, without a toast every tick, with when it was
    // taken: sent late, it loses to a newer place reported meanwhile from another device.
    if (unanswered(error)) {
      yield call(keepWrite, 'position', [item.type, item.id], { ...body, reported_at: takenAt }, true);
    }
  }
}

/** Reports `watching` as it is now; nothing when the player does not know the length yet. */
function* report(watching: Watching, event: ReportEvent) {
  if (watching.duration <= 0) return;
  const allowed: boolean = yield* mayReport();
  if (!allowed) return;
  const position = Math.min(Math.max(watching.position, 0), watching.duration);
  watching.reported = position;
  yield fork(send, watching.item, position, watching.duration, event);
}

function* tick(watching: Watching) {
  while (true) {
    yield delay(TICK_MS);
    yield* report(watching, 'tick');
  }
}

/** The page going out of sight (another tab, the app switcher, the phone locked). */
export function pageHidden(): EventChannel<true> {
  return eventChannel((emit) => {
    const onChange = () => {
      if (document.visibilityState === 'hidden') emit(true);
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  });
}

type PlayerAction =
  | ReturnType<typeof playbackStarted>
  | ReturnType<typeof playbackProgressed>
  | ReturnType<typeof playbackPaused>
  | ReturnType<typeof playbackEnded>
  | ReturnType<typeof playbackLeft>;

const PLAYER_ACTIONS = [
  playbackStarted.type,
  playbackProgressed.type,
  playbackPaused.type,
  playbackEnded.type,
  playbackLeft.type,
];

function* reportWatching() {
  const hidden: EventChannel<true> = yield call(pageHidden);
  let watching: Watching | null = null;
  let ticker: Task | null = null;

  function* stopTicking() {
    if (ticker) yield cancel(ticker);
    ticker = null;
  }
  /** Leaving reports the place, unless the item never played or its place is reported already
   * (left after a pause or the end). */
  function* leave(current: Watching) {
    if (current.played && (current.playing || current.reported !== current.position)) {
      yield* report(current, 'leave');
    }
  }

  while (true) {
    const { action }: { action?: PlayerAction; hidden?: true } = yield race({
      action: take(PLAYER_ACTIONS),
      hidden: take(hidden),
    });
    if (!action) {
      if (watching) yield* leave(watching);
      continue;
    }
    if (playbackLeft.match(action)) {
      if (watching && itemKey(watching.item) === itemKey(action.payload)) {
        yield* stopTicking();
        yield* leave(watching);
        watching = null;
      }
      continue;
    }
    const { item, position, duration }: PlaybackEvent = action.payload;
    if (!watching || itemKey(watching.item) !== itemKey(item)) {
      // Another item plays in this page's player: the one before it was left.
      if (watching) {
        yield* stopTicking();
        yield* leave(watching);
      }
      watching = { item, position, duration, played: false, playing: false, reported: null };
    }
    watching.position = position;
    if (duration > 0) watching.duration = duration;

    if (playbackStarted.match(action)) {
      watching.played = true;
      watching.playing = true;
      if (!ticker) ticker = yield fork(tick, watching);
    } else if (playbackPaused.match(action)) {
      const wasPlaying = watching.playing;
      watching.playing = false;
      yield* stopTicking();
      // The host pauses as it ends too: that place was reported with the end.
      if (wasPlaying) yield* report(watching, 'pause');
    } else if (playbackEnded.match(action)) {
      // The host may tell the end twice (end, video_end): the second says nothing new.
      const told = !watching.playing && watching.reported !== null && watching.reported === watching.duration;
      watching.playing = false;
      if (watching.duration > 0) watching.position = watching.duration;
      yield* stopTicking();
      if (!told) yield* report(watching, 'ended');
    }
  }
}

export function* playbackSaga() {
  yield takeRequest(positionRequested, {
    what: 'Watch position',
    fetch: (action) => {
      const { type, id } = itemFromKey(action.payload);
      return api.position(type, id);
    },
    loaded: (position, action) => positionLoaded({ key: action.payload, data: position }),
    failed: (_error, action) => positionFailed(action.payload),
    take: 'every',
  });
  yield fork(reportWatching);
}
