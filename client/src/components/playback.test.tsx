import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WatchPosition } from '../api/contract';
import { VideoPlayer } from './VideoPlayer';
import { formatClock } from '../lib/format';
import { errorBody, reply, stubApi } from '../test/api-stub';
import { buildUser } from '../test/member-builders';
import { renderWithStore, storeFor as makeStore, type TestState } from '../test/render-with-store';
import { initialAuthState } from '../state/auth-slice';
import { initialConsentState } from '../state/consent-slice';
import { TICK_MS } from '../state/playback-saga';
import {
  type PlaybackItem,
  playbackEnded,
  playbackLeft,
  playbackPaused,
  playbackProgressed,
  playbackStarted,
} from '../state/playback-slice';

const item: PlaybackItem = { type: 'lesson_chapter', id: '7:2' };
const PATH = '/content/positions/lesson_chapter/7%3A2';

const member = (): TestState => ({
  auth: { ...initialAuthState(buildUser()), accessToken: 'token' },
  consent: initialConsentState({ statistics: false, media: true }),
});

function savedPosition(extra: Partial<WatchPosition> = {}): WatchPosition {
  return {
    type: 'lesson_chapter',
    id: '7:2',
    position: 760,
    duration: 900,
    percent: 84,
    progress: 84,
    started: true,
    completed: false,
    updated_at: '2026-11-20T10:00:00Z',
    ...extra,
  };
}

function stubPositions(answer: unknown = reply(200, { data: savedPosition() }), put: unknown = { data: {} }) {
  return stubApi({
    [`GET ${PATH}`]: answer,
    [`PUT ${PATH}`]: put,
    'GET /users/token_refresh': { data: { access: 'fresh', user: buildUser() } },
    'GET /users/profile': { data: buildUser() },
  });
}

/** The reports sent so far: event, position and duration of each PUT. */
function reports(api: ReturnType<typeof stubApi>, path = PATH) {
  return api.calls
    .filter((call) => call.method === 'PUT' && call.url.pathname === path)
    .map((call) => JSON.parse(call.init.body as string) as { event: string; position: number; duration: number });
}

const at = (position: number, duration = 600) => ({ item, position, duration });

/** Moves the fake clock on, then lets the calls it started reach the network stub. */
async function pass(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
  for (let turn = 0; turn < 20; turn += 1) await Promise.resolve();
}

describe('formatClock', () => {
  it('reads like a player clock', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(5.9)).toBe('0:05');
    expect(formatClock(760)).toBe('12:40');
    expect(formatClock(3723)).toBe('1:02:03');
  });
});

