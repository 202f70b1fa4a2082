"""The stores' settings (docs/settings.md, "Selling in the apps"), read from the environment.

A store whose credentials are not set runs its sandbox (sandboxes.py), except in production,
where it is off: its routes answer 404 store_not_available.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ...platform.config import ConfigError
from ..plans import PLANS_BY_ID

APP_STORE_ENVIRONMENTS = ("Production", "Sandbox")


@dataclass(frozen=True)
class AppStoreSettings:
    issuer_id: str
    key_id: str
    private_key: str  # the In-App Purchase key (.p8), PEM
    bundle_id: str
    app_apple_id: int | None
    environment: str  # Production | Sandbox
    root_certificates: tuple[bytes, ...]  # Apple's root CAs, DER
    online_checks: bool = True  # OCSP: Apple's certificates not revoked


@dataclass(frozen=True)
class GooglePlaySettings:
    service_account: dict
    package_name: str
    pubsub_audience: str
    pubsub_email: str | None


@dataclass(frozen=True)
class StoreSettings:
    app_store: AppStoreSettings | None
    google_play: GooglePlaySettings | None
    app_store_products: dict[str, str]
    google_play_products: dict[str, str]

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> StoreSettings:
        def get(name: str) -> str | None:
            value = environ.get(name)
            return str(value).strip() if value is not None and str(value).strip() else None

        return cls(
            app_store=_app_store(get),
            google_play=_google_play(get),
            app_store_products=product_ids(get("APP_STORE_PRODUCT_IDS"), "APP_STORE_PRODUCT_IDS"),
            google_play_products=product_ids(
                get("GOOGLE_PLAY_PRODUCT_IDS"), "GOOGLE_PLAY_PRODUCT_IDS"
            ),
        )


def product_ids(value: str | None, name: str) -> dict[str, str]:
    """`pro_monthly_usd=com.example.pro.monthly,...`: the store's product of each plan."""
    pairs: dict[str, str] = {}
    for part in (value or "").split(","):
        if not part.strip():
            continue
        plan_id, sep, product = (piece.strip() for piece in part.partition("="))
        if not sep or not product or plan_id not in PLANS_BY_ID:
            raise ConfigError(f"{name}: {part.strip()!r} is not plan_id=product_id of a plan.")
        pairs[plan_id] = product
    return pairs


def _required(get, names: tuple[str, ...], because: str) -> None:
    missing = [name for name in names if not get(name)]
    if missing:
        raise ConfigError(f"{because}: set {', '.join(missing)} too (docs/settings.md).")


def _app_store(get) -> AppStoreSettings | None:
    if not get("APP_STORE_PRIVATE_KEY"):
        return None
    names = (
        "APP_STORE_ISSUER_ID",
        "APP_STORE_KEY_ID",
        "APP_STORE_BUNDLE_ID",
        "APP_STORE_ROOT_CERTIFICATES",
    )
    _required(get, names, "APP_STORE_PRIVATE_KEY is set")
    environment = get("APP_STORE_ENVIRONMENT") or "Production"
    if environment not in APP_STORE_ENVIRONMENTS:
        raise ConfigError("APP_STORE_ENVIRONMENT must be Production or Sandbox.")
    apple_id = get("APP_STORE_APP_APPLE_ID")
    if environment == "Production" and not (apple_id and apple_id.isdigit()):
        raise ConfigError("APP_STORE_APP_APPLE_ID (a number) is needed in Production.")
    roots = []
    for path in get("APP_STORE_ROOT_CERTIFICATES").split(","):  # type: ignore[union-attr]
        try:
            roots.append(Path(path.strip()).read_bytes())
        except OSError as error:
            raise ConfigError(
                f"APP_STORE_ROOT_CERTIFICATES: cannot read {path!r}: {error}"
            ) from None
    return AppStoreSettings(
        issuer_id=get("APP_STORE_ISSUER_ID"),
        key_id=get("APP_STORE_KEY_ID"),
        # A key pasted into one line keeps its line breaks as \n.
        private_key=get("APP_STORE_PRIVATE_KEY").replace("\\n", "\n"),  # type: ignore[union-attr]
        bundle_id=get("APP_STORE_BUNDLE_ID"),
        app_apple_id=int(apple_id) if apple_id and apple_id.isdigit() else None,
        environment=environment,
        root_certificates=tuple(roots),
        online_checks=(get("APP_STORE_ONLINE_CHECKS") or "true").lower() not in ("0", "false"),
    )


def _google_play(get) -> GooglePlaySettings | None:
    raw = get("GOOGLE_PLAY_SERVICE_ACCOUNT_JSON")
    if not raw:
        return None
    names = ("GOOGLE_PLAY_PACKAGE_NAME", "GOOGLE_PLAY_PUBSUB_AUDIENCE", "GOOGLE_PLAY_PUBSUB_EMAIL")
    _required(get, names, "GOOGLE_PLAY_SERVICE_ACCOUNT_JSON is set")
    try:
        info = json.loads(raw)
        if not isinstance(info, dict) or "private_key" not in info:
            raise ValueError("no private_key")
    except ValueError as error:
        raise ConfigError(
            f"GOOGLE_PLAY_SERVICE_ACCOUNT_JSON is not a service account key: {error}"
        ) from None
    return GooglePlaySettings(
        service_account=info,
        package_name=get("GOOGLE_PLAY_PACKAGE_NAME"),
        pubsub_audience=get("GOOGLE_PLAY_PUBSUB_AUDIENCE"),
        pubsub_email=get("GOOGLE_PLAY_PUBSUB_EMAIL"),
    )
