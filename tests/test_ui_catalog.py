"""Catalog panel: search and filters narrow the list; the drag payload is the slug."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from tests.fixtures.ui_app.support import make_window

pytestmark = pytest.mark.gui


def test_search_and_filters(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    panel = win.catalog_panel
    everything = set(panel.visible_slugs())
    assert everything == set(win.doc.catalog.devices)
    QTest.keyClicks(panel.search, "xe9680")
    assert panel.visible_slugs() == ["dell-poweredge-xe9680"]
    panel.search.clear()
    panel.kind.setCurrentIndex(panel.kind.findData("server"))
    assert set(panel.visible_slugs()) == {"dell-poweredge-xe9680", "dell-poweredge-r760", "nvidia-dgx-h100"}
    panel.gpu.setCurrentIndex(panel.gpu.findData("h100-sxm"))
    assert set(panel.visible_slugs()) == {"dell-poweredge-xe9680", "nvidia-dgx-h100"}
    panel.vendor.setCurrentIndex(panel.vendor.findData("NVIDIA"))
    assert panel.visible_slugs() == ["nvidia-dgx-h100"]
    assert "1 of 5" in panel.count.text()
    QTest.keyClicks(panel.search, "dell")
    assert panel.visible_slugs() == []


def test_key_figures_shown(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    panel = win.catalog_panel
    QTest.keyClicks(panel.search, "xe9680")
    row = [panel.proxy.index(0, c).data() for c in range(panel.proxy.columnCount())]
    assert row[0] == "Dell PowerEdge XE9680"
    assert row[1] == "6" and row[2] == "11.5" and row[3] == "8\u00d7 H100"


def test_table_drag_uses_device_mime(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    panel = win.catalog_panel
    QTest.keyClicks(panel.search, "qm9700")
    ix = panel.proxy.index(0, 2)
    md = panel.proxy.mimeData([ix])  # what QAbstractItemView.startDrag packs
    assert bytes(md.data("application/x-rackwright-device").data()) == b"nvidia-quantum-2-qm9700"
    assert panel.table.dragEnabled()
    assert panel.proxy.flags(ix) & Qt.ItemFlag.ItemIsDragEnabled
