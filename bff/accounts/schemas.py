"""Request and response schemas of /users (documented in /api/docs).

Request schemas check types and choices; the validation rules (docs/accounts.md) with
their own catalogue codes run in the services (see rules.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import marshmallow as ma
from flask_smorest.fields import Upload

from ..access.prices import CURRENCIES
from ..platform.fields import DATE_TIME, needed
from ..platform.openapi import REQUIRED, REQUIRED_BY_SERVICE, Schema, envelope
from . import rules
from .registration import PLATFORMS, REGISTRATION_TYPES, SOCIAL_TYPES

F = ma.fields


def _text(
    description: str, *, required: bool = False, by_service: bool = False, **documented
) -> ma.fields.String:
    """A text field. ``by_service``: the service requires it (with its own catalogue code when it is
    missing) and the document says so; ``documented``: the pattern or lengths the service's
    rules enforce, said in the document (rules.py checks them)."""
    metadata = {"description": description, **documented}
    if by_service:
        metadata[REQUIRED_BY_SERVICE] = True
    return ma.fields.String(error_messages=REQUIRED, metadata=metadata, required=required)


def _ruled(description: str, pattern: str, lengths: tuple[int, int]) -> ma.fields.String:
    """A required text whose shape and length rules.py checks, said in the document too."""
    low, high = lengths
    return _text(description, by_service=True, pattern=pattern, minLength=low, maxLength=high)


def _email(description: str) -> ma.fields.String:
    return _ruled(description, rules.EMAIL_SHAPE.pattern, rules.EMAIL_LENGTH)


def _new_password(description: str) -> ma.fields.String:
    pattern = rf"^.*{rules.PASSWORD_SPECIAL.pattern}.*$"
    return _ruled(description, pattern, rules.PASSWORD_LENGTH)


def _username(description: str) -> ma.fields.String:
    return _ruled(description, rules.USERNAME_ALLOWED.pattern, rules.USERNAME_LENGTH)


def _platform() -> ma.fields.String:
    return ma.fields.String(
        load_default="mobile-web",
        validate=ma.validate.OneOf(PLATFORMS),
        metadata={"description": "Where the person is: mobile-web (default), web, ios, android"},
    )


# Requests ------------------------------------------------------------------------------------


class RegisterBody(Schema):
    type = needed(
        F.String, "email, facebook, google or apple", validate=ma.validate.OneOf(REGISTRATION_TYPES)
    )
    username = _text("5 to 31 letters, digits, dot, apostrophe, underscore or hyphen")
    email = _text("5 to 63 characters; e-mail type, or social when the provider gives none")
    password = _text("8 to 20 characters with a digit or one of ~!@#$%^&* (e-mail type only)")
    country = _text("ISO 3166 alpha-2 code from GET /users/countries")
    skill_level = _text(f"One of {', '.join(rules.SKILL_LEVELS)}")
    terms = ma.fields.Boolean(metadata={"description": "Must be true"})
    subscribe = ma.fields.Boolean(
        load_default=False, metadata={"description": "Also subscribe to the newsletter"}
    )
    platform = _platform()
    token = _text(
        "Social types: the socialToken of a user_doesnt_exist answer, or the provider's "
        "credential (also accepted as access_token, id_token or code)"
    )
    access_token = _text("Facebook access token (alias of token)")
    id_token = _text("Google id_token (alias of token)")
    code = _text("Apple authorization code (alias of token)")


def _terms() -> ma.fields.Boolean:
    return ma.fields.Boolean(
        metadata={"description": "Must be true", "enum": [True], REQUIRED_BY_SERVICE: True}
    )


def _choice(description: str, values) -> ma.fields.String:
    return _text(description, by_service=True, enum=list(values))


def _country() -> ma.fields.String:
    codes = sorted(rules.country_codes())
    return _choice("ISO 3166 alpha-2 code from GET /users/countries", codes)


class RegisterEmailBody(RegisterBody):
    type = ma.fields.String(
        load_default="email",
        validate=ma.validate.OneOf(["email"]),
        metadata={"description": "email (the default; the only type here)"},
    )
    username = _username("5 to 31 letters, digits, dot, apostrophe, underscore or hyphen")
    email = _email("5 to 63 characters")
    password = _new_password("8 to 20 characters with a digit or one of ~!@#$%^&*")
    country = _country()
    skill_level = _choice("The player's level", rules.SKILL_LEVELS)
    terms = _terms()


class RegisterSocialBody(RegisterBody):
    type = needed(F.String, "facebook, google or apple", validate=ma.validate.OneOf(SOCIAL_TYPES))
    username = _username("5 to 31 letters, digits, dot, apostrophe, underscore or hyphen")
    country = _country()
    skill_level = _choice("The player's level", rules.SKILL_LEVELS)
    terms = _terms()
    token = _text(
        "The socialToken of a user_doesnt_exist answer, or the provider's credential (also "
        "accepted as access_token, id_token or code)",
        by_service=True,
    )


class LoginBody(Schema):
    username = _text(
        "The e-mail address (a username works too); trimmed", by_service=True, pattern=r"\S"
    )
    password = _text("Trimmed", by_service=True, pattern=r"\S")
    platform = _platform()


def _provider_body(name: str, credential: str, description: str) -> type[ma.Schema]:
    """A sign-in through a provider: the credential it gave, and where the person is."""
    fields = {credential: _text(description, required=True), "platform": _platform()}
    return Schema.from_dict(fields, name=name)


FacebookBody = _provider_body("FacebookBody", "access_token", "From the Facebook SDK")
GoogleBody = _provider_body("GoogleBody", "id_token", "From Google Identity Services")


class AppleBody(Schema):
    code = _text("The authorization code from Sign in with Apple (the web's, or an app's)")
    identity_token = _text(
        "Instead of the code, an app may send the identityToken Sign in with Apple gave it (a JWT"
        " Apple signed for the app's bundle id); one of the two is needed"
    )
    platform = _platform()

    @ma.validates_schema
    def _code_or_identity_token(self, data: Mapping, **_kwargs) -> None:
        if not data.get("code") and not data.get("identity_token"):
            raise ma.ValidationError(REQUIRED["required"], "code")


class MailedTokenBody(Schema):
    token = _text("The token from the mailed link", required=True)


class MailedTokenArgs(Schema):
    class Meta:
        # Mail clients and trackers append their own parameters (utm_source...) to links.
        unknown = ma.EXCLUDE

    token = _text("The token from the mailed link")


class StartRecoveryBody(Schema):
    email = _email("The account's e-mail address")


class RecoverPasswordBody(Schema):
    token = _text("The token from the mailed link", by_service=True)
    password = _new_password("8 to 20 characters with a digit or one of ~!@#$%^&*")
    password_confirmation = _text("Optional repeat; must match when given")


class ChangePasswordBody(Schema):
    current_password = _text("The password now (trimmed)", by_service=True)
    password = _new_password("8 to 20 characters with a digit or one of ~!@#$%^&* (trimmed)")
    password_confirmation = _text("Optional repeat; must match when given")
    platform = _platform()


def _name(field: str) -> ma.fields.String:
    def check(value: str) -> None:
        message = rules.name_problem(value.strip(), field)
        if message:
            raise ma.ValidationError(message)

    return ma.fields.String(
        allow_none=True,
        validate=lambda value: value is None or value.strip() == "" or check(value) is None,
        metadata={"description": "At least 3 letters; no digits or symbols; empty clears it"},
    )


class ProfileBody(Schema):
    firstname = _name("firstname")
    lastname = _name("lastname")
    username = _text(
        "A new username: 5 to 31 letters, digits, dot, apostrophe, underscore or hyphen, free"
        " (GET /users/check says so)",
        pattern=rules.USERNAME_ALLOWED.pattern,
        minLength=rules.USERNAME_LENGTH[0],
        maxLength=rules.USERNAME_LENGTH[1],
    )
    country = _text(
        "ISO 3166 alpha-2 code from GET /users/countries", enum=sorted(rules.country_codes())
    )
    skill_level = _text("The player's level", enum=list(rules.SKILL_LEVELS))


class ChangeEmailBody(Schema):
    email = _email("The new address; the link that makes the change is mailed to it")
    password = _text("The account's password (trimmed)", by_service=True)


class EmailChangeAsked(Schema):
    message = F.String(required=True)
    email = F.String(required=True, metadata={"description": "Where the link was mailed"})


EmailChangeAskedEnvelope = envelope(EmailChangeAsked)


class DeleteAccountBody(Schema):
    password = _text("The account's password (trimmed), to confirm", by_service=True)


class AvatarBody(Schema):
    avatar = needed(Upload, "JPEG, PNG or WebP, at most 10 MB")


class UsernameArgs(Schema):
    username = _text("The name to check", required=True)


class EmailArgs(Schema):
    email = _text("The address to check", required=True)


# Responses -----------------------------------------------------------------------------------


class UserAvatar(Schema):
    src = F.String(required=True, allow_none=True, metadata={"description": "Image URL, or null"})


class MembershipPlan(Schema):
    id = F.String(required=True, allow_none=True)
    name = F.String(required=True, allow_none=True)
    period = F.String(
        required=True,
        allow_none=True,
        validate=ma.validate.OneOf(("monthly", "yearly")),
        metadata={"description": "monthly (-> /welcome-me) or yearly (-> /welcome-you)"},
    )
    currency = F.String(required=True, allow_none=True, validate=ma.validate.OneOf(CURRENCIES))
    price_text = F.String(required=True, allow_none=True)


class Membership(Schema):
    """A member's Pro membership, as billing keeps it."""

    id = F.String(
        required=True, allow_none=True, metadata={"description": "The provider's subscription id"}
    )
    status = F.String(
        required=True,
        # billing.subscriptions.client_status: every other ending of a provider's reads expired.
        validate=ma.validate.OneOf(("trialing", "active", "past_due", "canceled", "expired")),
        metadata={"description": "trialing, active, past_due, canceled or expired"},
    )
    managed_by = F.String(
        required=True,
        metadata={
            "description": "Who bills it, so where Manage billing leads: stripe (the web),"
            " app_store or google_play (the store's own subscription page)",
            "enum": ["stripe", "app_store", "google_play"],
        },
    )
    plan = F.Nested(MembershipPlan, required=True)
    current_period_end = F.String(required=True, allow_none=True, metadata=DATE_TIME)
    trial_end = F.String(required=True, allow_none=True, metadata=DATE_TIME)
    cancel_at_period_end = F.Boolean(required=True)


