// What an end-to-end test may intercept: third-party hosts only (the video player, the sign-in
// SDKs), each named by an absolute URL. The BFF's own routes (/cms, /masterclasses, /users,
// /subscriptions, /products, /content, /sandbox, /media, /uploads, /healthz, /api and the client
// it serves) are always met for real; to show a failure, make the real BFF fail (faults.ts).
// Used at run time by the guarded fixtures (support.ts) and statically by route-scan.ts.

/** The host of an absolute URL glob: a domain with at most a leading `*.` wildcard. */
const HOST = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?$/;

const LOOPBACK = /^(localhost|127(\.\d+){3}|0\.0\.0\.0)$/;

/**
 * Why intercepting `pattern` is not allowed, or null for a string glob of an absolute
 * third-party URL. `siteURL` is the site under test (its host is refused too).
 */
export function interceptionProblem(pattern: unknown, siteURL?: string): string | null {
  if (typeof pattern !== 'string') {
    return 'only a string glob of an absolute third-party URL may be intercepted, not a RegExp, a predicate or a URL object';
  }
  const match = /^https?:\/\/([^/?#]*)(?:[/?#]|$)/i.exec(pattern);
  if (!match) return `"${pattern}" is not an absolute URL, so it also matches the BFF's own routes`;
  const host = (match[1] ?? '').toLowerCase();
  if (!HOST.test(host)) return `"${pattern}" must name its host (a leading "*." is the only wildcard allowed there)`;
  const name = host.replace(/:\d+$/, '');
  const site = siteURL ? new URL(siteURL).hostname.toLowerCase() : null;
  if (LOOPBACK.test(name) || name === site)
    return `"${pattern}" is the site under test, whose routes are the BFF's own`;
  return null;
}

export const GUARD_ADVICE =
  "The BFF's own routes are never intercepted: make the real BFF fail with the `faults` fixture (tests/e2e/faults.ts), and only stub third-party hosts by absolute URL.";
