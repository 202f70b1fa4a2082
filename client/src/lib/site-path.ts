// Where the site may send someone after a payment: only a path of this site, never elsewhere.

/** A path of this site: one leading '/', not '//', no backslash and no control character. */
export function isSitePath(url: unknown): url is string {
  return (
    typeof url === 'string' &&
    url.startsWith('/') &&
    !url.startsWith('//') &&
    !url.includes('\\') &&
    // eslint-disable-next-line no-control-regex
    !/[\u0000-\u001f\u007f]/.test(url)
  );
}

/** The URL when it is a path of this site, otherwise the fallback. */
export function sitePathOr(url: unknown, fallback: string): string {
  return isSitePath(url) ? url : fallback;
}
