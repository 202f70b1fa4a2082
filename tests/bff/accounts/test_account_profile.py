"""POST /users/profile beyond names: username, country and level, by registration's rules; and
the availability checks, where a member's own name and address are theirs."""

from __future__ import annotations

import pytest

from bff.accounts import rules

from ..builders import error_of


def update(client, headers, **body):
    return client.post("/users/profile", headers=headers, json=body)


def test_username_country_and_level_change(client, member_headers):
    answer = update(client, member_headers, username="Hikaru_N", country="us", skill_level="expert")
    assert answer.status_code == 200, answer.get_json()
    user = answer.get_json()["data"]
    assert (user["username"], user["country"], user["skill_level"]) == ("Hikaru_N", "US", "expert")
    # Left out: unchanged.
    kept = update(client, member_headers, firstname="Hikaru").get_json()["data"]
    assert (kept["firstname"], kept["username"], kept["country"]) == ("Hikaru", "Hikaru_N", "US")
    # The new name signs in; the old one is free again.
    assert client.get("/users/check?username=magnus_c").get_json()["data"]["available"]


def test_a_taken_username_is_refused_whatever_its_case(client, member_headers, register_confirmed):
    register_confirmed(username="fabiano_c", email="fabiano@example.com")
    error = error_of(update(client, member_headers, username="FABIANO_C"))
    assert error["code"] == "user_username_exists"
    assert error["fields"] == {"username": "This username is already taken."}
    # The member's own name, in another case, is theirs.
    assert update(client, member_headers, username="Magnus_C").status_code == 200


@pytest.mark.parametrize(
    ("body", "code", "fields"),
    [
        (
            {"username": "a b c d e"},
            "user_username_contains_spaces",
            {"username": rules.USERNAME_SPACES},
        ),
        ({"username": "abc"}, "validation_failed", {"username": rules.min_length(5)}),
        ({"username": ""}, "validation_failed", {"username": rules.REQUIRED}),
        ({"country": "XX"}, "validation_failed", {"country": rules.UNKNOWN_COUNTRY}),
        ({"country": ""}, "validation_failed", {"country": rules.REQUIRED}),
        ({"skill_level": "grandmaster"}, "validation_failed", {"skill_level": rules.UNKNOWN_LEVEL}),
    ],
)
def test_invalid_fields_get_the_rules_messages(client, member_headers, body, code, fields):
    error = error_of(update(client, member_headers, **body))
    assert error["code"] == code
    assert error["fields"] == fields
    user = client.get("/users/profile", headers=member_headers).get_json()["data"]
    assert (user["username"], user["country"], user["skill_level"]) == ("magnus_c", "NO", "master")


def test_availability_counts_the_members_own_name_and_address_as_free(client, member_headers):
    taken = client.get("/users/check?username=MAGNUS_C").get_json()["data"]
    assert taken == {"available": False, "message": "This username is already taken."}
    mine = client.get("/users/check?username=MAGNUS_C", headers=member_headers).get_json()["data"]
    assert mine == {"available": True, "message": None}
    address = "/users/check_email?email=magnus@example.com"
    assert not client.get(address).get_json()["data"]["available"]
    assert client.get(address, headers=member_headers).get_json()["data"]["available"]


def test_only_members_change_a_profile(client):
    assert error_of(update(client, {}, country="US"))["code"] == "unauthorized"


def test_a_body_neither_json_nor_a_picture_is_refused(client, member_headers):
    answer = client.post("/users/profile", headers=member_headers, data="country=US")
    assert answer.status_code == 415
    assert error_of(answer)["code"] == "unsupported_media_type"