describe('reporting the place watched', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reports a tick every 15 s while playing, with the latest place', async () => {
    const api = stubPositions();
    const store = makeStore(member());

    store.dispatch(playbackStarted(at(30)));
    await pass(TICK_MS - 100);
    expect(reports(api)).toEqual([]);

    await pass(100);
    expect(reports(api)).toEqual([{ event: 'tick', position: 30, duration: 600 }]);

    store.dispatch(playbackProgressed(at(52)));
    await pass(TICK_MS);
    store.dispatch(playbackProgressed(at(67)));
    await pass(TICK_MS);
    expect(reports(api).map((each) => [each.event, each.position])).toEqual([
      ['tick', 30],
      ['tick', 52],
      ['tick', 67],
    ]);
  });

  it('reports at once on pause and stops ticking until playing again', async () => {
    const api = stubPositions();
    const store = makeStore(member());

    store.dispatch(playbackStarted(at(10)));
    store.dispatch(playbackProgressed(at(20)));
    store.dispatch(playbackPaused(at(21)));
    await pass(0);
    expect(reports(api)).toEqual([{ event: 'pause', position: 21, duration: 600 }]);

    await pass(TICK_MS * 4);
    expect(reports(api)).toHaveLength(1);

    store.dispatch(playbackStarted(at(21)));
    await pass(TICK_MS);
    expect(reports(api).map((each) => each.event)).toEqual(['pause', 'tick']);
  });

  it('reports the end at the full length, once, and nothing more', async () => {
    const api = stubPositions();
    const store = makeStore(member());

    store.dispatch(playbackStarted(at(590)));
    store.dispatch(playbackEnded(at(599.6)));
    store.dispatch(playbackEnded(at(600)));
    // The host pauses as it ends; leaving afterwards has nothing new to say either.
    store.dispatch(playbackPaused(at(600)));
    store.dispatch(playbackLeft(item));
    await pass(TICK_MS * 2);

    expect(reports(api)).toEqual([{ event: 'ended', position: 600, duration: 600 }]);
  });

  it('reports leaving a playing item at once, sent to outlive the page', async () => {
    const api = stubPositions();
    const store = makeStore(member());

    store.dispatch(playbackStarted(at(100)));
    store.dispatch(playbackProgressed(at(130)));
    store.dispatch(playbackLeft(item));
    await pass(TICK_MS * 2);

    expect(reports(api)).toEqual([{ event: 'leave', position: 130, duration: 600 }]);
    expect(api.calls.find((call) => call.method === 'PUT')!.init.keepalive).toBe(true);
  });

  it('reports leaving when the page is hidden, and keeps ticking while the video plays on', async () => {
    // An item of its own: the stores of the tests before this one hear the page hidden too.
    const video: PlaybackItem = { type: 'video', id: '3' };
    const api = stubApi({
      'PUT /content/positions/video/3': { data: {} },
      'GET /users/profile': { data: buildUser() },
    });
    const store = makeStore(member());
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    try {
      store.dispatch(playbackStarted({ item: video, position: 40, duration: 600 }));
      document.dispatchEvent(new Event('visibilitychange'));
      await pass(0);
      expect(reports(api, '/content/positions/video/3')).toEqual([{ event: 'leave', position: 40, duration: 600 }]);

      await pass(TICK_MS);
      expect(reports(api, '/content/positions/video/3').map((each) => each.event)).toEqual(['leave', 'tick']);
    } finally {
      visibility.mockRestore();
    }
  });

  it('does not report an item opened and left without playing', async () => {
    const api = stubPositions();
    const store = makeStore(member());

    store.dispatch(playbackProgressed(at(0)));
    store.dispatch(playbackLeft(item));
    await pass(TICK_MS * 2);

    expect(reports(api)).toEqual([]);
  });

  it('sends nothing for a guest', async () => {
    const api = stubPositions();
    const store = makeStore({ consent: initialConsentState({ statistics: false, media: true }) });

    store.dispatch(playbackStarted(at(10)));
    await pass(TICK_MS * 2);
    store.dispatch(playbackPaused(at(40)));
    store.dispatch(playbackLeft(item));
    await pass(0);

    expect(reports(api)).toEqual([]);
  });

  it('sends nothing without media consent', async () => {
    const api = stubPositions();
    const store = makeStore({ ...member(), consent: initialConsentState({ statistics: true, media: false }) });

    store.dispatch(playbackStarted(at(10)));
    await pass(TICK_MS * 2);
    store.dispatch(playbackEnded(at(600)));
    await pass(0);

    expect(reports(api)).toEqual([]);
  });

  it('fails silently: no toast, and the ticks go on', async () => {
    const api = stubPositions(undefined, reply(500, errorBody('server_error')));
    const store = makeStore(member());

    store.dispatch(playbackStarted(at(10)));
    await pass(TICK_MS * 2);

    expect(reports(api)).toHaveLength(2);
    expect(store.getState().toasts.items).toEqual([]);
  });

  it('refreshes an expired token and sends the report again', async () => {
    let answered = 0;
    const api = stubPositions(undefined, () =>
      answered++ === 0 ? reply(401, errorBody('user_invalid_token')) : { body: { data: {} } },
    );
    const store = makeStore(member());

    store.dispatch(playbackPaused(at(10)));
    store.dispatch(playbackStarted(at(10)));
    store.dispatch(playbackPaused(at(12)));
    await pass(0);

    expect(api.callsTo('/users/token_refresh')).toHaveLength(1);
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect((puts[1]!.init.headers as Record<string, string>).Authorization).toBe('Bearer fresh');
    expect(store.getState().auth.accessToken).toBe('fresh');
  });
});

