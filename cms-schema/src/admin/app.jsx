// The admin panel's own additions: the chess fields' inputs (a board for positions, exercise
// lines and games; the server side registers the fields in src/chess/index.js).
import { registerChessInputs } from './chess-field/register.mjs';

export default {
  config: { locales: [] },
  register(app) {
    registerChessInputs(app);
  },
  bootstrap() {},
};
