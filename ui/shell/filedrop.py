"""A plan file dropped on the main window opens it (as File > Open does, with the
unsaved-changes question first): what a desktop user tries before the menu."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QMimeData, QObject, QTimer
from PySide6.QtGui import QDragEnterEvent, QDragMoveEvent, QDropEvent
from PySide6.QtWidgets import QWidget

from planner.files.documents import format_for_suffix


def plan_files(mime: QMimeData | None) -> list[str]:
    """The local plan files among a drag's URLs (other files and web links are not ours)."""
    if mime is None or not mime.hasUrls():
        return []
    return [url.toLocalFile() for url in mime.urls()
            if url.isLocalFile() and format_for_suffix(url.toLocalFile()) is not None]


class FileDrop(QObject):
    """Accepts plan files dragged onto ``window`` (or any of its children that does not take
    them itself) and opens the first one through ``open_path`` once the drop is over, so a
    question it asks does not hold up the file manager the drag came from."""

    def __init__(self, window: QWidget, open_path: Callable[[str], object]) -> None:
        super().__init__(window)
        self.open_path = open_path
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind in (QEvent.Type.DragEnter, QEvent.Type.DragMove):
            assert isinstance(event, QDragEnterEvent | QDragMoveEvent)
            if plan_files(event.mimeData()):
                event.acceptProposedAction()
                return True
        elif kind == QEvent.Type.Drop:
            assert isinstance(event, QDropEvent)
            files = plan_files(event.mimeData())
            if files:
                event.acceptProposedAction()
                QTimer.singleShot(0, lambda: self.open_path(files[0]))
                return True
        return False
