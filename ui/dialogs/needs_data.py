"""The words for what a catalog entry still needs (``planning.needs_data``)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication


def needs_data_words() -> dict[str, str]:
    t = QCoreApplication.translate
    return {
        "kind": t("NeedsData", "device kind"),
        "accelerators": t("NeedsData", "GPUs"),
        "power": t("NeedsData", "typical and maximum power"),
        "cooling": t("NeedsData", "cooling and liquid fraction"),
        "depth_mm": t("NeedsData", "depth"),
        "price": t("NeedsData", "price"),
    }


def needs_data_text(items: list[str]) -> str:
    """'GPUs, typical and maximum power, price' for ["accelerators", "power", "price"]."""
    words = needs_data_words()
    return ", ".join(words.get(i, i) for i in items)
