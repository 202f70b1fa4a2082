'use strict';

// Mails an invited admin user their registration link. Strapi 5's "Invite new user" makes the
// account with a registration token and shows the link in the panel, but sends nothing (the
// admin user service only emits `user.create`); this listens to that event and mails it.

const INVITATION_SUBJECT = 'You are invited to edit the chess site';

function invitationMail({ email, firstname }, link) {
  const hello = firstname ? `Hello ${firstname},` : 'Hello,';
  const text = [
    hello,
    '',
    'You have been invited to write and publish on the chess site\u2019s CMS.',
    'Open this link to choose your password and log in:',
    '',
    link,
    '',
    'If you did not expect this invitation, ignore this mail.',
  ].join('\n');
  const html =
    `<p>${escapeHtml(hello)}</p>` +
    '<p>You have been invited to write and publish on the chess site\u2019s CMS. ' +
    'Open this link to choose your password and log in:</p>' +
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>` +
    '<p>If you did not expect this invitation, ignore this mail.</p>';
  return { to: email, subject: INVITATION_SUBJECT, text, html };
}

function escapeHtml(value) {
  return String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
}

/** The admin panel's registration page for a token, at the address Strapi knows itself by. */
function registrationLink(strapi, token) {
  const admin = String(strapi.config.get('admin.absoluteUrl')).replace(/\/+$/, '');
  return `${admin}/auth/register?registrationToken=${encodeURIComponent(token)}`;
}

async function mailInvitation(strapi, user) {
  // The event carries the user without its token: read it back.
  const row = await strapi.db.query('admin::user').findOne({
    where: { id: user.id },
    select: ['id', 'email', 'firstname', 'isActive', 'registrationToken'],
  });
  if (!row || row.isActive || !row.registrationToken) return; // the first admin, a created user
  const mail = invitationMail(row, registrationLink(strapi, row.registrationToken));
  await strapi.plugin('email').service('email').send(mail);
  strapi.log.info(`[cms-schema] mailed the invitation of ${row.email}`);
}

/** From bootstrap: every invitation made from now on is mailed. */
function mailInvitations(strapi) {
  strapi.eventHub.on('user.create', async ({ user }) => {
    try {
      await mailInvitation(strapi, user);
    } catch (error) {
      // The invitation stands (the panel shows its link); the mail is what failed.
      strapi.log.error(`[cms-schema] the invitation of ${user?.email} was not mailed: ${error}`);
    }
  });
}

module.exports = { invitationMail, mailInvitations, registrationLink };
