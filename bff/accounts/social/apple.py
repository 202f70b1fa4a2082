"""Sign in with Apple: the authorization code exchanged at Apple, its ID token verified."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass

import jwt
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec

from .identity import (
    INVALID_AUTH_CODE,
    SocialAuthError,
    SocialIdentity,
    clean_email,
    is_true,
    not_configured,
    social_error,
    unavailable,
)
from .issuer import OpenIdIssuer
from .keys import PublishedKeys, verify_id_token
from .upstream import ProviderHttp

log = logging.getLogger(__name__)

EXCHANGE_URL = "https://appleid.apple.com/auth/token"
KEYS_URL = "https://appleid.apple.com/auth/keys"
ISSUER = OpenIdIssuer("https://appleid.apple.com", keys_url=KEYS_URL, token_url=EXCHANGE_URL)

# Apple accepts client secrets valid up to six months; ours is made for one exchange.
CLIENT_SECRET_SECONDS = 300

# Which of APPLE_CLIENT_IDS a platform's code was issued to: the services id (first) serves the
# web flow, also used by Android; the app's bundle id (second) serves the native iOS flow.
SERVICES_ID, BUNDLE_ID = 0, 1


def load_private_key(pem: str) -> ec.EllipticCurvePrivateKey:
    """The P-256 key from the .p8 file Apple gives; ValueError says what is wrong with it."""
    # Environment variables often carry the PEM on one line with literal "\n".
    text = pem.strip().replace("\\n", "\n")
    try:
        key = serialization.load_pem_private_key(text.encode(), password=None)
    except (ValueError, TypeError):
        raise ValueError("APPLE_PRIVATE_KEY is not a PEM private key (the .p8 file).") from None
    if not isinstance(key, ec.EllipticCurvePrivateKey) or not isinstance(key.curve, ec.SECP256R1):
        raise ValueError("APPLE_PRIVATE_KEY must be the P-256 (ES256) key Apple issued.")
    return key


@dataclass(frozen=True)
class TeamKey:
    """The key a developer team makes at Apple for Sign in with Apple: it signs the client
    secret (APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY)."""

    team_id: str
    key_id: str
    private_key: ec.EllipticCurvePrivateKey


class IdentityToken(str):
    """The identityToken Sign in with Apple hands an app (a JWT Apple signed for its bundle id),
    sent instead of the authorization code: nothing to exchange, the token is checked as is."""


class AppleSignIn:
    provider = "apple"

    def __init__(
        self,
        *,
        client_ids: Sequence[str],
        team_key: TeamKey,
        redirect_uri: str | None,
        keys: PublishedKeys,
        upstream: ProviderHttp,
        issuer: OpenIdIssuer = ISSUER,
    ):
        self.client_ids = tuple(client_ids)
        self._team_key = team_key
        self.redirect_uri = redirect_uri
        self.keys = keys
        self._upstream = upstream
        # Apple, except where a test issuer stands in for it (never in production).
        if not issuer.token_url:
            raise ValueError("Apple sign-in needs an issuer that exchanges codes (token_url).")
        self.issuer = issuer
        self._token_url = issuer.token_url

    def client_id_for(self, platform: str) -> str:
        index = BUNDLE_ID if platform == "ios" else SERVICES_ID
        if index >= len(self.client_ids):
            log.warning("Apple sign-in from %s needs a bundle id in APPLE_CLIENT_IDS", platform)
            raise not_configured(self.provider, "no_client_id_for_platform")
        return self.client_ids[index]

    def client_secret(self, client_id: str, now: int | None = None) -> str:
        """The ES256 JWT that stands for a client secret at Apple's token endpoint."""
        issued = int(time.time()) if now is None else now
        team_key = self._team_key
        claims = {
            "iss": team_key.team_id,
            "iat": issued,
            "exp": issued + CLIENT_SECRET_SECONDS,
            "aud": self.issuer.url,
            "sub": client_id,
        }
        return jwt.encode(
            claims, team_key.private_key, algorithm="ES256", headers={"kid": team_key.key_id}
        )

    def verify(self, code: str, *, platform: str) -> SocialIdentity:
        if not isinstance(code, str) or not code.strip():
            raise _invalid_code("missing")
        client_id = self.client_id_for(platform)
        if isinstance(code, IdentityToken):
            return self._identity(code.strip(), client_id)
        form = {
            "client_id": client_id,
            "client_secret": self.client_secret(client_id),
            "code": code.strip(),
            "grant_type": "authorization_code",
        }
        # Apple wants redirect_uri only when the authorization request had one: the web flow
        # does, the native iOS flow does not.
        if self.redirect_uri and platform != "ios":
            form["redirect_uri"] = self.redirect_uri
        what = "token exchange"
        response = self._upstream.call(
            "POST", self._token_url, what=what, data=form, headers={"Accept": "application/json"}
        )
        body = self._upstream.json_object(response, what=what)
        if response.status_code != 200:
            error = body.get("error")
            if error == "invalid_grant":
                # Expired, already used, or issued to another client id.
                raise _invalid_code("invalid_grant")
            # invalid_client and the rest mean our request or credentials are wrong, which
            # the person cannot fix: say so loudly in the log, and "unavailable" to them.
            log.error(
                "Apple refused the token exchange (%s, %s): check APPLE_CLIENT_IDS, "
                "APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY and APPLE_REDIRECT_URI",
                response.status_code,
                error if isinstance(error, str) else "no error code",
            )
            raise unavailable(self.provider, "refused")
        id_token = body.get("id_token")
        if not isinstance(id_token, str):
            log.warning("Apple %s answered without an id_token", what)
            raise unavailable(self.provider, "no_id_token")
        return self._identity(id_token, client_id)

    def _identity(self, id_token: str, client_id: str) -> SocialIdentity:
        """The person an ID token Apple signed for ``client_id`` names."""
        claims = verify_id_token(id_token, self.keys, audience=client_id, issuer=self.issuer.names)
        email = clean_email(claims.get("email")) if is_true(claims.get("email_verified")) else None
        # Apple gives the name only to the client, once, at the first authorization: it is
        # never in the ID token.
        return SocialIdentity(
            provider=self.provider,
            subject=claims["sub"],
            email=email,
            first_name=None,
            last_name=None,
        )


def _invalid_code(reason: str) -> SocialAuthError:
    return social_error("apple", INVALID_AUTH_CODE, reason)
