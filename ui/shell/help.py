"""The Help menu's windows: the offline user guide (resources/help/guide.html), the keyboard
shortcuts (read from the main window's actions when asked, so the list never goes stale) and
About Rackwright (versions and the third-party licences, from the installed distributions'
metadata). Nothing here needs a network."""

from __future__ import annotations

import html
import platform
import re
from importlib import metadata
from pathlib import Path

from PySide6 import __version__ as PYSIDE_VERSION
from PySide6.QtCore import QCoreApplication, QUrl, qVersion
from PySide6.QtGui import QAction, QFontDatabase, QKeySequence
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QMainWindow,
    QMenu,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from planner.base.notices import MAIN_LIBRARIES, NOTICES_NAME, _dist, notices_text, runtime_distributions  # noqa: F401
from planner.base.notices import licence_of as _licence_of


def tr(text: str) -> str:
    return QCoreApplication.translate("Help", text)


def guide_path(lang: str | None = None) -> Path:
    """The offline guide in ``lang`` (default: the app's language): guide_de.html in German,
    naming the German menus; guide.html otherwise (or when the German one is missing)."""
    from ui import i18n
    from ui.paths import resources_dir

    lang = lang or i18n.current()
    localized = resources_dir() / "help" / f"guide_{lang}.html"
    if lang != "en" and localized.is_file():
        return localized
    return resources_dir() / "help" / "guide.html"


class HelpWindow(QDialog):
    """A non-modal window around a QTextBrowser (links inside the guide work offline)."""

    def __init__(self, title: str, object_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.setWindowTitle(title)
        self.browser = QTextBrowser(self)
        self.browser.setObjectName("helpBrowser")
        self.browser.setOpenExternalLinks(False)
        self.browser.setOpenLinks(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        lay = QVBoxLayout(self)
        lay.addWidget(self.browser, 1)
        lay.addWidget(buttons)
        screen = self.screen().availableGeometry() if self.screen() is not None else None
        w = min(760, int(screen.width() * 0.8)) if screen is not None else 760
        h = min(820, int(screen.height() * 0.8)) if screen is not None else 820
        self.resize(w, h)


def open_guide(parent: QWidget | None) -> HelpWindow:
    win = HelpWindow(tr("Rackwright Guide"), "helpGuide", parent)
    path = guide_path()
    if path.is_file():
        win.browser.setSearchPaths([str(path.parent)])
        win.browser.setSource(QUrl.fromLocalFile(str(path)))
    else:
        win.browser.setPlainText(tr("The user guide is missing from this installation: {path}").format(
            path=str(path)))
    win.show()
    return win


def _plain(text: str) -> str:
    """An action's text as a menu shows it: no mnemonic ampersands."""
    return re.sub(r"&(.)", r"\1", text).replace("\u2026", "...").rstrip(".").strip()


def shortcut_rows(window: QMainWindow) -> list[tuple[str, str, str]]:
    """(menu, command, keys) for every action of the window that has a shortcut, in menu
    order, then the window's other actions; keys in the platform's own notation."""
    rows: list[tuple[str, str, str]] = []
    seen: set[int] = set()

    def add(menu: str, action: QAction) -> None:
        if id(action) in seen or action.isSeparator():
            return
        keys = [k for k in action.shortcuts() if not k.isEmpty()]
        if not keys:
            return
        seen.add(id(action))
        # Undo/Redo carry the command they would undo ("Undo Move device"): the name alone
        text = {id(getattr(window, "act_undo", None)): tr("Undo"),
                id(getattr(window, "act_redo", None)): tr("Redo")}.get(id(action), _plain(action.text()))
        rows.append((menu, text,
                     ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText) for k in keys)))

    def walk(menu: QMenu, path: str) -> None:
        for a in menu.actions():
            sub = a.menu()
            if isinstance(sub, QMenu):
                walk(sub, f"{path} > {_plain(sub.title())}")
            else:
                add(path, a)

    for top in window.menuBar().actions():
        if isinstance(menu := top.menu(), QMenu):
            walk(menu, _plain(menu.title()))
    for a in window.actions():
        add(tr("Window"), a)
    return rows


def shortcuts_html(window: QMainWindow) -> str:
    rows = shortcut_rows(window)
    body = "".join(f"<tr><td>{html.escape(m)}</td><td>{html.escape(c)}</td><td><b>{html.escape(k)}</b></td></tr>"
                   for m, c, k in rows)
    view = html.escape(tr("In the rack elevations: Up/Down move the selection 1U, Delete removes it, "
                          "Escape cancels a drag in progress or else clears the selection, Ctrl+wheel zooms."))
    return (f"<h2>{html.escape(tr('Keyboard shortcuts'))}</h2>"
            f"<table cellspacing='0' cellpadding='4' border='1' style='border-collapse: collapse'>"
            f"<tr><th>{html.escape(tr('Menu'))}</th><th>{html.escape(tr('Command'))}</th>"
            f"<th>{html.escape(tr('Keys'))}</th></tr>{body}</table><p>{view}</p>")


