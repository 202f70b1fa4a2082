// The installable app's service worker (built by webpack.config.js: docs/pages.md, an installable app)
// and the one thing the page itself does with its caches: a member's answers go at sign-out.

/** Caches of answers that may carry a member's rights (locks lifted, progress). */
const MEMBER_CACHES = ['content'];

/** Registers the service worker once the page has loaded, so that precaching the other pages'
 * code never competes with this page's own requests. No service worker in development builds,
 * nor where the browser has none. */
export function registerServiceWorker(): void {
  if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('The app cannot be installed for offline reading', error);
    });
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}

/** Drops every cached answer that a member's session could have shaped, so that the next person
 * on this browser never reads them offline. */
export async function forgetMemberAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await Promise.all(MEMBER_CACHES.map((name) => caches.delete(name).catch(() => false)));
}
