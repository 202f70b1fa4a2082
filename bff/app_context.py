"""The services one application runs with, as one typed object (docs/architecture.md).

create_app builds every service once and keeps them here. The modules above the domains (the
command line, the health check, footer, learning and the pages) read it through
``app_context()``; a module below (the platform's routes, the access layer, a domain's routes)
reads only what it needs through a view of its own (bff.platform.context), so nothing below
imports this module. Routes hand a service what it needs. Tests swap one by assigning to its
field (a clock the test moves, a payment provider that fails): every view sees the swap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from argon2 import PasswordHasher
from flask import Flask, current_app

from .access import clock as access_clock
from .access import viewer as access_viewer
from .access.viewer import AccountReading, RecentViewers
from .accounts import routes as accounts_routes
from .accounts.profile import SubscriptionOf
from .accounts.social import SocialVerifier
from .billing import routes as billing_routes
from .billing.checkout import Billing
from .cms import answers as cms_answers
from .cms import routes as cms_routes
from .cms.catalogue import Catalogue
from .cms.rendered import RenderedAnswers
from .cms.routes import AnswerProgress, ContentChanged
from .cms.upstream import Upstream
from .platform import ratelimit, web
from .platform import storage as uploads
from .platform.cache import Cache
from .platform.cdn import Cdn
from .platform.compression import CompressedFiles
from .platform.config import Settings
from .platform.domain import MemberData
from .platform.mail import Mailer
from .platform.openapi import Api
from .platform.ratelimit import RateLimits
from .platform.storage import Storage
from .platform.web import PageFiller
from .search import current as search_current
from .search.service import Search

# Where Flask keeps it: Flask's own place for what an extension adds to an application.
_KEY = "bff"


@dataclass
class AppContext:
    # The platform
    settings: Settings
    clock: Callable[[], datetime]
    cache: Cache
    mail: Mailer
    storage: Storage
    rate_limits: RateLimits
    compressed_files: CompressedFiles
    api: Api
    # The CMS gateway
    upstream: Upstream
    catalogue: Catalogue
    rendered: RenderedAnswers
    cdn: Cdn  # the CDN told what to purge (none by default)
    # Accounts
    password_hasher: PasswordHasher
    social: SocialVerifier
    recent_viewers: RecentViewers
    # What the layers below read through the layers above (create_app hands them down)
    account_reading: AccountReading
    profile_subscription: SubscriptionOf
    answer_progress: AnswerProgress
    page_filler: PageFiller
    content_changed: ContentChanged
    # Billing: the payment provider (Stripe or the sandbox) and our public address
    billing: Billing
    # Search
    search: Search
    # What each domain above accounts keeps about a member, for "Download my data" and
    # "Delete my account" (handed down like the readings above; create_app fills it in)
    member_data: tuple[MemberData, ...] = ()
    # The pages without content of their own that the sitemap lists, each domain's (create_app
    # fills it in)
    sitemap_paths: tuple[str, ...] = ()

    def install(self, app: Flask) -> None:
        app.extensions[_KEY] = self
        # Each module below reads what it needs of this object through a view of its own:
        # handing it over here is where the type checker holds AppContext against each view.
        web.context.install(app, self)
        uploads.context.install(app, self)
        ratelimit.context.install(app, self)
        access_clock.context.install(app, self)
        access_viewer.context.install(app, self)
        accounts_routes.context.install(app, self)
        billing_routes.context.install(app, self)
        cms_routes.context.install(app, self)
        cms_answers.context.install(app, self)
        search_current.context.install(app, self)


def app_context(app: Flask | None = None) -> AppContext:
    """The services of ``app``, by default of the current application."""
    found: AppContext = (app or current_app).extensions[_KEY]
    return found
