// What markdown text may carry into the page: only safe link targets, and text as written.

const SAFE_URL = /^(https?:|mailto:|\/(?!\/)|#)/i;

/** A link or image target that is kept: http(s), mailto, site-relative or an anchor; else null. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  return SAFE_URL.test(trimmed) ? trimmed : null;
}

// marked escapes some characters in text tokens; React escapes again, so undo marked's.
export function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}
