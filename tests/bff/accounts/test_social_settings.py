"""Which providers are on, what a client may know of them, and how an unusable one answers."""

from __future__ import annotations

import logging

import pytest
import responses
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, rsa

from bff.accounts.social import SocialAuthError, SocialSettings, SocialVerifier
from bff.accounts.social.apple import load_private_key
from bff.platform.config import ConfigError, Settings

from ..production import PRODUCTION, STRIPE


def pem_of(key) -> str:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    ).decode()


@pytest.fixture(scope="module")
def apple_pem() -> str:
    return pem_of(ec.generate_private_key(ec.SECP256R1()))


@pytest.fixture
def full_environ(apple_pem) -> dict[str, str]:
    return {
        "GOOGLE_CLIENT_IDS": " web.apps.googleusercontent.com , ios.apps.googleusercontent.com,",
        "APPLE_CLIENT_IDS": "com.example.chess.web,com.example.chess",
        "APPLE_TEAM_ID": "A1B2C3D4E5",
        "APPLE_KEY_ID": "KEY1234567",
        "APPLE_PRIVATE_KEY": apple_pem,
        "APPLE_REDIRECT_URI": "https://chess.example/auth/apple/callback",
        "FACEBOOK_APP_ID": "284512367389012",
        "FACEBOOK_APP_SECRET": "f3e9a0c1b2d34e5f6a7b8c9d0e1f2a3b",
    }


@pytest.fixture
def mocked():
    # Nothing registered: any call to a provider would fail the test loudly.
    with responses.RequestsMock() as rsps:
        yield rsps


def test_settings_are_read_from_the_environment(full_environ, apple_pem):
    settings = SocialSettings.from_environ(full_environ)
    assert settings.google_client_ids == (
        "web.apps.googleusercontent.com",
        "ios.apps.googleusercontent.com",
    )
    assert settings.apple_client_ids == ("com.example.chess.web", "com.example.chess")
    assert settings.apple_team_id == "A1B2C3D4E5"
    assert settings.apple_key_id == "KEY1234567"
    assert settings.apple_private_key == apple_pem.strip()
    assert settings.apple_redirect_uri == "https://chess.example/auth/apple/callback"
    assert settings.facebook_app_id == "284512367389012"
    assert settings.facebook_app_secret == "f3e9a0c1b2d34e5f6a7b8c9d0e1f2a3b"
    assert settings.timeout == 5.0
    assert settings.configured() == {"google": True, "apple": True, "facebook": True}


def test_nothing_set_means_every_provider_is_off():
    settings = SocialSettings.from_environ({"GOOGLE_CLIENT_IDS": " , ", "FACEBOOK_APP_ID": "  "})
    assert settings.google_client_ids == ()
    assert settings.facebook_app_id is None
    assert settings.configured() == {"google": False, "apple": False, "facebook": False}
    assert settings.incomplete() == {}


@pytest.mark.parametrize(
    ("left_out", "provider"),
    [
        ("APPLE_TEAM_ID", "apple"),
        ("APPLE_KEY_ID", "apple"),
        ("APPLE_PRIVATE_KEY", "apple"),
        ("APPLE_CLIENT_IDS", "apple"),
        ("FACEBOOK_APP_SECRET", "facebook"),
        ("FACEBOOK_APP_ID", "facebook"),
    ],
)
def test_a_provider_missing_one_setting_is_off_and_says_which(full_environ, left_out, provider):
    del full_environ[left_out]
    settings = SocialSettings.from_environ(full_environ)
    assert settings.configured()[provider] is False
    assert settings.incomplete() == {provider: [left_out]}
    others = {name: on for name, on in settings.configured().items() if name != provider}
    assert all(others.values())


def test_the_apple_redirect_uri_is_optional(full_environ):
    del full_environ["APPLE_REDIRECT_URI"]
    assert SocialSettings.from_environ(full_environ).configured()["apple"] is True


def test_an_apple_key_on_one_line_with_escaped_newlines_is_accepted(
    full_environ, apple_pem, mocked
):
    full_environ["APPLE_PRIVATE_KEY"] = apple_pem.strip().replace("\n", "\\n")
    settings = SocialSettings.from_environ(full_environ)
    assert settings.configured()["apple"] is True
    SocialVerifier(settings)  # loads the key, as start-up does: no error
    expected = serialization.load_pem_private_key(apple_pem.encode(), password=None)
    assert (
        load_private_key(settings.apple_private_key).private_numbers() == expected.private_numbers()
    )


@pytest.mark.parametrize(
    "key",
    [
        "not a key",
        "-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----",
        pem_of(rsa.generate_private_key(public_exponent=65537, key_size=2048)),
        pem_of(ec.generate_private_key(ec.SECP384R1())),
    ],
    ids=["text", "truncated", "rsa", "p384"],
)
def test_an_unusable_apple_key_stops_start_up_with_a_clear_message(full_environ, key):
    full_environ["APPLE_PRIVATE_KEY"] = key
    with pytest.raises(ConfigError, match="APPLE_PRIVATE_KEY") as caught:
        SocialSettings.from_environ(full_environ)
    assert "AAAA" not in str(caught.value)


