// The boards' sounds: a move, a capture, a check, a right and a wrong answer, each a few short
// tones synthesised with the Web Audio API (no sound files, so nothing of unknown licence).
// They play only while the player's switch is on (board-preferences.ts: off by default on
// phones, whose silent switch a page cannot see; on at a computer).
import { soundsOn } from '../../state/board-preferences';

export type SoundName = 'move' | 'capture' | 'check' | 'right' | 'wrong';

interface Tone {
  /** Hz at the start, and at the end when it glides. */
  from: number;
  to?: number;
  /** Seconds after the sound starts, and how long it lasts. */
  at: number;
  length: number;
  wave: OscillatorType;
  volume: number;
}

/** Each sound's tones: short and soft, so that many in a row never tire. */
export const SOUND_TONES: Record<SoundName, Tone[]> = {
  // A wooden knock: a low triangle falling fast.
  move: [{ from: 240, to: 120, at: 0, length: 0.07, wave: 'triangle', volume: 0.5 }],
  // Two knocks, the second lower: a piece taken off the board.
  capture: [
    { from: 300, to: 140, at: 0, length: 0.06, wave: 'triangle', volume: 0.55 },
    { from: 180, to: 90, at: 0.05, length: 0.09, wave: 'triangle', volume: 0.45 },
  ],
  // A knock and a bright double beep.
  check: [
    { from: 240, to: 120, at: 0, length: 0.06, wave: 'triangle', volume: 0.45 },
    { from: 880, at: 0.06, length: 0.08, wave: 'sine', volume: 0.25 },
    { from: 1175, at: 0.15, length: 0.1, wave: 'sine', volume: 0.22 },
  ],
  // A rising major triad.
  right: [
    { from: 523, at: 0, length: 0.1, wave: 'sine', volume: 0.3 },
    { from: 659, at: 0.08, length: 0.1, wave: 'sine', volume: 0.3 },
    { from: 784, at: 0.16, length: 0.18, wave: 'sine', volume: 0.3 },
  ],
  // Two low notes falling: not harsh, but unmistakable.
  wrong: [
    { from: 247, at: 0, length: 0.12, wave: 'square', volume: 0.12 },
    { from: 196, to: 175, at: 0.12, length: 0.2, wave: 'square', volume: 0.12 },
  ],
};

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audio(): AudioContext | null {
  if (context) return context;
  const found =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as unknown as { webkitAudioContext?: AudioContextClass }).webkitAudioContext);
  if (!found) return null;
  try {
    context = new found();
  } catch {
    return null;
  }
  return context;
}

/** Forgets the audio context (a test brings its own). */
export function resetSounds(): void {
  context = null;
}

function play(audioContext: AudioContext, tone: Tone, start: number) {
  const oscillator = audioContext.createOscillator();
  const gain = audioContext.createGain();
  const begin = start + tone.at;
  const end = begin + tone.length;
  oscillator.type = tone.wave;
  oscillator.frequency.setValueAtTime(tone.from, begin);
  if (tone.to) oscillator.frequency.exponentialRampToValueAtTime(tone.to, end);
  // A quick rise and an exponential fall: no click at either end.
  gain.gain.setValueAtTime(0.0001, begin);
  gain.gain.exponentialRampToValueAtTime(tone.volume, begin + 0.006);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  oscillator.connect(gain);
  gain.connect(audioContext.destination);
  oscillator.start(begin);
  oscillator.stop(end + 0.02);
}

/** Plays a sound if the player's switch is on (and the browser has Web Audio). */
export function playSound(name: SoundName): boolean {
  if (!soundsOn()) return false;
  // Before the player's first tap or key the browser would refuse to start the audio (and say so
  // in the console): nothing to play yet.
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  if (activation && !activation.hasBeenActive) return false;
  const audioContext = audio();
  if (!audioContext) return false;
  try {
    // Browsers start a context suspended until a gesture; a move is one.
    if (audioContext.state === 'suspended') void audioContext.resume();
    for (const tone of SOUND_TONES[name]) play(audioContext, tone, audioContext.currentTime);
  } catch {
    return false;
  }
  return true;
}

/** The sound of a move, from its SAN: a check (or mate), a capture, or a plain move. */
export function soundOfMove(san: string): SoundName {
  if (/[+#]$/.test(san)) return 'check';
  if (san.includes('x')) return 'capture';
  return 'move';
}

export const playMoveSound = (san: string) => playSound(soundOfMove(san));
