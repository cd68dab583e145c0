"""The mouse wheel over a form scrolls the form (issue 32).

A combo box or spin box takes a wheel turn as "change my value" even when the pointer only
passes over it while the user scrolls a long form: in the Workloads panel that changed a
workload's model, precision or mode and pushed an undo step per notch. :func:`guard_wheel`
gives each such editor of a form ``Qt.StrongFocus`` (a wheel turn no longer focuses it) and
an event filter that lets a wheel event over an editor without the keyboard focus go on to
the scroll area behind it. Once the user has clicked or tabbed into an editor, the wheel
changes its value as usual.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtWidgets import QAbstractSpinBox, QComboBox, QWidget


class _WheelGuard(QObject):
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
        if event.type() == QEvent.Type.Wheel and isinstance(obj, QWidget) and not obj.hasFocus():
            # ignored and filtered: QApplication hands the wheel on to the parents (the
            # scroll area's viewport), the editor never sees it
            event.ignore()
            return True
        return False


_GUARD: _WheelGuard | None = None


def _guard() -> _WheelGuard:
    global _GUARD
    if _GUARD is None:
        _GUARD = _WheelGuard()
    return _GUARD


def guard_wheel(root: QWidget) -> None:
    """Every combo box and spin box in ``root`` (and ``root`` itself, if it is one) changes
    its value by the wheel only when it has the keyboard focus. Call again after adding
    editors; guarding an editor twice is harmless."""
    editors: list[QWidget] = [*root.findChildren(QComboBox), *root.findChildren(QAbstractSpinBox)]
    if isinstance(root, (QComboBox, QAbstractSpinBox)):
        editors.append(root)
    guard = _guard()
    for w in editors:
        w.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        w.installEventFilter(guard)
