// The main menu's overlay (loaded by MainMenu.tsx): every section, the Masterclass and the Grand
// Chess Tour too, Log in or Log out, and the member promo block.
import { Link } from 'react-router';
import { Overlay } from '../components/Overlay';
import { logoutRequested, selectIsSignedIn, selectNeedsUpgrade } from '../session/auth-slice';
import { useOpenModal } from '../session/hooks';
import { useAppDispatch, useAppSelector } from './hooks';

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
          <li>
            <Link to="/masterclass" onClick={onClose}>
              Masterclass
            </Link>
          </li>
          <li>
            <Link to="/lessons" onClick={onClose}>
              Lessons
            </Link>
          </li>
          <li>
            <Link to="/articles" onClick={onClose}>
              Articles
            </Link>
          </li>
          <li>
            <Link to="/programs" onClick={onClose}>
              Chess programs
            </Link>
          </li>
          <li>
            <Link to="/grand-chess-tour" onClick={onClose}>
              Grand Chess Tour
            </Link>
          </li>
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
          <p>Lessons and programs by master players, all documentaries and unlimited puzzles in the apps.</p>
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
