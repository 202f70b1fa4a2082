// A member's writes kept on this device while the network is down (client/README.md, Writes kept
// offline): IndexedDB `chess-writes`, one store in the order they were made; in memory for the visit
// where there is no IndexedDB (a private window, jsdom). write-queue-saga.ts sends them.

/** What a queued write is: an exercise attempt, a puzzle attempt, a watch position. */
export type WriteKind = 'exercise' | 'puzzle' | 'position';

export interface QueuedWrite {
  /** The store's auto-increment key: the order the writes were made (absent until stored). */
  key?: number;
  /** The member who made it: only they ever send it. */
  userId: number;
  kind: WriteKind;
  /** What it is about: the exercise's id, the puzzle's id, or the item's type and id. */
  target: string[];
  body: unknown;
  /** When it was made (ISO). */
  at: string;
}

export interface WriteQueue {
  /** Keeps a write; a position replaces the same member's older one of the same item. */
  add: (write: Omit<QueuedWrite, 'key'>) => Promise<void>;
  /** The member's writes, oldest first. */
  list: (userId: number) => Promise<QueuedWrite[]>;
  remove: (key: number) => Promise<void>;
}

/**
 * The body a queued write is sent with. A watch position says when it was taken (`reported_at`,
 * the device's time when the player was there): sent late, it never replaces a position taken
 * after it on another device (docs/api.md). A position kept before it carried one says when it
 * was kept.
 */
export function bodyToSend(write: QueuedWrite): unknown {
  if (write.kind !== 'position' || typeof write.body !== 'object' || write.body === null) return write.body;
  const body = write.body as { reported_at?: string };
  return { ...body, reported_at: body.reported_at ?? write.at };
}

export const DATABASE = 'chess-writes';
const STORE = 'writes';

/** Two writes that the newer replaces: the same member's position of the same item. */
function replaces(newer: Omit<QueuedWrite, 'key'>, older: QueuedWrite): boolean {
  return (
    newer.kind === 'position' &&
    older.kind === 'position' &&
    older.userId === newer.userId &&
    older.target.join('\u0000') === newer.target.join('\u0000')
  );
}

export function memoryQueue(): WriteQueue {
  let next = 1;
  let items: QueuedWrite[] = [];
  return {
    add: (write) => {
      items = items.filter((item) => !replaces(write, item));
      items.push({ ...write, key: next++ });
      return Promise.resolve();
    },
    list: (userId) => Promise.resolve(items.filter((item) => item.userId === userId).map((item) => ({ ...item }))),
    remove: (key) => {
      items = items.filter((item) => item.key !== key);
      return Promise.resolve();
    },
  };
}

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function finished(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function open(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DATABASE, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(STORE, { keyPath: 'key', autoIncrement: true });
  };
  return done(request);
}

export function indexedDbQueue(factory: IDBFactory): WriteQueue {
  let database: Promise<IDBDatabase> | null = null;
  const db = () => (database ??= open(factory));
  return {
    add: async (write) => {
      const transaction = (await db()).transaction(STORE, 'readwrite');
      const store = transaction.objectStore(STORE);
      if (write.kind === 'position') {
        const all = (await done(store.getAll())) as QueuedWrite[];
        for (const older of all) if (replaces(write, older)) store.delete(older.key!);
      }
      store.add(write);
      await finished(transaction);
    },
    list: async (userId) => {
      const all = (await done((await db()).transaction(STORE).objectStore(STORE).getAll())) as QueuedWrite[];
      return all.filter((item) => item.userId === userId);
    },
    remove: async (key) => {
      const transaction = (await db()).transaction(STORE, 'readwrite');
      transaction.objectStore(STORE).delete(key);
      await finished(transaction);
    },
  };
}

/** IndexedDB when it works, else memory: a private window may have it and refuse to open it. */
export function deviceQueue(factory: IDBFactory | undefined = globalThis.indexedDB): WriteQueue {
  const memory = memoryQueue();
  if (!factory) return memory;
  const stored = indexedDbQueue(factory);
  let usable: Promise<boolean> | null = null;
  const works = () =>
    (usable ??= stored.list(-1).then(
      () => true,
      (error: unknown) => {
        console.warn('Writes are kept in memory for this visit: no IndexedDB', error);
        return false;
      },
    ));
  return {
    add: async (write) => ((await works()) ? stored.add(write) : memory.add(write)),
    list: async (userId) => ((await works()) ? stored.list(userId) : memory.list(userId)),
    remove: async (key) => ((await works()) ? stored.remove(key) : memory.remove(key)),
  };
}

let shared: WriteQueue | null = null;

/** This page's queue (made on first use). */
export function writeQueue(): WriteQueue {
  return (shared ??= deviceQueue());
}

/** Tests start from an empty queue of their own. */
export function useWriteQueue(queue: WriteQueue | null): void {
  shared = queue;
}

/** A client-made id for a write, so that sending it again records nothing twice. */
export function newWriteId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

/** A write that got no answer because the network is down (or no answer at all): keep it. */
export function unanswered(error: unknown): boolean {
  const failure = error as { offline?: boolean; status?: number | null } | null;
  return Boolean(failure && typeof failure === 'object' && (failure.offline === true || failure.status === null));
}

/** An answer that refuses the write for good: any 4xx but 401 (the session), 408 and 429 (later). */
export function refusedForGood(error: unknown): boolean {
  const status = (error as { status?: number | null } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && ![401, 408, 429].includes(status);
}
