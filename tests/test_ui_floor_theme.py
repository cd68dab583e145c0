"""Floor plan and charts in dark theme; rack names at the example room's fit zoom."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication

from planner.catalog import load_catalog
from planner.engine import Engine
from planner.files.documents import load_plan
from ui import style
from ui.document import Document
from ui.panels.charts import ChartsPanel
from ui.scenes.floor import SCALE, FloorView, short_name
from ui.settings import apply_theme

pytestmark = pytest.mark.gui

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "xe9680-h100-pod.json"


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


@pytest.fixture
def doc(qtbot, catalog):
    d = Document(load_plan(EXAMPLE), catalog, engine=Engine(catalog))
    d.recompute(background=False)
    return d


@pytest.fixture
def restore_theme():
    app = QApplication.instance()
    palette, style_name = app.palette(), app.style().name()
    yield app
    app.setStyle(style_name)
    app.setPalette(palette)
    hints = QGuiApplication.styleHints()
    if hasattr(hints, "unsetColorScheme"):
        hints.unsetColorScheme()


def lightness_at_corner(widget) -> int:
    img = widget.grab().toImage()
    return img.pixelColor(3, img.height() // 2).lightness()


def test_dark_theme_switches_floor_and_charts_live(qtbot, doc, restore_theme):
    app = restore_theme
    apply_theme(app, "light")
    floor = FloorView(doc)
    charts = ChartsPanel(doc)
    for w in (floor, charts):
        qtbot.addWidget(w)
        w.resize(900, 500)
        w.show()
        qtbot.waitExposed(w)
    assert floor.scene.backgroundBrush().color() == style.LIGHT_FLOOR.bg
    assert charts.power.plot.backgroundBrush().color().lightness() > 200
    light_floor_px = lightness_at_corner(floor.view.viewport())
    apply_theme(app, "dark")  # the settings dialog's path: only the application palette changes
    qtbot.waitUntil(lambda: floor.scene.backgroundBrush().color() == style.DARK_FLOOR.bg, timeout=3000)
    qtbot.waitUntil(lambda: charts.power.plot.backgroundBrush().color().lightness() < 60, timeout=3000)
    assert charts.workloads.plot.backgroundBrush().color() == style.DARK_CHART.background
    # what is painted follows: the floor's edge pixels turn dark
    assert lightness_at_corner(floor.view.viewport()) < 60 < light_floor_px
    apply_theme(app, "light")
    qtbot.waitUntil(lambda: floor.scene.backgroundBrush().color() == style.LIGHT_FLOOR.bg, timeout=3000)
    assert charts.power.plot.backgroundBrush().color().lightness() > 200


def test_short_names():
    assert short_name("Rack A-12") == "12"
    assert short_name("R01") == "R01"
    # a word ending in a number gives the number (issue 31: a rack renamed 'Alpha7' lost its label)
    assert short_name("Alpha7") == "7"
    assert short_name("Alpha7", ["Beta7"]) == "Alpha7"  # not when another rack ends the same


def test_a_rack_renamed_alpha7_keeps_a_label_at_the_full_hd_fit(qtbot, doc):
    """Renamed 'Alpha7', a rack of the example lost its label on the floor plan where 'R01'
    beside it kept one (issue 31, seen on X at 1920x1080): 'Alpha7' fits neither across nor
    along the rack at 8 px, and it had no shorter form."""
    from planner.model.edits import SetProperty

    rid = next(iter(doc.plan.racks())).id
    assert doc.push(SetProperty("rack", rid, "name", "Alpha7"))
    floor = FloorView(doc)
    qtbot.addWidget(floor)
    floor.resize(470, 300)  # the floor dock at the full-HD first start
    floor.show()
    qtbot.waitExposed(floor)
    floor.view.fit()
    item = floor.scene.racks[rid]
    dev = floor.view.mapFromScene(item.sceneBoundingRect()).boundingRect()
    other = next(it for k, it in floor.scene.racks.items() if k != rid)
    assert other.label_layout(dev.width() - 6, dev.height() - 7) is not None  # 'R02' fits
    layout = item.label_layout(dev.width() - 6, dev.height() - 7)
    assert layout is not None and layout[0] in ("Alpha7", "7"), layout


def test_racks_too_small_for_their_names_are_named_in_front_of_them(qtbot, doc):
    """At 1366x768 the floor dock fits the example's room at ~16 px per metre: no rack's name
    fits inside it and the floor plan showed no rack names at all (issue 31, seen on X).
    Each name is drawn in front of its rack, reading away from it, at the smallest legible
    size, and painted there."""
    floor = FloorView(doc)
    qtbot.addWidget(floor)
    floor.resize(450, 225)  # the floor dock at 1366x768
    floor.show()
    qtbot.waitExposed(floor)
    floor.view.fit()
    ppm = floor.view.zoom() * SCALE
    assert ppm < 20, f"fit zoom {ppm:.0f} px/m is not the laptop case this test is about"
    img = floor.view.viewport().grab().toImage()
    items = list(floor.scene.racks.values())
    for item in items:
        dev = floor.view.mapFromScene(item.sceneBoundingRect()).boundingRect()
        assert item.label_layout(dev.width() - 6, dev.height() - 7) is None  # nothing fits inside
    (row,) = floor.scene.rows.values()
    named = dict(getattr(row, "last_outside_names", []))
    assert named == {it.rack_id: it.name for it in items}
    # text pixels in front of each rack (the example's fronts face up, the -y side)
    from ui.scenes.floor.items import _colors

    tc = _colors(row).label
    for item in items:
        front = floor.view.mapFromScene(item.mapToScene(item.rect().topLeft()))
        right = floor.view.mapFromScene(item.mapToScene(item.rect().topRight()))
        xs = range(min(front.x(), right.x()), max(front.x(), right.x()) + 1)
        ys = range(front.y() - int(1.3 * ppm), front.y() - 2)
        hits = sum(1 for x in xs for y in ys if _close(img.pixelColor(x, y), tc))
        assert hits > 5, f"{item.name}: no text in front of it"


def test_rack_names_shown_at_the_example_fit_zoom(qtbot, doc):
    floor = FloorView(doc)
    qtbot.addWidget(floor)
    floor.resize(420, 380)  # the floor dock's size in the main window
    floor.show()
    qtbot.waitExposed(floor)
    floor.view.fit()
    ppm = floor.view.zoom() * SCALE
    assert 25 < ppm < 70, f"fit zoom {ppm:.0f} px/m is not the small-room case this test is about"
    img = floor.view.viewport().grab().toImage()
    for item in floor.scene.racks.values():
        dev = floor.view.mapFromScene(item.sceneBoundingRect()).boundingRect()
        layout = item.label_layout(dev.width() - 6, dev.height() - 7)
        assert layout is not None, f"{item.name}: no label at {ppm:.0f} px/m"
        assert layout[1] >= 8
        # the label is painted: pixels of the rack's text colour inside the rack, away from its edges
        inner = dev.adjusted(5, 6, -5, -5)
        tc = item.text_color
        hits = sum(1 for x in range(inner.left(), inner.right()) for y in range(inner.top(), inner.bottom())
                   if _close(img.pixelColor(x, y), tc))
        assert hits > 10, f"{item.name}: no text pixels in its rectangle"


def _close(a, b, tol: int = 60) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < tol


def test_fit_keeps_rooms_clear_of_the_legend_and_refits_on_resize(qtbot, doc):
    floor = FloorView(doc)
    qtbot.addWidget(floor)
    floor.resize(420, 380)
    floor.show()
    qtbot.waitExposed(floor)

    def room_box():  # the room's walls in the viewport
        room = next(iter(floor.scene.rooms.values()))
        return floor.view.mapFromScene(room.mapRectToScene(room.floor_rect())).boundingRect()

    vp = floor.view.viewport().rect()
    assert room_box().bottom() <= vp.height() - floor.view._overlay_reserve_px(), \
        "the legend and scale bar cover the room"
    small = floor.view.zoom()
    floor.resize(900, 800)  # the dock grows: the floor follows until the user zooms
    qtbot.wait(10)
    assert floor.view.zoom() > small * 1.5
    assert room_box().bottom() <= floor.view.viewport().height() - 60
    floor.view.zoom_by(1.5)
    z = floor.view.zoom()
    floor.resize(700, 600)
    qtbot.wait(10)
    assert floor.view.zoom() == pytest.approx(z), "a user's zoom survives a resize"


def _contrast(a, b) -> float:
    def lum(c):
        ch = [x / 12.92 if x <= 0.03928 else ((x + 0.055) / 1.055) ** 2.4 for x in (c.redF(), c.greenF(), c.blueF())]
        return 0.2126 * ch[0] + 0.7152 * ch[1] + 0.0722 * ch[2]
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_secondary_text_readable_in_both_themes_and_follows_a_switch(qtbot, doc, restore_theme):
    """The grey detail lines of Totals and the Findings summary reach 4.5:1 contrast (WCAG AA)
    on the window colour, and follow a theme switch made while the panels are open."""
    from PySide6.QtGui import QPalette

    from ui.panels.findings import FindingsPanel
    from ui.panels.totals import TotalsPanel

    app = restore_theme
    apply_theme(app, "light")
    totals, findings = TotalsPanel(doc), FindingsPanel(doc)
    for w in (totals, findings):
        qtbot.addWidget(w)
        w.show()
    detail = totals.rows["gpus"][1]
    labels = (detail, totals.header, findings.summary)
    for theme in ("light", "dark", "light"):
        apply_theme(app, theme)
        qtbot.waitUntil(lambda t=theme: all(style.is_dark(w.palette()) == (t == "dark") for w in labels),
                        timeout=2000)
        for label in labels:
            fg = label.palette().color(QPalette.ColorRole.WindowText)
            bg = label.palette().color(QPalette.ColorRole.Window)
            assert style.is_dark(label.palette()) == (theme == "dark")
            assert fg == style.muted_color(label.palette())
            assert _contrast(fg, bg) >= 4.5, (theme, fg.name(), bg.name())


def test_unticked_boxes_have_a_visible_frame_in_dark_theme(qtbot, restore_theme):
    """Fusion draws a check box's frame in the window colour made darker: on the dark
    palette an unticked box (the auto-wire dialog's rack list) was invisible."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import (
        QCheckBox,
        QListWidget,
        QListWidgetItem,
        QStyle,
        QStyleOptionButton,
        QVBoxLayout,
        QWidget,
    )

    app = restore_theme
    apply_theme(app, "dark")
    w = QWidget()
    qtbot.addWidget(w)
    lay = QVBoxLayout(w)
    box = QCheckBox("unticked")
    lst = QListWidget()
    item = QListWidgetItem("R01")
    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
    item.setCheckState(Qt.CheckState.Unchecked)
    lst.addItem(item)
    lay.addWidget(box)
    lay.addWidget(lst)
    w.show()
    qtbot.waitExposed(w)

    def brightest(widget, rect) -> int:
        img = widget.grab().toImage()
        return max(img.pixelColor(x, y).lightness() for x in range(rect.left(), rect.right() + 1)
                   for y in range(rect.top(), rect.bottom() + 1))

    opt = QStyleOptionButton()
    opt.initFrom(box)
    ind = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, opt, box)
    bg = box.palette().color(box.backgroundRole()).lightness()
    assert brightest(box, ind) > bg + 60  # the frame stands out from the window
    cell = lst.visualItemRect(item)
    lst_bg = lst.palette().color(lst.viewport().backgroundRole()).lightness()
    assert brightest(lst.viewport(), cell.adjusted(0, 0, -cell.width() + cell.height(), 0)) > lst_bg + 60
