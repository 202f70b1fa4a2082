'use strict';

// Start-up hooks of the content model: Strapi serves nothing to the public (the BFF is the only
// reader, with a read-only API token), tools that write get a token of their own, and the BFF
// hears of every change through a webhook.

const fs = require('fs');
const path = require('path');
const { applyAdminLayout } = require('./admin-layout');
const { closeRegistration, ensureEditorRoles } = require('./editor-roles');
const { registerChessFields, refuseWrongChess } = require('./chess');
const { keepLinksWhole } = require('./editorial/links');
const { requireLessonVideo } = require('./editorial/lessons');
const { mailInvitations } = require('./mail/invitations');

/** The tokens this model keeps, each written to the file its environment variable names. */
const TOKENS = [
  {
    name: 'bff',
    type: 'read-only',
    fileVariable: 'BFF_API_TOKEN_FILE',
    description: 'Read-only access for the BFF (its CMS_TOKEN).',
  },
  {
    name: 'editor-tools',
    type: 'full-access',
    fileVariable: 'EDITOR_API_TOKEN_FILE',
    description: 'Read and write access for the seed push command and editors\u2019 scripts.',
  },
];

/**
 * Takes back every content permission of the Public role: anonymous visitors of Strapi read
 * nothing (a Pro lesson's video ids included), whatever an earlier start or an admin granted.
 * Uploaded files stay public: Strapi serves them as static files, outside these permissions.
 */
async function revokePublicRead(strapi) {
  const role = await strapi.db
    .query('plugin::users-permissions.role')
    .findOne({ where: { type: 'public' } });
  if (!role) return;
  const permissions = strapi.db.query('plugin::users-permissions.permission');
  const granted = await permissions.findMany({
    where: { role: role.id, action: { $startsWith: 'api::' } },
    select: ['id', 'action'],
  });
  for (const permission of granted) {
    await permissions.delete({ where: { id: permission.id } });
  }
  if (granted.length > 0) {
    strapi.log.info(`[cms-schema] revoked ${granted.length} public read permission(s)`);
  }
}

