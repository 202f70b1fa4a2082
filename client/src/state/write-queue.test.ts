// The writes a member makes offline: kept on this device, said so, shown as the board judged them,
// and sent in order once the network is back (write-queue-saga.ts).
import { errorBody, flush, reply, stubApi } from '../test/api-stub';
import { buildUser } from '../test/member-builders';
import { storeFor, type TestState } from '../test/render-with-store';
import { memoryQueue, type WriteQueue, useWriteQueue } from '../lib/write-queue';
import { initialAuthState, loggedOut, selectIsSignedIn } from './auth-slice';
import { exerciseAttempted } from './learning-slice';
import { writesSendAsked } from './write-queue-saga';

const EXERCISE = 'lesson_chapter:12:3:e1';
const EXERCISE_PATH = '/content/exercises/lesson_chapter%3A12%3A3%3Ae1';
const PUZZLE_PATH = '/content/puzzles/p1/attempts';
const POSITION_PATH = '/content/positions/lesson_chapter/7%3A2';

const member = (id = 1): TestState => ({ auth: { ...initialAuthState(buildUser({ id })), accessToken: 'token' } });

const offline = () => {
  throw new TypeError('Failed to fetch');
};

const record = (solved: boolean) => ({ data: { id: EXERCISE, solved, hints: 0, failed: false, alternative: null } });

let queue: WriteQueue;

beforeEach(() => {
  queue = memoryQueue();
  useWriteQueue(queue);
});
afterEach(() => useWriteQueue(null));

async function settle() {
  for (let turn = 0; turn < 5; turn += 1) await flush();
}

function api(routes: Record<string, unknown>) {
  return stubApi({ 'GET /users/profile': { data: buildUser() }, ...routes });
}

const bodies = (stub: ReturnType<typeof stubApi>, path: string) =>
  stub.callsTo(path).map((call) => JSON.parse(call.init.body as string) as Record<string, unknown>);