class User(Schema):
    id = F.Integer(required=True)
    firstname = F.String(required=True, allow_none=True)
    lastname = F.String(required=True, allow_none=True)
    username = F.String(required=True)
    email = F.String(required=True)
    country = F.String(required=True, allow_none=True)
    skill_level = F.String(required=True, allow_none=True)
    avatar = F.Nested(UserAvatar, required=True)
    user_tier = F.String(
        required=True,
        validate=ma.validate.OneOf(("free", "pro")),
        metadata={"description": "free or pro"},
    )
    subscription = F.Nested(
        Membership,
        required=True,
        allow_none=True,
        metadata={"description": "The current Pro membership; null without one"},
    )


UserEnvelope = envelope(User)


ACCESS = "Access JWT (15 minutes); send as Bearer"
REFRESH = "Refresh token, only for ios/android and the X-Refresh-Token transport (web: the cookie)"
EXPIRES_IN = "Seconds until the access token expires (its exp less its iat): refresh before then"
REFRESH_EXPIRES_IN = (
    "Seconds until the refresh token expires (30 days; each refresh gives a new one): with"
    " refresh only; past it the member signs in again"
)


class UserSession(Schema):
    access = F.String(required=True, metadata={"description": ACCESS})
    expires_in = F.Integer(required=True, metadata={"description": EXPIRES_IN})
    refresh = F.String(metadata={"description": REFRESH})
    refresh_expires_in = F.Integer(metadata={"description": REFRESH_EXPIRES_IN})
    user = F.Nested(User, required=True)


