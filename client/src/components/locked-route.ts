// Where a failed content fetch leads (client/README.md: How the shell works, Detail pages):
// 404 to the not-found page; 403 to login with a redirect for a visitor, to the upgrade page
// for a member; anything else stays on the page with its error message (null).
export const UPGRADE_ROUTE = '/upgrade-account';

export function lockedRoute(status: number | null, signedIn: boolean, path: string): string | null {
  if (status === 404) return '/404';
  if (status === 403) return signedIn ? UPGRADE_ROUTE : `/login?redirect=${encodeURIComponent(path)}`;
  return null;
}
