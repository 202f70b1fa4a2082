"""Registration refuses what docs/accounts.md, validation refuses, with its messages, at the exact
boundaries."""

from __future__ import annotations

import pytest

from bff.accounts import rules

from ..builders import error_of
from .builders import registration

PASSWORD_MESSAGE = rules.PASSWORD_RULE


def register(client, **overrides):
    return client.post("/users/register", json=registration(**overrides))


@pytest.mark.parametrize(
    ("username", "accepted", "message"),
    [
        ("abcd", False, "Minimum length of 5 is not met."),
        ("abcde", True, None),
        ("a" * 31, True, None),
        ("a" * 32, False, "Maximum length of 31 exceeded."),
    ],
)
def test_username_length_is_5_to_31(client, username, accepted, message):
    response = register(client, username=username)
    if accepted:
        assert response.status_code == 201, response.get_json()
    else:
        assert response.status_code == 400
        error = error_of(response)
        assert error["code"] == "validation_failed"
        assert error["fields"] == {"username": message}


@pytest.mark.parametrize("username", ["Magnus.C", "o'brien", "the_king", "e-four", "Player2026"])
def test_username_takes_letters_digits_dot_apostrophe_underscore_hyphen(client, username):
    assert register(client, username=username).status_code == 201


@pytest.mark.parametrize("username", ["magnus c", "magnus\tc", " magnus", "magnus "])
def test_username_with_white_space_is_refused(client, username):
    error = error_of(register(client, username=username))
    assert error["code"] == "user_username_contains_spaces"
    assert error["message"] == "Username can't contain white spaces."
    assert error["fields"] == {"username": "Username can't contain white spaces."}


@pytest.mark.parametrize("username", ["magnus!", "mag@nus", "knight#1", "rook+pawn", "queen$"])
def test_username_with_special_characters_is_refused(client, username):
    error = error_of(register(client, username=username))
    assert error["code"] == "user_username_contains_special_characters"
    assert error["fields"] == {"username": "Username can't contain special characters."}


@pytest.mark.parametrize("username", ["shithead", "Shit_Head", "fuck.you99", "sh1thead"])
def test_profane_username_is_refused(client, username):
    response = register(client, username=username)
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "user_username_profane"
    assert error["message"] == "Keep it clean, please"


@pytest.mark.parametrize("username", ["scunthorpe", "classic_game", "grasshopper"])
def test_innocent_usernames_are_not_taken_for_profanity(client, username):
    assert register(client, username=username).status_code == 201


@pytest.mark.parametrize(
    ("address", "accepted", "message"),
    [
        ("a@b.", False, "Minimum length of 5 is not met."),
        ("a@b.c", True, None),
        ("a" * 57 + "@b.com", True, None),  # 63
        ("a" * 58 + "@b.com", False, "Maximum length of 63 exceeded."),  # 64
    ],
)
def test_email_length_is_5_to_63(client, address, accepted, message):
    response = register(client, email=address)
    if accepted:
        assert response.status_code == 201, response.get_json()
    else:
        assert error_of(response)["fields"] == {"email": message}


@pytest.mark.parametrize("address", ["magnus.example.com", "magnus@example", "ma gnus@ex.com"])
def test_email_must_look_like_one(client, address):
    assert error_of(register(client, email=address))["fields"] == {
        "email": "Email format is invalid."
    }


@pytest.mark.parametrize(
    ("password", "accepted"),
    [
        ("abcdef1", False),  # 7
        ("abcdefg1", True),  # 8
        ("abcdefghijklmnopqrs1", True),  # 20
        ("abcdefghijklmnopqrst1", False),  # 21
    ],
)
def test_password_length_is_8_to_20(client, password, accepted):
    response = register(client, password=password)
    if accepted:
        assert response.status_code == 201, response.get_json()
    else:
        assert error_of(response)["fields"] == {"password": PASSWORD_MESSAGE}


@pytest.mark.parametrize("special", list("0123456789~!@#$%^&*"))
def test_password_needs_a_digit_or_one_special_character(client, special):
    assert register(client, password="abcdefgh" + special).status_code == 201


@pytest.mark.parametrize("password", ["abcdefghi", "abcdefgh()", "abcdefgh?+", "ABCDEFGHIJ"])
def test_password_without_digit_or_listed_special_is_refused(client, password):
    assert error_of(register(client, password=password))["fields"] == {"password": PASSWORD_MESSAGE}


@pytest.mark.parametrize(
    ("field", "code"),
    [
        ("username", "validation_failed"),
        ("email", "user_email_required"),
        ("password", "user_password_required"),
        ("country", "validation_failed"),
        ("skill_level", "validation_failed"),
    ],
)
@pytest.mark.parametrize("blank", [None, "", "   "])
def test_every_field_is_required(client, field, code, blank):
    error = error_of(register(client, **{field: blank}))
    assert error["code"] == code
    assert error["fields"] == {field: "This field is required."}


