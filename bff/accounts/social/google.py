"""Google sign-in: the ID token the client got from Google, checked against Google's keys."""

from __future__ import annotations

from collections.abc import Sequence

from .identity import SocialIdentity, clean_email, clean_name, is_true
from .keys import PublishedKeys, verify_id_token

KEYS_URL = "https://www.googleapis.com/oauth2/v3/certs"

# Google signs with either spelling of its issuer.
ISSUERS = ("accounts.google.com", "https://accounts.google.com")

# Where an OpenID issuer publishes its keys, for a test issuer standing in for Google.
TEST_ISSUER_KEYS_PATH = "/.well-known/jwks.json"


class GoogleSignIn:
    provider = "google"

    def __init__(
        self,
        client_ids: Sequence[str],
        keys: PublishedKeys,
        issuers: Sequence[str] = ISSUERS,
    ):
        # Web, iOS and Android clients each have their own id; a token for any of them is ours.
        self.client_ids = tuple(client_ids)
        self.keys = keys
        # Google's own, except where a test issuer stands in for it (never in production).
        self.issuers = tuple(issuers)

    def verify(self, id_token: str, *, platform: str) -> SocialIdentity:
        claims = verify_id_token(id_token, self.keys, audience=self.client_ids, issuer=self.issuers)
        # An address Google has not verified could belong to someone else: we do not take it.
        email = clean_email(claims.get("email")) if is_true(claims.get("email_verified")) else None
        return SocialIdentity(
            provider=self.provider,
            subject=claims["sub"],
            email=email,
            first_name=clean_name(claims.get("given_name")),
            last_name=clean_name(claims.get("family_name")),
        )
