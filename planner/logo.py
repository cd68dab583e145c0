"""The customer's logo for the build plan's cover: read an image file into the plan's
embedded :class:`planner.plan.Logo` (PNG or JPEG, at most ``MAX_LOGO_BYTES``).

Embedded rather than linked: a plan emailed to a colleague or opened on the workshop
laptop prints with its logo; a path would point at a file the other machine lacks.
"""

from __future__ import annotations

import base64
import os
from pathlib import Path

from planner.plan import LOGO_MAGIC, MAX_LOGO_BYTES, Logo


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


def logo_size(raw: bytes) -> tuple[int, int] | None:
    """Width and height in pixels of the image bytes, or None when they do not decode."""
    import io

    from reportlab.lib.utils import ImageReader

    try:
        w, h = ImageReader(io.BytesIO(raw)).getSize()
    except Exception:  # noqa: BLE001 (any decoder error means: not usable)
        return None
    return (int(w), int(h)) if w > 0 and h > 0 else None
