"""Colours shared by the app and the PDF (hex strings; Qt-free so the reports can use
them): one table, so a server is the same blue on screen and on paper."""

from __future__ import annotations

# device kind (catalog ``kind``) -> fill colour of its box in rack elevations and the catalog
KIND_COLORS: dict[str, str] = {
    "server": "#3d7cc9",
    "switch": "#3f9a5a",
    "storage": "#c9822f",
    "pdu": "#7b7f87",
    "cdu": "#2a9fa8",
    "cooling": "#2a9fa8",
    "patch": "#8a6fb8",
    "other": "#8d8d8d",
}
UNKNOWN_COLOR = "#b8433f"  # a placement whose device type is not in the catalog


def kind_color(kind: str | None) -> str:
    """The colour of a device kind; unknown kinds get the 'other' colour."""
    return KIND_COLORS.get(kind or "other", KIND_COLORS["other"])
