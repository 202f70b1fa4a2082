"""Settings: one object read from the environment (the table in docs/settings.md)."""

from __future__ import annotations

import contextlib
import ipaddress
import json
import os
import secrets
import tempfile
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from limits import parse_many

ENVIRONMENTS = ("development", "test", "production")

# Secrets that production must be given; elsewhere they are generated once and kept in instance/.
REQUIRED_SECRETS = ("SECRET_KEY", "JWT_SECRET_KEY")

# Secrets this site chooses (not tokens a provider issues, such as Stripe's or Strapi's): in
# production each must be at least this long, so that none can be guessed.
CHOSEN_SECRETS = (*REQUIRED_SECRETS, "CMS_WEBHOOK_SECRET", "CMS_PREVIEW_SECRET", "METRICS_TOKEN")
MIN_SECRET_BYTES = 32

REPO_ROOT = Path(__file__).resolve().parents[2]
SEED_PATH = REPO_ROOT / "cms-schema" / "seed"  # the embedded content store's content

# Tests only: settings that make a provider's sign-in trust a local OpenID issuer instead of the
# provider (bff/accounts/social/); production refuses them.
TEST_ISSUERS = {"GOOGLE_TEST_ISSUER": "Google", "APPLE_TEST_ISSUER": "Apple"}

# The video host's embedded player: its page, and the player it loads.
DEFAULT_VIDEO_EMBED_ORIGINS = ("https://www.dailymotion.com", "https://geo.dailymotion.com")


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
    log_format: str = "text"  # "json": one JSON object a line (LOG_FORMAT; platform/logs.py)
    # CMS gateway: cache lifetime (0 turns the cache off), webhook secret, where Strapi's media is.
    cms_cache_ttl: float = 300.0
    cms_webhook_secret: str | None = None
    cms_media_url: str | None = None
    cms_preview_secret: str | None = None  # signs Strapi's preview links (CMS_PREVIEW_SECRET)
    cms_seed_path: Path = SEED_PATH  # the embedded store's seed folder when there is no CMS_URL
    # The CDN in front (platform/cdn.py): none, fastly or cloudflare, its service or zone id and
    # API token, and how long it may keep a guest answer (browsers always revalidate).
    cdn: str | None = None
    cdn_service: str | None = None
    cdn_token: str | None = None
    cdn_max_age: int = 60
    # Accounts: links in mails, mail transport, uploads, rate limits (limits' "N per period").
    public_base_url: str = "http://127.0.0.1:8000"
    mail_url: str | None = None
    mail_from: str = "Chess <no-reply@localhost>"
    uploads_path: Path = REPO_ROOT / "instance" / "uploads"
    rate_limit_login: str = "10 per minute"
    rate_limit_register: str = "10 per hour"
    rate_limit_recovery: str = "5 per hour"
    rate_limit_check: str = "60 per minute"
    # Seconds after a refresh token's rotation during which presenting it again (its answer was
    # lost) gives a new pair instead of ending the session (bff/accounts/tokens.py).
    refresh_reuse_grace_seconds: int = 60
    # Billing: Stripe (none: the sandbox provider, never in production), plan -> price ids.
    stripe_secret_key: str | None = None
    stripe_webhook_secret: str | None = None
    stripe_price_ids: tuple[tuple[str, str], ...] = ()
    stripe_timeout: float = 10.0
    # Member calls: newsletter sign-ups per client address.
    rate_limit_subscribe: str = "10 per hour"
    # Production path: proxies in front (load balancer, CDN) whose X-Forwarded-* headers count,
    # who may frame the embedded views, and where the video player's frames come from.
    proxy_hops: int = 0
    embed_frame_ancestors: str = "'self'"
    video_embed_origins: tuple[str, ...] = DEFAULT_VIDEO_EMBED_ORIGINS
    # Tests only: a file of faults that make scoped requests fail on purpose (bff/faults.py).
    faults_file: Path | None = None
    # Worker processes of this instance (gunicorn's WEB_CONCURRENCY; gunicorn.conf.py sets it
    # to the number it runs).
    workers: int = 1
    # Circuit breakers of the CMS and of Stripe (bff/breaker.py): failures in a row that open
    # one, and the seconds it stays open before one call may try again.
    breaker_failures: int = 3
    breaker_cool_off: float = 15.0
    # Operators: the bearer token /metrics asks for (none: /metrics is 404).
    metrics_token: str | None = None

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

        workers = _non_negative(get("WEB_CONCURRENCY", "1"), "WEB_CONCURRENCY", int, "workers")
        if env == "production":
            problems = _production_problems(get, workers)
            if problems:
                raise ConfigError(
                    "Cannot start in production (see the settings table in docs/settings.md):\n"
                    + "\n".join(f"- {problem}" for problem in problems)
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
            log_format=_one_of(get("LOG_FORMAT", "text"), "LOG_FORMAT", ("text", "json")),
            cms_cache_ttl=_non_negative(get("CMS_CACHE_TTL", "300"), "CMS_CACHE_TTL"),
            cms_webhook_secret=get("CMS_WEBHOOK_SECRET"),
            cms_preview_secret=get("CMS_PREVIEW_SECRET"),
            cms_seed_path=Path(get("CMS_SEED_PATH", str(SEED_PATH))).resolve(),
            cms_media_url=(get("CMS_MEDIA_URL") or get("CMS_URL") or "").rstrip("/") or None,
            **_cdn_settings(get),
            public_base_url=(get("PUBLIC_BASE_URL") or _local_address(get)).rstrip("/"),
            mail_url=get("MAIL_URL"),
            mail_from=get("MAIL_FROM", "Chess <no-reply@localhost>") or "",
            uploads_path=Path(get("UPLOADS_PATH", str(instance_path / "uploads"))).resolve(),
            rate_limit_login=_rate_limit(get("RATE_LIMIT_LOGIN", "10 per minute"), "LOGIN"),
            rate_limit_register=_rate_limit(get("RATE_LIMIT_REGISTER", "10 per hour"), "REGISTER"),
            rate_limit_recovery=_rate_limit(get("RATE_LIMIT_RECOVERY", "5 per hour"), "RECOVERY"),
            rate_limit_check=_rate_limit(get("RATE_LIMIT_CHECK", "60 per minute"), "CHECK"),
            refresh_reuse_grace_seconds=_non_negative(
                get("REFRESH_REUSE_GRACE_SECONDS", "60"), "REFRESH_REUSE_GRACE_SECONDS", int
            ),
            stripe_secret_key=get("STRIPE_SECRET_KEY"),
            stripe_webhook_secret=get("STRIPE_WEBHOOK_SECRET"),
            stripe_price_ids=_price_ids(get("STRIPE_PRICE_IDS")),
            stripe_timeout=_positive_float(get("STRIPE_TIMEOUT", "10"), "STRIPE_TIMEOUT"),
            breaker_failures=_positive_int(
                get("BREAKER_FAILURES", "3"), "BREAKER_FAILURES", "failures"
            ),
            breaker_cool_off=_positive_float(get("BREAKER_COOL_OFF", "15"), "BREAKER_COOL_OFF"),
            rate_limit_subscribe=_rate_limit(
                get("RATE_LIMIT_SUBSCRIBE", "10 per hour"), "SUBSCRIBE"
            ),
            proxy_hops=_non_negative(get("PROXY_HOPS", "0"), "PROXY_HOPS", int, "proxies"),
            embed_frame_ancestors=_csp_sources(
                get("EMBED_FRAME_ANCESTORS", "'self'"), "EMBED_FRAME_ANCESTORS"
            ),
            video_embed_origins=tuple(
                _csp_sources(get("VIDEO_EMBED_ORIGINS"), "VIDEO_EMBED_ORIGINS").split()
            )
            or DEFAULT_VIDEO_EMBED_ORIGINS,
            faults_file=_optional_path(get("BFF_FAULTS_FILE")),
            workers=max(workers, 1),
            metrics_token=get("METRICS_TOKEN"),
        )