def open_shortcuts(window: QMainWindow) -> HelpWindow:
    win = HelpWindow(tr("Keyboard Shortcuts"), "helpShortcuts", window)
    win.browser.setHtml(shortcuts_html(window))
    win.show()
    return win


# -- versions and licences ----------------------------------------------------------------------
# the metadata reading is Qt-free, shared with the bundle build (packaging/rackwright.spec
# writes the notices file with it)


def licence_of(dist: metadata.Distribution) -> str:
    return _licence_of(dist, tr("not stated"))


def third_party_notices() -> str:
    """The notices file the bundle was built with, else the same text from the installed
    metadata (wheel, source tree)."""
    from ui.paths import resources_dir

    built = resources_dir() / NOTICES_NAME
    if built.is_file():
        return built.read_text(encoding="utf-8", errors="replace")
    return notices_text(resources_dir())


def versions() -> list[tuple[str, str]]:
    from planner import __version__

    rows = [("Rackwright", __version__), ("Python", platform.python_version()),
            ("Qt", qVersion()), ("PySide6", PYSIDE_VERSION)]
    for name in ("pyqtgraph", "numpy", "SQLAlchemy", "reportlab", "pydantic", "PyYAML", "platformdirs", "openpyxl"):
        d = _dist(name)
        rows.append((name, d.version if d is not None else tr("not installed")))
    return rows


def about_html() -> str:
    esc = html.escape
    ver = "".join(f"<tr><td>{esc(n)}</td><td>{esc(v)}</td></tr>" for n, v in versions())
    lic = "".join(f"<tr><td>{esc(d.metadata['Name'])}</td><td>{esc(d.version)}</td><td>{esc(licence_of(d))}</td></tr>"
                  for d in runtime_distributions())
    blurb = esc(tr("Desktop planner for AI/GPU datacenter builds: racks, fabrics, cooling and workloads in "
                   "one live model. Works offline; every figure is traceable to a catalog source or a "
                   "documented formula."))
    fonts = esc(tr("The PDF build plan embeds the DejaVu fonts (Bitstream Vera licence, see "
                   "resources/fonts/LICENSE-DejaVu.txt)."))
    lgpl = esc(tr("Qt for Python and Qt are used under the LGPL v3: they are separate libraries in "
                  "Rackwright's folder that you may replace with your own build of the same version. "
                  "Third-party Notices has the details and every licence text."))
    return (f"<h2>Rackwright</h2><p>{blurb}</p>"
            f"<h3>{esc(tr('Versions'))}</h3><table cellpadding='3'>{ver}</table>"
            f"<h3>{esc(tr('Third-party software'))}</h3>"
            f"<table cellspacing='0' cellpadding='3' border='1' style='border-collapse: collapse'>"
            f"<tr><th>{esc(tr('Name'))}</th><th>{esc(tr('Version'))}</th><th>{esc(tr('Licence'))}</th></tr>"
            f"{lic}</table><p>{fonts}</p><p>{lgpl}</p>")


def open_notices(parent: QWidget | None) -> HelpWindow:
    win = HelpWindow(tr("Third-party Notices"), "helpNotices", parent)
    win.browser.setLineWrapMode(QTextBrowser.LineWrapMode.NoWrap)
    win.browser.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))  # its columns line up
    win.browser.setPlainText(third_party_notices())
    wide = win.browser.fontMetrics().horizontalAdvance("x" * 84) + 60  # the text's 78-84 columns
    screen = win.screen().availableGeometry().width() if win.screen() is not None else wide
    win.resize(max(win.width(), min(wide, int(screen * 0.9))), win.height())
    win.show()
    return win


def open_about(parent: QWidget | None) -> HelpWindow:
    win = HelpWindow(tr("About Rackwright"), "helpAbout", parent)
    win.browser.setHtml(about_html())
    box = win.findChild(QDialogButtonBox)
    assert box is not None  # HelpWindow has its Close box
    button = box.addButton(tr("Third-party Notices…"), QDialogButtonBox.ButtonRole.ActionRole)
    button.setObjectName("noticesButton")
    button.clicked.connect(lambda: setattr(win, "notices_window", open_notices(win)))
    win.show()
    return win
