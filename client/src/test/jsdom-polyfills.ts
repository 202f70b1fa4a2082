// Browser globals that real browsers have and jest's jsdom lacks; loaded before any module.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
