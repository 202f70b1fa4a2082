// Keeps an editor's unsaved changes when the server refuses a save. Strapi's admin shows a save
// as done before the server answers (it patches its copy of the document) and takes the patch
// back when the answer is an error; the form follows its copy, so a refused save (a wrong FEN or
// an even line, src/chess/) threw away everything typed since the last save and its error had no
// field left to show at (strapi/strapi#22646). Without the patch the form keeps the editor's
// values and shows the refusal at its field; a save that succeeds still reloads the document.

const PATCHED = '/queries/queryResultPatched';
const DOCUMENT = 'getDocument(';

/** A Redux middleware (the admin's addMiddlewares) that drops the document's optimistic patches. */
export function keepEditsOnRefusedSave() {
  return () => (next) => (action) => {
    const key = action?.payload?.queryCacheKey;
    if (typeof action?.type === 'string' && action.type.endsWith(PATCHED) && String(key).startsWith(DOCUMENT)) {
      return undefined;
    }
    return next(action);
  };
}
