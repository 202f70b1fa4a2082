// The main menu's overlay (loaded by MainMenu.tsx): every section, the Masterclass and the Grand
// Chess Tour too, Review and My account (members), Log in or Log out, and the member promo block.
import { Link } from 'react-router';
import { Overlay } from '../components/Overlay';
import { logoutRequested, selectIsSignedIn, selectNeedsUpgrade } from '../state/auth-slice';
import { useOpenModal } from '../state/hooks';
import { useAppDispatch, useAppSelector } from '../state/store-hooks';

/** The sections the menu leads to, in its order: address and name. */
const SECTIONS: ReadonlyArray<readonly [string, string]> = [
  ['/masterclass', 'Masterclass'],
  ['/lessons', 'Lessons'],
  ['/puzzles', 'Puzzles'],
  ['/articles', 'Articles'],
  ['/programs', 'Chess programs'],
  ['/grand-chess-tour', 'Grand Chess Tour'],
];

export function MenuOverlay({ onClose }: { onClose: () => void }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector(selectIsSignedIn);
  const needsUpgrade = useAppSelector(selectNeedsUpgrade);
  const openModal = useOpenModal();

  function open(key: 'login' | 'register' | 'upgrade') {
    onClose();
    openModal(key);
  }

  return (
    <Overlay title="Menu" onClose={onClose} className="menu" hideTitle>
      <nav aria-label="Main">
        <ul className="menu__links">
          {SECTIONS.map(([to, label]) => (
            <li key={to}>
              <Link to={to} onClick={onClose}>
                {label}
              </Link>
            </li>
          ))}
          {signedIn && (
            <li>
              <Link to="/review" onClick={onClose}>
                Review
              </Link>
            </li>
          )}
          {signedIn && (
            <li>
              <Link to="/account" onClick={onClose}>
                My account
              </Link>
            </li>
          )}
        </ul>
      </nav>
      {signedIn ? (
        <button type="button" className="menu__account" onClick={() => dispatch(logoutRequested())}>
          Log out
        </button>
      ) : (
        <button type="button" className="menu__account" onClick={() => open('login')}>
          Log in
        </button>
      )}
      {!signedIn && (
        <section className="promo" aria-labelledby="promo-title">
          <h3 id="promo-title">Become a member</h3>
          <p>Lessons and programs by master players, all documentaries and unlimited rated puzzles.</p>
          <button type="button" className="button" onClick={() => open('register')}>
            Sign up
          </button>
        </section>
      )}
      {signedIn && needsUpgrade && (
        <section className="promo" aria-labelledby="promo-title">
          <h3 id="promo-title">Elevate your game</h3>
          <p>Go Pro for every lesson, program and documentary.</p>
          <button type="button" className="button" onClick={() => open('upgrade')}>
            Upgrade
          </button>
        </section>
      )}
    </Overlay>
  );
}