describe('resuming at the saved place', () => {
  const player = (extra: Partial<Parameters<typeof VideoPlayer>[0]> = {}) => (
    <VideoPlayer videoId="xvid" title="Key ideas" poster="/poster.jpg" item={item} {...extra} />
  );

  it("offers 'Resume at 12:40' and seeks the host's player there", async () => {
    const api = stubPositions();
    const { store } = renderWithStore(player(), { preloaded: member() });

    await userEvent.click(await screen.findByRole('button', { name: 'Resume at 12:40' }));
    expect(screen.queryByRole('button', { name: 'Start over' })).toBeNull();

    const frame = screen.getByTitle<HTMLIFrameElement>('Key ideas');
    expect(new URL(frame.src).searchParams.get('start')).toBe('760');
    expect(new URL(frame.src).searchParams.get('api')).toBe('1');
    const sent = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: 'event=apiready', source: frame.contentWindow }));
    });
    expect(sent).toHaveBeenCalledWith('{"command":"seek","parameters":[760]}', 'https://www.dailymotion.com');
    const content = api.calls.filter((call) => call.url.pathname.startsWith('/content/'));
    expect(content.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([`GET ${PATH}`]);
    expect(store.getState().playback.positions).toEqual({});
  });

  it("'Start over' starts at 0", async () => {
    stubPositions();
    renderWithStore(player(), { preloaded: member() });

    await userEvent.click(await screen.findByRole('button', { name: 'Start over' }));

    const frame = screen.getByTitle<HTMLIFrameElement>('Key ideas');
    expect(new URL(frame.src).searchParams.get('start')).toBeNull();
    const sent = jest.spyOn(frame.contentWindow!, 'postMessage').mockImplementation(() => {});
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: 'event=apiready', source: frame.contentWindow }));
    });
    expect(sent).toHaveBeenCalledWith('{"command":"seek","parameters":[0]}', 'https://www.dailymotion.com');
  });

  it('plays at once when nothing is saved, or the item was completed', async () => {
    stubPositions(reply(200, { data: savedPosition({ position: 0, started: false, percent: 0, progress: 0 }) }));
    const { unmount } = renderWithStore(player(), { preloaded: member() });
    expect(await screen.findByTitle('Key ideas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resume at/ })).toBeNull();
    unmount();

    stubPositions(reply(200, { data: savedPosition({ completed: true }) }));
    renderWithStore(player(), { preloaded: member() });
    expect(await screen.findByTitle('Key ideas')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Resume at/ })).toBeNull();
  });

  it('plays at once when the saved place cannot be read', async () => {
    stubPositions(reply(500, errorBody('server_error')));
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderWithStore(player(), { preloaded: member() });
    expect(await screen.findByTitle('Key ideas')).toBeInTheDocument();
  });

  it('asks nothing for a guest, who gets the player at once', () => {
    const api = stubPositions();
    renderWithStore(player(), { preloaded: { consent: initialConsentState({ statistics: false, media: true }) } });
    expect(screen.getByTitle('Key ideas')).toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it("announces the host player's events, which are reported", async () => {
    const api = stubPositions(reply(200, { data: savedPosition({ started: false, position: 0 }) }));
    const { unmount } = renderWithStore(player(), { preloaded: member() });
    const frame = await screen.findByTitle<HTMLIFrameElement>('Key ideas');
    const post = (data: string) =>
      act(() => {
        window.dispatchEvent(new MessageEvent('message', { data, source: frame.contentWindow }));
      });
    // Messages from anywhere else are not the player's.
    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: 'event=pause&time=5', source: window }));
    });
    post('event=durationchange&duration=811');
    post('event=play');
    post('event=timeupdate&time=400.4');
    post('event=pause&time=400.5');
    await waitFor(() => expect(reports(api)).toEqual([{ event: 'pause', position: 400.5, duration: 811 }]));

    post('event=play');
    post('event=timeupdate&time=405');
    unmount();
    await waitFor(() => expect(reports(api).map((each) => [each.event, each.position])).toContainEqual(['leave', 405]));
  });
});
