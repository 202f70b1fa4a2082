"""Avatar images: checked, re-encoded to WebP at most 512 px wide or high, metadata dropped.

Re-encoding means the stored file holds only pixels: no EXIF (camera, GPS), no ICC tricks, no
polyglot payload. The name is a hash of the result, so identical avatars share one file.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass

from PIL import Image, ImageOps, UnidentifiedImageError

from ..errors import CATALOGUE, ApiError

MAX_BYTES = 10 * 1024 * 1024
MAX_DIMENSION = 512
# Refuse decompression bombs long before Pillow's own limit: a phone photo is ~50 megapixels.
MAX_PIXELS = 80_000_000
ACCEPTED_FORMATS = {"JPEG", "PNG", "WEBP"}


@dataclass(frozen=True)
class EncodedAvatar:
    name: str
    data: bytes


def encode_avatar(data: bytes) -> EncodedAvatar:
    if len(data) > MAX_BYTES:
        raise ApiError(413, "payload_too_large")
    invalid = ApiError(400, "avatar_invalid", fields={"avatar": CATALOGUE["avatar_invalid"]})
    try:
        with Image.open(io.BytesIO(data)) as image:
            if image.format not in ACCEPTED_FORMATS:
                raise invalid
            width, height = image.size
            if width * height > MAX_PIXELS:
                raise invalid
            image.load()
            upright = ImageOps.exif_transpose(image)
            mode = "RGBA" if upright.mode in ("RGBA", "LA", "P", "PA") else "RGB"
            picture = upright.convert(mode)
    except ApiError:
        raise
    except (UnidentifiedImageError, OSError, ValueError, Image.DecompressionBombError):
        raise invalid from None
    picture.thumbnail((MAX_DIMENSION, MAX_DIMENSION), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    picture.save(out, format="WEBP", quality=85, method=4)
    encoded = out.getvalue()
    return EncodedAvatar(name=f"{hashlib.sha256(encoded).hexdigest()[:40]}.webp", data=encoded)
