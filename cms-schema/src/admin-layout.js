'use strict';

// What editors see in the admin panel's Content Manager: field labels and help texts, the list
// view's columns and default sort, and each entry's title field (mainField), so that relations
// show names, not ids. The wording lives in admin-layout.json, one line per field; this module
// applies it through the content-manager's own configuration services on every start.
//
// The rule towards editors' own changes ("Configure the view" in the admin panel): a shipped
// value is applied when it is new or differs from what was shipped at the previous start, and is
// left alone otherwise. An editor who renames a label or picks other columns keeps them across
// restarts and deploys, as Strapi itself keeps them; a release that rewords that very label or
// changes those columns applies its new value (the release wins for what it changes, and only
// for that). On a new database everything is applied once. What was shipped last is kept in
// Strapi's core store under `core_cms-schema_admin-layout`.

const LAYOUT = require('./admin-layout.json');

const STORE = { type: 'core', name: 'cms-schema' };
const STORE_KEY = 'admin-layout';

// Column types the content-manager cannot show in a list view (its isListable).
const NOT_LISTABLE = ['json', 'password', 'richtext', 'dynamiczone', 'blocks'];
// Types whose value can title an entry or sort a list.
const TITLE_TYPES = ['string', 'text', 'uid', 'email', 'enumeration', 'integer', 'biginteger'];
const SORT_TYPES = [...TITLE_TYPES, 'decimal', 'float', 'date', 'datetime', 'time', 'boolean'];

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** Every shipped setting of one type or component: `path` (dot-separated) -> value. */
function shippedItems(entry, mainFieldOf, model) {
  const items = {};
  for (const key of ['mainField', 'defaultSortBy', 'defaultSortOrder']) {
    if (entry[key] !== undefined) items[`settings.${key}`] = entry[key];
  }
  if (entry.list) items['layouts.list'] = entry.list;
  for (const [field, meta] of Object.entries(entry.fields || {})) {
    if (meta.label !== undefined) {
      items[`metadatas.${field}.edit.label`] = meta.label;
      items[`metadatas.${field}.list.label`] = meta.listLabel ?? meta.label;
    }
    for (const key of ['description', 'placeholder', 'editable']) {
      if (meta[key] !== undefined) items[`metadatas.${field}.edit.${key}`] = meta[key];
    }
  }
  // A relation shows the entries it points to by their title field.
  for (const [field, attribute] of Object.entries(model.attributes)) {
    const target = attribute.type === 'relation' && mainFieldOf[attribute.targetModel];
    if (target) items[`metadatas.${field}.edit.mainField`] = target;
  }
  return items;
}

/** Why the item cannot be applied to this model, or null when it can. */
function problem(model, path, value) {
  const attributes = model.attributes;
  // The content-manager's model holds the visible attributes and the timestamps, not public_id.
  const check = (field, types) => {
    const attribute = attributes[field];
    if (!attribute) return `no attribute '${field}'`;
    if (types && !types.includes(attribute.type)) return `'${field}' is a ${attribute.type}`;
    return null;
  };
  const [part, name] = path.split('.');
  if (part === 'metadatas') return check(name, null);
  if (path === 'layouts.list') {
    for (const column of value) {
      const found = check(column, null);
      if (found) return found;
      if (NOT_LISTABLE.includes(attributes[column].type)) return `'${column}' cannot be a column`;
    }
    return null;
  }
  if (path === 'settings.mainField') return check(value, TITLE_TYPES);
  if (path === 'settings.defaultSortBy') return check(value, SORT_TYPES);
  if (path === 'settings.defaultSortOrder') {
    return ['ASC', 'DESC'].includes(value) ? null : `sort order '${value}'`;
  }
  return `unknown setting ${path}`;
}

function getPath(object, path) {
  return path.split('.').reduce((node, key) => (node == null ? undefined : node[key]), object);
}

function setPath(object, path, value) {
  const keys = path.split('.');
  let node = object;
  for (const key of keys.slice(0, -1)) {
    if (node[key] == null || typeof node[key] !== 'object') node[key] = {};
    node = node[key];
  }
  node[keys[keys.length - 1]] = value;
}

/**
 * Applies admin-layout.json to the content-manager's configurations: the items that are new or
 * changed since the previous start, where the configuration differs from them.
 */
async function applyAdminLayout(strapi, layout = LAYOUT) {
  const contentManager = strapi.plugin('content-manager');
  const kinds = [
    {
      entries: layout.contentTypes || {},
      service: contentManager.service('content-types'),
      find: (service, uid) => service.findContentType(uid),
    },
    {
      entries: layout.components || {},
      service: contentManager.service('components'),
      find: (service, uid) => service.findComponent(uid),
    },
  ];
  const mainFieldOf = Object.fromEntries(
    Object.entries(layout.contentTypes || {})
      .filter(([, entry]) => entry.mainField)
      .map(([uid, entry]) => [uid, entry.mainField]),
  );
  const store = strapi.store(STORE);
  const before = (await store.get({ key: STORE_KEY })) || {};
  const shipped = {};
  let changedModels = 0;
  let changedItems = 0;

  for (const { entries, service, find } of kinds) {
    for (const [uid, entry] of Object.entries(entries)) {
      const model = find(service, uid);
      if (!model) {
        strapi.log.warn(`[cms-schema] admin-layout.json: no content type or component ${uid}`);
        continue;
      }
      const configuration = await service.findConfiguration(model);
      const previous = before[uid] || {};
      shipped[uid] = {};
      let changed = 0;
      for (const [path, value] of Object.entries(shippedItems(entry, mainFieldOf, model))) {
        const found = problem(model, path, value);
        if (found) {
          strapi.log.warn(`[cms-schema] admin-layout.json: ${uid} ${path}: ${found}`);
          continue;
        }
        shipped[uid][path] = value;
        if (path in previous && same(previous[path], value)) continue; // an editor's choice stands
        if (same(getPath(configuration, path), value)) continue;
        setPath(configuration, path, value);
        changed += 1;
      }
      if (changed === 0) continue;
      const { settings, metadatas, layouts } = configuration;
      await service.updateConfiguration(model, { settings, metadatas, layouts });
      changedModels += 1;
      changedItems += changed;
    }
  }
  await store.set({ key: STORE_KEY, value: shipped });
  if (changedItems > 0) {
    strapi.log.info(
      `[cms-schema] admin panel: ${changedItems} shipped value(s) applied to ` +
        `${changedModels} content type(s) and component(s)`,
    );
  }
}

module.exports = { applyAdminLayout, shippedItems, LAYOUT };
