"""Who may sign up and what editors may do on a real Strapi 5 (scripts/with-strapi).

Nobody signs up on Strapi itself (its end-user registration is off). Editors are invited as
README says, through the admin panel's Users page: the invitation's registration link sets
their password. Strapi's own Author role drafts and never publishes; its Editor role
publishes; both cover every content type and field of the model.
"""

from __future__ import annotations

import json
import os
import secrets
from pathlib import Path

import pytest
import requests

from ..conftest import REQUIRE_SERVICES

STRAPI_URL = os.environ.get("TEST_STRAPI_URL", "")
ADMIN = {
    "email": os.environ.get("TEST_STRAPI_ADMIN_EMAIL", ""),
    "password": os.environ.get("TEST_STRAPI_ADMIN_PASSWORD", ""),
}
SCHEMAS = Path(__file__).resolve().parents[3] / "cms-schema" / "src" / "api"
TEACHER = "api::teacher.teacher"

pytestmark = pytest.mark.skipif(
    not STRAPI_URL and not REQUIRE_SERVICES, reason="TEST_STRAPI_URL is not set"
)


def session_of(token: str) -> requests.Session:
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {token}"
    return session


@pytest.fixture(scope="module")
def admin() -> requests.Session:
    login = requests.post(f"{STRAPI_URL}/admin/login", json=ADMIN, timeout=30)
    assert login.status_code == 200, login.text
    return session_of(login.json()["data"]["token"])


@pytest.fixture(scope="module")
def roles(admin) -> dict[str, dict]:
    answer = admin.get(f"{STRAPI_URL}/admin/roles", timeout=30)
    assert answer.status_code == 200, answer.text
    return {role["code"]: role for role in answer.json()["data"]}


def invite(admin: requests.Session, role: dict) -> requests.Session:
    """What README tells an admin to do: invite, then the invitee opens the link."""
    name = f"{role['name'].lower()}-{secrets.token_hex(4)}"
    invited = admin.post(
        f"{STRAPI_URL}/admin/users",
        json={
            "firstname": name,
            "lastname": "Invited",
            "email": f"{name}@example.com",
            "roles": [role["id"]],
        },
        timeout=30,
    )
    assert invited.status_code == 201, invited.text
    token = invited.json()["data"]["registrationToken"]
    info = requests.get(
        f"{STRAPI_URL}/admin/registration-info", params={"registrationToken": token}, timeout=30
    )
    assert info.status_code == 200, info.text
    assert info.json()["data"]["email"] == f"{name}@example.com"
    registered = requests.post(
        f"{STRAPI_URL}/admin/register",
        json={
            "registrationToken": token,
            "userInfo": {
                "firstname": name,
                "lastname": "Invited",
                "password": f"Invited-{secrets.token_urlsafe(12)}1",
            },
        },
        timeout=30,
    )
    assert registered.status_code == 200, registered.text
    return session_of(registered.json()["data"]["token"])


def draft_teacher(session: requests.Session) -> requests.Response:
    return session.post(
        f"{STRAPI_URL}/content-manager/collection-types/{TEACHER}",
        json={"name": f"Draft teacher {secrets.token_hex(3)}", "bio": "A draft."},
        timeout=30,
    )


def publish(session: requests.Session, document_id: str) -> requests.Response:
    return session.post(
        f"{STRAPI_URL}/content-manager/collection-types/{TEACHER}/{document_id}/actions/publish",
        json={},
        timeout=30,
    )


def test_nobody_signs_up_on_strapi(admin):
    before = admin.get(
        f"{STRAPI_URL}/content-manager/collection-types/plugin::users-permissions.user",
        timeout=30,
    ).json()["pagination"]["total"]
    answer = requests.post(
        f"{STRAPI_URL}/api/auth/local/register",
        json={
            "username": "somebody",
            "email": "somebody@example.com",
            "password": "Somebody-1234",
        },
        timeout=30,
    )
    assert answer.status_code in (400, 403), answer.text
    assert answer.json()["data"] is None
    assert "disabled" in answer.json()["error"]["message"] or answer.status_code == 403
    after = admin.get(
        f"{STRAPI_URL}/content-manager/collection-types/plugin::users-permissions.user",
        timeout=30,
    ).json()["pagination"]["total"]
    assert after == before
    advanced = admin.get(f"{STRAPI_URL}/users-permissions/advanced", timeout=30)
    assert advanced.status_code == 200, advanced.text
    assert advanced.json()["settings"]["allow_register"] is False


def test_editor_and_author_cover_every_type_and_field(admin, roles):
    assert roles["strapi-editor"]["name"] == "Editor"
    assert roles["strapi-author"]["name"] == "Author"
    held = {}
    for code in ("strapi-editor", "strapi-author"):
        answer = admin.get(f"{STRAPI_URL}/admin/roles/{roles[code]['id']}/permissions", timeout=30)
        assert answer.status_code == 200, answer.text
        held[code] = {(p["action"], p["subject"]): p for p in answer.json()["data"]}
    for path in SCHEMAS.glob("*/content-types/*/schema.json"):
        uid = f"api::{path.parent.name}.{path.parent.name}"
        fields = [
            name
            for name, attribute in json.loads(path.read_text())["attributes"].items()
            if attribute.get("visible", True)  # public_id is not the editors'
            and (attribute["type"] != "relation" or "mappedBy" not in attribute)
        ]
        for verb in ("create", "read", "update", "delete", "publish"):
            action = f"plugin::content-manager.explorer.{verb}"
            editor = held["strapi-editor"].get((action, uid))
            author = held["strapi-author"].get((action, uid))
            assert editor is not None, (uid, verb)
            if verb == "publish":
                assert author is None, uid  # authors never publish
                continue
            assert author is not None, (uid, verb)
            assert author["conditions"] == ["admin::is-creator"], (uid, verb)
            if verb in ("create", "read", "update"):
                for permission in (editor, author):
                    shown = {f.split(".")[0] for f in permission["properties"]["fields"]}
                    assert set(fields) <= shown, (uid, verb, set(fields) - shown)


def test_an_invited_author_drafts_and_an_invited_editor_publishes(admin, roles):
    author = invite(admin, roles["strapi-author"])
    editor = invite(admin, roles["strapi-editor"])
    drafted = draft_teacher(author)
    assert drafted.status_code == 201, drafted.text
    document = drafted.json()["data"]["documentId"]
    refused = publish(author, document)
    assert refused.status_code == 403, refused.text
    published = publish(editor, document)
    assert published.status_code == 200, published.text
    assert published.json()["data"]["publishedAt"]
    removed = editor.delete(
        f"{STRAPI_URL}/content-manager/collection-types/{TEACHER}/{document}", timeout=30
    )
    assert removed.status_code == 200, removed.text


def test_the_free_edition_has_no_releases_to_schedule(admin):
    """Strapi's own scheduled publishing comes with Releases, which need a licence: the site's
    Publish at does it instead (docs/editors.md). When a licence turns Releases on, this fails,
    and that word on scheduled publishing is to be read again."""
    answer = admin.get(f"{STRAPI_URL}/content-releases", timeout=30)
    assert answer.status_code == 404, answer.text
