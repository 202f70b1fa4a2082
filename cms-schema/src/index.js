'use strict';

// Start-up hooks of the content model: public read access and the BFF's API token.

const fs = require('fs');
const path = require('path');

const PUBLIC_ACTIONS_COLLECTION = ['find', 'findOne'];
const PUBLIC_ACTIONS_SINGLE = ['find']; // single types have no findOne route
const BFF_TOKEN_NAME = 'bff';

/** Grants the public role read access to every api:: content type; adds only missing rows. */
async function grantPublicRead(strapi) {
  const role = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'public' } });
  if (!role) {
    strapi.log.warn('[cms-schema] no public role found; public read access not granted');
    return;
  }

  const wanted = [];
  for (const [uid, contentType] of Object.entries(strapi.contentTypes)) {
    if (!uid.startsWith('api::')) continue;
    const actions =
      contentType.kind === 'singleType' ? PUBLIC_ACTIONS_SINGLE : PUBLIC_ACTIONS_COLLECTION;
    for (const action of actions) wanted.push(`${uid}.${action}`);
  }

  const permissions = strapi.db.query('plugin::users-permissions.permission');
  const existing = await permissions.findMany({
    where: { role: role.id, action: { $in: wanted } },
    select: ['action'],
  });
  const have = new Set(existing.map((permission) => permission.action));
  const missing = wanted.filter((action) => !have.has(action));
  for (const action of missing) {
    await permissions.create({ data: { action, role: role.id } });
  }
  if (missing.length > 0) {
    strapi.log.info(`[cms-schema] granted public ${missing.length} read permission(s)`);
  }
}

function writeSecret(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 });
}

/**
 * Makes sure a full-access API token named 'bff' exists and that its key is in the file named
 * by BFF_API_TOKEN_FILE. A key is only readable when it is created or regenerated, so a token
 * whose file was lost gets a new key.
 */
async function ensureBffToken(strapi) {
  const file = process.env.BFF_API_TOKEN_FILE;
  if (!file) return;

  // Strapi 5.2x+ names the service 'api-token-content-api'; 'api-token' is its older alias.
  const tokens =
    strapi.service('admin::api-token-content-api') || strapi.service('admin::api-token');
  const existing = await tokens.getByName(BFF_TOKEN_NAME);

  if (!existing) {
    const created = await tokens.create({
      name: BFF_TOKEN_NAME,
      type: 'full-access',
      lifespan: null,
      description: 'Read and write access for the BFF and the seed push command.',
    });
    writeSecret(file, created.accessKey);
    strapi.log.info(`[cms-schema] created API token '${BFF_TOKEN_NAME}', key written to ${file}`);
    return;
  }

  if (fs.existsSync(file)) return;

  const regenerated = await tokens.regenerate(existing.id);
  writeSecret(file, regenerated.accessKey);
  strapi.log.info(`[cms-schema] regenerated API token '${BFF_TOKEN_NAME}', key written to ${file}`);
}

module.exports = {
  register(/* { strapi } */) {},

  async bootstrap({ strapi }) {
    await grantPublicRead(strapi);
    await ensureBffToken(strapi);
  },
};
