// The board's pieces: two sets of our own drawing, in SVG, so they stay sharp at any size (drawn
// on 100 x 100 units, shown without the empty margin). No outside artwork: the site's licence
// covers them as the rest of its code. Classic: outlined shapes; flat: plain geometric shapes.
// White pieces are light with a dark outline; black pieces dark with light details.

import type { CSSProperties } from 'react';
import { useBoardPreferences } from '../../state/board-preferences';
import type { PieceSetName } from '../../lib/board-themes';

type Shape = { d: string; detail?: boolean };

const BASE = 'M26 74h48a3 3 0 0 1 3 3v7H23v-7a3 3 0 0 1 3-3z';

const SHAPES: Record<string, Shape[]> = {
  p: [
    { d: 'M50 16a12 12 0 0 1 8 21c5 3 8 7 8 12H34c0-5 3-9 8-12a12 12 0 0 1 8-21z' },
    { d: 'M39 49h22c0 10 3 18 9 25H30c6-7 9-15 9-25z' },
    { d: BASE },
  ],
  r: [
    { d: 'M27 18h10v7h7v-7h12v7h7v-7h10v17l-6 5H33l-6-5z' },
    { d: 'M35 40h30l3 34H32z' },
    { d: BASE },
    { d: 'M33 40h34M31 35h38', detail: true },
  ],
  b: [
    { d: 'M50 9a6 6 0 1 1 0 12a6 6 0 1 1 0-12z' },
    { d: 'M50 21c12 8 18 18 18 28 0 8-7 13-18 13s-18-5-18-13c0-10 6-20 18-28z' },
    { d: 'M36 62h28l-2 6H38z' },
    { d: 'M38 68h24l6 6H32z' },
    { d: BASE },
    { d: 'M56 33 45 46M44 40h12', detail: true },
  ],
  n: [
    {
      d:
        'M44 15l5 8c15 1 26 12 27 30 1 8-1 15-3 21H36c0-9 5-14 10-19 4-4 5-8 4-11-3 3-8 4-13 5' +
        '-4 2-6 6-10 6-4 0-7-3-7-7 0-5 5-9 9-14 5-6 9-11 11-16z',
    },
    { d: BASE },
    { d: 'M37 32a2.5 2.5 0 1 0 0.1 0z M24 52c2 0 4-1 5-3', detail: true },
  ],
  q: [
    {
      d: 'M17 30l13 34h40l13-34-15 16 1-24-11 21-8-25-8 25-11-21 1 24z',
    },
    {
      d: 'M17 24a5 5 0 1 1 0 10a5 5 0 1 1 0-10zM32 16a5 5 0 1 1 0 10a5 5 0 1 1 0-10zM50 12a5 5 0 1 1 0 10a5 5 0 1 1 0-10zM68 16a5 5 0 1 1 0 10a5 5 0 1 1 0-10zM83 24a5 5 0 1 1 0 10a5 5 0 1 1 0-10z',
    },
    { d: 'M30 64h40l-2 10H32z' },
    { d: BASE },
    { d: 'M32 69h36', detail: true },
  ],
  k: [
    { d: 'M46.5 8h7v6h6v7h-6v9h-7v-9h-6v-7h6z' },
    {
      d: 'M50 30c6 0 9 4 9 10 9-6 25-3 25 9 0 10-9 16-14 25H30c-5-9-14-15-14-25 0-12 16-15 25-9 0-6 3-10 9-10z',
    },
    { d: BASE },
    { d: 'M31 65h38', detail: true },
  ],
};

// The flat set: circles, trapezes and straight cuts, a silhouette that reads at a small size.
const FLAT_BASE = 'M24 72h52v12H24z';

const FLAT_SHAPES: Record<string, Shape[]> = {
  p: [{ d: 'M50 18a12 12 0 1 1 0 24a12 12 0 1 1 0-24z' }, { d: 'M41 44h18l8 28H33z' }, { d: FLAT_BASE }],
  r: [{ d: 'M28 16h10v8h6v-8h12v8h6v-8h10v20H28z' }, { d: 'M34 36h32v36H34z' }, { d: FLAT_BASE }],
  b: [
    { d: 'M50 10c10 9 17 20 17 31 0 9-6 15-17 15s-17-6-17-15c0-11 7-22 17-31z' },
    { d: 'M40 56h20l4 16H36z' },
    { d: FLAT_BASE },
    { d: 'M50 26v16M43 34h14', detail: true },
  ],
  n: [
    { d: 'M34 72l4-20-12-2-2-12 20-22 8 2c12 6 20 18 20 34v20z' },
    { d: FLAT_BASE },
    { d: 'M40 30h0.1', detail: true },
  ],
  q: [
    { d: 'M24 70l-6-40 16 14 6-26 10 22 10-22 6 26 16-14-6 40z' },
    { d: FLAT_BASE },
    { d: 'M30 62h40', detail: true },
  ],
  k: [
    { d: 'M46 8h8v8h8v8h-8v10h-8V24h-8v-8h8z' },
    { d: 'M26 70c-4-14-4-30 24-34 28 4 28 20 24 34z' },
    { d: FLAT_BASE },
    { d: 'M32 62h36', detail: true },
  ],
};

const SETS: Record<PieceSetName, Record<string, Shape[]>> = { classic: SHAPES, flat: FLAT_SHAPES };

const COLOURS = {
  w: { fill: '#ffffff', stroke: '#17142b', detail: '#17142b' },
  b: { fill: '#2a2341', stroke: '#0d0a1a', detail: '#d8cffa' },
};

/** One piece, as an SVG sized by its container. */
export function Piece({
  type,
  color,
  className,
  style,
  set,
}: {
  type: string;
  color: 'w' | 'b';
  className?: string;
  style?: CSSProperties;
  /** A set to draw, whatever the player chose (the preview of each set). */
  set?: PieceSetName;
}) {
  const chosen = useBoardPreferences().pieceSet;
  const pieceSet = set ?? chosen;
  const shapes = SETS[pieceSet][type] ?? [];
  const colours = COLOURS[color];
  return (
    <svg
      className={className}
      style={style}
      viewBox="7 4 86 86"
      aria-hidden="true"
      focusable="false"
      data-piece-set={pieceSet}
    >
      {shapes.map((shape, index) =>
        shape.detail ? (
          <path
            key={index}
            d={shape.d}
            fill="none"
            stroke={colours.detail}
            strokeWidth={pieceSet === 'flat' ? 4 : 3}
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        ) : (
          <path
            key={index}
            d={shape.d}
            fill={colours.fill}
            stroke={colours.stroke}
            strokeWidth={4}
            strokeLinejoin="round"
          />
        ),
      )}
    </svg>
  );
}