def _production_problems(get: Callable[[str], str | None], workers: int) -> list[str]:
    """What keeps the environment from running in production safely, one line per problem."""
    problems = []
    required = REQUIRED_SECRETS + (("CMS_WEBHOOK_SECRET",) if get("CMS_URL") else ())
    missing = [name for name in required if not get(name)]
    if missing:
        problems.append("set " + ", ".join(missing) + " in the environment")
    short = [
        name
        for name in CHOSEN_SECRETS
        if get(name) and len((get(name) or "").encode()) < MIN_SECRET_BYTES
    ]
    if short:
        problems.append(
            "make " + ", ".join(short) + f" at least {MIN_SECRET_BYTES} bytes long (random: "
            "`python3 -c 'import secrets; print(secrets.token_urlsafe(48))'`)"
        )
    if not get("MAIL_URL") or (get("MAIL_URL") or "").startswith("file:"):
        problems.append(
            "set MAIL_URL (smtp://, smtps:// or smtp+starttls://): without it mails are only "
            "written to instance/outbox/ and nobody receives them"
        )
    base = urlsplit(get("PUBLIC_BASE_URL") or "")
    if base.scheme != "https" or not base.hostname:
        problems.append(
            "set PUBLIC_BASE_URL to the site's https:// address: it is in every link mailed and "
            "every checkout return"
        )
    if workers > 1 and not get("REDIS_URL"):
        problems.append(
            f"set REDIS_URL: the {workers} workers (WEB_CONCURRENCY) must share rate limits, "
            "the cache and its purges"
        )
    if get("BFF_FAULTS_FILE"):
        problems.append(
            "unset BFF_FAULTS_FILE: it makes requests fail on purpose and is for tests only"
        )
    for name, provider in TEST_ISSUERS.items():
        if get(name):
            problems.append(
                f"unset {name}: it makes {provider} sign-in trust a test issuer instead of "
                f"{provider} and is for tests only"
            )
    return problems


CDNS = ("none", "fastly", "cloudflare")


