// My account's Board: the boards' colours and pieces with a preview, and the sounds switch. A
// member's choice is kept by the BFF for every device (state/board-preferences-saga.ts); a
// guest's on this device.
import { useId } from 'react';
import { useBoardPreferences, soundsOn } from '../../../state/board-preferences';
import { BoardPreview } from '../../../components/board/BoardPreview';
import {
  BOARD_THEME_NAMES,
  BOARD_THEMES,
  type BoardThemeName,
  PIECE_SET_NAMES,
  PIECE_SETS,
  type PieceSetName,
} from '../../../lib/board-themes';
import { Piece } from '../../../components/board/pieces';
import { playSound } from '../../../components/board/sounds';
import { useAppDispatch } from '../../../state/store-hooks';
import { boardPreferencesChosen } from '../../../state/board-preferences-saga';
import '../board-settings.css';

export function BoardSettings() {
  const dispatch = useAppDispatch();
  const preferences = useBoardPreferences();
  const id = useId();
  const on = soundsOn(preferences);

  const chooseTheme = (boardTheme: BoardThemeName) => dispatch(boardPreferencesChosen({ boardTheme }));
  const choosePieces = (pieceSet: PieceSetName) => dispatch(boardPreferencesChosen({ pieceSet }));
  const switchSounds = (sounds: boolean) => {
    dispatch(boardPreferencesChosen({ sounds }));
    // Heard at once: the player knows what they turned on (a tap is the gesture audio needs).
    if (sounds) playSound('move');
  };

  return (
    <div className="board-settings">
      <div className="board-settings__choices">
        <fieldset className="board-settings__group">
          <legend>Board colours</legend>
          {BOARD_THEME_NAMES.map((name) => (
            <label key={name} className="board-settings__option">
              <input
                type="radio"
                name={`${id}-theme`}
                value={name}
                checked={preferences.boardTheme === name}
                onChange={() => chooseTheme(name)}
              />
              <span className="board-settings__swatch" aria-hidden="true">
                <span style={{ background: BOARD_THEMES[name].light }} />
                <span style={{ background: BOARD_THEMES[name].dark }} />
              </span>
              {BOARD_THEMES[name].label}
            </label>
          ))}
        </fieldset>
        <fieldset className="board-settings__group">
          <legend>Pieces</legend>
          {PIECE_SET_NAMES.map((name) => (
            <label key={name} className="board-settings__option">
              <input
                type="radio"
                name={`${id}-pieces`}
                value={name}
                checked={preferences.pieceSet === name}
                onChange={() => choosePieces(name)}
              />
              <span className="board-settings__pieces" aria-hidden="true">
                <Piece type="n" color="w" set={name} />
                <Piece type="k" color="b" set={name} />
              </span>
              {PIECE_SETS[name].label}
            </label>
          ))}
        </fieldset>
      </div>
      <BoardPreview theme={preferences.boardTheme} pieces={preferences.pieceSet} />
      <div className="newsletter-switch board-settings__sounds">
        <input
          id={id}
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby={`${id}-hint`}
          onChange={(event) => switchSounds(event.target.checked)}
        />
        <label htmlFor={id}>Sounds</label>
        <p id={`${id}-hint`} className="field__hint">
          Moves, captures, checks, right and wrong answers on the puzzles' and exercises' boards. Off at first on phones
          and tablets, whose silent switch the site cannot see.
        </p>
      </div>
    </div>
  );
}