UserSessionEnvelope = envelope(UserSession)


class Registered(Schema):
    access = F.String(
        required=True,
        allow_none=True,
        metadata={"description": f"{ACCESS}; null until an e-mail account is confirmed"},
    )
    expires_in = F.Integer(
        required=True,
        allow_none=True,
        metadata={"description": f"{EXPIRES_IN}; null with access"},
    )
    refresh = F.String(metadata={"description": REFRESH})
    refresh_expires_in = F.Integer(metadata={"description": REFRESH_EXPIRES_IN})
    user = F.Nested(User, required=True)
    email_confirmation_required = F.Boolean(
        required=True,
        metadata={"description": "True for e-mail accounts: no session until confirmed"},
    )


RegisteredEnvelope = envelope(Registered)


class Availability(Schema):
    available = ma.fields.Boolean(required=True)
    message = ma.fields.String(
        required=True,
        allow_none=True,
        metadata={"description": "Why not (the message registration would give), or null"},
    )


AvailabilityEnvelope = envelope(Availability)


class Country(Schema):
    code = ma.fields.String(required=True)
    name = ma.fields.String(required=True)


CountriesEnvelope = envelope(Country, many=True, name="CountriesEnvelope")


class AccountMessage(Schema):
    message = ma.fields.String(required=True)


