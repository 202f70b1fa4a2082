import json
import stat

import pytest

from bff.platform.config import ConfigError, Settings, normalise_database_url

from .production import PRODUCTION


def settings(tmp_path, **env):
    return Settings.from_environ({"BFF_INSTANCE_PATH": str(tmp_path), **env})


def test_development_needs_no_settings_and_keeps_generated_secrets(tmp_path):
    first = settings(tmp_path)
    second = settings(tmp_path)

    assert first.env == "development"
    assert first.database_url == f"sqlite:///{tmp_path / 'bff.sqlite3'}"
    assert first.redis_url is None and first.cms_url is None
    assert first.secret_key and first.jwt_secret_key and first.secret_key != first.jwt_secret_key
    assert (second.secret_key, second.jwt_secret_key) == (first.secret_key, first.jwt_secret_key)
    stored = tmp_path / "secrets.json"
    assert json.loads(stored.read_text())["SECRET_KEY"] == first.secret_key
    assert stat.S_IMODE(stored.stat().st_mode) == 0o600


def test_secrets_from_the_environment_win(tmp_path):
    chosen = settings(tmp_path, SECRET_KEY="from-env", JWT_SECRET_KEY="jwt-from-env")
    assert (chosen.secret_key, chosen.jwt_secret_key) == ("from-env", "jwt-from-env")


def test_production_without_secrets_stops_with_a_clear_message(tmp_path):
    with pytest.raises(ConfigError) as raised:
        settings(tmp_path, BFF_ENV="production", SECRET_KEY="  ")
    message = str(raised.value)
    assert "SECRET_KEY" in message and "JWT_SECRET_KEY" in message and "docs/settings.md" in message
    assert not (tmp_path / "secrets.json").exists()


def test_production_with_its_settings_starts(tmp_path):
    chosen = settings(tmp_path, **PRODUCTION)
    assert chosen.is_production
    assert chosen.public_base_url == "https://chess.example"
    assert not (tmp_path / "secrets.json").exists()


def refusal(tmp_path, **env) -> str:
    """The message production start-up stops with, given PRODUCTION changed by ``env``."""
    given = {name: value for name, value in {**PRODUCTION, **env}.items() if value is not None}
    with pytest.raises(ConfigError) as raised:
        settings(tmp_path, **given)
    return str(raised.value)


@pytest.mark.parametrize(
    ("name", "extra"),
    [
        ("SECRET_KEY", {}),
        ("JWT_SECRET_KEY", {}),
        ("CMS_WEBHOOK_SECRET", {"CMS_URL": "https://cms.example", "CMS_TOKEN": "t"}),
        ("CMS_PREVIEW_SECRET", {}),
    ],
)
def test_production_refuses_a_secret_shorter_than_32_bytes(tmp_path, name, extra):
    message = refusal(tmp_path, **extra, **{name: "x" * 31})
    assert name in message and "32 bytes" in message and "docs/settings.md" in message
    # Bytes, not characters: 11 three-byte characters are 33 bytes.
    assert settings(tmp_path, **{**PRODUCTION, **extra, name: "\u265e" * 11}).is_production


def test_production_refuses_to_start_without_a_mail_server(tmp_path):
    message = refusal(tmp_path, MAIL_URL=None)
    assert "MAIL_URL" in message and "outbox" in message


@pytest.mark.parametrize(
    "address", [None, "http://chess.example", "chess.example", "https://", "ftp://chess.example"]
)
def test_production_refuses_a_site_address_that_is_not_https(tmp_path, address):
    assert "PUBLIC_BASE_URL" in refusal(tmp_path, PUBLIC_BASE_URL=address)


def test_production_with_several_workers_needs_redis(tmp_path):
    message = refusal(tmp_path, WEB_CONCURRENCY="3")
    assert "REDIS_URL" in message and "3 workers" in message
    shared = settings(tmp_path, **PRODUCTION, WEB_CONCURRENCY="3", REDIS_URL="redis://r:6379/0")
    assert shared.workers == 3
    assert settings(tmp_path, **PRODUCTION, WEB_CONCURRENCY="1").redis_url is None


def test_production_names_every_problem_at_once(tmp_path):
    message = refusal(
        tmp_path,
        SECRET_KEY=None,
        JWT_SECRET_KEY="short",
        MAIL_URL=None,
        PUBLIC_BASE_URL=None,
        WEB_CONCURRENCY="2",
    )
    lines = message.splitlines()[1:]
    assert len(lines) == 5, message
    for name in ("SECRET_KEY", "JWT_SECRET_KEY", "MAIL_URL", "PUBLIC_BASE_URL", "REDIS_URL"):
        assert name in message


