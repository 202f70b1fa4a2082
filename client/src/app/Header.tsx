// The site header: the site name (home link), the signed-in member (in their level's colours)
// and the menu button.
import { type CSSProperties, useState } from 'react';
import { Link } from 'react-router';
import type { User } from '../api/contract';
import { selectIsSignedIn, selectLevelColors, selectUser } from '../session/auth-slice';
import { useAppSelector } from './hooks';
import { MainMenu } from './MainMenu';
import { SITE_NAME } from './seo';

function initials(user: User): string {
  const names = [user.firstname, user.lastname].filter(Boolean) as string[];
  const letters = names.length > 0 ? names.map((name) => name[0]) : [user.username?.[0] ?? ''];
  return letters.join('').toUpperCase();
}

function Account() {
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsSignedIn);
  const colors = useAppSelector(selectLevelColors);
  if (!signedIn || !user) return null;
  const style = colors
    ? ({ '--level-color': colors[0], '--level-color-soft': colors[1] } as CSSProperties)
    : undefined;
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username;
  return (
    <span className="site-header__account" style={style}>
      {user.avatar?.src ? <img src={user.avatar.src} alt="" /> : <span aria-hidden="true">{initials(user)}</span>}
      <span className="visually-hidden">Signed in as {name}</span>
    </span>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="site-header">
      <Link className="site-name" to="/home">
        {SITE_NAME}
      </Link>
      <Account />
      <button
        type="button"
        className="menu-button"
        aria-expanded={menuOpen}
        aria-haspopup="dialog"
        onClick={() => setMenuOpen(true)}
      >
        <span className="menu-button__bars" aria-hidden="true" />
        Menu
      </button>
      {menuOpen && <MainMenu onClose={() => setMenuOpen(false)} />}
    </header>
  );
}
