// The admin panel's own additions: the chess fields' inputs (a board for positions, exercise
// lines and games; the server side registers the fields in src/chess/index.js), and an edit view
// that keeps its changes when a save is refused.
import { registerChessInputs } from './chess-field/register.mjs';
import { keepEditsOnRefusedSave } from './keep-edits.mjs';

export default {
  config: { locales: [] },
  register(app) {
    registerChessInputs(app);
    app.addMiddlewares([keepEditsOnRefusedSave]);
  },
  bootstrap() {},
};
