"""File > Compare With...: the open plan (A) beside a plan file (B), side by side; and the
wizard's Compare: two to four of its candidate builds (:func:`open_candidates_dialog`).

The comparison is :func:`planner.design.compare.compare_builds` (every figure the engine's);
this dialog only shows its rows. Loading the file, computing both plans and comparing run
off the GUI thread (a ``ui.tasks.BackgroundTask``) on a snapshot of the open plan; the
result comes back on the GUI thread, where the rows are made in the app's language. A file
that cannot be read is said in the dialog, which stays open for another choice. The
candidates' comparison comes made (the wizard generates their plans in the background);
its "Export Build Plan (PDF)..." prints option A's build plan with the comparison page
(``ui.exports.export.ComparisonExporter``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from planner.i18n import error_text
from ui import style
from ui.tasks import BackgroundTask

if TYPE_CHECKING:
    from collections.abc import Callable

    from planner.base.progress import CancelFn, ProgressFn
    from planner.catalog import Catalog
    from planner.design.compare import ComparedBuilds, Comparison
    from planner.engine.settings import EngineSettings
    from planner.model.plan import Plan
    from planner.reports import ReportSummary
    from ui.document import Document
    from ui.exports.export import ComparisonExporter
    from ui.settings import AppSettings

    # the build plan exporter the wizard (ui.design, above the exports) hands in: the dialogs
    # sit below ui.exports and never import it
    MakeExporter = Callable[[ComparedBuilds, Catalog, QWidget, AppSettings | None], ComparisonExporter]


def compare_with_file(plan: Plan, name: str, path: str, catalog: Catalog,
                      settings: EngineSettings | None) -> Comparison:
    """The work of the dialog (any thread): ``plan`` (a snapshot, option A) against the plan
    at ``path`` (B), both computed by the engine with ``settings``. A ``.rackplan``'s own
    catalog entries are added for B as when it is opened."""
    from planner.design.compare import compare_builds, load_build
    from planner.engine import Engine

    a = (name, plan, Engine(catalog, settings).compute(plan))
    return compare_builds([a, load_build(path, catalog, settings)], catalog)


class CompareDialog(QDialog):
    """The open plan beside a chosen file. ``choose()`` asks for the file (through
    ``ui.dialogs.ask_open_path``); ``compare(path)`` starts the comparison. With ``compared``
    (and no ``doc``): the wizard's candidates, shown as they come, with an export button."""

    def __init__(self, doc: Document | None, parent: QWidget | None = None, *,
                 compared: ComparedBuilds | None = None, catalog: Catalog | None = None,
                 settings: AppSettings | None = None, make_exporter: MakeExporter | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("compareDialog")
        self.setWindowTitle(self.tr("Compare With") if compared is None else self.tr("Compare Builds"))
        self.doc = doc
        self.compared = compared
        self.catalog = catalog
        self.settings = settings
        self.comparison: Comparison | None = None
        self.path: str | None = None
        self.exporter: ComparisonExporter | None = None
        self._task = BackgroundTask(self, "compare plans", expected_errors=(OSError, ValueError))
        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        self.what = QLabel(self.tr("A: {name}. Choose a plan file to compare it with.").format(
            name=doc.display_name) if doc is not None else "")
        self.what.setWordWrap(True)
        top.addWidget(self.what, 1)
        self.choose_button = QPushButton(self.tr("Choose &File\u2026"))
        self.choose_button.setObjectName("compareChoose")
        self.choose_button.clicked.connect(lambda _c=False: self.choose())
        self.choose_button.setVisible(doc is not None)
        top.addWidget(self.choose_button)
        self.export_button = QPushButton(self.tr("&Export Build Plan (PDF)\u2026"))
        self.export_button.setObjectName("compareExport")
        self.export_button.setToolTip(self.tr("The build plan of option A with a page comparing it with the "
                                              "other builds"))
        self.export_button.clicked.connect(lambda _c=False: self.export())
        self.export_button.setVisible(compared is not None)
        top.addWidget(self.export_button)
        lay.addLayout(top)
        self.status = QLabel("")
        self.status.setObjectName("compareStatus")
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        self.table = QTableWidget(0, 0)
        self.table.setObjectName("compareTable")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(True)
        lay.addWidget(self.table, 1)
        self.note = QLabel(self.tr("Figures from the engine for each plan; money in each plan's own currency. "
                                   "What differs is taken against A; lines where the plans agree are grey."))
        self.note.setWordWrap(True)
        lay.addWidget(self.note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay.addWidget(buttons)
        self.resize(980, 680)
        # as tall as the screen allows (a 1080-pixel screen showed two plans in 680 pixels,
        # half the table under the scroll bar), never taller than it
        self._fit_to_screen(len(compared.comparison.options) if compared is not None else 2)
        if compared is not None:
            self.note.setText(self.tr("Figures from the engine for the plan each build writes (as Create Plan "
                                      "writes it). What differs is taken against A; lines where the builds agree "
                                      "are grey."))
            self.what.setText(" \u00b7 ".join(f"{o.label}: {o.name}" for o in compared.comparison.options))
            self.comparison = compared.comparison
            self._fill(compared.comparison)
            if catalog is not None and make_exporter is not None:
                self.exporter = make_exporter(compared, catalog, self, settings)
                self.exporter.finished.connect(self._exported)
                self.exporter.cancelled.connect(lambda: self.status.setText(
                    self.tr("Build plan export cancelled; nothing was written")))
                self.exporter.failed.connect(lambda _m: self.status.setText(self.tr("Build plan export failed")))

    def _fit_to_screen(self, options: int) -> None:
        """Wide enough for ``options`` columns of about 300 px beside the labels, never past the
        screen (four builds side by side want more than the 980 px a file comparison has)."""
        from PySide6.QtGui import QGuiApplication

        parent = self.parentWidget()
        screen = (parent.screen() if parent is not None else None) or QGuiApplication.primaryScreen()
        if screen is None:
            return
        avail = screen.availableGeometry()
        self.resize(max(980, min(340 + 300 * options, avail.width() - 60)),
                    max(680, min(900, avail.height() - 60)) if avail.height() > 740 else min(680, avail.height() - 20))

    # -- choosing and computing (off the GUI thread) -------------------------------------------
    def choose(self) -> None:
        from ui import dialogs

        if self.doc is None:
            return
        start = str(self.doc.path.parent) if self.doc.path is not None else ""
        path = dialogs.ask_open_path(self, start)
        if path:
            self.compare(path)

    def compare(self, path: str) -> None:
        if self.doc is None:
            return
        self.path = path
        snapshot = self.doc.plan.snapshot()
        catalog, settings = self.doc.catalog, self.doc.engine_settings
        name = self.doc.display_name

        def work(_progress: ProgressFn, _cancelled: CancelFn) -> Comparison:
            return compare_with_file(snapshot, name, path, catalog, settings)

        self.status.setText(self.tr("Comparing with {path}\u2026").format(path=path))
        self.choose_button.setEnabled(False)
        self._task.start(work, on_done=self._done, on_failed=self._failed)

    def _done(self, comparison: Comparison) -> None:
        self.choose_button.setEnabled(True)
        self.comparison = comparison
        a, b = comparison.options[0], comparison.options[1]
        self.what.setText(self.tr("A: {a} \u00b7 B: {b}").format(a=a.name, b=b.name))
        self.status.setText("")
        self._fill(comparison)

    def _failed(self, error: BaseException) -> None:
        self.choose_button.setEnabled(True)
        self.status.setText(self.tr("Cannot compare with {path}: {error}").format(path=self.path,
                                                                                  error=error_text(error)))

    # -- the table -----------------------------------------------------------------------------
    def _fill(self, comparison: Comparison) -> None:
        rows = comparison.rows()  # in the app's language, on the GUI thread
        n = len(comparison.options)
        t = self.table
        t.clearSpans()
        t.setRowCount(len(rows))
        t.setColumnCount(1 + n)
        t.setHorizontalHeaderLabels([""] + [o.label for o in comparison.options])
        grey = QBrush(style.muted_color(t.palette()))
        warn = QBrush(style.BAD)
        bold = QFont(t.font())
        bold.setBold(True)
        for i, r in enumerate(rows):
            if r.heading:
                item = QTableWidgetItem(r.label)
                item.setFont(bold)
                item.setBackground(t.palette().alternateBase())
                t.setItem(i, 0, item)
                t.setSpan(i, 0, 1, 1 + n)
                continue
            t.setItem(i, 0, QTableWidgetItem(r.label))
            for j, (text, marked) in enumerate(zip(r.cells, r.warn, strict=True)):
                item = QTableWidgetItem(text)
                if marked:
                    item.setForeground(warn)
                elif not r.differs:
                    item.setForeground(grey)
                t.setItem(i, 1 + j, item)
            if not r.differs:
                label = t.item(i, 0)
                if label is not None:
                    label.setForeground(grey)
        head = t.horizontalHeader()
        head.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        t.setColumnWidth(0, 300)
        for j in range(1, 1 + n):
            head.setSectionResizeMode(j, QHeaderView.ResizeMode.Stretch)
        t.resizeRowsToContents()
        t.setCurrentCell(-1, -1)
        # again once the stretched columns have their final widths (shown, resized to the screen):
        # rows measured at the first widths stay too tall or too short
        from PySide6.QtCore import QTimer

        QTimer.singleShot(0, t, t.resizeRowsToContents)

    def cell_text(self, label: str, option: int) -> str | None:
        """The text of option ``option``'s cell (0 = A) in the row labelled ``label`` (tests)."""
        for i in range(self.table.rowCount()):
            item = self.table.item(i, 0)
            if item is not None and item.text() == label:
                cell = self.table.item(i, 1 + option)
                return cell.text() if cell is not None else None
        return None

    def wait(self, msecs: int = 60_000) -> bool:
        return self._task.wait(msecs)

    # -- the candidates' build plan with the comparison page -----------------------------------
    def export(self, path: str | None = None) -> bool:
        """The build plan of option A with the comparison page: the options dialog, the file,
        then the PDF off the GUI thread (``path``: at once, with the remembered options)."""
        if self.exporter is None:
            return False
        return self.exporter.export(path)

    def _exported(self, summary: ReportSummary) -> None:
        self.status.setText(self.tr("Build plan written: {path} (%n page(s))", "", summary.pages).format(
            path=summary.path))


def open_candidates_dialog(compared: ComparedBuilds, catalog: Catalog, parent: QWidget | None = None,
                           settings: AppSettings | None = None,
                           make_exporter: MakeExporter | None = None) -> CompareDialog:
    """The wizard's Compare: its candidates' comparison, window-modal and not blocking;
    ``make_exporter`` makes the exporter of its build plan (the wizard passes
    ``ui.exports.export.ComparisonExporter``; without it there is no export)."""
    from PySide6.QtCore import Qt

    dlg = CompareDialog(None, parent, compared=compared, catalog=catalog, settings=settings,
                        make_exporter=make_exporter)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    dlg.open()
    return dlg


def open_compare_dialog(doc: Document, parent: QWidget | None = None, ask: bool = True) -> CompareDialog:
    """File > Compare With...: the dialog, window-modal and not blocking; ``ask``: then it
    asks for the file to compare with (once the event loop runs)."""
    from PySide6.QtCore import Qt, QTimer

    dlg = CompareDialog(doc, parent)
    dlg.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, True)
    dlg.open()
    if ask:
        QTimer.singleShot(0, dlg, dlg.choose)
    return dlg


__all__ = ["CompareDialog", "compare_with_file", "open_candidates_dialog", "open_compare_dialog"]
