'use strict';

// The chess fields of the model: registered as custom fields (the admin panel shows a board for
// them, src/admin/chess-field/) and checked whenever an entry is saved or published, so a wrong
// FEN, move or PGN is refused with a message at its field instead of vanishing from the site.

const path = require('path');
const { errors } = require('@strapi/utils');

/** The custom fields: each stores what the field stored before (the API does not change). */
const CHESS_FIELDS = [
  { name: 'chess-position', type: 'string' }, // a FEN
  { name: 'chess-line', type: 'string' }, // an exercise's line: UCI moves with spaces between
  { name: 'chess-game', type: 'text' }, // a PGN: a model game or the lines to drill
];
const FIELD = {
  position: 'global::chess-position',
  line: 'global::chess-line',
  game: 'global::chess-game',
};
const CHECKED_ACTIONS = ['create', 'update', 'publish'];

function registerChessFields(strapi) {
  strapi.customFields.register(CHESS_FIELDS);
}

// rules.mjs is an ES module shared with the admin panel; Node 20 loads it with import().
// Its answers are remembered (a few thousand), since a publish re-checks what the save just
// checked and a seed push of long PGNs would otherwise read each twice.
const REMEMBERED = 4000;
let rulesLoaded;
function rules() {
  rulesLoaded =
    rulesLoaded ||
    import(path.join(__dirname, 'rules.mjs')).then((loaded) => {
      const answers = new Map();
      const remembered =
        (name) =>
        (...args) => {
          const key = `${name} ${JSON.stringify(args)}`;
          if (!answers.has(key)) {
            if (answers.size >= REMEMBERED) answers.delete(answers.keys().next().value);
            answers.set(key, loaded[name](...args));
          }
          return answers.get(key);
        };
      return {
        fenProblem: remembered('fenProblem'),
        pgnProblem: remembered('pgnProblem'),
        exerciseProblems: remembered('exerciseProblems'),
      };
    });
  return rulesLoaded;
}

/** Whether a model (a content type or a component) holds a chess field, directly or below. */
function holdsChess(strapi, attributes, seen = new Set()) {
  return Object.values(attributes || {}).some((attribute) => {
    if (Object.values(FIELD).includes(attribute.customField)) return true;
    if (attribute.type !== 'component' || seen.has(attribute.component)) return false;
    seen.add(attribute.component);
    return holdsChess(strapi, strapi.components[attribute.component]?.attributes, seen);
  });
}

/** populate for every component of a model, components inside components included. */
function deepPopulate(strapi, attributes) {
  const populate = {};
  for (const [name, attribute] of Object.entries(attributes)) {
    if (attribute.type !== 'component') continue;
    const inner = deepPopulate(strapi, strapi.components[attribute.component].attributes);
    populate[name] = Object.keys(inner).length ? { populate: inner } : true;
  }
  return populate;
}

/**
 * The problems of the chess fields in `data` (an entry or a component's values), each with the
 * path of its field (['chapters', 0, 'exercises', 2, 'moves']) and where it is in words.
 */
function problemsIn(strapi, checks, attributes, data, where, problems) {
  if (!data || typeof data !== 'object') return;
  for (const [name, attribute] of Object.entries(attributes)) {
    if (!(name in data)) continue;
    const value = data[name];
    if (attribute.type === 'component') {
      const component = strapi.components[attribute.component];
      const items = attribute.repeatable ? (Array.isArray(value) ? value : []) : [value];
      items.forEach((item, index) => {
        const label = component.info?.displayName || attribute.component;
        problemsIn(
          strapi,
          checks,
          component.attributes,
          item,
          {
            path: attribute.repeatable ? [...where.path, name, index] : [...where.path, name],
            words: [...where.words, attribute.repeatable ? `${label} ${index + 1}` : label],
          },
          problems,
        );
      });
      continue;
    }
    const wrong = (field, message) =>
      problems.push({
        path: [...where.path, field],
        message: `${[...where.words, field].join(', ')}: ${message}`,
      });
    if (attribute.customField === FIELD.position) {
      const problem = checks.fenProblem(value);
      if (problem && !(value == null && !attribute.required)) wrong(name, problem);
    } else if (attribute.customField === FIELD.game) {
      const problem = checks.pgnProblem(value);
      if (problem) wrong(name, problem);
    } else if (attribute.customField === FIELD.line) {
      // The line is played from the exercise's own position (its FEN field, checked above).
      const fenField = Object.keys(attributes).find((f) => attributes[f].customField === FIELD.position);
      if (checks.fenProblem(data[fenField])) continue;
      for (const { field, message } of checks.exerciseProblems({
        fen: data[fenField],
        moves: value,
        comments: data.comments,
        alternatives: data.alternatives,
        mistakes: data.mistakes,
      })) {
        if (field !== 'fen') wrong(field === 'moves' ? name : field, message);
      }
    }
  }
}

/**
 * Refuses a create, update or publish whose positions, exercises or games are wrong chess, with a
 * ValidationError listing each problem at its field (the admin panel shows them there).
 */
function refuseWrongChess(strapi) {
  strapi.documents.use(async (context, next) => {
    if (!CHECKED_ACTIONS.includes(context.action)) return next();
    const model = strapi.getModel(context.uid);
    if (!model || !holdsChess(strapi, model.attributes)) return next();
    let data = context.params?.data;
    if (context.action === 'publish') {
      // Publishing copies the draft: check the draft as it is stored (saved before these checks,
      // perhaps, or written straight to the database).
      data = await strapi.documents(context.uid).findOne({
        documentId: context.params.documentId,
        locale: context.params.locale,
        status: 'draft',
        populate: deepPopulate(strapi, model.attributes),
      });
    }
    const problems = [];
    problemsIn(strapi, await rules(), model.attributes, data, { path: [], words: [] }, problems);
    if (problems.length === 0) return next();
    const summary =
      problems.length === 1
        ? problems[0].message
        : `${problems.length} chess problems: ${problems.map((p) => p.message).join('; ')}`;
    throw new errors.ValidationError(summary, {
      errors: problems.map(({ path: where, message }) => ({ path: where, message, name: 'ValidationError' })),
    });
  });
}

module.exports = { registerChessFields, refuseWrongChess, CHESS_FIELDS };
