// The fade-out of a page being left (client/README.md: How the shell works, Page change). The new
// page renders at once (navigation state, focus and scroll are never held back); what the visitor
// saw of the old one stays above it for a moment as a lifeless copy, fading out by CSS
// (.page-ghost, layout.css), then goes. The copy lives in a closed shadow root: invisible to
// assistive technology (the host is inert and aria-hidden), its ids never clash with the new
// page's, and queries of the document never find its text. Visitors who ask for reduced motion get
// no copy at all.

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** False where a fade must not or cannot happen: reduced motion asked, or an old browser. */
function canFade(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    !window.matchMedia(REDUCED_MOTION).matches &&
    typeof Element.prototype.attachShadow === 'function'
  );
}

// The site's styles, again for the shadow root (which document styles do not reach), built once
// per set of loaded stylesheets: a page chunk brings its own, so the set grows as pages are seen.
let sheetCache: { key: string; sheet: CSSStyleSheet } | null = null;

function siteSheet(): CSSStyleSheet | null {
  if (typeof CSSStyleSheet === 'undefined' || !('replaceSync' in CSSStyleSheet.prototype)) return null;
  const sheets = Array.from(document.styleSheets);
  const key = sheets.map((sheet) => sheet.href ?? sheet.ownerNode?.nodeName ?? '').join(' ');
  if (sheetCache?.key === key) return sheetCache.sheet;
  const text = sheets
    .map((sheet) => {
      try {
        return Array.from(sheet.cssRules, (rule) => rule.cssText).join('\n');
      } catch {
        return ''; // Another origin's sheet: its rules cannot be read, and the site has none.
      }
    })
    .join('\n');
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(text);
  sheetCache = { key, sheet };
  return sheet;
}

/** A fading copy of `page` (still in the document, about to be removed), where it is now. */
function ghostOf(page: HTMLElement): HTMLElement {
  const box = page.getBoundingClientRect();
  const copy = page.cloneNode(true) as HTMLElement;
  copy.classList.remove('page-fade');
  // Players would load again and media play: the copy keeps their place, empty.
  for (const embedded of copy.querySelectorAll('iframe, video, audio')) {
    embedded.replaceWith(document.createElement('span'));
  }

  const host = document.createElement('div');
  host.className = 'page-ghost';
  host.setAttribute('aria-hidden', 'true');
  host.setAttribute('inert', '');
  Object.assign(host.style, {
    top: `${box.top}px`,
    left: `${box.left}px`,
    width: `${box.width}px`,
    height: `${Math.max(0, Math.min(box.height, window.innerHeight - box.top))}px`,
  });
  const root = host.attachShadow({ mode: 'closed' });
  const sheet = siteSheet();
  if (sheet) root.adoptedStyleSheets = [sheet];
  root.append(copy);
  const remove = () => host.remove();
  host.addEventListener('animationend', remove);
  host.addEventListener('animationcancel', remove);
  return host;
}

/**
 * Called as a page's frame unmounts, while its element is still in the document: the copy is
 * taken now, and shown once the element has really left (React's strict mode unmounts and mounts
 * again once in development, which is no page change).
 */
export function fadeOutPage(page: HTMLElement): void {
  if (!page.isConnected || !canFade()) return;
  const ghost = ghostOf(page);
  const shell = page.closest('.shell') ?? document.body;
  queueMicrotask(() => {
    if (page.isConnected) return;
    for (const old of document.querySelectorAll('.page-ghost')) old.remove();
    shell.append(ghost);
  });
}