@pytest.mark.parametrize("terms", [None, False])
def test_terms_must_be_checked(client, terms):
    error = error_of(register(client, terms=terms))
    assert error["fields"] == {"terms": "You must select this checkbox"}


def test_country_and_level_come_from_their_lists(client):
    error = error_of(register(client, country="XX", skill_level="grandmaster"))
    assert set(error["fields"]) == {"country", "skill_level"}
    assert register(client, country="fr", skill_level="beginner").status_code == 201


@pytest.mark.parametrize("level", list(rules.SKILL_LEVELS))
def test_each_of_the_eight_levels_is_accepted(client, level):
    assert register(client, skill_level=level, username=f"player_{level}").status_code == 201


def test_every_invalid_field_is_reported_first_one_gives_the_code(client):
    error = error_of(
        register(client, username="bad name", email="nope@nope", password="short", terms=False)
    )
    assert error["code"] == "user_username_contains_spaces"
    assert error["fields"] == {
        "username": "Username can't contain white spaces.",
        "email": "Email format is invalid.",
        "password": PASSWORD_MESSAGE,
        "terms": "You must select this checkbox",
    }


def test_unknown_fields_and_types_are_refused(client):
    response = client.post("/users/register", json={**registration(), "admin": True})
    assert response.status_code == 400
    assert "admin" in error_of(response)["fields"]
    response = client.post("/users/register", json=registration(type="myspace"))
    assert error_of(response)["fields"]["type"]


# Addresses: normalised and checked by email-validator, one script per part ------------------

LOOK_ALIKES = [
    "magnus@ex\u0430mple.com",  # a Cyrillic "а" in a Latin domain
    "magnus@xn--exmple-4nf.com",  # the same, as punycode
    "m\u0430gnus@example.com",  # a Cyrillic "а" in a Latin local part
    "magnus@\u03bfpen.example.com",  # a Greek "ο"
]
INVISIBLE = [
    "mag\u200bnus@example.com",  # zero-width space
    "magnus@exa\u200dmple.com",  # zero-width joiner
    "m\u00adagnus@example.com",  # soft hyphen
    "\ufeffmagnus@example.com",  # byte-order mark
    "ma\u202egnus@example.com",  # right-to-left override
]


@pytest.mark.parametrize("address", LOOK_ALIKES + INVISIBLE)
def test_look_alike_and_invisible_addresses_cannot_register_beside_the_real_one(
    client, register_confirmed, address
):
    register_confirmed()  # magnus@example.com
    response = register(client, username="impostor", email=address)
    assert response.status_code == 400, response.get_json()
    assert error_of(response)["fields"] == {"email": rules.EMAIL_FORMAT}


@pytest.mark.parametrize("address", LOOK_ALIKES + INVISIBLE)
def test_everywhere_an_address_is_taken_refuses_them(client, signed_in, address):
    from .builders import bearer

    access, body = signed_in()
    checked = client.get("/users/check_email", query_string={"email": address})
    assert checked.get_json()["data"] == {"available": False, "message": rules.EMAIL_FORMAT}
    change = client.post(
        "/users/change_email",
        headers=bearer(access),
        json={"email": address, "password": body["password"]},
    )
    assert error_of(change)["fields"] == {"email": rules.EMAIL_FORMAT}
    recovery = client.post("/users/start_password_recovery", json={"email": address})
    assert error_of(recovery)["fields"] == {"email": rules.EMAIL_FORMAT}
    newsletter = client.post("/content/subscribe", json={"email": address})
    assert newsletter.status_code == 400


@pytest.mark.parametrize(
    "address",
    ["müller@example.com", "magnus@exämple.com", "山田@例え.jp", "magnus+chess@example.co.uk"],
)
def test_addresses_of_one_script_are_welcome(client, address):
    response = register(client, email=address)
    assert response.status_code == 201, response.get_json()


def test_an_address_is_kept_normalised_and_found_however_it_is_written(client, outbox):
    from .builders import link_in, mails, path_of

    registered = register(client, email="Magnus@EXAMPLE.com")
    assert registered.get_json()["data"]["user"]["email"] == "Magnus@example.com"
    client.get(path_of(link_in(mails(outbox)[-1])))
    login = {"username": "magnus@example.COM", "password": "secret123"}
    assert client.post("/users/login", json=login).status_code == 200
    taken = register(client, username="other_one", email="MAGNUS@example.com")
    assert error_of(taken)["code"] == "user_email_exists"
