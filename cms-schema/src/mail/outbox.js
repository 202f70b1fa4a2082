'use strict';

// A nodemailer transport that writes each message as an .eml file in a folder, named as the BFF's
// outbox names its own (bff/platform/mail.py): a developer reads the CMS's mail and the site's in
// one place, with any mail reader.

const crypto = require('crypto');
const fs = require('fs');
const path = require('path');

/** UTC YYYYMMDDTHHMMSSffffff, the BFF's stamp (microseconds: JavaScript has milliseconds). */
function stamp(date = new Date()) {
  const pad = (value, width = 2) => String(value).padStart(width, '0');
  return (
    `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}` +
    `${pad(date.getUTCMilliseconds(), 3)}000`
  );
}

/** nodemailer takes an object with `send` as its transport (`createTransport(transport)`). */
function outboxTransport(folder) {
  return {
    name: 'outbox',
    version: '1',
    send(mail, callback) {
      const chunks = [];
      const stream = mail.message.createReadStream();
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        try {
          fs.mkdirSync(folder, { recursive: true });
          const target = path.join(
            folder,
            `${stamp()}-${crypto.randomBytes(4).toString('hex')}.eml`,
          );
          const draft = target.replace(/\.eml$/, '.part');
          fs.writeFileSync(draft, Buffer.concat(chunks));
          fs.renameSync(draft, target); // readers never see half a message
          callback(null, { envelope: mail.message.getEnvelope(), messageId: target });
        } catch (error) {
          callback(error);
        }
      });
    },
  };
}

module.exports = { outboxTransport, stamp };
