"""Review as create_app and the rest read it (bff/domains.py). Its routes are
bff/review_queue.py's, on learning's blueprint."""

from __future__ import annotations

from ..platform.domain import Domain
from . import REVIEW_DATA, models

DOMAIN = Domain("review", member_data=REVIEW_DATA, models=(models,))
