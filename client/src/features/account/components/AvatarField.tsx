// My account's picture: choose one, see it cut to a square (the centre), then save it or not.
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { initials } from '../../../lib/format';
import { useAppDispatch, useAppSelector } from '../../../state/store-hooks';
import { selectUser } from '../../../state/auth-slice';
import { avatarChosen, avatarUploadRequested, selectMyAccount } from '../my-account-slice';
import { cropToSquare, type SquarePicture } from './square-crop';

const MAX_BYTES = 10 * 1024 * 1024;
const TYPES = ['image/jpeg', 'image/png', 'image/webp'];
export const AVATAR_TYPE_ERROR = 'Choose a JPEG, PNG or WebP picture.';
// The message for a picture over 10 MB (client/README.md: My account, Picture).
export const AVATAR_SIZE_ERROR = 'Data size limit is 10MB';
export const AVATAR_READ_ERROR = 'This picture cannot be read. Choose another one.';

export function AvatarField() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const { avatar } = useAppSelector(selectMyAccount);
  const [cropped, setCropped] = useState<SquarePicture | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  if (!user) return null;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    dispatch(avatarChosen());
    if (!TYPES.includes(file.type)) return setProblem(AVATAR_TYPE_ERROR);
    if (file.size > MAX_BYTES) return setProblem(AVATAR_SIZE_ERROR);
    try {
      setCropped(await cropToSquare(file));
    } catch {
      setProblem(AVATAR_READ_ERROR);
    }
  }

  const error = problem ?? avatar.errors.avatar ?? null;
  const busy = avatar.status === 'loading';
  // Once saved, the preview gives way to the picture itself.
  const preview = avatar.status === 'succeeded' ? null : cropped;
  const shown = preview?.preview ?? user.avatar.src;
  return (
    <div className="avatar-field" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="field__label">
        Picture
      </span>
      <div className="avatar-field__row">
        {shown ? (
          <img
            className="avatar-field__picture"
            src={shown}
            alt={preview ? 'Your new picture, cut to a square' : 'Your picture'}
            width={96}
            height={96}
          />
        ) : (
          <span className="avatar-field__picture avatar-field__initials" aria-hidden="true">
            {initials(user)}
          </span>
        )}
        <div className="avatar-field__actions">
          {preview ? (
            <>
              <button
                type="button"
                className="button"
                disabled={busy}
                aria-busy={busy}
                onClick={() => dispatch(avatarUploadRequested(preview.blob))}
              >
                Save picture
              </button>
              <button
                type="button"
                className="button button--secondary"
                disabled={busy}
                onClick={() => setCropped(null)}
              >
                Cancel
              </button>
            </>
          ) : (
            <>
              <input
                ref={input}
                id={id}
                type="file"
                accept={TYPES.join(',')}
                className="visually-hidden"
                tabIndex={-1}
                aria-hidden="true"
                onChange={(event) => void choose(event)}
              />
              <button
                type="button"
                className="button button--secondary"
                aria-describedby={error ? `${id}-error` : `${id}-hint`}
                onClick={() => input.current?.click()}
              >
                {user.avatar.src ? 'Change picture' : 'Add a picture'}
              </button>
            </>
          )}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="field__hint">
          JPEG, PNG or WebP up to 10 MB; its centre is kept as a square.
        </p>
      )}
    </div>
  );
}
