"""The Help menu, driven through the menu bar: the offline guide, the keyboard shortcuts read
from the window's actions, and About with versions and third-party licences from the
installed distributions' metadata."""

from __future__ import annotations

import platform
from importlib import metadata

import pytest
from PySide6.QtCore import Qt, qVersion
from PySide6.QtGui import QKeySequence

from tests.fixtures.ui_app.support import make_window

pytestmark = pytest.mark.gui


def help_action(win, text: str):
    menu = next(a.menu() for a in win.menuBar().actions() if a.menu() is not None
                and a.menu().title().replace("&", "") == "Help")
    return next(a for a in menu.actions() if a.text().replace("&", "") == text)


def test_guide_opens_offline_and_covers_the_loop(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    act = help_action(win, "Rackwright Guide")
    assert QKeySequence(QKeySequence.StandardKey.HelpContents) in act.shortcuts()
    act.trigger()
    dlg = win.help_window
    assert dlg is not None and dlg.isVisible() and dlg.objectName() == "helpGuide"
    text = dlg.browser.toPlainText()
    assert dlg.browser.source().isLocalFile()  # from the resources, not the network
    for topic in ("Catalog", "Racks", "Inspector", "Feeds and cooling", "Workloads", "Auto-wire", "Export"):
        assert topic in text, topic
    # what the guide names in the menus exists in the menus
    titles = {a.text().replace("&", "").rstrip("\u2026") for a in win.findChildren(type(act))}
    for named in ("Auto-wire Fabric", "Auto-wire NVLink Domain", "Export Build Plan (PDF)", "Duplicate Rack \u00d7 N"):
        assert named in titles and named in text.replace("\u2026", ""), named
    dlg.close()


def test_shortcuts_are_read_from_the_actions_when_opened(qtbot, tmp_path):
    win = make_window(qtbot, tmp_path)
    from tests.test_ui_rack import drop

    assert drop(win, "dell-poweredge-r760", "rack-2", "front", 5).isAccepted()
    undo_text = win.act_undo.text().replace("&", "")
    assert undo_text.startswith("Undo ") and len(undo_text) > 5  # "Undo Add ..."
    help_action(win, "Keyboard Shortcuts").trigger()
    text = win.help_window.browser.toPlainText()
    native = QKeySequence.SequenceFormat.NativeText
    for act in (win.act_save, win.act_fit, win.act_dup_rack, win.act_move_up):
        assert act.shortcut().toString(native) in text
    assert "Fit Elevations" in text and "Duplicate Rack \u00d7 N" in text
    assert "Undo" in text and undo_text not in text
    win.help_window.close()
    # a shortcut changed at run time shows up the next time: the list is not a copy
    win.act_fit.setShortcut(QKeySequence("Ctrl+Alt+F"))
    help_action(win, "Keyboard Shortcuts").trigger()
    text = win.help_window.browser.toPlainText()
    assert QKeySequence("Ctrl+Alt+F").toString(native) in text
    assert QKeySequence("Ctrl+0").toString(native) not in text


def test_about_lists_versions_and_licences_from_metadata(qtbot, tmp_path):
    from planner import __version__

    win = make_window(qtbot, tmp_path)
    help_action(win, "About Rackwright").trigger()
    dlg = win.help_window
    assert dlg.objectName() == "helpAbout"
    text = dlg.browser.toPlainText()
    assert __version__ in text and platform.python_version() in text and qVersion() in text
    for name in ("pyqtgraph", "SQLAlchemy", "reportlab", "pydantic", "numpy"):
        d = metadata.distribution(name)
        assert d.version in text, name
    # the licence table: every run-time dependency with its declared licence
    pyside = metadata.distribution("PySide6-Essentials")
    lic = pyside.metadata.get("License-Expression") or pyside.metadata.get("License") or ""
    assert "LGPL" in lic and f"{pyside.version}{lic}" in text.replace("\n", "").replace("\t", "")
    yaml = metadata.distribution("PyYAML")
    assert yaml.metadata["Name"] in text
    assert "pytest" not in text  # test tools are not shipped


def test_about_opens_the_third_party_notices_with_every_licence_text(qtbot, tmp_path):
    from PySide6.QtWidgets import QPushButton

    win = make_window(qtbot, tmp_path)
    help_action(win, "About Rackwright").trigger()
    about = win.help_window
    assert "LGPL" in about.browser.toPlainText()
    button = about.findChild(QPushButton, "noticesButton")
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    notices = about.notices_window
    assert notices.isVisible() and notices.objectName() == "helpNotices"
    text = notices.browser.toPlainText()
    # every run-time distribution with its version, and the text of its licence file
    for name in ("PySide6-Essentials", "SQLAlchemy", "reportlab", "PyYAML", "pillow", "pyqtgraph", "numpy"):
        d = metadata.distribution(name)
        assert f"\n{d.metadata['Name']} {d.version}\n" in text, name
    sqla = next(f for f in metadata.distribution("SQLAlchemy").files if f.name == "LICENSE")
    assert sqla.read_text().strip()[:200] in text
    # Qt: the LGPL and GPL texts (the wheels ship none), how to replace the libraries, the fonts
    assert "GNU LESSER GENERAL PUBLIC LICENSE" in text and "GNU GENERAL PUBLIC LICENSE" in text
    assert "replace" in text and "_internal/PySide6" in text
    assert "Bitstream Vera" in text
    notices.close()
    about.close()


def _menu_paths(win) -> set[tuple[str, ...]]:
    """Every (menu, ..., command) of the menu bar as it shows them: no &, no trailing dots."""
    from PySide6.QtWidgets import QMenu

    def plain(t: str) -> str:
        return t.replace("&", "").replace("\u2026", "").rstrip(".").strip()

    out: set[tuple[str, ...]] = set()

    def walk(menu, path):
        for a in menu.actions():
            if a.isSeparator():
                continue
            if isinstance(a.menu(), QMenu):
                walk(a.menu(), (*path, plain(a.menu().title())))
            else:
                out.add((*path, plain(a.text())))

    for top in win.menuBar().actions():
        if isinstance(top.menu(), QMenu):
            walk(top.menu(), (plain(top.menu().title()),))
    return out


def _named_paths(text: str) -> list[tuple[str, ...]]:
    """The menu paths a guide names in <i>...</i>: "Datei > Neu aus Vorlage"."""
    import html
    import re

    paths = []
    for m in re.findall(r"<i>([^<]*&gt;[^<]*)</i>", text):
        parts = tuple(" ".join(p.replace("\u2026", "").rstrip(".").split()) for p in html.unescape(m).split(">"))
        paths.append(parts)
    return paths


def test_german_guide_names_the_german_menus_as_they_are(qtbot, tmp_path, monkeypatch):
    """In German, Help > Rackwright-Handbuch shows the German guide, and every menu path it
    names (<i>Datei &gt; Neu aus Vorlage</i>) is a command of the German menus: a renamed menu
    or translation fails here. The English guide is checked the same way in English."""
    from PySide6.QtWidgets import QApplication

    from tests.i18n_walk import open_main
    from ui import i18n
    from ui.shell import help as ui_help

    ts_dir = ui_help.guide_path("en").parent.parent / "translations"
    try:
        win = open_main(tmp_path, "de", monkeypatch)
        qtbot.addWidget(win, before_close_func=lambda w: w.doc.mark_saved(w.doc.path))
        assert i18n.current() == "de"
        menus = _menu_paths(win)
        hilfe = next(a.menu() for a in win.menuBar().actions() if a.menu() is not None
                     and a.menu().title().replace("&", "") == "Hilfe")
        next(a for a in hilfe.actions() if a.text().replace("&", "") == "Rackwright-Handbuch").trigger()
        dlg = win.help_window
        shown = dlg.browser.toPlainText()
        assert dlg.browser.source().fileName() == "guide_de.html"
        assert "Anforderungen" in shown and "Interne Checkliste" in shown and "28.11.2026" in shown
        source = ui_help.guide_path("de").read_text(encoding="utf-8")
        named = _named_paths(source)
        assert len(named) >= 20
        for path in named:
            assert path[:2] in {p[:2] for p in menus}, f"the German guide names {' > '.join(path)}: not in the menus"
        dlg.close()
    finally:
        i18n.install(QApplication.instance(), "en", ts_dir)
    english = _named_paths(ui_help.guide_path("en").read_text(encoding="utf-8"))
    win = make_window(qtbot, tmp_path / "en")
    menus = {p[:2] for p in _menu_paths(win)}
    for path in english:
        assert path[:2] in menus, f"the guide names {' > '.join(path)}: not in the menus"
