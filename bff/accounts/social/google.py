"""Google sign-in: the ID token the client got from Google, checked against Google's keys."""

from __future__ import annotations

from collections.abc import Sequence

from .identity import SocialIdentity, clean_email, clean_name, is_true
from .issuer import OpenIdIssuer
from .keys import PublishedKeys, verify_id_token

KEYS_URL = "https://www.googleapis.com/oauth2/v3/certs"

# Google signs with either spelling of its issuer.
ISSUER = OpenIdIssuer(
    "https://accounts.google.com", keys_url=KEYS_URL, also_named=("accounts.google.com",)
)


class GoogleSignIn:
    provider = "google"

    def __init__(
        self,
        client_ids: Sequence[str],
        keys: PublishedKeys,
        issuer: OpenIdIssuer = ISSUER,
    ):
        # Web, iOS and Android clients each have their own id; a token for any of them is ours.
        self.client_ids = tuple(client_ids)
        self.keys = keys
        # Google, except where a test issuer stands in for it (never in production).
        self.issuer = issuer

    def verify(self, id_token: str, *, platform: str) -> SocialIdentity:
        claims = verify_id_token(
            id_token, self.keys, audience=self.client_ids, issuer=self.issuer.names
        )
        # An address Google has not verified could belong to someone else: we do not take it.
        email = clean_email(claims.get("email")) if is_true(claims.get("email_verified")) else None
        return SocialIdentity(
            provider=self.provider,
            subject=claims["sub"],
            email=email,
            first_name=clean_name(claims.get("given_name")),
            last_name=clean_name(claims.get("family_name")),
        )
