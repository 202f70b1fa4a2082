"""Settings: one object read from the environment (the table in README.md)."""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

ENVIRONMENTS = ("development", "test", "production")

# Secrets that production must be given; elsewhere they are generated once and kept in instance/.
REQUIRED_SECRETS = ("SECRET_KEY", "JWT_SECRET_KEY")

REPO_ROOT = Path(__file__).resolve().parent.parent


class ConfigError(RuntimeError):
    """The environment cannot start the service; the message says what to set."""


@dataclass(frozen=True)
class Settings:
    env: str
    instance_path: Path
    secret_key: str
    jwt_secret_key: str
    database_url: str
    redis_url: str | None
    cms_url: str | None
    cms_token: str | None
    cms_timeout: float
    client_dist: Path
    log_level: str

    @property
    def is_production(self) -> bool:
        return self.env == "production"

    @classmethod
    def from_environ(cls, environ: Mapping[str, str]) -> Settings:
        """Read every setting from ``environ`` (a merged view of os.environ and overrides)."""

        def get(name: str, default: str | None = None) -> str | None:
            value = environ.get(name)
            if value is None or not str(value).strip():
                return default
            return str(value).strip()

        env = get("BFF_ENV", "development")
        if env not in ENVIRONMENTS:
            raise ConfigError(f"BFF_ENV must be one of {', '.join(ENVIRONMENTS)}, not {env!r}.")

        if env == "production":
            missing = [name for name in REQUIRED_SECRETS if not get(name)]
            if missing:
                raise ConfigError(
                    "Cannot start in production: set "
                    + ", ".join(missing)
                    + " in the environment (see the settings table in README.md)."
                )

        instance_path = Path(get("BFF_INSTANCE_PATH", str(REPO_ROOT / "instance"))).resolve()
        generated = {} if env == "production" else _development_secrets(instance_path)

        return cls(
            env=env,
            instance_path=instance_path,
            secret_key=get("SECRET_KEY") or generated["SECRET_KEY"],
            jwt_secret_key=get("JWT_SECRET_KEY") or generated["JWT_SECRET_KEY"],
            database_url=normalise_database_url(
                get("DATABASE_URL", f"sqlite:///{instance_path / 'bff.sqlite3'}")
            ),
            redis_url=get("REDIS_URL"),
            cms_url=get("CMS_URL"),
            cms_token=get("CMS_TOKEN"),
            cms_timeout=_positive_float(get("CMS_TIMEOUT", "5"), "CMS_TIMEOUT"),
            client_dist=Path(get("CLIENT_DIST", str(REPO_ROOT / "client" / "dist"))).resolve(),
            log_level=(get("LOG_LEVEL", "INFO") or "INFO").upper(),
        )


def load_settings(overrides: Mapping[str, str] | None = None) -> Settings:
    """Settings from the process environment, with ``overrides`` (same names) taking precedence."""
    return Settings.from_environ({**os.environ, **(overrides or {})})


def normalise_database_url(url: str) -> str:
    """Point PostgreSQL URLs at the psycopg 3 driver, whatever scheme the platform hands us."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _positive_float(value: str | None, name: str) -> float:
    try:
        number = float(value or "")
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds, not {value!r}.") from None
    if number <= 0:
        raise ConfigError(f"{name} must be greater than zero.")
    return number


def _development_secrets(instance_path: Path) -> dict[str, str]:
    """Secrets generated on first start and kept in instance/secrets.json (never in production).

    Several workers may start at once: the file is written aside and linked into place, so
    exactly one set of secrets wins and every worker reads the same one.
    """
    instance_path.mkdir(parents=True, exist_ok=True)
    target = instance_path / "secrets.json"
    if not target.exists():
        fresh = {name: secrets.token_urlsafe(48) for name in REQUIRED_SECRETS}
        fd, draft = tempfile.mkstemp(dir=instance_path, prefix=".secrets-")
        try:
            with os.fdopen(fd, "w") as handle:
                json.dump(fresh, handle)
            os.chmod(draft, 0o600)
            with contextlib.suppress(FileExistsError):
                os.link(draft, target)
        finally:
            os.unlink(draft)
    stored = json.loads(target.read_text())
    missing = [name for name in REQUIRED_SECRETS if not stored.get(name)]
    if missing:
        raise ConfigError(f"{target} lacks {', '.join(missing)}: delete the file to regenerate it.")
    return stored
