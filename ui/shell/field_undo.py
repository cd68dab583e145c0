"""Ctrl+Z and Ctrl+Shift+Z in a panel's text field: the field's own undo while it holds
typing not yet committed, the plan's Undo and Redo once it is committed or untouched.

A QLineEdit takes every Undo and Redo key for itself, even with nothing of its own to undo,
so with the cursor left in the Inspector's Name field after Return, Ctrl+Z put the old name
back into the field while the plan kept the new one (issue 31, seen on X). The panels commit
a field when editing finishes (Return, Tab, focus out); from then on the field counts as
unchanged and the key goes to the window's Undo action. Fields of dialogs (other windows)
keep Qt's behaviour."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QKeyCombination, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence
from PySide6.QtWidgets import QAbstractSpinBox, QApplication, QLineEdit, QWidget

_KEYS = (QKeySequence.StandardKey.Undo, QKeySequence.StandardKey.Redo)
_CTRL = Qt.KeyboardModifier.ControlModifier
_EXTRA = {QKeyCombination(_CTRL | Qt.KeyboardModifier.ShiftModifier, Qt.Key.Key_Z).toCombined(),  # Redo's
          QKeyCombination(_CTRL, Qt.Key.Key_Y).toCombined()}  # extra keys (actions.py)


class PlanUndoKeys(QObject):
    """An application event filter for the fields inside ``window``."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self._watched: set[int] = set()
        app = QApplication.instance()
        if app is not None:
            app.installEventFilter(self)

    def _line_of(self, obj: QObject) -> QLineEdit | None:
        if isinstance(obj, QAbstractSpinBox):
            return obj.lineEdit()
        if isinstance(obj, QLineEdit) and not isinstance(obj.parent(), QAbstractSpinBox):
            return obj
        return None

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.FocusIn):
            return False
        line = self._line_of(obj)
        if line is None or not isinstance(obj, QWidget) or obj.window() is not self.window:
            return False
        if kind == QEvent.Type.FocusIn:
            if id(line) not in self._watched:  # committed once editing finishes
                self._watched.add(id(line))
                line.editingFinished.connect(lambda: line.setModified(False))
                line.destroyed.connect(lambda _o=None, k=id(line): self._watched.discard(k))
            return False
        assert isinstance(event, QKeyEvent)
        pressed = event.keyCombination().toCombined()
        if any(event.matches(k) for k in _KEYS) or pressed in _EXTRA:
            if not line.isModified():
                event.ignore()  # not the field's: the window's Undo / Redo shortcut
                return True
        return False