def test_settings_never_print_their_secrets(full_environ, apple_pem):
    text = repr(SocialSettings.from_environ(full_environ))
    assert "f3e9a0c1b2d34e5f6a7b8c9d0e1f2a3b" not in text
    assert apple_pem.splitlines()[1] not in text
    assert "web.apps.googleusercontent.com" in text


@pytest.mark.parametrize(
    ("provider", "credential"),
    [("google", "eyJhbGciOiJSUzI1NiJ9.e30.sig"), ("apple", "c0de"), ("facebook", "EAAB")],
)
def test_an_unconfigured_provider_answers_clearly_without_calling_out(mocked, provider, credential):
    verifier = SocialVerifier(SocialSettings.from_environ({}))
    with pytest.raises(SocialAuthError) as caught:
        verifier.verify(provider, credential)
    error = caught.value
    assert (error.provider, error.code, error.status) == (
        provider,
        "social_provider_not_configured",
        503,
    )
    assert "not available" in error.message
    assert len(mocked.calls) == 0


def test_a_half_configured_provider_is_logged_once_at_start(full_environ, caplog):
    del full_environ["APPLE_KEY_ID"]
    with caplog.at_level(logging.WARNING):
        SocialVerifier(SocialSettings.from_environ(full_environ))
    assert "apple sign-in is off: set APPLE_KEY_ID" in caplog.text


def test_an_unknown_provider_is_a_programming_error(mocked):
    verifier = SocialVerifier(SocialSettings.from_environ({}))
    with pytest.raises(ValueError, match="twitter"):
        verifier.verify("twitter", "token")


def test_an_unknown_platform_is_a_programming_error(full_environ, mocked):
    verifier = SocialVerifier(SocialSettings.from_environ(full_environ))
    with pytest.raises(ValueError, match="windows-phone"):
        verifier.verify("apple", "code", platform="windows-phone")


def test_public_config_names_the_ids_a_web_client_needs(full_environ):
    config = SocialVerifier(SocialSettings.from_environ(full_environ)).public_config()
    assert config == {
        "google": {"client_id": "web.apps.googleusercontent.com"},
        "apple": {
            "client_id": "com.example.chess.web",
            "redirect_uri": "https://chess.example/auth/apple/callback",
        },
        "facebook": {"app_id": "284512367389012"},
        "unavailable": {},
    }


def test_public_config_leaves_out_providers_that_are_off(full_environ):
    del full_environ["FACEBOOK_APP_SECRET"]
    del full_environ["APPLE_TEAM_ID"]
    config = SocialVerifier(SocialSettings.from_environ(full_environ)).public_config()
    assert config == {
        "google": {"client_id": "web.apps.googleusercontent.com"},
        "apple": None,
        "facebook": None,
        "unavailable": {
            "apple": {
                "code": "social_provider_not_configured",
                "message": "Apple sign-in is not available on this site.",
            },
            "facebook": {
                "code": "social_provider_not_configured",
                "message": "Facebook sign-in is not available on this site.",
            },
        },
    }
    nothing = SocialVerifier(SocialSettings.from_environ({})).public_config()
    assert {provider: nothing[provider] for provider in ("google", "apple", "facebook")} == {
        "google": None,
        "apple": None,
        "facebook": None,
    }
    assert set(nothing["unavailable"]) == {"google", "apple", "facebook"}


@pytest.mark.parametrize(
    ("name", "provider"), [("GOOGLE_TEST_ISSUER", "google"), ("APPLE_TEST_ISSUER", "apple")]
)
def test_a_test_issuer_is_read_without_its_trailing_slash(name, provider):
    settings = SocialSettings.from_environ({name: " http://127.0.0.1:9999/ "})
    assert settings.test_issuer(provider) == "http://127.0.0.1:9999"
    others = [other for other in ("google", "apple", "facebook") if other != provider]
    assert [settings.test_issuer(other) for other in others] == [None, None]
    assert SocialSettings.from_environ({}).test_issuer(provider) is None


@pytest.mark.parametrize("name", ["GOOGLE_TEST_ISSUER", "APPLE_TEST_ISSUER"])
def test_production_refuses_to_start_with_a_test_issuer(tmp_path, monkeypatch, name):
    from bff import create_app

    env = {"BFF_INSTANCE_PATH": str(tmp_path), **PRODUCTION, **STRIPE}
    with pytest.raises(ConfigError) as raised:
        Settings.from_environ({**env, name: "http://127.0.0.1:9999"})
    assert name in str(raised.value) and "tests only" in str(raised.value)
    Settings.from_environ(env)  # the same settings without it start
    testing = {**env, "BFF_ENV": "test", name: "http://127.0.0.1:9999"}
    assert Settings.from_environ(testing).env == "test"

    monkeypatch.setenv(name, "http://127.0.0.1:9999")
    with pytest.raises(ConfigError, match=name):
        create_app(env)


def test_production_names_every_test_issuer_it_refuses(tmp_path):
    env = {"BFF_INSTANCE_PATH": str(tmp_path), **PRODUCTION, **STRIPE}
    both = {
        "GOOGLE_TEST_ISSUER": "http://127.0.0.1:9999",
        "APPLE_TEST_ISSUER": "http://127.0.0.1:9998",
    }
    with pytest.raises(ConfigError) as raised:
        Settings.from_environ({**env, **both})
    message = str(raised.value)
    assert "Google sign-in trust a test issuer" in message
    assert "Apple sign-in trust a test issuer" in message
