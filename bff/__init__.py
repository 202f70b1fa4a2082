"""The chess-learning BFF: create_app builds one application from the environment."""

from __future__ import annotations

from collections.abc import Mapping

from flask import Flask
from flask.sessions import SecureCookieSessionInterface

from . import (
    billing,
    cli,
    cms,
    my_data,  # noqa: F401 - declares /users/account/export before accounts registers
    pages,
    reminders,
    review_queue,  # noqa: F401 - declares /content/review before learning registers
    search,
)
from .access.clock import utcnow
from .access.viewer import RecentViewers
from .accounts.passwords import DEFAULT_HASHER
from .accounts.social import SocialSettings, SocialVerifier
from .app_context import AppContext
from .billing.checkout import Billing
from .billing.entitlements import ACCOUNT_READING
from .billing.providers import make_provider
from .billing.stores import make_stores
from .billing.subscriptions import profile_subscription
from .cms.rendered import RenderedAnswers
from .cms.upstream import UpstreamUnavailable, make_upstream, unavailable_answer
from .domains import DOMAINS
from .learning.progress import ANSWER_PROGRESS
from .platform import compression, faults, logs, metrics, openapi, security, storage, web
from .platform.cache import make_cache
from .platform.cdn import make_cdn
from .platform.compression import CompressedFiles
from .platform.config import load_settings, merged_environ
from .platform.database import configure_engine, engine_options
from .platform.errors import register_error_handlers
from .platform.extensions import db
from .platform.mail import make_mailer
from .platform.ratelimit import RateLimits, store_uri

# Room for a 10 MB upload plus its multipart framing; more is refused with 413.
MAX_REQUEST_BYTES = 11 * 1024 * 1024


class NoSessions(SecureCookieSessionInterface):
    """The BFF keeps no cookie session (tokens travel in headers and their own cookie), so none
    is opened per request; flask.session is the null session, which refuses writes."""

    def open_session(self, app, request):
        return None


def create_app(config: Mapping[str, str] | None = None) -> Flask:
    """Build the application. ``config`` overrides environment variables of the same names."""
    settings = load_settings(config)
    logs.configure_logging(settings)

    app = Flask(__name__, instance_path=str(settings.instance_path), static_folder=None)
    app.config.update(
        SECRET_KEY=settings.secret_key,
        SQLALCHEMY_DATABASE_URI=settings.database_url,
        SQLALCHEMY_ENGINE_OPTIONS=engine_options(settings.database_url),
        MAX_CONTENT_LENGTH=MAX_REQUEST_BYTES,
        # No route answers OPTIONS (no cross-origin caller needs it): 405 in the error envelope,
        # not Flask's empty text/html 200.
        PROVIDE_AUTOMATIC_OPTIONS=False,
        API_TITLE="Chess learning BFF",
        API_VERSION="1",
        OPENAPI_VERSION="3.0.3",
        OPENAPI_URL_PREFIX="/api",
        OPENAPI_JSON_PATH="openapi.json",
        OPENAPI_SWAGGER_UI_PATH="docs",
        OPENAPI_SWAGGER_UI_URL=openapi.DOCS_ASSETS_URL,
    )
    app.session_interface = NoSessions()
    logs.init_app(app, settings)  # first: every answer and log line has the request's id
    metrics.init_app(app, settings)
    faults.init_app(app, settings)  # then a test's fault answers before all else

    db.init_app(app)
    cache = make_cache(settings.redis_url)
    upstream = make_upstream(settings)
    with app.app_context():
        configure_engine(db.engine)
        metrics.watch_pool(db.engine)
        catalogue = cms.build_catalogue(settings, upstream, cache, db.engine)

    api = openapi.Api(app)
    environ = merged_environ(config)
    services = AppContext(
        settings=settings,
        # The real time, moved per test for the end-to-end tests' scopes (faults.py).
        clock=faults.shifted(utcnow) if settings.faults_file else utcnow,
        cache=cache,
        mail=make_mailer(settings),
        storage=storage.make_storage(settings),
        rate_limits=RateLimits(store_uri(settings.redis_url, settings.instance_path)),
        compressed_files=CompressedFiles(),
        api=api,
        upstream=upstream,
        catalogue=catalogue,
        rendered=RenderedAnswers(catalogue.cache),
        cdn=make_cdn(settings),
        password_hasher=DEFAULT_HASHER,
        social=SocialVerifier(SocialSettings.from_environ(environ)),
        recent_viewers=RecentViewers(),
        account_reading=ACCOUNT_READING,
        profile_subscription=profile_subscription,
        answer_progress=ANSWER_PROGRESS,
        page_filler=pages.fill_page,
        content_changed=search.content_changed,
        billing=Billing(make_provider(settings, db), settings.public_base_url),
        search=search.make_search(app, catalogue),
    )
    # Each domain's part (billing's reads the provider at each call, so a test may swap it).
    services.member_data = tuple(d.member_data for d in DOMAINS if d.member_data is not None)
    services.sitemap_paths = tuple(path for d in DOMAINS for path in d.sitemap_paths)
    services.install(app)

    # What takes settings, before the routes that read it.
    billing.install_stores(
        app,
        make_stores(
            environ, production=settings.is_production, instance_path=settings.instance_path
        ),
    )
    reminders.install_delivery(app, environ, settings.instance_path)
    for domain in DOMAINS:  # in the list's order: the API document's (bff/domains.py)
        domain.register(app, api)
    openapi.register_docs_assets(app)
    web.register_converter(app)
    app.register_blueprint(web.blp)  # last: its catch-all serves the client's routes

    register_error_handlers(app)
    # Any route that reads content (a purchase reads its price) answers a CMS away as 503.
    app.register_error_handler(UpstreamUnavailable, unavailable_answer)
    security.init_app(app, settings)
    compression.init_app(app)
    cli.register(app)
    return app
