"""Ctrl+Z and Ctrl+Shift+Z in a panel's text field: the field's own undo while it holds
typing not yet committed, the plan's Undo and Redo once it is committed or untouched.

A QLineEdit takes every Undo and Redo key for itself, even with nothing of its own to undo,
so with the cursor left in the Inspector's Name field after Return, Ctrl+Z put the old name
back into the field while the plan kept the new one (issue 31, seen on X). The panels commit
a field when editing finishes (Return, Tab, focus out); from then on the field counts as
unchanged and the key goes to the window's Undo action. Fields of dialogs (other windows)
keep Qt's behaviour."""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QEvent, QKeyCombination, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit, QWidget

_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)
_CTRL = Qt.KeyboardModifier.ControlModifier
_EXTRA = {QKeyCombination(_CTRL | Qt.KeyboardModifier.ShiftModifier, Qt.Key.Key_Z).toCombined(),  # Redo's
          QKeyCombination(_CTRL, Qt.Key.Key_Y).toCombined()}  # extra keys (actions.py)


class PlanUndoKeys(QObject):
    """Watches the fields inside ``window`` that get the keyboard focus (an event filter on
    each such field, not on the application: a Python filter there sees every event of the
    app, and made the window's tests three times slower)."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self._watched: set[int] = set()
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._focus_changed)

    def _line_of(self, obj: QObject) -> QLineEdit | None:
        if isinstance(obj, QAbstractSpinBox):
            return obj.lineEdit()
        if isinstance(obj, QLineEdit) and not isinstance(obj.parent(), QAbstractSpinBox):
            return obj
        return None

    def _focus_changed(self, _old: QWidget | None, now: QWidget | None) -> None:
        if now is None or not shiboken6.isValid(self.window) or now.window() is not self.window:
            return
        line = self._line_of(now)
        if line is None or id(now) in self._watched:
            return
        self._watched.add(id(now))
        line.editingFinished.connect(lambda: line.setModified(False))  # committed once editing finishes
        now.destroyed.connect(lambda _o=None, k=id(now): self._watched.discard(k))
        now.installEventFilter(self)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() != QEvent.Type.ShortcutOverride:
            return False
        line = self._line_of(obj)
        if line is None:
            return False
        assert isinstance(event, QKeyEvent)
        pressed = event.keyCombination().toCombined()
        if any(event.matches(k) for k in _KEYS) or pressed in _EXTRA:
            if not line.isModified():
                event.ignore()  # not the field's: the window's Undo / Redo shortcut
                return True
        return False
