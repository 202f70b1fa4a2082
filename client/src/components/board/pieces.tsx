// The board's pieces: our own drawing, in SVG, so they stay sharp at any size (drawn on 100 x 100
// units, shown without the empty margin).
// White pieces are light with a dark outline; black pieces dark with light details.

import type { CSSProperties } from 'react';

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
}: {
  type: string;
  color: 'w' | 'b';
  className?: string;
  style?: CSSProperties;
}) {
  const shapes = SHAPES[type] ?? [];
  const colours = COLOURS[color];
  return (
    <svg className={className} style={style} viewBox="7 4 86 86" aria-hidden="true" focusable="false">
      {shapes.map((shape, index) =>
        shape.detail ? (
          <path
            key={index}
            d={shape.d}
            fill="none"
            stroke={colours.detail}
            strokeWidth={3}
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
