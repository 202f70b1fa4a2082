"""What a member changes: profile, avatar, password and e-mail address."""

from __future__ import annotations

from flask import request
from flask.views import MethodView

from ...access.clock import clock
from ...access.viewer import MEMBERS, current_viewer, forget_current_viewer
from ...platform import ratelimit
from ...platform.conditional import etagged
from ...platform.errors import ApiError
from ...platform.extensions import db
from .. import (
    email_change,
    profile,
    rules,
    schemas,
)
from .base import (
    AVATAR_UPLOADS,
    blp,
    context,
    followed,
    jwt_secret,
    mailed_link,
    profile_of,
    recovery_route,
    session_answer,
    site_mailing,
    tell_of_the_change,
    with_password,
)

# Profile -------------------------------------------------------------------------------------


@blp.route("/profile")
class Profile(MethodView):
    @etagged()
    @blp.access(MEMBERS)
    @blp.response(200, schemas.UserEnvelope)
    def get(self):
        """The signed-in user."""
        user = profile.get_user(db.session, current_viewer().user_id)
        return {"data": profile_of(user)}

    @blp.access(MEMBERS)
    @blp.arguments(schemas.ProfileBody, required=False)
    @blp.response(200, schemas.UserEnvelope)
    @blp.doc(
        requestBody={
            "content": {
                "application/json": {"schema": schemas.ProfileBody},
                "multipart/form-data": {"schema": schemas.AvatarBody},
            }
        }
    )
    @blp.errors(
        {
            400: "An invalid field (its message in error.fields: names, username,"
            " country, skill_level), or avatar_invalid (not a JPEG, PNG or WebP image, or one"
            " too large: at most 4096 px a side and 16 megapixels; a baseline JPEG 8192 and 50)",
            409: "user_username_exists: another account has that username",
            413: "payload_too_large: 'Data size limit is 10MB'",
            415: "unsupported_media_type: a body that is neither JSON nor multipart",
            429: f"rate_limited: too many avatar uploads (a member may make {AVATAR_UPLOADS})",
        }
    )
    def post(self, body):
        """Change any of firstname, lastname, username, country and skill_level (JSON; a
        field left out stays as it is), or the avatar (multipart field `avatar`).

        The avatar is re-encoded to WebP, at most 512 px, without metadata; the one it replaces
        is deleted.
        """
        user_id = current_viewer().user_id
        if request.mimetype == "multipart/form-data":
            # Counted before the upload is read: re-encoding is the dearest call a member makes.
            ratelimit.count("avatar", f"member:{user_id}", default=AVATAR_UPLOADS)
            unknown = sorted((set(request.form) | set(request.files)) - {"avatar"})
            if unknown:  # as AvatarBody says: the avatar and nothing else
                raise ApiError(
                    400, "validation_failed", fields=dict.fromkeys(unknown, "Unknown field.")
                )
            upload = request.files.get("avatar")  # documented by AvatarBody
            if upload is None:
                raise ApiError(400, "validation_failed", fields={"avatar": rules.REQUIRED})
            data = upload.read()
            user = profile.update_avatar(db.session, user_id, data, context().storage)
        else:
            if request.get_data(cache=True) and not request.is_json:
                # Neither JSON nor a picture: not read as an empty change that answers 200.
                raise ApiError(415, "unsupported_media_type")
            changes = {key: (value or "").strip() or None for key, value in body.items()}
            user = profile.update_profile(db.session, user_id, changes)
        return {"data": profile_of(user)}


@blp.route("/change_password")
class ChangePassword(MethodView):
    @with_password(
        schemas.ChangePasswordBody,
        schemas.UserSessionEnvelope,
        {
            400: "user_wrong_password (the current password, in error.fields), "
            "user_password_required, user_passwords_dont_match or a new password the rules refuse",
        },
    )
    def post(self, body):
        """Change the password, giving the current one. Every session of the account ends,
        this one's too; the answer starts a new one as a sign-in does (access token in the body,
        refresh token in the cookie, and in the body for ios/android)."""
        signed_in = profile.change_password(
            db.session,
            current_viewer().user_id,
            body.get("current_password"),
            body.get("password"),
            body.get("password_confirmation"),
            now=clock(),
            hasher=context().password_hasher,
            secret=jwt_secret(),
        )
        forget_current_viewer()
        tell_of_the_change(signed_in.user)
        return {"data": session_answer(signed_in, body["platform"])}


# E-mail change -------------------------------------------------------------------------------


@blp.route("/change_email")
class ChangeEmail(MethodView):
    @with_password(
        schemas.ChangeEmailBody,
        schemas.EmailChangeAskedEnvelope,
        {
            400: "An invalid address (docs/accounts.md, validation), the account's own address,"
            " user_password_required or user_wrong_password (in error.fields.password)",
            409: "user_email_exists: another account has that address",
        },
    )
    def post(self, body):
        """Ask to change the account's e-mail address, giving the password. A link valid once
        and for 24 hours is mailed to the new address; the address changes only when it is
        followed, and the old address is then told."""
        address = email_change.request_email_change(
            db.session,
            current_viewer().user_id,
            body.get("password"),
            body.get("email"),
            now=clock(),
            hasher=context().password_hasher,
            mailing=site_mailing(),
        )
        message = f"We sent a link to {address}. Follow it to use this address."
        return {"data": {"message": message, "email": address}}


EMAIL_CHANGE_ERRORS = {
    400: "email_verification_invalid_token: the link is unknown, used or expired",
    409: "user_email_exists: another account took the address since",
}


@blp.route("/confirm_email_change")
class ConfirmEmailChange(MethodView):
    @mailed_link(
        "To /account?email_changed=1, or /account?error=<code> (one of"
        " email_verification_invalid_token, user_email_exists)"
    )
    def get(self, args):
        """The link in the mail to the new address: makes the change, then opens the account
        page."""
        return followed(
            lambda: email_change.confirm_email_change(
                db.session,
                args.get("token"),
                now=clock(),
                mailing=site_mailing(),
                parts=context().member_data,
            ),
            "/account",
            "email_changed=1",
        )

    @recovery_route(schemas.MailedTokenBody, EMAIL_CHANGE_ERRORS)
    def post(self, body):
        """Make the change from an app (the token of the mailed link)."""
        email_change.confirm_email_change(
            db.session,
            body["token"],
            now=clock(),
            mailing=site_mailing(),
            parts=context().member_data,
        )
        return {"data": {"message": "Your e-mail address is changed."}}


@blp.route("/cancel_email_change")
class CancelEmailChange(MethodView):
    @mailed_link(
        "To /login?email_change_cancelled=1, or /login?error=email_verification_invalid_token"
        " (unknown or expired, or the change was made or stopped already)"
    )
    def get(self, args):
        """The link in the mail to the old address: stops the change and signs every device out
        (whoever asked knew the password), then opens the login page."""
        return followed(
            lambda: email_change.cancel_email_change(db.session, args.get("token"), now=clock()),
            "/login",
            "email_change_cancelled=1",
        )

    @recovery_route(
        schemas.MailedTokenBody,
        {400: "email_verification_invalid_token: the link is unknown, expired or spent"},
    )
    def post(self, body):
        """Stop an e-mail change from an app (the token of the link mailed to the old address);
        every session of the account ends."""
        email_change.cancel_email_change(db.session, body["token"], now=clock())
        return {"data": {"message": "The change of your e-mail address is stopped."}}
