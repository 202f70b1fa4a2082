"""The app stores that sell Pro in the iOS and Android apps: the App Store and Google Play.

Each store is a module of its own behind one interface (store.py); without its credentials its
sandbox (sandboxes.py) stands in, as the sandbox payment provider does for Stripe. What a store
reports is applied by purchases.py, whoever delivers it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import requests

from ..plans import PLANS
from .settings import AppStoreSettings, GooglePlaySettings, StoreSettings
from .store import APP_STORE, GOOGLE_PLAY, STORES, Store, StoreNotConfigured

__all__ = ["APP_STORE", "GOOGLE_PLAY", "STORES", "Stores", "make_stores"]


@dataclass
class Stores:
    """The stores this instance sells through, by name (a store that is off is absent)."""

    by_name: dict[str, Store] = field(default_factory=dict)
    sandboxed: bool = False  # both stores are sandboxes: their route to buy is served

    def get(self, name: str) -> Store:
        store = self.by_name.get(name)
        if store is None:
            raise StoreNotConfigured()
        return store

    def products_of(self, plan_id: str) -> dict[str, str | None]:
        """The store product of a plan in each store (None: not sold there)."""
        return {
            name: (self.by_name[name].product_ids.get(plan_id) if name in self.by_name else None)
            for name in STORES
        }

    def plan_for(self, store: str, product_id: str) -> str | None:
        found = self.by_name.get(store)
        for plan_id, product in (found.product_ids if found else {}).items():
            if product == product_id:
                return plan_id
        return None


def make_stores(
    environ: Mapping[str, str],
    *,
    production: bool,
    instance_path: Path,
    clock: Callable[[], float] | None = None,
) -> Stores:
    """The stores with their credentials; the sandboxes without them (not in production)."""
    import time

    clock = clock or time.time
    settings = StoreSettings.from_environ(environ)
    stores = Stores()
    sandbox_products = {plan.id: plan.id for plan in PLANS}
    chain = None
    if not production and (settings.app_store is None or settings.google_play is None):
        from .sandboxes import load_chain

        chain = load_chain(instance_path)
    if settings.app_store is not None:
        stores.by_name[APP_STORE] = _app_store(settings.app_store, settings.app_store_products)
    elif chain is not None:
        from .sandboxes import SandboxAppStore

        products = settings.app_store_products or sandbox_products
        stores.by_name[APP_STORE] = SandboxAppStore(chain, products, clock=clock)
    if settings.google_play is not None:
        stores.by_name[GOOGLE_PLAY] = _google_play(
            settings.google_play, settings.google_play_products
        )
    elif chain is not None:
        from .sandboxes import SandboxGooglePlay

        products = settings.google_play_products or sandbox_products
        stores.by_name[GOOGLE_PLAY] = SandboxGooglePlay(chain, products, clock=clock)
    stores.sandboxed = (
        settings.app_store is None and settings.google_play is None and not production
    )
    return stores


def _app_store(settings: AppStoreSettings, products: Mapping[str, str]) -> Store:
    from appstoreserverlibrary.api_client import AppStoreServerAPIClient
    from appstoreserverlibrary.models.Environment import Environment
    from appstoreserverlibrary.signed_data_verifier import SignedDataVerifier

    from .app_store import AppStore

    environment = Environment(settings.environment)
    verifier = SignedDataVerifier(
        list(settings.root_certificates),
        settings.online_checks,  # OCSP of Apple's chain (a verified key is kept 15 minutes)
        environment,
        settings.bundle_id,
        settings.app_apple_id,
    )
    api = AppStoreServerAPIClient(
        settings.private_key.encode(),
        settings.key_id,
        settings.issuer_id,
        settings.bundle_id,
        environment,
    )
    return AppStore(verifier, products, api=api)


def _google_play(settings: GooglePlaySettings, products: Mapping[str, str]) -> Store:
    import google.auth.transport.requests
    from google.oauth2 import id_token, service_account

    from .google_play import SCOPE, GooglePlay

    http = requests.Session()
    credentials = service_account.Credentials.from_service_account_info(
        settings.service_account, scopes=[SCOPE]
    )
    auth_request = google.auth.transport.requests.Request(http)

    def access_token() -> str:
        if not credentials.valid:
            credentials.refresh(auth_request)
        return str(credentials.token)

    def verify_push(token: str, audience: str):
        return id_token.verify_oauth2_token(token, auth_request, audience)

    return GooglePlay(
        package_name=settings.package_name,
        product_ids=products,
        access_token=access_token,
        verify_push=verify_push,
        push_audience=settings.pubsub_audience,
        push_email=settings.pubsub_email,
        http=http,
    )
