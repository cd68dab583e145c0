"""The customer's logo for the build plan's cover: read an image file into the plan's
embedded :class:`planner.model.plan.Logo` (PNG or JPEG, at most ``MAX_LOGO_BYTES``).

Embedded rather than linked: a plan emailed to a colleague or opened on the workshop
laptop prints with its logo; a path would point at a file the other machine lacks.
"""

from __future__ import annotations

import base64
import os
from pathlib import Path

from planner.model.plan import LOGO_MAGIC, MAX_LOGO_BYTES, Logo


class LogoError(ValueError):
    """A file that cannot be the logo; ``str()`` names the file and says why."""


def read_logo(path: str | os.PathLike[str]) -> Logo:
    """The image at ``path`` as a Logo. Raises LogoError (unreadable, too large, not a
    PNG or JPEG, or an image that cannot be decoded)."""
    p = Path(path)
    try:
        size = p.stat().st_size
        if size > MAX_LOGO_BYTES:
            raise LogoError(f"{p.name}: {size // 1024} KiB; a logo may be at most {MAX_LOGO_BYTES // 1024} KiB "
                            "(save it smaller, e.g. 600 px wide)")
        raw = p.read_bytes()
    except OSError as e:
        raise LogoError(f"{p.name}: cannot be read ({e.strerror or e})") from None
    media = next((m for m, magic in LOGO_MAGIC.items() if raw.startswith(magic)), None)
    if media is None:
        raise LogoError(f"{p.name}: not a PNG or JPEG image")
    if logo_size(raw) is None:
        raise LogoError(f"{p.name}: the image cannot be decoded")
    return Logo(media_type=media, name=p.name[:200], data=base64.b64encode(raw).decode("ascii"))


# a logo's pixels, at most (a 600 px wide logo has some 0.2 million; beyond this it is a
# decompression bomb, not a logo)
MAX_LOGO_PIXELS = 40_000_000


def logo_size(raw: bytes) -> tuple[int, int] | None:
    """Width and height in pixels of the image bytes, or None when they do not decode. The
    whole image is decoded, not just its header: a truncated PNG has a valid header, was
    accepted as the logo, and then no build plan could be written (issue 29)."""
    import io
    import warnings

    from PIL import Image

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(raw)) as im:
                w, h = im.size
                if w <= 0 or h <= 0 or w * h > MAX_LOGO_PIXELS:
                    return None
                im.load()  # every pixel: truncated or damaged data raises here
    except Exception:  # noqa: BLE001 (any decoder error means: not usable)
        return None
    return int(w), int(h)
