"""Every domain's tables on one metadata, so that Alembic and the tests see the whole schema."""

from .accounts import models as accounts
from .billing import models as billing
from .cms import models as cms
from .learning import models as learning
from .platform import idempotency
from .platform.database import Base
from .preferences import models as preferences
from .puzzles import models as puzzles
from .puzzles import run_models as puzzle_runs
from .reminders import models as reminders
from .review import models as review
from .search import models as search

# Each domain that owns tables adds its models module here.
DOMAINS = (
    accounts,
    billing,
    cms,
    idempotency,
    learning,
    preferences,
    puzzles,
    puzzle_runs,
    reminders,
    review,
    search,
)
metadata = Base.metadata
