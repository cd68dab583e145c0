"""Tab moves between the Inspector's fields (issue 31): an edit committed by Tab rebuilds the
form, and the field Tab went to keeps the focus (it used to land on the scroll area, so a
second Tab went back to the first field); the order follows the form top to bottom."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from tests.fixtures.ui_app.support import fixture_catalog, two_rack_plan
from ui.document import Document
from ui.panels.inspector import Inspector

pytestmark = pytest.mark.gui


@pytest.fixture
def inspector(qtbot):
    doc = Document(two_rack_plan(), fixture_catalog())
    doc.recompute(background=False)
    ins = Inspector(doc)
    qtbot.addWidget(ins)
    ins.resize(420, 900)
    ins.show()
    qtbot.waitExposed(ins)
    ins.activateWindow()
    return doc, ins


def focused() -> QWidget:
    w = QApplication.focusWidget()
    assert w is not None
    return w


def test_tab_after_an_edit_goes_to_the_next_field(qtbot, inspector):
    doc, ins = inspector
    doc.select([("placement", "srv-1")])
    name = ins.fields["name"]
    name.setFocus()
    qtbot.waitUntil(name.hasFocus)
    QTest.keyClicks(name, "-new")
    QTest.keyClick(name, Qt.Key.Key_Tab)
    assert doc.plan.placement("srv-1").name == "gpu01-new"  # the edit was committed...
    assert focused() is ins.fields["asset_tag"]  # ...and the next field of the new form has the focus
    QTest.keyClicks(focused(), "AT-7")
    QTest.keyClick(focused(), Qt.Key.Key_Tab)
    assert doc.plan.placement("srv-1").asset_tag == "AT-7"
    assert focused() is ins.fields["serial"]
    QTest.keyClick(focused(), Qt.Key.Key_Backtab)
    assert focused() is ins.fields["asset_tag"]


@pytest.mark.parametrize("sel", [[("placement", "srv-1")], [("rack", "rack-1")], [("placement", "pdu-a1")], []])
def test_tab_walks_the_form_top_to_bottom(qtbot, inspector, sel):
    doc, ins = inspector
    doc.select(sel)
    first = next(iter(ins.fields.values()))
    first.setFocus()
    qtbot.waitUntil(first.hasFocus)
    seen: list[QWidget] = []
    while focused() not in seen and ins.isAncestorOf(focused()):
        seen.append(focused())
        QTest.keyClick(focused(), Qt.Key.Key_Tab)
    ys = [w.mapTo(ins, w.rect().topLeft()).y() for w in seen]
    assert len(seen) >= 3 and ys == sorted(ys), [(w.objectName(), y) for w, y in zip(seen, ys)]
    assert set(ins.fields.values()) <= set(seen)  # every field is reached
