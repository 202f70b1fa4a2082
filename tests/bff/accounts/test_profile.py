"""GET and POST /users/profile: names, avatars (re-encoded, metadata stripped) and /uploads."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from .builders import bearer, error_of


def image_bytes(fmt: str, size=(1200, 800), exif: bool = False, color=(200, 30, 30)) -> bytes:
    picture = Image.new("RGB", size, color)
    out = io.BytesIO()
    options = {}
    if exif:
        data = Image.Exif()
        data[0x010F] = "PhoneMaker"  # Make
        data[0x0110] = "Phone 15"  # Model
        data[0x0112] = 6  # Orientation: rotate 90° to show upright
        options["exif"] = data.tobytes()
    picture.save(out, format=fmt, **options)
    return out.getvalue()


def upload(client, access, data: bytes, name="avatar.png"):
    return client.post(
        "/users/profile",
        headers=bearer(access),
        data={"avatar": (io.BytesIO(data), name)},
        content_type="multipart/form-data",
    )


def test_profile_needs_a_signed_in_user(client):
    response = client.get("/users/profile")
    assert response.status_code == 401
    assert error_of(response)["code"] == "unauthorized"
    response = client.post("/users/profile", json={"firstname": "Magnus"})
    assert response.status_code == 401


def test_profile_is_the_user_of_the_spec(client, signed_in):
    access, body = signed_in()
    response = client.get("/users/profile", headers=bearer(access))
    assert response.status_code == 200
    user = response.get_json()["data"]
    assert {key: user[key] for key in user if key != "id"} == {
        "firstname": None,
        "lastname": None,
        "username": body["username"],
        "email": body["email"],
        "country": "NO",
        "skill_level": "master",
        "avatar": {"src": None},
        "user_tier": "free",
        "subscription": None,
    }


def test_names_are_updated(client, signed_in):
    access, _ = signed_in()
    response = client.post(
        "/users/profile",
        headers=bearer(access),
        json={"firstname": " Jean-Luc ", "lastname": "O'Neil"},
    )
    assert response.status_code == 200
    user = response.get_json()["data"]
    assert (user["firstname"], user["lastname"]) == ("Jean-Luc", "O'Neil")

    response = client.post("/users/profile", headers=bearer(access), json={"lastname": "Ørsted"})
    user = response.get_json()["data"]
    assert (user["firstname"], user["lastname"]) == ("Jean-Luc", "Ørsted")
    response = client.get("/users/profile", headers=bearer(access))
    assert response.get_json()["data"]["lastname"] == "Ørsted"


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("Al", "Minimum length of 3 is not met."),
        ("R2D2", "Name can't contain special characters."),
        ("Magnus!", "Name can't contain special characters."),
        ("x" * 51, "Maximum length of 50 exceeded."),
    ],
)
def test_names_follow_the_name_rule(client, signed_in, name, message):
    access, _ = signed_in()
    response = client.post("/users/profile", headers=bearer(access), json={"firstname": name})
    assert response.status_code == 400
    assert error_of(response)["fields"] == {"firstname": message}


def test_a_png_avatar_is_re_encoded_small_and_served_for_a_year(client, signed_in, app):
    access, _ = signed_in()
    response = upload(client, access, image_bytes("PNG"))
    assert response.status_code == 200
    src = response.get_json()["data"]["avatar"]["src"]
    assert src.startswith("/uploads/") and src.endswith(".webp")

    served = client.get(src)
    assert served.status_code == 200
    assert "max-age=31536000" in served.headers["Cache-Control"]
    assert "immutable" in served.headers["Cache-Control"]
    picture = Image.open(io.BytesIO(served.data))
    assert picture.format == "WEBP"
    assert max(picture.size) == 512 and picture.size == (512, 341)

    profile = client.get("/users/profile", headers=bearer(access)).get_json()["data"]
    assert profile["avatar"]["src"] == src


def test_the_same_picture_gets_the_same_name(client, signed_in):
    access, _ = signed_in()
    first = upload(client, access, image_bytes("JPEG")).get_json()["data"]["avatar"]["src"]
    again = upload(client, access, image_bytes("JPEG")).get_json()["data"]["avatar"]["src"]
    other = upload(client, access, image_bytes("JPEG", color=(1, 2, 3))).get_json()
    assert first == again != other["data"]["avatar"]["src"]


def test_exif_is_gone_and_orientation_applied(client, signed_in):
    access, _ = signed_in()
    original = image_bytes("JPEG", size=(600, 300), exif=True)
    assert Image.open(io.BytesIO(original)).getexif()[0x010F] == "PhoneMaker"

    src = upload(client, access, original, "photo.jpg").get_json()["data"]["avatar"]["src"]
    served = client.get(src).data
    picture = Image.open(io.BytesIO(served))
    assert not picture.getexif() and "exif" not in picture.info
    assert b"PhoneMaker" not in served
    assert picture.size == (256, 512)  # turned upright as the camera meant, then shrunk


def test_webp_in_is_accepted(client, signed_in):
    access, _ = signed_in()
    assert upload(client, access, image_bytes("WEBP", size=(64, 64)), "a.webp").status_code == 200


@pytest.mark.parametrize(
    "data",
    [
        b"%PDF-1.4 definitely not an image",
        b"",
        image_bytes("GIF", size=(10, 10)),
        image_bytes("PNG")[:200],  # truncated
    ],
)
def test_anything_but_a_jpeg_png_or_webp_is_refused(client, signed_in, data):
    access, _ = signed_in()
    response = upload(client, access, data, "file.png")
    assert response.status_code == 400
    error = error_of(response)
    assert error["code"] == "avatar_invalid"
    assert error["fields"] == {"avatar": "The avatar must be a JPEG, PNG or WebP image."}


def test_more_than_10_mb_is_refused(client, signed_in):
    access, _ = signed_in()
    for size in (10 * 1024 * 1024 + 1, 12 * 1024 * 1024):
        response = upload(client, access, b"\x89PNG" + b"\0" * (size - 4))
        assert response.status_code == 413
        assert error_of(response) == {
            "code": "payload_too_large",
            "message": "Data size limit is 10MB",
        }


def test_a_multipart_post_without_avatar_is_refused(client, signed_in):
    access, _ = signed_in()
    response = client.post(
        "/users/profile",
        headers=bearer(access),
        data={"other": (io.BytesIO(b"x"), "x.png")},
        content_type="multipart/form-data",
    )
    assert response.status_code == 400


def test_uploads_only_serves_stored_names(client):
    assert client.get("/uploads/missing.webp").status_code == 404
    assert client.get("/uploads/" + "a" * 40 + ".webp").status_code == 404
    assert client.get("/uploads/..%2Fsecrets.json").status_code == 404
