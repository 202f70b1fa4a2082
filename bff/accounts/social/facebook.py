"""Facebook Login: the person's access token inspected with the Graph API, then their profile."""

from __future__ import annotations

import hashlib
import hmac
import logging
import time

from .identity import SocialIdentity, clean_email, clean_name, invalid_token, unavailable
from .upstream import ProviderHttp

log = logging.getLogger(__name__)

# Pinned so that Facebook's yearly changes reach us when we choose; v26.0 was released on
# 2026-07-29 and stays available for two years after its successor.
GRAPH_VERSION = "v26.0"
GRAPH_URL = f"https://graph.facebook.com/{GRAPH_VERSION}"

PROFILE_FIELDS = "id,email,first_name,last_name"

# Graph error codes that mean "try again later" rather than "this token is no good":
# unknown, service, and the throttling family.
TRANSIENT_CODES = {1, 2, 4, 17, 32, 341, 613}


def appsecret_proof(app_secret: str, access_token: str) -> str:
    """HMAC-SHA256 of the token keyed with the app secret, as Graph's securing guide asks."""
    return hmac.new(app_secret.encode(), access_token.encode(), hashlib.sha256).hexdigest()


class FacebookSignIn:
    provider = "facebook"

    def __init__(self, *, app_id: str, app_secret: str, upstream: ProviderHttp):
        self.app_id = app_id
        self._app_secret = app_secret
        self._upstream = upstream

    def verify(self, access_token: str, *, platform: str) -> SocialIdentity:
        if not isinstance(access_token, str) or not access_token.strip():
            raise invalid_token(self.provider, "missing")
        token = access_token.strip()
        user_id = self._inspect(token)
        profile = self._graph(
            "me",
            "profile",
            {
                "fields": PROFILE_FIELDS,
                "access_token": token,
                "appsecret_proof": appsecret_proof(self._app_secret, token),
            },
        )
        subject = profile.get("id")
        if not isinstance(subject, str) or not subject:
            log.warning("Facebook profile answered without an id")
            raise unavailable(self.provider, "no_id")
        if user_id is not None and subject != user_id:
            raise invalid_token(self.provider, "user_mismatch")
        # Graph returns an e-mail only when the person has a confirmed one and granted it.
        return SocialIdentity(
            provider=self.provider,
            subject=subject,
            email=clean_email(profile.get("email")),
            first_name=clean_name(profile.get("first_name")),
            last_name=clean_name(profile.get("last_name")),
        )

    def _inspect(self, token: str) -> str | None:
        """Check the token was issued to our app and is alive; the user id it names."""
        body = self._graph(
            "debug_token",
            "token inspection",
            # The app access token, app id and secret joined by "|", is what this call needs.
            {"input_token": token, "access_token": f"{self.app_id}|{self._app_secret}"},
        )
        data = body.get("data")
        if not isinstance(data, dict) or data.get("is_valid") is not True:
            raise invalid_token(self.provider, "not_valid")
        if str(data.get("app_id")) != self.app_id:
            # A genuine token, but for another app: accepting it would let that app sign
            # people in here.
            raise invalid_token(self.provider, "app")
        if data.get("type", "USER") != "USER":
            raise invalid_token(self.provider, "token_type")
        expires_at = data.get("expires_at")
        # 0 means the token does not expire.
        if isinstance(expires_at, int) and 0 < expires_at <= time.time():
            raise invalid_token(self.provider, "expired")
        user_id = data.get("user_id")
        return str(user_id) if user_id is not None else None

    def _graph(self, path: str, what: str, params: dict[str, str]) -> dict:
        response = self._upstream.call("GET", f"{GRAPH_URL}/{path}", what=what, params=params)
        body = self._upstream.json_object(response, what=what)
        if response.status_code == 200:
            return body
        error = body.get("error") if isinstance(body.get("error"), dict) else {}
        code = error.get("code")
        # Type, code and trace id help Facebook's support; the message may quote input.
        log.info(
            "Facebook %s refused: %s %s %s (trace %s)",
            what,
            response.status_code,
            error.get("type"),
            code,
            error.get("fbtrace_id"),
        )
        if code in TRANSIENT_CODES:
            raise unavailable(self.provider, "throttled")
        raise invalid_token(self.provider, "refused")
