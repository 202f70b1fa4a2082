// The chess custom fields' inputs in the admin panel, each loaded when an edit view shows one.

const FIELDS = [
  {
    name: 'chess-position',
    type: 'string',
    label: 'Chess position',
    description: 'A position set up on a board (stored as its FEN)',
    input: () => import('./PositionInput.jsx'),
  },
  {
    name: 'chess-line',
    type: 'string',
    label: 'Chess exercise line',
    description: "The learner's moves and the replies, played on the board (stored as UCI moves)",
    input: () => import('./LineInput.jsx'),
  },
  {
    name: 'chess-game',
    type: 'text',
    label: 'Chess game (PGN)',
    description: 'A game or lines in PGN, stepped through on a board',
    input: () => import('./GameInput.jsx'),
  },
];

export function registerChessInputs(app) {
  app.customFields.register(
    FIELDS.map(({ name, type, label, description, input }) => ({
      name,
      type,
      intlLabel: { id: `chess-field.${name}.label`, defaultMessage: label },
      intlDescription: { id: `chess-field.${name}.description`, defaultMessage: description },
      components: { Input: input },
    })),
  );
}
