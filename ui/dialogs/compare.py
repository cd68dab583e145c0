"""File > Compare With...: the open plan (A) beside a plan file (B), side by side.

The comparison is :func:`planner.design.compare.compare_builds` (every figure the engine's);
this dialog only shows its rows. Loading the file, computing both plans and comparing run
off the GUI thread (a ``ui.tasks.BackgroundTask``) on a snapshot of the open plan; the
result comes back on the GUI thread, where the rows are made in the app's language. A file
that cannot be read is said in the dialog, which stays open for another choice.
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
    from planner.base.progress import CancelFn, ProgressFn
    from planner.catalog import Catalog
    from planner.design.compare import Comparison
    from planner.engine.settings import EngineSettings
    from planner.model.plan import Plan
    from ui.document import Document


def compare_with_file(plan: Plan, name: str, path: str, catalog: Catalog,
                      settings: EngineSettings | None) -> Comparison:
    """The work of the dialog (any thread): ``plan`` (a snapshot, option A) against the plan
    at ``path`` (B), both computed by the engine with ``settings``. A ``.rackplan``'s own
    catalog entries are added for B as when it is opened."""
    from pathlib import Path

    from planner.design.compare import compare_builds
    from planner.engine import Engine
    from planner.files.documents import open_document, sniff, with_embedded
    from planner.files.plan_io import load_plan_json

    if sniff(path) == "json":
        other, other_catalog = load_plan_json(path), catalog
    else:
        opened = open_document(path)
        other, other_catalog = opened.plan, with_embedded(catalog, opened.embedded)
    a = (name, plan, Engine(catalog, settings).compute(plan))
    b = (Path(path).name, other, Engine(other_catalog, settings).compute(other))
    return compare_builds([a, b], catalog)


class CompareDialog(QDialog):
    """The open plan beside a chosen file. ``choose()`` asks for the file (through
    ``ui.dialogs.ask_open_path``); ``compare(path)`` starts the comparison."""

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("compareDialog")
        self.setWindowTitle(self.tr("Compare With"))
        self.doc = doc
        self.comparison: Comparison | None = None
        self.path: str | None = None
        self._task = BackgroundTask(self, "compare plans", expected_errors=(OSError, ValueError))
        lay = QVBoxLayout(self)
        top = QHBoxLayout()
        self.what = QLabel(self.tr("A: {name}. Choose a plan file to compare it with.").format(
            name=doc.display_name))
        self.what.setWordWrap(True)
        top.addWidget(self.what, 1)
        self.choose_button = QPushButton(self.tr("Choose &File\u2026"))
        self.choose_button.setObjectName("compareChoose")
        self.choose_button.clicked.connect(lambda _c=False: self.choose())
        top.addWidget(self.choose_button)
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

    # -- choosing and computing (off the GUI thread) -------------------------------------------
    def choose(self) -> None:
        from ui import dialogs

        start = str(self.doc.path.parent) if self.doc.path is not None else ""
        path = dialogs.ask_open_path(self, start)
        if path:
            self.compare(path)

    def compare(self, path: str) -> None:
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


__all__ = ["CompareDialog", "compare_with_file", "open_compare_dialog"]