AccountMessageEnvelope = envelope(AccountMessage)


class FacebookApp(Schema):
    app_id = F.String(required=True)


class GoogleClient(Schema):
    client_id = F.String(required=True)


class AppleClient(Schema):
    client_id = F.String(required=True)
    redirect_uri = F.String(required=True, allow_none=True)


class ProviderUnavailable(Schema):
    code = F.String(
        required=True,
        metadata={
            "description": "The error code its sign-in call answers: "
            "social_provider_not_configured."
        },
    )
    message = F.String(
        required=True,
        metadata={
            "description": "What its button shows, e.g. 'Facebook sign-in is not available "
            "on this site.'"
        },
    )


class UnavailableProviders(Schema):
    """The providers that are off, each with why; a provider that is on is not listed."""

    facebook = F.Nested(ProviderUnavailable)
    google = F.Nested(ProviderUnavailable)
    apple = F.Nested(ProviderUnavailable)


class SocialProviders(Schema):
    """Per provider the public ids its sign-in button needs, or null when it is off here; every
    provider that is off is also in `unavailable`, with the message its button shows."""

    facebook = F.Nested(FacebookApp, required=True, allow_none=True)
    google = F.Nested(GoogleClient, required=True, allow_none=True)
    apple = F.Nested(AppleClient, required=True, allow_none=True)
    unavailable = F.Nested(UnavailableProviders, required=True)


SocialProvidersEnvelope = envelope(SocialProviders)


class SocialLink(Schema):
    provider = F.String(required=True, validate=ma.validate.OneOf(SOCIAL_TYPES))
    email = F.String(required=True, allow_none=True)


class ExportedProfile(User):
    email_confirmed = F.Boolean(required=True)
    created_at = F.String(required=True, metadata=DATE_TIME)
    social_sign_in = F.List(F.Nested(SocialLink), required=True)


class ExportedNewsletter(Schema):
    subscribed = F.Boolean(required=True)


def account_export_envelope(parts: Iterable[Mapping[str, ma.fields.Field]]) -> type[Schema]:
    """Download my data's answer: the account's own part, then each domain's part as the domain
    declares it (MemberData.export_fields)."""
    fields: dict[str, ma.fields.Field] = {
        "exported_at": F.String(required=True, metadata=DATE_TIME),
        "profile": F.Nested(ExportedProfile, required=True),
        "newsletter": F.Nested(ExportedNewsletter, required=True),
    }
    for part in parts:
        fields.update(part)
    return envelope(Schema.from_dict(fields, name="AccountExport"))
