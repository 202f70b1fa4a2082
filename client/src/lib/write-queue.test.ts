import { IDBFactory } from 'fake-indexeddb';
import {
  bodyToSend,
  deviceQueue,
  indexedDbQueue,
  memoryQueue,
  newWriteId,
  type QueuedWrite,
  refusedForGood,
  unanswered,
  type WriteQueue,
} from './write-queue';

// fake-indexeddb copies values with structuredClone, which jsdom leaves out.
beforeAll(() => {
  globalThis.structuredClone ??= ((value: unknown): unknown =>
    JSON.parse(JSON.stringify(value)) as unknown) as typeof structuredClone;
});

const write = (userId: number, kind: QueuedWrite['kind'], target: string[], body: unknown = {}) => ({
  userId,
  kind,
  target,
  body,
  at: '2026-12-07T10:00:00.000Z',
});

const shapes = (items: QueuedWrite[]) => items.map(({ kind, target, body }) => ({ kind, target, body }));

describe.each<[string, () => WriteQueue]>([
  ['in memory', memoryQueue],
  ['in IndexedDB', () => indexedDbQueue(new IDBFactory())],
])('the write queue %s', (_name, make) => {
  it("keeps a member's writes in the order they were made, apart from another member's", async () => {
    const queue = make();
    await queue.add(write(1, 'exercise', ['lesson_chapter:1:1:e1'], { moves: ['e2e4'] }));
    await queue.add(write(2, 'exercise', ['lesson_chapter:1:1:e1'], { moves: ['d2d4'] }));
    await queue.add(write(1, 'puzzle', ['p1'], { attempt_id: 'abcdefgh' }));
    expect(shapes(await queue.list(1))).toEqual([
      { kind: 'exercise', target: ['lesson_chapter:1:1:e1'], body: { moves: ['e2e4'] } },
      { kind: 'puzzle', target: ['p1'], body: { attempt_id: 'abcdefgh' } },
    ]);
    expect(shapes(await queue.list(2))).toEqual([
      { kind: 'exercise', target: ['lesson_chapter:1:1:e1'], body: { moves: ['d2d4'] } },
    ]);
  });

  it('removes a write by its key', async () => {
    const queue = make();
    await queue.add(write(1, 'exercise', ['a'], 1));
    await queue.add(write(1, 'exercise', ['b'], 2));
    const [first] = await queue.list(1);
    await queue.remove(first!.key!);
    expect(shapes(await queue.list(1))).toEqual([{ kind: 'exercise', target: ['b'], body: 2 }]);
  });

  it('keeps only the newest position of an item, per member; exercises are all kept', async () => {
    const queue = make();
    await queue.add(write(1, 'position', ['lesson_chapter', '7:2'], { position: 10 }));
    await queue.add(write(2, 'position', ['lesson_chapter', '7:2'], { position: 11 }));
    await queue.add(write(1, 'position', ['lesson_chapter', '7:3'], { position: 12 }));
    await queue.add(write(1, 'exercise', ['x'], 'first'));
    await queue.add(write(1, 'exercise', ['x'], 'second'));
    await queue.add(write(1, 'position', ['lesson_chapter', '7:2'], { position: 40 }));
    expect(shapes(await queue.list(1))).toEqual([
      { kind: 'position', target: ['lesson_chapter', '7:3'], body: { position: 12 } },
      { kind: 'exercise', target: ['x'], body: 'first' },
      { kind: 'exercise', target: ['x'], body: 'second' },
      { kind: 'position', target: ['lesson_chapter', '7:2'], body: { position: 40 } },
    ]);
    expect(shapes(await queue.list(2))).toEqual([
      { kind: 'position', target: ['lesson_chapter', '7:2'], body: { position: 11 } },
    ]);
  });
});

describe('the device queue', () => {
  it('outlives the page: the next visit finds the writes in IndexedDB', async () => {
    const factory = new IDBFactory();
    await deviceQueue(factory).add(write(1, 'exercise', ['a'], 1));
    expect(shapes(await deviceQueue(factory).list(1))).toEqual([{ kind: 'exercise', target: ['a'], body: 1 }]);
  });

  it('keeps the writes in memory where there is no IndexedDB, or it cannot be opened', async () => {
    const none = deviceQueue(undefined);
    await none.add(write(1, 'exercise', ['a'], 1));
    expect(await none.list(1)).toHaveLength(1);

    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refusing = {
      open: () => {
        throw new DOMException('denied', 'InvalidStateError');
      },
    } as unknown as IDBFactory;
    const memory = deviceQueue(refusing);
    await memory.add(write(1, 'exercise', ['a'], 1));
    expect(shapes(await memory.list(1))).toEqual([{ kind: 'exercise', target: ['a'], body: 1 }]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('what a failure means for a write', () => {
  it('no answer keeps it; a 4xx but 401, 408 and 429 refuses it for good', () => {
    expect(unanswered({ status: null, offline: false })).toBe(true);
    expect(unanswered({ status: null, offline: true })).toBe(true);
    expect(unanswered({ status: 500, offline: false })).toBe(false);
    expect(unanswered(new Error('bug'))).toBe(false);
    expect([400, 403, 404, 409, 422].every((status) => refusedForGood({ status }))).toBe(true);
    expect([401, 408, 429, 500, 503].some((status) => refusedForGood({ status }))).toBe(false);
    expect(refusedForGood({ status: null })).toBe(false);
  });

  it('makes ids the BFF takes as attempt ids', () => {
    const id = newWriteId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newWriteId()).not.toBe(id);
  });
});

describe('the body a queued write is sent with', () => {
  const write = (kind: 'position' | 'exercise', body: unknown) => ({
    key: 1,
    userId: 1,
    kind,
    target: ['lesson_chapter', '7:2'],
    body,
    at: '2026-12-07T10:00:05.000Z',
  });

  it('says when a position was taken: its own time, else when it was kept', () => {
    const taken = { position: 130, duration: 900, event: 'tick', reported_at: '2026-12-07T10:00:00.000Z' };
    expect(bodyToSend(write('position', taken))).toEqual(taken);
    expect(bodyToSend(write('position', { position: 130 }))).toEqual({
      position: 130,
      reported_at: '2026-12-07T10:00:05.000Z',
    });
  });

  it('leaves other writes as they were kept', () => {
    expect(bodyToSend(write('exercise', { moves: ['e2e4'] }))).toEqual({ moves: ['e2e4'] });
  });
});
