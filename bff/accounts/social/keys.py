"""Providers' published signing keys (JWKS), kept in memory, and the ID-token check using them."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any

import jwt

from .identity import SocialAuthError, invalid_token, unavailable
from .upstream import ProviderHttp

log = logging.getLogger(__name__)

ALGORITHM = "RS256"

# Clocks of the provider and of this machine drift apart a little.
LEEWAY_SECONDS = 60

# A token naming an unknown key makes us refetch the set, since the provider may have just
# rotated its keys; no more often than this, so that made-up key ids cannot make us hammer
# the provider.
FORCED_REFRESH_SECONDS = 60.0


class PublishedKeys:
    """One provider's JWKS: fetched on first use, kept ``cache_seconds``, refetched on rotation.

    One instance serves every request of a process, from any thread.
    """

    def __init__(
        self,
        url: str,
        *,
        upstream: ProviderHttp,
        cache_seconds: float,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.url = url
        self.provider = upstream.provider
        self._upstream = upstream
        self._cache_seconds = cache_seconds
        self._clock = clock
        self._lock = threading.Lock()
        self._keys: dict[str, Any] | None = None
        self._fresh_until = 0.0
        self._forced_at: float | None = None

    def key_for(self, kid: str) -> Any:
        """The public key with this id; SocialAuthError when the provider does not publish it."""
        with self._lock:
            now = self._clock()
            fetched: bool | None = None
            if self._keys is None or now >= self._fresh_until:
                fetched = self._refresh(now)
            key = (self._keys or {}).get(kid)
            if key is None and fetched is None and self._may_force(now):
                self._forced_at = now
                fetched = self._refresh(now)
                key = (self._keys or {}).get(kid)
        if key is None and fetched is False:
            # The key may be a new one we could not fetch: not the person's fault.
            raise unavailable(self.provider, "keys_unreachable")
        if key is None:
            raise invalid_token(self.provider, "unknown_key")
        return key

    def _may_force(self, now: float) -> bool:
        return self._forced_at is None or now - self._forced_at >= FORCED_REFRESH_SECONDS

    def _refresh(self, now: float) -> bool:
        """Fetch the set. On failure keep the keys we had, if any, and say so."""
        try:
            self._keys = self._fetch()
        except SocialAuthError:
            if self._keys is None:
                raise
            # Keys rotate slowly and every old key stays published for a while: serving a
            # stale set beats refusing every sign-in while the provider is away. Try again
            # soon rather than at every request.
            log.warning("%s keys could not be refreshed; using the previous set", self.provider)
            self._fresh_until = now + FORCED_REFRESH_SECONDS
            return False
        self._fresh_until = now + self._cache_seconds
        return True

    def _fetch(self) -> dict[str, Any]:
        what = "key set"
        response = self._upstream.call("GET", self.url, what=what)
        if response.status_code != 200:
            log.warning("%s %s answered %s", self.provider, what, response.status_code)
            raise unavailable(self.provider, "keys_status")
        body = self._upstream.json_object(response, what=what)
        try:
            published = jwt.PyJWKSet.from_dict(body)
        except jwt.PyJWTError:
            log.warning("%s %s holds no usable key", self.provider, what)
            raise unavailable(self.provider, "keys_unusable") from None
        keys = {
            jwk.key_id: jwk.key
            for jwk in published
            if jwk.key_id
            and jwk.algorithm_name == ALGORITHM
            and jwk.public_key_use in (None, "sig")
        }
        if not keys:
            log.warning("%s %s holds no %s signing key", self.provider, what, ALGORITHM)
            raise unavailable(self.provider, "keys_unusable")
        return keys


# pyjwt's failures, most specific first, and the word logs and tests get for each.
_REASONS: tuple[tuple[type[jwt.PyJWTError], str], ...] = (
    (jwt.ExpiredSignatureError, "expired"),
    (jwt.InvalidAudienceError, "audience"),
    (jwt.InvalidIssuerError, "issuer"),
    (jwt.ImmatureSignatureError, "not_yet_valid"),
    (jwt.InvalidIssuedAtError, "issued_at"),
    (jwt.MissingRequiredClaimError, "missing_claim"),
    (jwt.InvalidSignatureError, "signature"),
    (jwt.InvalidAlgorithmError, "algorithm"),
    (jwt.DecodeError, "malformed"),
)


def verify_id_token(
    token: str,
    keys: PublishedKeys,
    *,
    audience: str | Iterable[str],
    issuer: str | Iterable[str],
) -> dict[str, Any]:
    """The claims of an OpenID Connect ID token signed with one of ``keys``.

    Signature (RS256 only, whatever the header says), issuer, audience, expiry and issue
    time are all checked; any failure is user_invalid_token.
    """
    provider = keys.provider
    if not isinstance(token, str) or not token.strip():
        raise invalid_token(provider, "missing")
    try:
        header = jwt.get_unverified_header(token)
    except jwt.PyJWTError:
        raise invalid_token(provider, "malformed") from None
    kid = header.get("kid")
    if header.get("alg") != ALGORITHM:
        raise invalid_token(provider, "algorithm")
    if not isinstance(kid, str) or not kid:
        raise invalid_token(provider, "malformed")
    key = keys.key_for(kid)
    try:
        claims = jwt.decode(
            token,
            key,
            algorithms=[ALGORITHM],
            audience=audience if isinstance(audience, str) else list(audience),
            issuer=issuer if isinstance(issuer, str) else tuple(issuer),
            leeway=LEEWAY_SECONDS,
            options={"require": ["iss", "aud", "sub", "exp", "iat"]},
        )
    except jwt.PyJWTError as exc:
        reason = next((word for kind, word in _REASONS if isinstance(exc, kind)), "invalid")
        log.info("%s ID token refused: %s", provider, reason)
        raise invalid_token(provider, reason) from None
    if not isinstance(claims.get("sub"), str) or not claims["sub"]:
        raise invalid_token(provider, "missing_claim")
    return claims