function writeSecret(file, value) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${value}\n`, { mode: 0o600 });
}

/**
 * Makes sure the token exists with its type and that its key is in its file. A key is only
 * readable when it is created or regenerated, so a token whose file was lost gets a new key.
 */
async function ensureToken(strapi, { name, type, fileVariable, description }) {
  const file = process.env[fileVariable];
  if (!file) return;
  // Strapi 5.2x+ names the service 'api-token-content-api'; 'api-token' is its older alias.
  const tokens =
    strapi.service('admin::api-token-content-api') || strapi.service('admin::api-token');
  const existing = await tokens.getByName(name);

  if (!existing) {
    const created = await tokens.create({ name, type, lifespan: null, description });
    writeSecret(file, created.accessKey);
    strapi.log.info(`[cms-schema] created the ${type} API token '${name}' (${file})`);
    return;
  }
  if (existing.type !== type) {
    await tokens.update(existing.id, { type, description });
    strapi.log.info(`[cms-schema] API token '${name}' is now ${type}`);
  }
  if (fs.existsSync(file)) return;
  const regenerated = await tokens.regenerate(existing.id);
  writeSecret(file, regenerated.accessKey);
  strapi.log.info(`[cms-schema] regenerated the API token '${name}' (${file})`);
}

/**
 * The first admin account, from CMS_ADMIN_EMAIL and CMS_ADMIN_PASSWORD, when Strapi has none yet
 * (scripts/cms sets them), so editors log in without the registration page.
 */
async function ensureFirstAdmin(strapi) {
  const email = process.env.CMS_ADMIN_EMAIL;
  const password = process.env.CMS_ADMIN_PASSWORD;
  if (!email || !password) return;
  const users = strapi.service('admin::user');
  if (await users.exists()) return;
  await users.createFirstAdmin({ email, password, firstname: 'Editor', lastname: 'In chief' });
  strapi.log.info(`[cms-schema] created the admin account ${email}`);
}

const WEBHOOK_NAME = 'bff';

/**
 * Registers the webhook that tells the BFF what changed (BFF_WEBHOOK_URL, with the secret
 * BFF_WEBHOOK_SECRET as its bearer token), or corrects it when either changed. It goes through
 * Strapi's webhook store, as the admin panel does after its checks: the panel refuses loopback
 * and private addresses in production, where a BFF beside Strapi usually is.
 */
async function ensureBffWebhook(strapi) {
  const url = process.env.BFF_WEBHOOK_URL;
  const secret = process.env.BFF_WEBHOOK_SECRET;
  if (!url || !secret) return;
  const store = strapi.get('webhookStore');
  const runner = strapi.get('webhookRunner');
  const wanted = {
    name: WEBHOOK_NAME,
    url,
    headers: { Authorization: `Bearer ${secret}` },
    // entry.* and media.* (the upload plugin adds the latter before this runs)
    events: Array.from(store.allowedEvents.values()),
  };
  const existing = (await store.findWebhooks()).find((webhook) => webhook.name === WEBHOOK_NAME);
  if (!existing) {
    runner.add(await store.createWebhook(wanted));
    strapi.log.info(`[cms-schema] registered the webhook '${WEBHOOK_NAME}' to ${url}`);
    return;
  }
  const same =
    existing.url === url &&
    existing.isEnabled &&
    existing.headers?.Authorization === wanted.headers.Authorization &&
    wanted.events.every((event) => existing.events.includes(event));
  if (same) return;
  runner.update(await store.updateWebhook(existing.id, { ...wanted, isEnabled: true }));
  strapi.log.info(`[cms-schema] updated the webhook '${WEBHOOK_NAME}' to ${url}`);
}

/**
 * Every entry keeps one number for the site's URLs (/lessons/42) and the BFF's cache tags:
 * Strapi's own id changes each time an entry is published (the published row is made anew), so
 * the site cannot use it. `public_id` is given on creation (the next free number of its type, or
 * the one a seed push asks for when free) and on duplication; publishing copies it.
 */
function keepPublicIds(strapi) {
  const queues = new Map(); // one creation at a time per type, so two never get one number

  function inTurn(uid, work) {
    const previous = queues.get(uid) || Promise.resolve();
    const turn = previous.then(work, work);
    queues.set(uid, turn.catch(() => undefined));
    return turn;
  }

  async function taken(uid, number) {
    const found = await strapi.db.query(uid).findOne({ where: { public_id: number } });
    return found != null;
  }

  async function nextNumber(uid) {
    const last = await strapi.db.query(uid).findOne({
      select: ['public_id'],
      where: { public_id: { $notNull: true } },
      orderBy: { public_id: 'desc' },
    });
    return (last?.public_id || 0) + 1;
  }

  strapi.documents.use(async (context, next) => {
    const numbered = strapi.getModel(context.uid)?.attributes?.public_id != null;
    if (!numbered || !['create', 'clone'].includes(context.action)) return next();
    return inTurn(context.uid, async () => {
      const data = context.params.data || {};
      const asked = context.action === 'create' ? data.public_id : null;
      const free = asked != null && !(await taken(context.uid, asked));
      context.params.data = { ...data, public_id: free ? asked : await nextNumber(context.uid) };
      return next();
    });
  });
}

module.exports = {
  register({ strapi }) {
    keepPublicIds(strapi);
    registerChessFields(strapi);
    refuseWrongChess(strapi);
    keepLinksWhole(strapi);
    requireLessonVideo(strapi);
  },

  async bootstrap({ strapi }) {
    await revokePublicRead(strapi);
    await closeRegistration(strapi);
    for (const token of TOKENS) await ensureToken(strapi, token);
    await ensureBffWebhook(strapi);
    await ensureFirstAdmin(strapi);
    await ensureEditorRoles(strapi);
    await applyAdminLayout(strapi);
    mailInvitations(strapi);
  },
};
