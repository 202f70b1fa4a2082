"""Every domain's table module, gathered so that Alembic and the tests see the whole schema."""

from importlib import import_module

# Each domain that owns tables adds its models module here.
MODEL_MODULES: tuple[str, ...] = (
    "bff.cms.models",
    "bff.accounts.models",
    "bff.billing.models",
    "bff.learning.models",
    "bff.search.models",
    "bff.puzzles.models",
    "bff.review.models",
)


def import_all() -> None:
    for name in MODEL_MODULES:
        import_module(name)
