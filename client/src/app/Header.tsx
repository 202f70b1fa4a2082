// The site header: the logo (home link), the signed-in member (in their level's colours), the
// search button and the menu button.
import { type CSSProperties, useState } from 'react';
import { Link } from 'react-router';
import { selectIsSignedIn, selectLevelColors, selectUser } from '../state/auth-slice';
import { useAppSelector } from '../state/store-hooks';
import { MainMenu } from './MainMenu';
import { SearchIcon } from '../components/icons';
import { initials } from '../lib/format';
import { SITE_NAME } from '../lib/seo';

function Account() {
  const user = useAppSelector(selectUser);
  const signedIn = useAppSelector(selectIsSignedIn);
  const colors = useAppSelector(selectLevelColors);
  if (!signedIn || !user) return null;
  const style = colors ? ({ '--level-color': colors[0], '--level-color-soft': colors[1] } as CSSProperties) : undefined;
  const name = [user.firstname, user.lastname].filter(Boolean).join(' ') || user.username;
  return (
    <span className="site-header__account" style={style}>
      {user.avatar?.src ? <img src={user.avatar.src} alt="" /> : <span aria-hidden="true">{initials(user)}</span>}
      <span className="visually-hidden">Signed in as {name}</span>
    </span>
  );
}

// The brand's mark (a knight on the violet square, as in favicon.svg) and wordmark, inline so it
// draws with the page and takes the site's font; the link around it carries the name.
function Logo() {
  return (
    <svg className="site-logo" viewBox="0 0 188 32" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="site-logo-ground" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8a66ff" />
          <stop offset="1" stopColor="#5a2de0" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#site-logo-ground)" />
      <path
        fill="#fff"
        d="M9.5 23.6l1.2-4.3c.4-1.5 1.6-2.6 3-3.3l-3.2.4c-1.1.1-1.9-.9-1.4-1.9l2.4-4.4.2-2.8 2.2 1.6c5.2-.3 9 3.4 9 9.7v5z"
      />
      <rect x="8.2" y="23.2" width="15.6" height="2.8" rx="1.2" fill="#fff" />
      <circle cx="14.3" cy="11.9" r="1.05" fill="#6a3cf5" />
      <text className="site-logo__word" x="42" y="22.5" textLength="144" lengthAdjust="spacingAndGlyphs">
        <tspan className="site-logo__chess">Chess</tspan>
        <tspan className="site-logo__learning"> learning</tspan>
      </text>
    </svg>
  );
}

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="site-header">
      <Link className="site-name" to="/home" aria-label={`${SITE_NAME}, home`}>
        <Logo />
      </Link>
      <Account />
      <Link className="search-button" to="/search">
        <SearchIcon />
        <span className="visually-hidden">Search</span>
      </Link>
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
