// The social networks' marks and the app stores' badges, drawn here as simple SVG (no artwork
// copied from anyone: geometric shapes, and the stores' badge wording as text). Each is
// decorative: the link carrying it says where it goes in its accessible name.
import type { ReactNode } from 'react';

function Mark({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function FacebookMark({ className }: { className?: string }) {
  return (
    <Mark className={className}>
      <circle cx="12" cy="12" r="11" fill="currentColor" />
      <path
        fill="#fff"
        d="M13.4 23v-8.2h2.7l.4-3.2h-3.1V9.6c0-.9.3-1.6 1.6-1.6h1.6V5.2a22 22 0 0 0-2.4-.1c-2.4 0-4 1.4-4 4.1v2.4H7.5v3.2h2.7V23z"
      />
    </Mark>
  );
}

export function InstagramMark({ className }: { className?: string }) {
  return (
    <Mark className={className}>
      <rect x="2.5" y="2.5" width="19" height="19" rx="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4.3" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.4" cy="6.6" r="1.3" fill="currentColor" />
    </Mark>
  );
}

export function YouTubeMark({ className }: { className?: string }) {
  return (
    <Mark className={className}>
      <rect x="1.5" y="5" width="21" height="14" rx="4" fill="currentColor" />
      <path d="M10 8.8v6.4l5.5-3.2z" fill="#fff" />
    </Mark>
  );
}

export function XMark({ className }: { className?: string }) {
  return (
    <Mark className={className}>
      <path d="M4 3.5h4.6l11.4 17H15.4z" fill="currentColor" />
      <path d="M19.2 3.5 13.3 10M4.8 20.5l6-6.6" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </Mark>
  );
}

interface StoreBadgeProps {
  mark: ReactNode;
  small: string;
  large: string;
  /** The large line's width: the text is fitted to it whatever font the device has. */
  largeWidth: number;
}

/** A store badge: black, rounded, a small mark, the store's wording on two lines. */
function StoreBadge({ mark, small, large, largeWidth }: StoreBadgeProps) {
  return (
    <svg className="store-badge" viewBox="0 0 150 44" width="150" height="44" aria-hidden="true" focusable="false">
      <rect x="0.5" y="0.5" width="149" height="43" rx="8" fill="#000" stroke="#a6a6a6" />
      {mark}
      <text x="44" y="17" fill="#fff" fontSize="9" fontFamily="system-ui, -apple-system, 'Segoe UI', sans-serif">
        {small}
      </text>
      <text
        x="44"
        y="34"
        fill="#fff"
        fontSize="17"
        fontWeight="600"
        textLength={largeWidth}
        lengthAdjust="spacingAndGlyphs"
        fontFamily="system-ui, -apple-system, 'Segoe UI', sans-serif"
      >
        {large}
      </text>
    </svg>
  );
}

export function AppStoreBadge() {
  return (
    <StoreBadge
      small="Download on the"
      large="App Store"
      largeWidth={82}
      mark={
        <g fill="#fff">
          {/* An apple: a round fruit with a bite, a leaf above. */}
          <path d="M26.5 14.6c-1.6 0-2.4.9-3.7.9s-2-.9-3.7-.9c-2.4 0-4.6 2-4.6 5.8 0 4.3 3 9.6 5.1 9.6 1.3 0 1.8-.8 3.2-.8s1.8.8 3.2.8c1.6 0 3.3-2.7 4.2-5.3-1.9-.8-2.9-2.3-2.9-4.2 0-1.6.8-2.9 2.1-3.8-.8-1.2-2-1.9-2.9-1.9z" />
          <path d="M23.4 13.6c-.2-2 1.2-3.9 3.3-4.3.2 2-1.3 3.9-3.3 4.3z" />
        </g>
      }
    />
  );
}

export function GooglePlayBadge() {
  return (
    <StoreBadge
      small="GET IT ON"
      large="Google Play"
      largeWidth={98}
      mark={
        <g>
          {/* A play triangle in four colours. */}
          <path d="M14 9.5 26 22 14 34.5z" fill="#2fb8f0" />
          <path d="M14 9.5 29.5 18.4 26 22z" fill="#3ecf6b" />
          <path d="M14 34.5 29.5 25.6 26 22z" fill="#f0434a" />
          <path d="M29.5 18.4 34 21a1.2 1.2 0 0 1 0 2l-4.5 2.6L26 22z" fill="#ffc928" />
        </g>
      }
    />
  );
}
