'use strict';

// The scaffold's server settings, and no update check: Strapi asks npm for its latest version
// on every start unless `logger.updates.enabled` is false (STRAPI_DISABLE_UPDATE_NOTIFICATION is
// no longer read by Strapi 5; STRAPI_TELEMETRY_DISABLED, set by the scripts, turns telemetry off).

module.exports = ({ env }) => ({
  host: env('HOST', '0.0.0.0'),
  port: env.int('PORT', 1337),
  app: {
    keys: env.array('APP_KEYS'),
  },
  webhooks: {
    populateRelations: env.bool('WEBHOOKS_POPULATE_RELATIONS', false),
  },
  logger: {
    updates: { enabled: false },
  },
});
