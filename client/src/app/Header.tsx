// The site header: the site name (home link) and the menu button.
import { useState } from 'react';
import { Link } from 'react-router';
import { MainMenu } from './MainMenu';
import { SITE_NAME } from './seo';

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header className="site-header">
      <Link className="site-name" to="/home">
        {SITE_NAME}
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
