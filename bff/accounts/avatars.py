"""Avatar images: checked, re-encoded to WebP at most 512 px wide or high, metadata dropped.

Re-encoding means the stored file holds only pixels: no EXIF (camera, GPS), no ICC tricks, no
polyglot payload. The name is a hash of the member and the result: the same picture keeps its
name, and a member's file is theirs alone, so it is deleted once they replace it.

Decoding is what costs: a PNG of a few hundred kilobytes may declare 8900 x 8900 pixels and take
a worker over a gigabyte to decode. Pillow reads only the header when it opens a file, so the
declared size is checked before a single pixel is decoded, against what a 512 px avatar could
use. A baseline JPEG is decoded at 1/2, 1/4 or 1/8 of its size (``draft``), which costs a few
megabytes even for a phone's 50-megapixel photo, so it may be larger; a PNG, a WebP or a
progressive JPEG (whose decoder keeps every coefficient of the full image) is decoded whole.
Pillow's own decompression-bomb limit stays on behind these.
"""

from __future__ import annotations

import hashlib
import io
import struct
from dataclasses import dataclass

from PIL import Image, ImageOps, UnidentifiedImageError

from ..platform.errors import CATALOGUE, ApiError

MAX_BYTES = 10 * 1024 * 1024
MAX_DIMENSION = 512
ACCEPTED_FORMATS = {"JPEG", "PNG", "WEBP"}


@dataclass(frozen=True)
class SizeLimit:
    side: int  # pixels, width or height
    pixels: int  # width x height

    def allows(self, width: int, height: int) -> bool:
        return max(width, height) <= self.side and width * height <= self.pixels

    @property
    def words(self) -> str:
        return f"{self.side} pixels a side and {self.pixels // 1_000_000} megapixels"


# Decoded whole: 16 megapixels is 64 MB of RGBA at most, in about a tenth of a second.
DECODED_WHOLE = SizeLimit(side=4096, pixels=16_000_000)
# A baseline JPEG, decoded at 1/8 of its size: a phone's full-resolution photo fits.
DECODED_SMALL = SizeLimit(side=8192, pixels=50_000_000)

TOO_LARGE = (
    f"The avatar is too large: at most {DECODED_WHOLE.words}"
    f" ({DECODED_SMALL.words} for a JPEG photo). A 512 px picture is enough."
)


@dataclass(frozen=True)
class EncodedAvatar:
    name: str
    data: bytes


def size_limit(image: Image.Image) -> SizeLimit:
    """How large this opened (not yet decoded) image may declare itself."""
    progressive = image.info.get("progressive") or image.info.get("progression")
    return DECODED_SMALL if image.format == "JPEG" and not progressive else DECODED_WHOLE


def encode_avatar(data: bytes, owner: int) -> EncodedAvatar:
    """Check and re-encode an uploaded picture for member ``owner``; 400 ``avatar_invalid``
    for anything that is not a JPEG, PNG or WebP image of a reasonable size."""
    if len(data) > MAX_BYTES:
        raise ApiError(413, "payload_too_large")
    invalid = ApiError(400, "avatar_invalid", fields={"avatar": CATALOGUE["avatar_invalid"]})
    too_large = ApiError(400, "avatar_invalid", TOO_LARGE, fields={"avatar": TOO_LARGE})
    try:
        with Image.open(io.BytesIO(data)) as image:  # reads the header only
            if image.format not in ACCEPTED_FORMATS:
                raise invalid
            if not size_limit(image).allows(*image.size):
                raise too_large
            if image.format == "JPEG":
                # Decode at the smallest scale that still covers the avatar (a no-op when small).
                image.draft("RGB", (MAX_DIMENSION, MAX_DIMENSION))
            image.load()
            upright = ImageOps.exif_transpose(image)
            mode = "RGBA" if upright.mode in ("RGBA", "LA", "P", "PA") else "RGB"
            picture = upright.convert(mode)
    except ApiError:
        raise
    except Image.DecompressionBombError:
        raise too_large from None
    except (
        UnidentifiedImageError,
        OSError,
        ValueError,
        SyntaxError,
        # What Pillow's parsers raise on a block cut short (a truncated EXIF block in a PNG or
        # WebP: struct.error) or an entry pointing nowhere: a picture we cannot read.
        struct.error,
        IndexError,
        KeyError,
        EOFError,
        ZeroDivisionError,
    ):
        raise invalid from None
    picture.thumbnail((MAX_DIMENSION, MAX_DIMENSION), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    picture.save(out, format="WEBP", quality=85, method=4)
    encoded = out.getvalue()
    digest = hashlib.sha256(f"member:{owner}:".encode() + encoded).hexdigest()
    return EncodedAvatar(name=f"{digest[:40]}.webp", data=encoded)