def test_outside_production_none_of_this_is_asked(tmp_path):
    relaxed = settings(tmp_path, SECRET_KEY="short", WEB_CONCURRENCY="4")
    assert relaxed.secret_key == "short" and relaxed.workers == 4
    assert relaxed.public_base_url == "http://127.0.0.1:8000" and relaxed.mail_url is None


@pytest.mark.parametrize("value", ["many", "-1", "1.5"])
def test_web_concurrency_must_be_a_whole_number(tmp_path, value):
    with pytest.raises(ConfigError, match="WEB_CONCURRENCY"):
        settings(tmp_path, WEB_CONCURRENCY=value)


def test_unknown_environment_is_refused(tmp_path):
    with pytest.raises(ConfigError, match="BFF_ENV"):
        settings(tmp_path, BFF_ENV="staging")


@pytest.mark.parametrize("value", ["soon", "0", "-2"])
def test_cms_timeout_must_be_a_positive_number(tmp_path, value):
    with pytest.raises(ConfigError, match="CMS_TIMEOUT"):
        settings(tmp_path, CMS_TIMEOUT=value)


def test_cms_timeout_defaults_to_five_seconds(tmp_path):
    assert settings(tmp_path).cms_timeout == 5


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ("postgres://u:p@h/db", "postgresql+psycopg://u:p@h/db"),
        ("postgresql://u:p@h:5433/db", "postgresql+psycopg://u:p@h:5433/db"),
        ("postgresql+psycopg://u@h/db", "postgresql+psycopg://u@h/db"),
        ("sqlite:////tmp/x.db", "sqlite:////tmp/x.db"),
    ],
)
def test_database_urls_use_psycopg_3(given, expected):
    assert normalise_database_url(given) == expected


def test_create_app_refuses_production_without_secrets(tmp_path, monkeypatch):
    from bff import create_app

    monkeypatch.delenv("SECRET_KEY", raising=False)
    monkeypatch.delenv("JWT_SECRET_KEY", raising=False)
    with pytest.raises(ConfigError, match="SECRET_KEY"):
        create_app({"BFF_ENV": "production", "BFF_INSTANCE_PATH": str(tmp_path)})


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("PROXY_HOPS", "one"),
        ("PROXY_HOPS", "1.5"),
        ("PROXY_HOPS", "-1"),
        ("CMS_CACHE_TTL", "soon"),
        ("CMS_CACHE_TTL", "-5"),
        ("EMBED_FRAME_ANCESTORS", "'self'; script-src *"),
        ("VIDEO_EMBED_ORIGINS", "https://player.example;"),
    ],
)
def test_production_path_settings_refuse_bad_values(tmp_path, name, value):
    with pytest.raises(ConfigError, match=name):
        settings(tmp_path, **{name: value})


def test_production_path_settings_and_their_defaults(tmp_path):
    defaults = settings(tmp_path)
    assert defaults.proxy_hops == 0
    assert defaults.embed_frame_ancestors == "'self'"
    assert defaults.video_embed_origins == (
        "https://www.dailymotion.com",
        "https://geo.dailymotion.com",
    )
    chosen = settings(
        tmp_path,
        PROXY_HOPS="2",
        EMBED_FRAME_ANCESTORS="'self', https://app.example",
        VIDEO_EMBED_ORIGINS="https://player.example",
    )
    assert chosen.proxy_hops == 2
    assert chosen.embed_frame_ancestors == "'self' https://app.example"
    assert chosen.video_embed_origins == ("https://player.example",)


@pytest.mark.parametrize(
    ("env", "address"),
    [
        ({"PORT": "8200"}, "http://127.0.0.1:8200"),
        ({"HOST": "192.168.1.20", "PORT": "8080"}, "http://192.168.1.20:8080"),
        ({"HOST": "0.0.0.0", "PORT": "9000"}, "http://127.0.0.1:9000"),  # noqa: S104
        ({"HOST": "::1"}, "http://[::1]:8000"),
        ({"PORT": "8200", "PUBLIC_BASE_URL": "https://chess.example/"}, "https://chess.example"),
    ],
)
def test_the_site_address_follows_host_and_port_unless_given(tmp_path, env, address):
    """`make run PORT=8200`: mailed links and checkout returns point at that server."""
    assert settings(tmp_path, **env).public_base_url == address


def test_make_run_hands_host_and_port_to_the_application():
    import subprocess
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    dry = subprocess.run(
        ["make", "-n", "--no-print-directory", "run", "PORT=8200"],  # noqa: S607
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.replace("\\\n", " ")
    [serve] = [line for line in dry.splitlines() if "gunicorn" in line and "--bind" in line]
    assert "HOST=127.0.0.1" in serve and "PORT=8200" in serve
    assert "--bind 127.0.0.1:8200" in serve