describe('an exercise attempt made offline', () => {
  it('is kept on this device, said so without an error, and shows solved as the board judged it', async () => {
    api({ [`PUT ${EXERCISE_PATH}`]: offline });
    const store = storeFor(member());
    await settle();
    store.dispatch(
      exerciseAttempted({ id: EXERCISE, moves: ['e2e4', 'e7e5', 'g1f3'], hints: 1, gave_up: false, solved: true }),
    );
    await settle();

    const messages = store.getState().toasts.items.map((toast) => [toast.type, toast.message]);
    expect(messages).toEqual([['info', 'Saved on this device, will sync']]);
    expect(store.getState().learning.solved).toEqual({ [EXERCISE]: true });
    const [kept] = await queue.list(1);
    expect(kept).toMatchObject({ userId: 1, kind: 'exercise', target: [EXERCISE] });
    expect(kept!.body).toMatchObject({ moves: ['e2e4', 'e7e5', 'g1f3'], hints: 1, gave_up: false });
    expect((kept!.body as { attempt_id: string }).attempt_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('is sent when the browser is online again, with the same attempt id, and then forgotten', async () => {
    let down = true;
    const stub = api({ [`PUT ${EXERCISE_PATH}`]: () => (down ? offline() : { status: 200, body: record(true) }) });
    const store = storeFor(member());
    await settle();
    store.dispatch(exerciseAttempted({ id: EXERCISE, moves: ['e2e4'], hints: 0, gave_up: false }));
    await settle();
    const [first] = bodies(stub, EXERCISE_PATH);

    down = false;
    window.dispatchEvent(new Event('online'));
    await settle();
    // The stores of the tests before still hear `online` too (one page has one): every send of it
    // is the same attempt, which the BFF records once.
    const sent = bodies(stub, EXERCISE_PATH).slice(1);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((body) => JSON.stringify(body) === JSON.stringify(first))).toBe(true);
    expect(await queue.list(1)).toEqual([]);
    expect(store.getState().learning.solved).toEqual({ [EXERCISE]: true }); // the BFF's answer
  });

  it('a refusal is still an error, and nothing is kept', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    api({ [`PUT ${EXERCISE_PATH}`]: reply(403, errorBody('content_locked')) });
    const store = storeFor(member());
    await settle();
    store.dispatch(exerciseAttempted({ id: EXERCISE, moves: ['e2e4'], hints: 0, gave_up: false, solved: true }));
    await settle();
    expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual([
      'Something went wrong updating your progress.',
    ]);
    expect(store.getState().learning.solved).toEqual({});
    expect(await queue.list(1)).toEqual([]);
    warn.mockRestore();
  });
});

async function queued(userId = 1) {
  await queue.add({
    userId,
    kind: 'exercise',
    target: [EXERCISE],
    body: { moves: ['e2e4'], attempt_id: 'first-attempt' },
    at: 'x',
  });
  await queue.add({ userId, kind: 'puzzle', target: ['p1'], body: { attempt_id: 'puzzle-attempt' }, at: 'y' });
  await queue.add({
    userId,
    kind: 'position',
    target: ['lesson_chapter', '7:2'],
    body: { position: 12 },
    at: '2026-12-07T10:00:00.000Z',
  });
}

describe('sending the queue', () => {
  it('sends every write at the start of a visit with the member, in order, one at a time', async () => {
    await queued();
    const order: string[] = [];
    const stub = api({
      [`PUT ${EXERCISE_PATH}`]: () => (order.push('exercise'), { status: 200, body: record(false) }),
      [`POST ${PUZZLE_PATH}`]: () => (order.push('puzzle'), { status: 200, body: { data: {} } }),
      [`PUT ${POSITION_PATH}`]: () => (order.push('position'), { status: 200, body: { data: {} } }),
    });
    storeFor(member());
    await settle();
    expect(order).toEqual(['exercise', 'puzzle', 'position']);
    // A position kept without its time says when it was kept: sent late, it never beats a newer one.
    expect(bodies(stub, POSITION_PATH)).toEqual([{ position: 12, reported_at: '2026-12-07T10:00:00.000Z' }]);
    expect(await queue.list(1)).toEqual([]);
  });

  it('stops at a write that gets no answer and keeps it with the rest', async () => {
    await queued();
    const stub = api({
      [`PUT ${EXERCISE_PATH}`]: record(true),
      [`POST ${PUZZLE_PATH}`]: offline,
      [`PUT ${POSITION_PATH}`]: { data: {} },
    });
    storeFor(member());
    await settle();
    expect(stub.callsTo(POSITION_PATH)).toHaveLength(0);
    expect((await queue.list(1)).map((write) => write.kind)).toEqual(['puzzle', 'position']);
  });

  it.each([401, 408, 429, 500])('keeps a write answered %i for later, and stops', async (status) => {
    await queued();
    const stub = api({
      'GET /users/token_refresh': reply(401, errorBody('user_refresh_token_expired')),
      [`PUT ${EXERCISE_PATH}`]: reply(status, errorBody('later')),
    });
    const store = storeFor(member());
    await settle();
    store.dispatch(writesSendAsked());
    await settle();
    expect(stub.callsTo(PUZZLE_PATH)).toHaveLength(0);
    expect(await queue.list(1)).toHaveLength(3);
  });

  it('drops a write refused for good (a 4xx), says so in the console, and goes on', async () => {
    await queued();
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const stub = api({
      [`PUT ${EXERCISE_PATH}`]: reply(400, errorBody('validation_failed')),
      [`POST ${PUZZLE_PATH}`]: reply(404, errorBody('not_found')),
      [`PUT ${POSITION_PATH}`]: { data: {} },
    });
    storeFor(member());
    await settle();
    expect(stub.callsTo(POSITION_PATH)).toHaveLength(1);
    expect(await queue.list(1)).toEqual([]);
    expect(warn).toHaveBeenCalledWith(
      'A write kept on this device was refused, and dropped',
      expect.anything(),
      expect.anything(),
    );
    warn.mockRestore();
  });

  it("never sends another member's writes, and a sign-out keeps them for their owner", async () => {
    await queued(2);
    const stub = api({ [`PUT ${EXERCISE_PATH}`]: record(true), 'POST /users/logout': { data: {} } });
    const store = storeFor(member(1));
    await settle();
    store.dispatch(writesSendAsked());
    await settle();
    expect(stub.callsTo(EXERCISE_PATH)).toHaveLength(0);
    store.dispatch(loggedOut());
    await settle();
    expect(await queue.list(2)).toHaveLength(3);
  });

  it("sends nothing for a guest, and keeps nothing of a guest's", async () => {
    await queued(1);
    const stub = api({ [`PUT ${EXERCISE_PATH}`]: offline });
    const store = storeFor({ auth: initialAuthState(null, true) });
    await settle();
    store.dispatch(writesSendAsked());
    store.dispatch(exerciseAttempted({ id: EXERCISE, moves: ['e2e4'], hints: 0, gave_up: false }));
    await settle();
    expect(stub.callsTo(EXERCISE_PATH)).toHaveLength(0);
    expect(await queue.list(1)).toHaveLength(3);
  });
});

describe('a visit that starts offline', () => {
  it('keeps the stored member signed in, and sends their writes once the network is back', async () => {
    await queued();
    let down = true;
    const stub = api({
      'GET /users/token_refresh': () => (down ? offline() : { status: 200, body: { data: { access: 'fresh' } } }),
      [`PUT ${EXERCISE_PATH}`]: (_url: URL, init: RequestInit) =>
        (init.headers as Record<string, string>).Authorization === 'Bearer fresh'
          ? { status: 200, body: record(true) }
          : { status: 401, body: errorBody('unauthorized') },
      [`POST ${PUZZLE_PATH}`]: { data: {} },
      [`PUT ${POSITION_PATH}`]: { data: {} },
    });
    // As a page starts with a member this browser stored: their user, no token (tokens live in memory).
    const store = storeFor({ auth: initialAuthState(buildUser()) });
    await settle();
    expect(selectIsSignedIn(store.getState())).toBe(true);

    down = false;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(stub.callsTo(EXERCISE_PATH).length).toBeGreaterThan(0);
    expect(await queue.list(1)).toEqual([]);
    expect(store.getState().auth.accessToken).toBe('fresh');
  });
});
