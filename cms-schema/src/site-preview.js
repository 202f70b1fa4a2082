'use strict';

// Strapi's preview panel, opened on the site: a published entry at its own address, a draft
// through a signed link that expires. The BFF checks the link (same secret), starts a preview
// session that only that browser has, and shows drafts to it (docs/editors.md, drafts and preview).

const crypto = require('crypto');

/** Where the site shows an entry of each type that has a page of its own. */
const PAGES = {
  'api::article.article': (entry) => `/articles/${entry.public_id}`,
  'api::lesson.lesson': (entry) => `/lessons/${entry.public_id}`,
  'api::video.video': (entry) => `/videos/${entry.public_id}`,
  'api::program.program': (entry) => `/program/${entry.public_id}`,
  'api::program-chapter.program-chapter': (entry) => `/program-chapter/${entry.public_id}`,
  'api::masterclass-episode.masterclass-episode': (entry) => `/masterclass/chapter/${entry.public_id}`,
  'api::legal-page.legal-page': (entry) => `/legal/${entry.slug}`,
  'api::masterclass.masterclass': () => '/masterclass',
  'api::home-hub.home-hub': () => '/home',
  'api::grand-chess-tour.grand-chess-tour': () => '/grand-chess-tour',
  'api::upgrade-page.upgrade-page': () => '/upgrade-account',
};

/** How long a preview link opens a session: the admin asks for a new one each time. */
const LINK_LIFETIME_SECONDS = 10 * 60;

/** The signed link: path and expiry, signed with HMAC-SHA256 of "path\nexpires". */
function signedLink(site, secret, sitePath, now = Date.now()) {
  const expires = Math.floor(now / 1000) + LINK_LIFETIME_SECONDS;
  const signature = crypto
    .createHmac('sha256', secret)
    .update(`${sitePath}\n${expires}`)
    .digest('hex');
  const query = new URLSearchParams({ path: sitePath, expires: String(expires), signature });
  return `${site}/cms/preview?${query}`;
}

/**
 * The `preview` part of config/admin.js: on when SITE_URL and SITE_PREVIEW_SECRET are set.
 */
function previewConfig(env) {
  const site = (env('SITE_URL') || '').replace(/\/+$/, '');
  const secret = env('SITE_PREVIEW_SECRET');
  return {
    enabled: Boolean(site && secret),
    config: {
      allowedOrigins: site ? [new URL(site).origin] : [],
      async handler(uid, { documentId, status }) {
        const page = PAGES[uid];
        if (!page) return undefined; // teachers, authors, ...: shown on the pages of others
        const entry = await strapi
          .documents(uid)
          .findOne({ documentId, status: status === 'published' ? 'published' : 'draft' });
        if (!entry) return undefined;
        const sitePath = page(entry);
        return status === 'published' ? `${site}${sitePath}` : signedLink(site, secret, sitePath);
      },
    },
  };
}

module.exports = { PAGES, previewConfig, signedLink };
