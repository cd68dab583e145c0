"""Desktop app entry: ``run(path)`` is what ``rackwright [PLAN]`` calls.

Loads the catalog (files that fail validation are listed in a dialog and skipped; the
app still opens), opens the plan (a bad file gets a dialog naming the file and field,
and the app opens with a new plan instead), builds the main window and runs the
event loop. ``open_window`` does everything but the event loop, for tests and
screenshots.
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QApplication, QWidget

from planner.files.documents import with_embedded
from ui import dialogs, i18n
from ui import units as uunits
from ui.document import Document, make_engine
from ui.paths import resources_dir
from ui.settings import APP, ORG, AppSettings, apply_theme
from ui.shell.controllers import new_plan, read_document
from ui.shell.mainwindow import MainWindow
from ui.tasks import collect_on_gui_thread

if TYPE_CHECKING:
    from planner.catalog import Catalog

log = logging.getLogger(__name__)


class FileOpenHandler(QObject):
    """Plans the system hands over as a QFileOpenEvent rather than on the command line: on
    macOS, Finder's double-click on a .rackplan, Open With, or a file dropped on the Dock icon
    (the .app declares the type, packaging/macos/Info.plist). At launch the event arrives
    before or after the main window exists: before, the path waits for ``open_window``;
    after, the window opens it as File > Open does (asking about unsaved changes first)."""

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self.setObjectName("fileOpenHandler")
        self.pending: str | None = None
        self.window: MainWindow | None = None

    def take_pending(self) -> str | None:
        path, self.pending = self.pending, None
        return path

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if isinstance(event, QFileOpenEvent) and watched is QApplication.instance():
            path = event.file() or event.url().toLocalFile()
            if path:
                if self.window is None:
                    self.pending = path
                else:
                    self.window.raise_()
                    self.window.activateWindow()
                    self.window.files.open(path)
            return True
        return super().eventFilter(watched, event)


def file_open_handler(app: QApplication) -> FileOpenHandler:
    """The application's FileOpenHandler, installed on first use."""
    handler = app.findChild(FileOpenHandler, "fileOpenHandler")
    if handler is None:
        handler = FileOpenHandler(app)
        app.installEventFilter(handler)
    return handler


def application(argv: list[str] | None = None) -> QApplication:
    app = QApplication.instance()
    if isinstance(app, QApplication):
        file_open_handler(app)
        collect_on_gui_thread()
        return app
    QCoreApplication.setOrganizationName(ORG)
    QCoreApplication.setApplicationName(APP)
    app = QApplication(argv if argv is not None else sys.argv[:1])
    app.setApplicationDisplayName("Rackwright")
    app.setDesktopFileName("rackwright")
    icon = resources_dir() / "icons" / "rackwright.svg"
    if icon.exists():
        from PySide6.QtGui import QIcon

        app.setWindowIcon(QIcon(str(icon)))
    file_open_handler(app)
    collect_on_gui_thread()  # cyclic garbage is freed on this thread only (ui.tasks)
    return app


def load_catalog_reporting(parent: QWidget | None = None) -> Catalog:
    """The layered catalog; files that failed validation are listed in a dialog."""
    from planner.catalog import load_catalog

    catalog = load_catalog()
    if catalog.errors:
        files = catalog.failed_files
        tr = QCoreApplication.translate
        listed = "\n".join(files[:12]) + ("\n..." if len(files) > 12 else "")
        dialogs.show_error(
            parent, tr("App", "Catalog problems"),
            tr("App", "%n catalog file(s) failed validation and were skipped:\n\n{files}\n\n"
               "Everything else in the catalog loaded normally.", "", len(files)).format(files=listed),
            details="\n".join(str(e) for e in catalog.errors),
        )
    return catalog


def open_window(path: str | None, catalog: Catalog | None = None, settings: AppSettings | None = None,
                background: bool = True) -> MainWindow:
    """Catalog, plan, document and main window, shown; no event loop."""
    app = application()
    settings = settings or AppSettings()
    i18n.install(app, i18n.choose(settings.language), resources_dir() / "translations")
    uunits.set_current(settings.units)
    apply_theme(app, settings.theme)
    if catalog is None:
        catalog = load_catalog_reporting()
    opener = file_open_handler(app)
    path = opener.take_pending() or path  # a plan Finder handed over before the window existed
    plan = None
    if path:
        document = read_document(path, None)
        if document is not None:
            plan = document[0]
            catalog = with_embedded(catalog, document[1])
    opened = plan is not None
    if plan is None:
        plan = new_plan(catalog)
    engine = make_engine(catalog, settings.engine_settings())
    doc = Document(plan, catalog, Path(path) if opened and path else None, engine=engine)
    win = MainWindow(doc, settings)
    opener.window = win
    if opened and path:
        go, lock = win.recovery.try_lock(path, None)
        if go:
            win.recovery.adopt(lock)
            win.files.recentChanged.emit(settings.add_recent(str(Path(path).resolve())))
        else:  # the user chose not to open a plan another program has open
            doc.replace_plan(new_plan(catalog), None)
    win.show()
    recovered = win.recovery.offer_recovery(win)
    if recovered is not None:
        plan, original = recovered
        doc.replace_plan(plan, original)
        doc.undo_stack.resetClean()  # recovered work is unsaved work
        win._update_title()
    doc.recompute(background=background)
    return win


def run(path: str | None) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    app = application()
    win = open_window(path)
    win.raise_()
    from ui.shell.controllers import _clear_owned_clipboard

    app.aboutToQuit.connect(_clear_owned_clipboard)
    app.aboutToQuit.connect(win.recovery.release_lock)  # quit without a close event (logout)
    return app.exec()
