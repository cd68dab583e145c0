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


def test_narrow_catalog_keeps_model_names_apart(qtbot):
    """In a laptop-narrow Catalog dock, the shown device names of the shipped catalog stay
    distinct and are shortened by whole words: 'Dell … XE9680' and 'Dell … R760xa', not two
    'Dell PowerEdge XE…' rows nor 'Dell P…e R660' cut inside a word."""
    from planner.catalog import load_catalog
    from planner.model.plan import Plan
    from ui.document import Document
    from ui.panels.catalog import CatalogPanel

    cat = load_catalog()
    panel = CatalogPanel(Document(Plan(), cat), None)
    qtbot.addWidget(panel)
    panel.resize(330, 600)  # the Catalog dock at 1366x768
    panel.show()
    qtbot.waitExposed(panel)
    table = panel.table
    width = table.columnWidth(0) - 8  # cell margins
    fm = table.fontMetrics()
    rows = [(panel.proxy.index(r, 0).data(), panel.proxy.index(r, 3).data()) for r in range(panel.proxy.rowCount())]
    assert len(set(rows)) == len(rows)  # name and GPU column tell every device type apart
    # the text the name column's delegate paints in each cell
    from PySide6.QtWidgets import QStyleOptionViewItem

    delegate = table.itemDelegateForColumn(0)
    shown = []
    for r, (_n, g) in enumerate(rows):
        opt = QStyleOptionViewItem()
        opt.rect = table.visualRect(panel.proxy.index(r, 0))
        delegate.initStyleOption(opt, panel.proxy.index(r, 0))
        shown.append((opt.text, g))
    assert any("\u2026" in n for n, _ in shown)  # the dock is narrow enough to shorten
    assert len(set(shown)) == len(shown), sorted(s for s in shown if shown.count(s) > 1)
    # shortened at word boundaries, never inside a word ("Dell P…e R660")
    for (full, _g), (text, _) in zip(rows, shown, strict=True):
        assert all(w in full.split() for w in text.replace("\u2026", " ").split()) or text.endswith("\u2026"), text
        assert fm.horizontalAdvance(text) <= width + 1, text
