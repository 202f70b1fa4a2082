// The external host's player API, over postMessage: the embed is asked for it with `api=1`, tells
// what happens as query strings ('event=timeupdate&time=12.3') and takes commands as JSON
// ('{"command":"seek","parameters":[760]}').

export interface PlayerMessage {
  event: string;
  /** Seconds played, on timeupdate, seeked and the like. */
  time?: number;
  /** The video's length, once the player knows it. */
  duration?: number;
}

function seconds(value: unknown): number | undefined {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(number) && number >= 0 ? number : undefined;
}

/** A message of the player, or null for anything else that arrives on the page's window. */
export function parsePlayerMessage(data: unknown): PlayerMessage | null {
  let fields: Record<string, unknown> | null = null;
  if (typeof data === 'string') {
    if (!data.includes('event=')) return null;
    fields = Object.fromEntries(new URLSearchParams(data));
  } else if (data && typeof data === 'object') {
    fields = data as Record<string, unknown>;
  }
  if (!fields || typeof fields.event !== 'string' || !fields.event) return null;
  return { event: fields.event, time: seconds(fields.time), duration: seconds(fields.duration) };
}

/** A command for the player. */
export function playerCommand(command: 'seek' | 'play' | 'pause', parameters: unknown[] = []): string {
  return JSON.stringify({ command, parameters });
}
