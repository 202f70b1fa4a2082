"""Every domain's tables on one metadata, so that Alembic and the tests see the whole schema."""

from .domains import DOMAINS
from .platform import idempotency
from .platform.database import Base

# Each domain's declaration names its models modules (bff/domains.py lists the domains); the
# platform keeps one table of its own, the Idempotency-Key answers.
MODELS = (idempotency, *(module for domain in DOMAINS for module in domain.models))
metadata = Base.metadata
