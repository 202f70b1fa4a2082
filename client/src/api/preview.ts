// A preview session of drafts (docs/editors.md, drafts and preview): the BFF sets a readable cookie beside
// its signed one, so that the site can show the band and bypass the browser's cache.

export const PREVIEW_COOKIE = 'cms_preview_band';

/** Is this browser in a preview session? */
export function inPreview(cookies: string = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return cookies.split(';').some((cookie) => cookie.trim() === `${PREVIEW_COOKIE}=1`);
}

/** Where 'Leave preview' goes: the BFF ends the session and comes back to this page. */
export function leavePreviewHref(path: string): string {
  return `/cms/preview/exit?${new URLSearchParams({ path })}`;
}
