"""Small questions (a number, a name, a password) are wide enough for their whole title in the
window manager's title bar beside its buttons (issue 31: QInputDialog's 200 px cut
"Rename server group" and "Rack duplizieren" short)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication, QInputDialog, QLineEdit

from ui import dialogs

pytestmark = pytest.mark.gui

# the least a title bar takes besides its text: icon, minimise, maximise, close
BUTTONS_PX = 150


def _answer(qtbot, seen: list, answer) -> None:
    def look() -> None:
        dlg = QApplication.activeModalWidget()
        assert isinstance(dlg, QInputDialog)
        seen.append((dlg.windowTitle(), dlg.width(), dlg.font(), dlg.findChild(QLineEdit).echoMode()))
        answer(dlg)
    QTimer.singleShot(50, look)


def _title_px(title: str, font: QFont) -> int:
    f = QFont(font)
    f.setBold(True)
    return QFontMetrics(f).horizontalAdvance(title)


@pytest.mark.parametrize("title", ["Rename server group", "Servergruppe umbenennen", "Rack duplizieren",
                                   "Racks in the new row"])
def test_small_questions_fit_their_titles(qtbot, title):
    seen: list = []

    def type_and_ok(dlg: QInputDialog) -> None:
        dlg.setTextValue("gpu-pod-a")
        dlg.accept()
    _answer(qtbot, seen, type_and_ok)
    assert dialogs.ask_text(None, title, "Name:", "x") == "gpu-pod-a"
    _answer(qtbot, seen, lambda d: (d.setIntValue(7), d.accept()))
    assert dialogs.ask_int(None, title, "Copies of R01:", 3, 1, 200) == 7
    _answer(qtbot, seen, lambda d: d.reject())
    assert dialogs.ask_int(None, title, "Copies of R01:", 3, 1, 200) is None
    for got_title, width, font, _echo in seen:
        assert got_title == title
        assert width >= _title_px(title, font) + BUTTONS_PX, (title, width)


def test_the_password_question_hides_what_is_typed_and_fits_its_title(qtbot):
    seen: list = []
    _answer(qtbot, seen, lambda d: (d.setTextValue("s3cret"), d.accept()))
    assert dialogs.ask_password(None, "https://repo.example") == "s3cret"
    (title, width, font, echo), = seen
    assert echo == QLineEdit.EchoMode.Password
    assert width >= _title_px(title, font) + BUTTONS_PX
