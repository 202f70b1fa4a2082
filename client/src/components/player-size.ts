// The player height rule for wide screens (client/README.md: How the shell works, Player); null
// means "keep the 16:9 ratio".
const WIDE_MIN_WIDTH = 1024;

/**
 * Over 768 px high: height minus 200 when wider than 1660 px, otherwise width minus 792 when a
 * side column sits beside the player (lesson chapters) or minus 628 without one.
 */
export function playerHeight(width: number, height: number, withSideColumn = false): number | null {
  if (width < WIDE_MIN_WIDTH || height <= 768) return null;
  const value = width > 1660 ? height - 200 : width - (withSideColumn ? 792 : 628);
  return value > 0 ? value : null;
}

export function playerUrl(
  template: string,
  videoId: string,
  options: { autoplay: boolean; subtitles: string; highlight: string; api?: boolean; start?: number },
) {
  const url = template.replace('{id}', encodeURIComponent(videoId));
  const params = new URLSearchParams({
    autoplay: options.autoplay ? '1' : '0',
    'subtitles-default': options.subtitles,
    'ui-highlight': options.highlight.replace('#', ''),
  });
  // The player's API (player-api.ts), for reporting the place watched and seeking to a saved one.
  if (options.api) params.set('api', '1');
  if (options.start && options.start > 0) params.set('start', String(Math.floor(options.start)));
  return `${url}${url.includes('?') ? '&' : '?'}${params.toString()}`;
}
