// A puzzle attempt made offline is kept on this device (state/write-queue-saga.ts), not failed.
import { flush, stubApi } from '../../test/api-stub';
import { buildUser } from '../../test/member-builders';
import { storeFor } from '../../test/render-with-store';
import { memoryQueue, useWriteQueue } from '../../lib/write-queue';
import { initialAuthState } from '../auth-slice';
import { puzzleFinished } from './slice';

afterEach(() => useWriteQueue(null));

it('a puzzle attempt that gets no answer is kept for later, said so, with nothing to retry', async () => {
  const queue = memoryQueue();
  useWriteQueue(queue);
  stubApi({
    'GET /users/profile': { data: buildUser() },
    'POST /content/puzzles/p1/attempts': () => {
      throw new TypeError('Failed to fetch');
    },
  });
  const store = storeFor({ auth: { ...initialAuthState(buildUser()), accessToken: 'token' } });
  store.dispatch(puzzleFinished({ puzzleId: 'p1', moves: ['e2e4'], solved: true, seconds: 9 }));
  for (let turn = 0; turn < 5; turn += 1) await flush();

  expect(store.getState().puzzles.attempt?.status).toBe('idle');
  expect(store.getState().toasts.items.map((toast) => toast.message)).toEqual(['Saved on this device, will sync']);
  const [kept] = await queue.list(1);
  expect(kept).toMatchObject({ kind: 'puzzle', target: ['p1'], body: { moves: ['e2e4'], solved: true, seconds: 9 } });
  expect(kept!.body).toEqual(store.getState().puzzles.attempt?.body);
});
