// The apps' embedded web views: `?embedded=true&token=<access JWT>&consent=all|media|necessary`
// (docs/embedded-view.md). The app owns its member's session and cookie choice; the page takes
// both from the address and never asks for them itself.
import type { Consent } from '../state/consent-slice';

/** The token of an embedded view (`?embedded=true&token=...`), if this page is one. */
export function embeddedToken(search: string): string | null {
  const params = new URLSearchParams(search);
  const embedded = params.get('embedded');
  const token = params.get('token');
  return embedded && embedded !== 'false' && embedded !== '0' && token ? token : null;
}

/** What each `consent` value allows, as the cookie banner's choice would. */
export const EMBEDDED_CONSENT: Readonly<Record<string, Consent>> = {
  all: { statistics: true, media: true },
  media: { statistics: false, media: true },
  necessary: { statistics: false, media: false },
};

/**
 * The cookie choice of an embedded view, for this page view only (it is not stored: the app
 * sends it each time): its `consent` parameter, and without one (or an unknown value) only the
 * necessary cookies. Null when the page is no embedded view.
 */
export function embeddedConsent(search: string): Consent | null {
  if (!embeddedToken(search)) return null;
  const value = new URLSearchParams(search).get('consent') ?? '';
  return EMBEDDED_CONSENT[value] ?? EMBEDDED_CONSENT.necessary!;
}
