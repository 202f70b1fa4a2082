"""The services one application runs with, as one typed object (README: Architecture).

create_app builds every service once and keeps them here; routes reach them through
``app_context()`` and hand what a service needs to it. Tests swap one by assigning to its field
(a clock the test moves, a payment provider that fails).

The platform imports no domain: the domains' types are named for type checking only.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from flask import Flask, current_app

if TYPE_CHECKING:
    from argon2 import PasswordHasher

    from .access.reading import AccountReading
    from .access.viewer import RecentViewers
    from .accounts.erasure import MemberData
    from .accounts.profile import SubscriptionOf
    from .accounts.social import SocialVerifier
    from .billing.provider import PaymentProvider
    from .cms.catalogue import Catalogue
    from .cms.rendered import RenderedAnswers
    from .cms.routes import AnswerProgress, ContentChanged
    from .cms.upstream import Upstream
    from .platform.cache import Cache
    from .platform.compression import CompressedFiles
    from .platform.config import Settings
    from .platform.mail import Mailer
    from .platform.openapi import Api
    from .platform.ratelimit import RateLimits
    from .platform.storage import Storage
    from .platform.web import PageFiller
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
    # Billing
    payments: PaymentProvider
    # Search
    search: Search
    # What each domain above accounts keeps about a member, for "Download my data" and
    # "Delete my account" (handed down like the readings above; create_app fills it in)
    member_data: tuple[MemberData, ...] = ()

    def install(self, app: Flask) -> None:
        app.extensions[_KEY] = self


def app_context(app: Flask | None = None) -> AppContext:
    """The services of ``app``, by default of the current application."""
    found: AppContext = (app or current_app).extensions[_KEY]
    return found
