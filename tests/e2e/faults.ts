// Faults of the real BFF for one test: the server runs with BFF_FAULTS_FILE in E2E_WORKDIR
// (scripts/e2e-server, bff/platform/faults.py). Each test sends a scope of its own in the X-Fault-Scope
// header of every request of its browser context, and only those requests meet its faults, so
// tests running in parallel against the one server never see each other's. The file is changed
// under the lock protocol bff/platform/faults.py describes (an exclusive `<file>.lock`, a rename).
import { randomUUID } from 'node:crypto';
import { open, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { BrowserContext } from '@playwright/test';

export const SCOPE_HEADER = 'X-Fault-Scope';

export interface Fault {
  /** GET, POST, ... or `*`. */
  method: string;
  /** The exact request path, e.g. `/content/subscribe`. */
  path: string;
  /** An error status (400-599) answered with the BFF's error envelope; none: only a delay. */
  status?: number;
  /** The envelope's code; by default the BFF's code for the status (500: server_error). */
  code?: string;
  message?: string;
  /** How many requests it answers before it goes away; by default every one. */
  times?: number;
  /** Seconds the call is held first (up to 30; it holds one of the server's two workers). */
  delay?: number;
}

interface StoredFault extends Fault {
  id: string;
  scope: string;
}

/** The BFF's clock moved for one scope (bff/platform/faults.py: clock_shift). */
interface StoredClock {
  id: string;
  scope: string;
  clock_shift: number;
}

type Entry = StoredFault | StoredClock;

const LOCK_STALE_MS = 10_000;
const LOCK_POLL_MS = 2;

const faultsFile = () => join(process.env.E2E_WORKDIR ?? '', 'faults.json');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function locked<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lock = `${file}.lock`;
  for (;;) {
    try {
      await (await open(lock, 'wx', 0o600)).close();
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const held = await stat(lock).catch(() => null);
      if (held && Date.now() - held.mtimeMs > LOCK_STALE_MS) await unlink(lock).catch(() => undefined);
      await pause(LOCK_POLL_MS);
    }
  }
  try {
    return await work();
  } finally {
    await unlink(lock).catch(() => undefined);
  }
}

async function edit(change: (faults: Entry[]) => Entry[]): Promise<void> {
  const file = faultsFile();
  await locked(file, async () => {
    const text = await readFile(file, 'utf8').catch(() => '');
    const current = text ? ((JSON.parse(text) as { faults?: Entry[] }).faults ?? []) : [];
    const draft = `${file}.${randomUUID()}.tmp`;
    await writeFile(draft, JSON.stringify({ faults: change(current) }));
    await rename(draft, file);
  });
}

/** The faults of one test, scoped to its browser context. */
export class Faults {
  readonly scope = randomUUID();

  constructor(private readonly context: BrowserContext) {}

  /** Sends the scope with every request of the context (pages and page.request alike). */
  async start(): Promise<void> {
    await this.context.setExtraHTTPHeaders({ [SCOPE_HEADER]: this.scope });
  }

  /** From now on, this test's requests that match `fault` fail (or wait) on the real BFF. */
  async add(fault: Fault): Promise<void> {
    await edit((faults) => [...faults, { ...fault, id: randomUUID(), scope: this.scope }]);
  }

  /** From now on, the BFF's clock reads `seconds` later for this test's requests (a review due
   * in ten minutes is due now); other tests keep the real time. */
  async moveClock(seconds: number): Promise<void> {
    await edit((entries) => [
      ...entries.filter((entry) => !(entry.scope === this.scope && 'clock_shift' in entry)),
      { id: randomUUID(), scope: this.scope, clock_shift: seconds },
    ]);
  }

  /** Removes what is left of this test's faults and its clock's shift. */
  async clear(): Promise<void> {
    await edit((faults) => faults.filter((fault) => fault.scope !== this.scope));
  }
}
