'use strict';

// The e-mail plugin's settings from the BFF's own: MAIL_URL (smtp://, smtps://, smtp+starttls://)
// through Strapi's nodemailer provider, or, when it is absent or a file:// URL, .eml files in the
// outbox folder the BFF writes to (MAIL_OUTBOX, else the file URL's folder). MAIL_FROM is the sender.

const path = require('path');
const { fileURLToPath } = require('url');
const { outboxTransport } = require('./outbox');

const SMTP_PORTS = { 'smtp:': 25, 'smtps:': 465, 'smtp+starttls:': 587 };

/** nodemailer's SMTP options for a MAIL_URL, or an Error saying what it must look like. */
function smtpOptions(mailUrl) {
  const url = new URL(mailUrl);
  if (!(url.protocol in SMTP_PORTS) || !url.hostname) {
    throw new Error(
      'MAIL_URL must look like smtp://user:pass@host:port (or smtps://, smtp+starttls://, file:///folder)',
    );
  }
  const options = {
    host: url.hostname,
    port: Number(url.port) || SMTP_PORTS[url.protocol],
    secure: url.protocol === 'smtps:',
    requireTLS: url.protocol === 'smtp+starttls:',
    connectionTimeout: 10000,
  };
  if (url.username) {
    options.auth = {
      user: decodeURIComponent(url.username),
      pass: decodeURIComponent(url.password || ''),
    };
  }
  return options;
}

/** The outbox folder: MAIL_URL's when it is a file URL, else MAIL_OUTBOX, else ./outbox. */
function outboxFolder(env) {
  const mailUrl = env('MAIL_URL', '');
  if (mailUrl.startsWith('file:')) return fileURLToPath(mailUrl);
  return path.resolve(env('MAIL_OUTBOX', 'outbox'));
}

/** The `email` entry of config/plugins.js. */
function emailConfig(env) {
  const mailUrl = env('MAIL_URL', '');
  const smtp = mailUrl && !mailUrl.startsWith('file:');
  const from = env('MAIL_FROM', 'Chess <no-reply@localhost>');
  return {
    config: {
      provider: 'nodemailer',
      providerOptions: smtp ? smtpOptions(mailUrl) : outboxTransport(outboxFolder(env)),
      settings: { defaultFrom: from, defaultReplyTo: from },
    },
  };
}

module.exports = { emailConfig, outboxFolder, smtpOptions };
