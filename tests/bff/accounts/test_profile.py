"""GET and POST /users/profile: names, avatars (re-encoded, metadata stripped) and /uploads."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from ..builders import error_of
from .builders import bearer


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


@pytest.mark.parametrize(
    "extra", [{"firstname": "Anna"}, {"avatar2": (io.BytesIO(b"x"), "x.png")}], ids=["form", "file"]
)
def test_a_multipart_post_with_unknown_fields_is_refused_unread(client, signed_in, extra):
    access, _ = signed_in()
    response = client.post(
        "/users/profile",
        headers=bearer(access),
        data={"avatar": (io.BytesIO(image_bytes("PNG")), "a.png"), **extra},
        content_type="multipart/form-data",
    )
    unknown = next(iter(extra))
    assert error_of(response) == {
        "code": "validation_failed",
        "message": "Some fields are invalid.",
        "fields": {unknown: "Unknown field."},
    }
    assert (
        client.get("/users/profile", headers=bearer(access)).get_json()["data"]["avatar"]["src"]
        is None
    )


def test_uploads_only_serves_stored_names(client):
    assert client.get("/uploads/missing.webp").status_code == 404
    assert client.get("/uploads/" + "a" * 40 + ".webp").status_code == 404
    assert client.get("/uploads/..%2Fsecrets.json").status_code == 404


# What decoding may cost ---------------------------------------------------------------------


def huge_png(size=(8900, 8900)) -> bytes:
    """A PNG of a few kilobytes that declares ~80 megapixels: a worker would need over a
    gigabyte to decode it as a colour picture."""
    out = io.BytesIO()
    Image.new("1", size).save(out, format="PNG")
    return out.getvalue()


TOO_LARGE = (
    "The avatar is too large: at most 4096 pixels a side and 16 megapixels (8192 pixels a side"
    " and 50 megapixels for a JPEG photo). A 512 px picture is enough."
)


@pytest.mark.parametrize("size", [(8900, 8900), (4097, 16), (16, 5000), (4000, 4001)])
def test_a_picture_declaring_more_pixels_than_an_avatar_needs_is_refused_unread(
    client, signed_in, monkeypatch, size
):
    access, _ = signed_in()
    data = huge_png(size)
    assert len(data) < 400_000
    decoded = []
    monkeypatch.setattr(
        Image.Image, "load", lambda image: decoded.append(image.size) or pytest.fail("decoded")
    )
    response = upload(client, access, data)
    assert response.status_code == 400
    assert error_of(response) == {
        "code": "avatar_invalid",
        "message": TOO_LARGE,
        "fields": {"avatar": TOO_LARGE},
    }
    assert decoded == []


def test_a_png_at_the_limit_is_accepted(client, signed_in):
    access, _ = signed_in()
    response = upload(client, access, huge_png((4096, 3900)))
    assert response.status_code == 200
    picture = Image.open(io.BytesIO(client.get(response.get_json()["data"]["avatar"]["src"]).data))
    assert picture.size == (512, 488)


def jpeg(size, progressive=False) -> bytes:
    out = io.BytesIO()
    Image.new("L", size, 128).save(out, format="JPEG", progressive=progressive)
    return out.getvalue()


def test_a_phone_photo_is_decoded_at_an_eighth_of_its_size(client, signed_in, monkeypatch):
    from PIL import JpegImagePlugin

    access, _ = signed_in()
    drafted = []
    draft = JpegImagePlugin.JpegImageFile.draft

    def spy(image, mode, size):
        answer = draft(image, mode, size)
        drafted.append(image.size)
        return answer

    monkeypatch.setattr(JpegImagePlugin.JpegImageFile, "draft", spy)
    response = upload(client, access, jpeg((8000, 6000)), "photo.jpg")
    assert response.status_code == 200
    assert drafted == [(1000, 750)]
    picture = Image.open(io.BytesIO(client.get(response.get_json()["data"]["avatar"]["src"]).data))
    assert picture.size == (512, 384)


@pytest.mark.parametrize(
    "data",
    [jpeg((8193, 100)), jpeg((8000, 6500)), jpeg((6000, 4000), progressive=True)],
    ids=["wider than 8192", "over 50 megapixels", "progressive over 16 megapixels"],
)
def test_jpeg_photos_have_their_own_limit(client, signed_in, data):
    access, _ = signed_in()
    response = upload(client, access, data, "photo.jpg")
    assert response.status_code == 400
    assert error_of(response)["fields"] == {"avatar": TOO_LARGE}


def test_pillows_own_bomb_limit_stays_on(monkeypatch):
    from bff.accounts import avatars
    from bff.platform.errors import ApiError

    monkeypatch.setattr(Image, "MAX_IMAGE_PIXELS", 100)
    with pytest.raises(ApiError) as raised:
        avatars.encode_avatar(image_bytes("PNG", size=(20, 20)), owner=1)
    assert raised.value.fields == {"avatar": TOO_LARGE}


# Replaced avatars, and how many a member may upload ------------------------------------------


def test_a_replaced_avatar_is_deleted(client, signed_in):
    access, _ = signed_in()
    first = upload(client, access, image_bytes("PNG")).get_json()["data"]["avatar"]["src"]
    assert client.get(first).status_code == 200
    same = upload(client, access, image_bytes("PNG")).get_json()["data"]["avatar"]["src"]
    assert same == first and client.get(first).status_code == 200  # the same picture again

    second = upload(client, access, image_bytes("PNG", color=(0, 90, 0))).get_json()
    second = second["data"]["avatar"]["src"]
    assert second != first
    assert client.get(second).status_code == 200
    assert client.get(first).status_code == 404


def test_members_never_share_an_avatar_file(app, client, signed_in):
    access, _ = signed_in()
    other, _ = signed_in(username="hikaru_n", email="hikaru@example.com")
    mine = upload(client, access, image_bytes("PNG")).get_json()["data"]["avatar"]["src"]
    theirs = upload(client, other, image_bytes("PNG")).get_json()["data"]["avatar"]["src"]
    assert mine != theirs
    upload(client, other, image_bytes("PNG", color=(0, 0, 90)))
    assert client.get(mine).status_code == 200


def test_avatar_uploads_are_limited_per_member(client, signed_in):
    access, _ = signed_in()
    other, _ = signed_in(username="hikaru_n", email="hikaru@example.com")
    small = image_bytes("PNG", size=(32, 32))
    for _ in range(9):
        assert upload(client, access, small).status_code == 200
    assert upload(client, access, b"not a picture").status_code == 400  # refused ones count
    response = upload(client, access, small)
    assert response.status_code == 429
    assert error_of(response)["code"] == "rate_limited"
    assert int(response.headers["Retry-After"]) > 0
    # Names are not uploads, and other members (even behind the same address) have their own.
    names = client.post("/users/profile", headers=bearer(access), json={"firstname": "Magnus"})
    assert names.status_code == 200
    assert upload(client, other, small).status_code == 200
