// What the login and register overlays hold (loaded with their first opening, see ModalHost).
import { useAppDispatch } from '../../../state/store-hooks';
import { useOpenModal } from '../../../state/hooks';
import { modalClosed } from '../../../state/modal-slice';
import { LegalLinks } from './LegalLinks';
import { LoginForm } from './LoginForm';
import { SignUpChoices } from './SignUpChoices';
import '../account.css';

export function LoginOverlayContent() {
  const openModal = useOpenModal();
  return (
    <div className="modal__content">
      <LoginForm onSignUp={() => openModal('register')} />
    </div>
  );
}

export function RegisterOverlayContent() {
  const openModal = useOpenModal();
  const dispatch = useAppDispatch();
  return (
    <div className="modal__content">
      <p>Create your account to learn with the best: lessons, programs, documentaries and the masterclass.</p>
      <SignUpChoices onLogIn={() => openModal('login')} onLeave={() => dispatch(modalClosed())} />
      <p className="modal__legal">
        By signing up you accept <LegalLinks />.
      </p>
    </div>
  );
}
