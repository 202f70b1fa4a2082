"""The BFF's domains in one ordered list: create_app registers their routes in this order, and
the command line, Download my data, Delete my account, the sitemap and Alembic read it.

The order is the API document's (its tags follow it, and the client's types are generated from
it) and the order in which the member-data parts export and erase. A domain's routes declared by
a module above it (bff/my_data.py on accounts' blueprint, bff/review_queue.py on learning's) are
imported by create_app's package before any is registered."""

from __future__ import annotations

from . import health
from .accounts.domain import DOMAIN as ACCOUNTS
from .billing.domain import DOMAIN as BILLING
from .cms.domain import DOMAIN as CMS
from .footer.domain import DOMAIN as FOOTER
from .learning.domain import DOMAIN as LEARNING
from .pages.domain import DOMAIN as PAGES
from .platform import storage
from .platform.domain import Domain
from .preferences.domain import DOMAIN as PREFERENCES
from .puzzles.domain import DOMAIN as PUZZLES
from .reminders.domain import DOMAIN as REMINDERS
from .review.domain import DOMAIN as REVIEW
from .search.domain import DOMAIN as SEARCH

# The platform's one route (uploaded files: avatars), in its place in the document.
UPLOADS = Domain("uploads", blueprints=(storage.blp,))

DOMAINS: tuple[Domain, ...] = (
    health.DOMAIN,
    ACCOUNTS,
    BILLING,
    FOOTER,
    LEARNING,
    PUZZLES,
    REVIEW,
    REMINDERS,
    PREFERENCES,
    SEARCH,  # before the gateway: /cms/search is not a content type
    UPLOADS,
    CMS,
    PAGES,
)
