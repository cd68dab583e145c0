"""The result of importing NetBox device types: one row per file (imported, skipped,
failed with the field at fault), and what each imported device still needs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from planner.i18n import message_text
from ui.dialogs.needs_data import needs_data_text

if TYPE_CHECKING:
    from planner.netbox.importer import ImportReport


class NetboxImportResult(QDialog):
    def __init__(self, report: ImportReport, added: int, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("netboxImportResult")
        self.setWindowTitle(self.tr("NetBox import"))
        self.report = report
        n_ok, n_skip, n_fail = len(report.imported), len(report.skipped), len(report.failed)
        text = self.tr("{ok} imported, {skipped} skipped, {failed} failed, of %n file(s).", "",
                       len(report.results)).format(ok=n_ok, skipped=n_skip, failed=n_fail)
        if report.cancelled:
            text += " " + self.tr("The import was cancelled; the files listed were done.")
        if n_ok:
            text += " " + self.tr("Imported devices are marked \u201cneeds data\u201d in the catalog until their "
                                  "GPUs, power draw, cooling and price are filled in.")
        self.summary = QLabel(text, self)
        self.summary.setObjectName("netboxImportSummary")
        self.summary.setWordWrap(True)
        self.folder = QLabel(self.tr("Written to: {folder}").format(folder=report.dest), self)
        self.folder.setWordWrap(True)
        self.folder.setTextInteractionFlags(self.folder.textInteractionFlags()
                                            | self.folder.textInteractionFlags().TextSelectableByMouse)
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("netboxImportFiles")
        self.tree.setHeaderLabels([self.tr("File"), self.tr("Result"), self.tr("Details")])
        self.tree.setRootIsDecorated(False)
        self.tree.setWordWrap(True)
        words = {"imported": self.tr("imported"), "replaced": self.tr("replaced"), "skipped": self.tr("skipped"),
                 "failed": self.tr("failed")}
        for r in report.results:
            if r.errors:
                details = "\n".join(
                    (f"{self.tr('line')} {e.line}: " if e.line else "") + (f"{e.field}: " if e.field else "")
                    + message_text(e.message) for e in r.errors)
            elif r.ok and r.needs_data:
                details = self.tr("{entry}; needs data: {what}").format(
                    entry=f"{r.table}/{r.slug}", what=needs_data_text(r.needs_data))
            elif r.ok:
                details = f"{r.table}/{r.slug}"
            else:
                details = message_text(r.message)
            item = QTreeWidgetItem([r.path.name, words.get(r.status, r.status), details])
            item.setToolTip(0, str(r.path))
            item.setToolTip(2, details)
            self.tree.addTopLevelItem(item)
        hh = self.tree.header()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        hh.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        hh.setStretchLastSection(True)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        lay = QVBoxLayout(self)
        lay.addWidget(self.summary)
        lay.addWidget(self.folder)
        lay.addWidget(self.tree, 1)
        lay.addWidget(buttons)
        self.resize(960, 460)

    def rows(self) -> list[list[str]]:
        """What the table shows, for tests: [file, result, details] per file."""
        items = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [[it.text(c) for c in range(3)] for it in items if it is not None]
