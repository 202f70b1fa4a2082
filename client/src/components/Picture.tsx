// An image from the API, sized from its width and height so the layout never shifts; where a
// box crops it (object-fit: cover), what stays in view is the focal point editors set in the
// media library (centred when they set none).
import type { Media } from '../api/contract';

type FormatName = 'thumbnail' | 'small' | 'medium' | 'large';

export function pickFormat(media: Media | null | undefined, preferred: readonly FormatName[]) {
  if (!media) return null;
  for (const name of preferred) {
    const format = media.formats?.[name];
    if (format?.url) return format;
  }
  return media.url ? media : null;
}

interface PictureProps {
  media: Media | null | undefined;
  formats?: readonly FormatName[];
  alt?: string;
  className?: string;
  /** Above the fold: load at once; everything else loads lazily. */
  eager?: boolean;
  /** The page's largest image above the fold (its LCP): at once, and ahead of other images. */
  priority?: boolean;
}

export function Picture({ media, formats = ['small', 'medium'], alt, className, eager, priority }: PictureProps) {
  const image = pickFormat(media, formats);
  if (!image) return <div className={`picture-placeholder ${className ?? ''}`} aria-hidden="true" />;
  const focus = media?.focalPoint;
  return (
    <img
      className={className}
      style={focus ? { objectPosition: `${focus.x}% ${focus.y}%` } : undefined}
      src={image.url}
      width={image.width ?? media?.width ?? undefined}
      height={image.height ?? media?.height ?? undefined}
      alt={alt ?? media?.alternativeText ?? ''}
      loading={eager || priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
    />
  );
}
