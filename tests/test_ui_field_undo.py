"""Ctrl+Z with the cursor in a panel's field (issue 31, seen on X): it undid only the field's
text, so after renaming a rack and pressing Return the Inspector showed the old name while the
plan kept the new one, and the plan's undo needed a click elsewhere first. As a user expects:
while the field holds typing not yet committed, Ctrl+Z undoes that typing (as in any text
field); once it is committed (Return, Tab) or untouched, Ctrl+Z is the plan's Undo."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.fixtures.ui_app.support import make_window

pytestmark = pytest.mark.gui

CTRL = Qt.KeyboardModifier.ControlModifier


def _name_field(qtbot, win):
    win.doc.select([("rack", "rack-1")])
    win.show_inspector()
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow)
    qtbot.waitUntil(lambda: "name" in win.inspector.fields and win.inspector.fields["name"].isVisible())
    field = win.inspector.fields["name"]
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    return field


def _rack_name(win) -> str:
    return win.doc.plan.rack("rack-1").name


def test_ctrl_z_after_a_committed_rename_undoes_the_plan_step(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    field = _name_field(qtbot, win)
    field.selectAll()
    QTest.keyClicks(field, "Alpha7")
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert _rack_name(win) == "Alpha7"
    steps = win.doc.undo_stack.index()
    field = win.inspector.fields["name"]
    if not field.hasFocus():
        field.setFocus()
    QTest.keyClick(field, Qt.Key.Key_Z, CTRL)
    assert _rack_name(win) == "R01", "Ctrl+Z in the committed field left the rename in the plan"
    assert win.doc.undo_stack.index() == steps - 1
    qtbot.waitUntil(lambda: win.inspector.fields["name"].text() == "R01")
    field = win.inspector.fields["name"]
    if not field.hasFocus():
        field.setFocus()
    QTest.keyClick(field, Qt.Key.Key_Z, CTRL | Qt.KeyboardModifier.ShiftModifier)  # and Redo
    assert _rack_name(win) == "Alpha7"


def test_ctrl_z_in_a_field_being_typed_into_undoes_the_typing_only(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    field = _name_field(qtbot, win)
    steps = win.doc.undo_stack.index()
    field.selectAll()
    QTest.keyClicks(field, "Beta")
    QTest.keyClick(field, Qt.Key.Key_Z, CTRL)
    assert field.text() != "Beta"
    assert win.doc.undo_stack.index() == steps and _rack_name(win) == "R01"
