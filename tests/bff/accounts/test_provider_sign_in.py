"""Sign-in and registration through Facebook, Google and Apple (with a fake verifier)."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from bff.accounts.models import SocialIdentity, User
from bff.accounts.social import SocialSettings, SocialVerifier
from bff.accounts.social.apple import IdentityToken
from bff.app_context import app_context
from bff.platform.extensions import db

from ..builders import error_of
from .builders import PASSWORD, link_in, mails, path_of

BODY_FIELD = {"facebook": "access_token", "google": "id_token", "apple": "code"}


def social_login(client, provider, credential, platform="mobile-web"):
    return client.post(
        f"/users/{provider}", json={BODY_FIELD[provider]: credential, "platform": platform}
    )


def social_registration(provider, token, **overrides):
    body = {
        "type": provider,
        "token": token,
        "username": "hikaru_n",
        "country": "US",
        "skill_level": "expert",
        "terms": True,
        "platform": "mobile-web",
    }
    body.update(overrides)
    return {key: value for key, value in body.items() if value is not None}


@pytest.mark.parametrize("provider", ["facebook", "google", "apple"])
def test_unknown_person_is_sent_to_register_then_registers_with_the_social_token(
    client, social, provider, app, outbox
):
    social.add("cred-1", provider, "subject-1", "hikaru@example.com", first_name="Hikaru")

    response = social_login(client, provider, "cred-1")
    assert response.status_code == 404
    error = error_of(response)
    assert error["code"] == "user_doesnt_exist"
    assert error["errorType"] == provider
    assert error["email"] == "hikaru@example.com"
    assert error["socialToken"]

    # Apple's codes work once: registration uses our token, not the provider's credential.
    social.identities.clear()
    response = client.post(
        "/users/register", json=social_registration(provider, error["socialToken"])
    )
    assert response.status_code == 201, response.get_json()
    data = response.get_json()["data"]
    assert data["access"] and data["email_confirmation_required"] is False
    assert data["user"]["email"] == "hikaru@example.com"
    assert data["user"]["firstname"] == "Hikaru"
    assert response.headers["Set-Cookie"].startswith("refresh_token=")
    assert mails(outbox) == []  # social accounts get no confirmation mail

    social.add("cred-2", provider, "subject-1", "hikaru@example.com")
    response = social_login(client, provider, "cred-2")
    assert response.status_code == 200
    assert response.get_json()["data"]["user"]["username"] == "hikaru_n"


@pytest.mark.parametrize("alias", ["token", "access_token", "id_token", "code"])
def test_registration_takes_the_provider_credential_under_any_of_its_names(client, social, alias):
    social.add("fresh", "google", "g-7", "g7@example.com")
    body = {**social_registration("google", None), alias: "fresh"}
    response = client.post("/users/register_no_confirm", json=body)
    assert response.status_code == 201, response.get_json()
    assert social.calls == [("google", "fresh", "mobile-web")]


def test_apps_get_the_refresh_token_in_the_body(client, social):
    social.add("cred", "apple", "a-1", "a1@example.com")
    response = client.post(
        "/users/register", json=social_registration("apple", "cred", platform="ios")
    )
    assert response.get_json()["data"]["refresh"]
    assert social.calls == [("apple", "cred", "ios")]
    response = social_login(client, "apple", "cred", platform="ios")
    assert response.get_json()["data"]["refresh"]


def test_an_app_signs_in_with_apple_s_identity_token_instead_of_the_code(client, social):
    social.add("signed-by-apple", "apple", "a-1", "a1@example.com")
    client.post("/users/register", json=social_registration("apple", "signed-by-apple"))
    social.calls.clear()
    body = {"identity_token": "signed-by-apple", "platform": "ios"}
    response = client.post("/users/apple", json=body)
    assert response.status_code == 200, response.get_json()
    assert response.get_json()["data"]["refresh"]
    [(provider, credential, platform)] = social.calls
    assert (provider, credential, platform) == ("apple", "signed-by-apple", "ios")
    assert isinstance(credential, IdentityToken), "checked as a token, not exchanged as a code"


def test_an_existing_account_with_the_verified_address_is_linked(client, social, app, outbox):
    client.post(
        "/users/register",
        json={
            "type": "email",
            "username": "magnus_c",
            "email": "Magnus@Example.com",
            "password": PASSWORD,
            "country": "NO",
            "skill_level": "master",
            "terms": True,
        },
    )
    client.get(path_of(link_in(mails(outbox)[0])))  # confirmed by its owner
    social.add("cred", "google", "g-42", "magnus@example.com")

    response = social_login(client, "google", "cred")
    assert response.status_code == 200
    assert response.get_json()["data"]["user"]["username"] == "magnus_c"
    with app.app_context():
        identity = db.session.scalar(sa.select(SocialIdentity))
        assert (identity.provider, identity.subject) == ("google", "g-42")
    # The password still works too.
    response = client.post(
        "/users/login", json={"username": "magnus@example.com", "password": PASSWORD}
    )
    assert response.status_code == 200


def test_an_unconfirmed_account_is_taken_over_by_the_address_owner_not_the_squatter(
    client, social, app, outbox
):
    """Someone registered the address without owning it; its owner then signs in with Google."""
    client.post(
        "/users/register",
        json={
            "type": "email",
            "username": "squatter",
            "email": "owner@example.com",
            "password": PASSWORD,
            "country": "NO",
            "skill_level": "club",
            "terms": True,
        },
    )
    social.add("squatter-fb", "facebook", "fb-9", None)
    with app.app_context():
        user_id = db.session.scalar(sa.select(User.id))
        db.session.add(SocialIdentity(user_id=user_id, provider="facebook", subject="fb-9"))
        db.session.commit()
    social.add("owner", "google", "g-1", "owner@example.com")

    response = social_login(client, "google", "owner")
    assert response.status_code == 200
    with app.app_context():
        user = db.session.get(User, user_id)
        assert user.email_confirmed_at is not None and user.password_hash is None
        links = db.session.scalars(sa.select(SocialIdentity.provider)).all()
        assert links == ["google"]
    response = client.post(
        "/users/login", json={"username": "owner@example.com", "password": PASSWORD}
    )
    assert error_of(response)["code"] == "user_wrong_password"
    assert error_of(social_login(client, "facebook", "squatter-fb"))["code"] == "user_doesnt_exist"


def test_a_provider_without_an_address_needs_one_from_the_form(client, social):
    social.add("cred", "facebook", "fb-1", None)
    response = social_login(client, "facebook", "cred")
    assert error_of(response)["email"] is None

    token = error_of(response)["socialToken"]
    response = client.post("/users/register", json=social_registration("facebook", token))
    assert response.status_code == 400
    assert error_of(response)["fields"] == {"email": "This field is required."}

    response = client.post(
        "/users/register",
        json=social_registration("facebook", token, email="typed@example.com"),
    )
    assert response.status_code == 201
    assert response.get_json()["data"]["user"]["email"] == "typed@example.com"
    social.add("again", "facebook", "fb-1", None)
    assert social_login(client, "facebook", "again").status_code == 200


def test_registering_an_already_registered_identity_signs_in(client, social, app):
    social.add("cred", "google", "g-1", "g1@example.com")
    assert (
        client.post("/users/register", json=social_registration("google", "cred")).status_code
        == 201
    )
    response = client.post(
        "/users/register", json=social_registration("google", "cred", username="other_name")
    )
    assert response.status_code == 201
    assert response.get_json()["data"]["user"]["username"] == "hikaru_n"
    with app.app_context():
        assert db.session.scalar(sa.select(sa.func.count(User.id))) == 1


def test_social_registration_checks_the_form_and_unique_names(client, social, register_confirmed):
    register_confirmed(username="hikaru_n", email="first@example.com")
    social.add("cred", "google", "g-1", "second@example.com")
    response = client.post("/users/register", json=social_registration("google", "cred"))
    assert response.status_code == 409
    assert error_of(response)["code"] == "user_username_exists"

    response = client.post(
        "/users/register",
        json=social_registration("google", "cred", username="bad name", terms=False),
    )
    assert error_of(response)["fields"] == {
        "username": "Username can't contain white spaces.",
        "terms": "You must select this checkbox",
    }


def test_a_social_token_is_bound_to_its_provider_and_lasts_thirty_minutes(client, social, clock):
    social.add("cred", "google", "g-1", "g1@example.com")
    token = error_of(social_login(client, "google", "cred"))["socialToken"]

    response = client.post("/users/register", json=social_registration("apple", token))
    assert response.status_code == 401
    assert error_of(response) == {
        "code": "user_invalid_token",
        "message": "Invalid token",
        "errorType": "apple",
    }

    clock.advance(minutes=30)
    response = client.post("/users/register", json=social_registration("google", token))
    assert response.status_code == 401
    assert error_of(response)["code"] == "user_invalid_token"


def test_social_registration_without_a_token(client):
    response = client.post("/users/register", json=social_registration("google", None))
    assert response.status_code == 400
    error = error_of(response)
    assert error["errorType"] == "google"
    assert error["fields"] == {"token": "This field is required."}


@pytest.mark.parametrize(
    ("provider", "code", "status"),
    [
        ("google", "user_invalid_token", 401),
        ("facebook", "user_invalid_token", 401),
        ("apple", "user_invalid_auth_code", 401),
        ("google", "social_provider_unavailable", 503),
        ("apple", "social_provider_not_configured", 404),
    ],
)
def test_provider_failures_carry_the_provider_as_error_type(client, social, provider, code, status):
    social.fail("cred", provider, code, "Provider said no.")
    for response in (
        social_login(client, provider, "cred"),
        client.post("/users/register", json=social_registration(provider, "cred")),
    ):
        assert response.status_code == status
        assert error_of(response) == {
            "code": code,
            "message": "Provider said no.",
            "errorType": provider,
        }


def test_an_unconfigured_provider_is_a_clear_error_not_a_crash(app, client):
    app_context(app).social = SocialVerifier(SocialSettings.from_environ({}))
    for provider in ("google", "apple", "facebook"):
        response = social_login(client, provider, "anything")
        assert response.status_code == 404
        error = error_of(response)
        assert error["code"] == "social_provider_not_configured"
        assert error["errorType"] == provider
    providers = client.get("/users/social_providers").get_json()["data"]
    assert {name: providers[name] for name in ("google", "apple", "facebook")} == {
        "google": None,
        "apple": None,
        "facebook": None,
    }
    # What each button says is what its sign-in call answers.
    for provider in ("google", "apple", "facebook"):
        error = error_of(social_login(client, provider, "anything"))
        assert providers["unavailable"][provider] == {
            "code": error["code"],
            "message": error["message"],
        }


def test_a_deactivated_account_cannot_sign_in_socially(client, social, app, clock):
    social.add("cred", "google", "g-1", "g1@example.com")
    client.post("/users/register", json=social_registration("google", "cred"))
    with app.app_context():
        db.session.scalar(sa.select(User)).deactivated_at = clock()
        db.session.commit()
    response = social_login(client, "google", "cred")
    assert response.status_code == 403
    assert error_of(response)["code"] == "user_deactivated"


@pytest.mark.parametrize("provider", ["facebook", "google", "apple"])
def test_the_credential_is_required(client, provider):
    response = client.post(f"/users/{provider}", json={"platform": "web"})
    assert response.status_code == 400
    assert error_of(response)["fields"] == {BODY_FIELD[provider]: "This field is required."}


def test_social_providers_lists_what_the_verifier_says(client, social):
    response = client.get("/users/social_providers")
    assert response.status_code == 200
    assert response.get_json() == {"data": social.config}
