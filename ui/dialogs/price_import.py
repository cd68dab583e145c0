"""File > Import Price List...: a distributor's CSV/XLSX list into the user catalog's price layer.

The reading, matching and writing are :mod:`planner.catalog.pricelist` (the same as
``rackwright catalog import-prices``), run off the GUI thread; then the catalog is loaded
again and handed to ``on_catalog`` so the engine recomputes the capex with the new prices.
The result dialog lists the rows that matched, those not matched and those that
could not be read, each with its line in the file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from planner.gestures.plan_settings import date_text
from planner.i18n import message_text
from ui import dialogs
from ui.tasks import BackgroundTask
from ui.units import fnum

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.catalog.pricelist import PriceImport
    from ui.document import Document


class PriceImportDialog(QDialog):
    """What an import did: a summary, and one table each for matched, unmatched and unreadable rows."""

    def __init__(self, result: PriceImport, written: Path | None, parent: QWidget | None = None, *,
                 plan_currency: str = "", rates: Iterable[str] = ()) -> None:
        super().__init__(parent)
        self.setObjectName("priceImportDialog")
        self.setWindowTitle(self.tr("Price List Imported") if written else self.tr("Price List Not Imported"))
        self.result_ = result
        lay = QVBoxLayout(self)
        self.summary = QLabel(self)
        self.summary.setObjectName("priceImportSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        text = self.tr("{file}: {rows} rows read: {matched} matched, {unmatched} not matched, "
                       "{bad} could not be read.").format(
            file=result.file_name, rows=result.rows, matched=len(result.matched),
            unmatched=len(result.unmatched), bad=len(result.bad))
        if written:
            text += "\n" + self.tr("The prices are in the user catalog as the price list \u201c{name}\u201d "
                                   "(importing it again replaces it); the capex is recalculated.").format(
                name=result.name)
        else:
            text += "\n" + self.tr("Nothing was written: no row matched. An earlier import of this list is kept.")
        foreign = sorted({m.currency for m in result.matched} - {plan_currency} - set(rates)) if plan_currency else []
        if written and foreign:
            text += "\n" + self.tr("Prices in {currencies} count in this plan's capex only with an exchange rate to "
                                   "{plan} (Plan Settings).").format(currencies=", ".join(foreign), plan=plan_currency)
        self.summary.setText(text)
        lay.addWidget(self.summary)

        self.tabs = QTabWidget(self)
        self.matched = self._table("priceMatched", [self.tr("Line"), self.tr("Catalog entry"), self.tr("Price"),
                                                    self.tr("Currency"), self.tr("Date"), self.tr("The row named")],
                                   [(m.line, f"{m.table}/{m.slug}", f"{fnum(m.amount, ',.2f')}", m.currency, date_text(m.date), m.said)
                                    for m in result.matched], right=(0, 2))
        self.unmatched = self._table("priceUnmatched", [self.tr("Line"), self.tr("The row named"), self.tr("Why")],
                                     [(u.line, u.said, message_text(u.reason)) for u in result.unmatched], right=(0,))
        self.bad = self._table("priceBad", [self.tr("Line"), self.tr("Field"), self.tr("Problem")],
                               [(b.line, b.field, message_text(b.message)) for b in result.bad], right=(0,))
        self.tabs.addTab(self.matched, self.tr("Matched ({n})").format(n=len(result.matched)))
        self.tabs.addTab(self.unmatched, self.tr("Not matched ({n})").format(n=len(result.unmatched)))
        self.tabs.addTab(self.bad, self.tr("Could not be read ({n})").format(n=len(result.bad)))
        # open where the user has something to do
        self.tabs.setCurrentWidget(self.bad if result.bad else self.unmatched if result.unmatched else self.matched)
        lay.addWidget(self.tabs, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.reject)
        buttons.accepted.connect(self.accept)
        lay.addWidget(buttons)
        self.resize(760, 420)

    def _table(self, name: str, headers: list[str], rows: list[tuple[object, ...]],
               right: tuple[int, ...] = ()) -> QTableWidget:
        t = QTableWidget(len(rows), len(headers), self)
        t.setObjectName(name)
        t.setHorizontalHeaderLabels(headers)
        t.verticalHeader().setVisible(False)
        t.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                item = QTableWidgetItem(str(v))
                if j in right:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                t.setItem(i, j, item)
        t.resizeColumnsToContents()
        t.horizontalHeader().setStretchLastSection(True)
        return t

    def rows(self, table: QTableWidget) -> list[list[str]]:
        return [[it.text() if (it := table.item(i, j)) is not None else "" for j in range(table.columnCount())]
                for i in range(table.rowCount())]


def _work(path: str, catalog: Catalog, user_dir: Path) -> tuple[PriceImport, Path | None, Catalog | None]:
    from planner.catalog import load_catalog
    from planner.catalog.pricelist import import_price_list

    result, written = import_price_list(path, catalog, user_dir)
    return result, written, load_catalog() if written else None


class PriceListImporter(QObject):
    """Asks for a file, imports it in the background, hands the reloaded catalog to
    ``on_catalog`` and shows the result (``self.dialog``, non-modal)."""

    finished = Signal(object)  # the PriceImport, or the error message (str)

    def __init__(self, parent: QWidget, doc: Document, on_catalog: Callable[[Catalog], None]) -> None:
        super().__init__(parent)
        self.window = parent
        self.doc = doc
        self.on_catalog = on_catalog
        self.dialog: PriceImportDialog | None = None
        from planner.catalog.pricelist import PriceListError

        self.task = BackgroundTask(self, "price list import", expected_errors=(PriceListError, OSError))

    def start(self, path: str | None = None) -> bool:
        """Import ``path`` (asked for when None); False if the user cancelled the file dialog."""
        from planner.catalog import user_catalog_dir

        path = path or dialogs.ask_price_list_path(self.window)
        if not path:
            return False
        catalog, user_dir = self.doc.catalog, user_catalog_dir()
        self.task.start(lambda _progress, _cancelled: _work(path, catalog, user_dir),
                        on_done=self._done, on_failed=self._failed)
        return True

    def _done(self, out: tuple[PriceImport, Path | None, Catalog | None]) -> None:
        result, written, catalog = out
        if catalog is not None:
            self.on_catalog(catalog)
        if self.dialog is not None:
            self.dialog.close()
            self.dialog.deleteLater()
        md = self.doc.plan.metadata
        self.dialog = PriceImportDialog(result, written, self.window, plan_currency=md.currency,
                                        rates=md.exchange_rates)
        self.dialog.open()
        self.finished.emit(result)

    def _failed(self, exc: BaseException) -> None:
        msg = str(exc)
        dialogs.show_error(self.window, self.tr("Import Price List"),
                           self.tr("The price list could not be read; nothing was imported.") + "\n\n" + msg)
        self.finished.emit(msg)
