'use strict';

// Links that do not break: deleting or unpublishing an entry that other entries link to is
// refused, with the list of those entries, until the editor changes them. A link is a relation
// to the entry, or its page's address on the site (`/videos/11`) in a text, markdown or link
// field of any entry or component.

const { errors } = require('@strapi/utils');
const { PAGES } = require('../site-preview');

const TEXT_TYPES = new Set(['string', 'text', 'richtext']);

function label(entry) {
  return entry.title ?? entry.name ?? entry.label ?? entry.slug ?? entry.documentId;
}

function typeName(schema) {
  return schema.info?.displayName ?? schema.uid;
}

/** The entry's page, not followed by another digit (`/videos/11` is not `/videos/110`). */
function pageMatcher(page) {
  const escaped = page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}(?![0-9A-Za-z_-])`);
}

/** Entries whose relations point to the document (owning sides: the inverse ones follow). */
async function relationLinks(strapi, uid, documentId) {
  const found = [];
  for (const [otherUid, schema] of Object.entries(strapi.contentTypes)) {
    if (!otherUid.startsWith('api::')) continue;
    for (const [name, attribute] of Object.entries(schema.attributes)) {
      if (attribute.type !== 'relation' || attribute.target !== uid || attribute.mappedBy) continue;
      const rows = await strapi.db.query(otherUid).findMany({
        where: { [name]: { documentId }, documentId: { $ne: documentId } },
      });
      for (const row of rows) found.push({ uid: otherUid, schema, row, field: name });
    }
  }
  return found;
}

function textFields(schema) {
  return Object.entries(schema.attributes)
    .filter(([, attribute]) => TEXT_TYPES.has(attribute.type))
    .map(([name]) => name);
}

/** Which content types use a component (directly or inside another one), by display name. */
function ownersOf(strapi, componentUid) {
  const uses = (schema, seen) =>
    Object.values(schema.attributes).some((attribute) => {
      if (attribute.type === 'component') {
        if (attribute.component === componentUid) return true;
        if (seen.has(attribute.component)) return false;
        return uses(strapi.components[attribute.component], new Set([...seen, attribute.component]));
      }
      if (attribute.type === 'dynamiczone') return attribute.components.includes(componentUid);
      return false;
    });
  return Object.entries(strapi.contentTypes)
    .filter(([uid, schema]) => uid.startsWith('api::') && uses(schema, new Set()))
    .map(([, schema]) => typeName(schema));
}

/** Entries and components whose text holds the page's address. */
async function textLinks(strapi, page, documentId) {
  const matcher = pageMatcher(page);
  const found = [];
  const scan = async (uid, schema, component) => {
    const fields = textFields(schema);
    if (fields.length === 0) return;
    const where = { $or: fields.map((name) => ({ [name]: { $contains: page } })) };
    if (!component) where.documentId = { $ne: documentId };
    const rows = await strapi.db.query(uid).findMany({ where });
    for (const row of rows) {
      const field = fields.find((name) => matcher.test(row[name] ?? ''));
      if (field) found.push({ uid, schema, row, field, component });
    }
  };
  for (const [uid, schema] of Object.entries(strapi.contentTypes)) {
    if (uid.startsWith('api::')) await scan(uid, schema, false);
  }
  for (const [uid, schema] of Object.entries(strapi.components)) await scan(uid, schema, true);
  return found;
}

function describe(strapi, link) {
  if (link.component) {
    const owners = ownersOf(strapi, link.uid).join(', ') || typeName(link.schema);
    return `${owners} (${typeName(link.schema)} \u201c${label(link.row)}\u201d, ${link.field})`;
  }
  return `${typeName(link.schema)} \u201c${label(link.row)}\u201d (${link.field})`;
}

/** Every entry linking to the document, once each, as the editor reads them. */
async function linksTo(strapi, uid, documentId) {
  const entry = await strapi.db.query(uid).findOne({ where: { documentId } });
  if (!entry) return [];
  const links = await relationLinks(strapi, uid, documentId);
  // An entry's own page; a single type's (/masterclass) would also match the pages under it.
  const collection = strapi.contentTypes[uid]?.kind === 'collectionType';
  const page = collection ? PAGES[uid]?.(entry) : null;
  if (page) links.push(...(await textLinks(strapi, page, documentId)));
  const seen = new Map(); // a draft and its published version are one entry
  for (const link of links) {
    const key = link.component
      ? `${link.uid}:${link.row.id}`
      : `${link.uid}:${link.row.documentId}:${link.field}`;
    if (!seen.has(key)) {
      seen.set(key, {
        type: link.uid,
        documentId: link.component ? null : link.row.documentId,
        field: link.field,
        text: describe(strapi, link),
      });
    }
  }
  return [...seen.values()];
}

/** Registered in `register`: a Document Service middleware on delete and unpublish. */
function keepLinksWhole(strapi) {
  strapi.documents.use(async (context, next) => {
    const guarded = ['delete', 'unpublish'].includes(context.action);
    const documentId = context.params?.documentId;
    if (!guarded || !documentId || !context.uid.startsWith('api::')) return next();
    const links = await linksTo(strapi, context.uid, documentId);
    if (links.length === 0) return next();
    const verb = context.action === 'delete' ? 'deleted' : 'unpublished';
    const list = links.map((link) => link.text).join('; ');
    throw new errors.ValidationError(
      `This entry cannot be ${verb}: ${links.length} other ${
        links.length === 1 ? 'entry links' : 'entries link'
      } to it. Change or remove these links first: ${list}.`,
      { links },
    );
  });
}

module.exports = { keepLinksWhole, linksTo, pageMatcher };