def _cdn_settings(get: Callable[..., str | None]) -> dict:
    """CDN, CDN_SERVICE, CDN_TOKEN and CDN_MAX_AGE: a CDN told what to purge keeps guest answers
    an hour by default, one that is not told a minute."""
    cdn = _one_of(get("CDN", "none"), "CDN", CDNS)
    if cdn == "none":
        return {"cdn_max_age": int(_non_negative(get("CDN_MAX_AGE", "60"), "CDN_MAX_AGE", int))}
    missing = [name for name in ("CDN_SERVICE", "CDN_TOKEN") if not get(name)]
    if missing:
        what = "service id" if cdn == "fastly" else "zone id"
        raise ConfigError(
            f"CDN={cdn} needs {' and '.join(missing)} (the {what} and an API token that may purge)."
        )
    return {
        "cdn": cdn,
        "cdn_service": get("CDN_SERVICE"),
        "cdn_token": get("CDN_TOKEN"),
        "cdn_max_age": int(_non_negative(get("CDN_MAX_AGE", "3600"), "CDN_MAX_AGE", int)),
    }


def _local_address(get: Callable[[str, str], str | None]) -> str:
    """Where `make run` serves when no PUBLIC_BASE_URL is given: http://HOST:PORT, so that
    mailed links and checkout returns point at this server (`make run PORT=8200`). A wildcard
    host (0.0.0.0, ::) is reached on loopback."""
    host = get("HOST", "127.0.0.1") or "127.0.0.1"
    port = get("PORT", "8000") or "8000"
    if not port.isdigit():
        raise ConfigError(f"PORT must be a port number, not {port!r}.")
    if _is_wildcard(host):  # a wildcard host is reached on loopback
        host = "127.0.0.1"
    elif ":" in host and not host.startswith("["):
        host = f"[{host}]"
    return f"http://{host}:{port}"


def _is_wildcard(host: str) -> bool:
    """0.0.0.0 or ::, the addresses a server binds to listen on every interface."""
    try:
        return ipaddress.ip_address(host.strip("[]")).is_unspecified
    except ValueError:  # a name
        return False


def load_settings(overrides: Mapping[str, str] | None = None) -> Settings:
    """Settings from the process environment, with ``overrides`` (same names) taking precedence."""
    return Settings.from_environ(merged_environ(overrides))


def merged_environ(overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """The process environment with ``overrides`` on top: what every settings reader sees."""
    return {**os.environ, **(overrides or {})}


def normalise_database_url(url: str) -> str:
    """Point PostgreSQL URLs at the psycopg 3 driver, whatever scheme the platform hands us."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def _one_of(value: str | None, name: str, choices: tuple[str, ...]) -> str:
    chosen = (value or "").lower()
    if chosen not in choices:
        raise ConfigError(f"{name} must be one of {', '.join(choices)}, not {value!r}.")
    return chosen


def _optional_path(value: str | None) -> Path | None:
    return Path(value).resolve() if value else None


def _positive_float(value: str | None, name: str) -> float:
    try:
        number = float(value or "")
    except ValueError:
        raise ConfigError(f"{name} must be a number of seconds, not {value!r}.") from None
    if number <= 0:
        raise ConfigError(f"{name} must be greater than zero.")
    return number


def _positive_int(value: str | None, name: str, what: str) -> int:
    number = _non_negative(value, name, int, what)
    if number == 0:
        raise ConfigError(f"{name} must be greater than zero.")
    return number


def _rate_limit(value: str | None, name: str) -> str:
    """A rate limit in the limits notation ("10 per minute", "5/hour; 100/day")."""
    try:
        parse_many(value or "")
    except ValueError:
        raise ConfigError(
            f"RATE_LIMIT_{name} must read like '10 per minute', not {value!r}."
        ) from None
    return value or ""


def _price_ids(value: str | None) -> tuple[tuple[str, str], ...]:
    """STRIPE_PRICE_IDS: `pro_monthly_usd=price_123,pro_yearly_usd=price_456,...`."""
    pairs = []
    for part in (value or "").split(","):
        if not part.strip():
            continue
        plan_id, sep, price_id = (piece.strip() for piece in part.partition("="))
        if not sep or not plan_id or not price_id:
            raise ConfigError(
                f"STRIPE_PRICE_IDS must read like 'pro_monthly_usd=price_123,...', not {part!r}."
            )
        pairs.append((plan_id, price_id))
    return tuple(pairs)


def _csp_sources(value: str | None, name: str) -> str:
    """A list of CSP sources (origins or keywords such as 'self'), spaces or commas between."""
    sources = (value or "").replace(",", " ").split()
    for source in sources:
        if ";" in source or not source.isprintable():
            raise ConfigError(f"{name} must list origins like https://app.example, not {value!r}.")
    return " ".join(sources)


def _non_negative(value: str | None, name: str, kind: type = float, what: str = "seconds"):
    """A number of ``what`` (a float, or an int with ``kind=int``), zero or more."""
    try:
        number = kind(value or "")
    except ValueError:
        article = "a whole number" if kind is int else "a number"
        raise ConfigError(f"{name} must be {article} of {what}, not {value!r}.") from None
    if number < 0:
        raise ConfigError(f"{name} cannot be negative.")
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
