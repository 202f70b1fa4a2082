'use strict';

// Who may do what in the admin panel, and who may sign up on Strapi.
//
// Editors and authors are Strapi's own admin roles, as Strapi makes them on its first start:
// Editor (strapi-editor) creates, edits, publishes and deletes any entry; Author (strapi-author)
// creates and edits drafts of its own entries and never publishes. Strapi gives them the content
// types that exist on that first start; on every start this keeps them covering every content
// type and field of the model (a type or field added later included), and makes them again if
// they were deleted. Narrower roles are made beside them in the admin panel.
//
// Strapi's end-user sign-up (/api/auth/local/register) is off: the site's members are the BFF's,
// and Strapi's users list is for nobody.

const ROLES = [
  {
    code: 'strapi-editor',
    name: 'Editor',
    description: 'Editors can manage and publish contents including those of other users.',
    author: false,
  },
  {
    code: 'strapi-author',
    name: 'Author',
    description: 'Authors can manage the content they have created.',
    author: true,
  },
];

const PUBLISH = 'plugin::content-manager.explorer.publish';
const IS_CREATOR = 'admin::is-creator';

/** The media library, as Strapi's defaults give it to these roles. */
function mediaPermissions(author) {
  const own = author ? [IS_CREATOR] : [];
  return [
    { action: 'plugin::upload.read', conditions: own },
    { action: 'plugin::upload.configure-view', conditions: [] },
    { action: 'plugin::upload.assets.create', conditions: [] },
    { action: 'plugin::upload.assets.update', conditions: own },
    { action: 'plugin::upload.assets.download', conditions: [] },
    { action: 'plugin::upload.assets.copy-link', conditions: [] },
  ];
}

/** Every content-manager permission on the model's own types, with every field. */
function modelPermissions(strapi) {
  const permissionService = strapi.service('admin::permission');
  const actions = permissionService.actionProvider
    .values()
    .filter((action) => action.section === 'contentTypes');
  return strapi
    .service('admin::content-type')
    .getPermissionsWithNestedFields(actions)
    .filter((permission) => permission.subject?.startsWith('api::'));
}

async function ensureRole(strapi, spec, wanted) {
  const roles = strapi.service('admin::role');
  let role = await roles.findOne({ code: spec.code });
  let fresh = false;
  if (!role) {
    role = await roles.create({ name: spec.name, code: spec.code, description: spec.description });
    fresh = true;
    strapi.log.info(`[cms-schema] made the admin role ${spec.name} again`);
  }
  const rows = strapi.db.query('admin::permission');
  const existing = await rows.findMany({ where: { role: { id: role.id } } });
  const missing = fresh ? mediaPermissions(spec.author) : [];
  let widened = 0;
  for (const permission of wanted) {
    if (spec.author && permission.action === PUBLISH) continue;
    const have = existing.find(
      (row) => row.action === permission.action && row.subject === permission.subject
    );
    if (!have) {
      missing.push({ ...permission, conditions: spec.author ? [IS_CREATOR] : [] });
      continue;
    }
    const fields = permission.properties?.fields;
    const held = have.properties?.fields;
    if (!Array.isArray(fields) || !Array.isArray(held)) continue;
    const added = fields.filter((field) => !held.includes(field));
    if (added.length === 0) continue;
    await rows.update({
      where: { id: have.id },
      data: { properties: { ...have.properties, fields: [...held, ...added] } },
    });
    widened += 1;
  }
  if (missing.length > 0) await roles.addPermissions(role.id, missing);
  if (missing.length > 0 || widened > 0) {
    strapi.log.info(
      `[cms-schema] role ${spec.name}: ${missing.length} permission(s) added, ${widened} widened`
    );
  }
}

async function ensureEditorRoles(strapi) {
  const wanted = modelPermissions(strapi);
  for (const spec of ROLES) await ensureRole(strapi, spec, wanted);
}

/** Strapi's end-user registration off, whatever an earlier start or an admin set. */
async function closeRegistration(strapi) {
  const store = strapi.store({ type: 'plugin', name: 'users-permissions' });
  const advanced = (await store.get({ key: 'advanced' })) || {};
  if (advanced.allow_register === false) return;
  await store.set({ key: 'advanced', value: { ...advanced, allow_register: false } });
  strapi.log.info('[cms-schema] closed Strapi user registration');
}

module.exports = { ensureEditorRoles, closeRegistration, ROLES };
