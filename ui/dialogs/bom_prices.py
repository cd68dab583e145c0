"""Bill of materials and prices: the engine's BOM lines (item, quantity, unit price,
currency, where the price comes from, extended price in the plan currency), unpriced
lines marked, and "Price for this plan…" for the selected line (any BOM item: device,
rack, cooling unit, cable, transceiver). Figures are the engine's (``Results.bom``);
the table refreshes with every new result. Open it with ``open()``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush
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

from planner.engine import levels
from planner.gestures.cooling import unit_name
from ui import style
from ui.units import fnum

if TYPE_CHECKING:
    from planner.engine.results import Results
    from ui.dialogs.price_override import PriceOverrideDialog
    from ui.document import Document


class BomPricesDialog(QDialog):
    """``table`` has one row per BOM line (``slugs[row]``); ``price_button`` opens the
    price dialog for the selected line (``price_dialog``)."""

    COLUMNS = ("Item", "Catalog slug", "Qty", "Unit price", "Currency", "Price from", "Extended")

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.setObjectName("bomPricesDialog")
        self.setWindowTitle(self.tr("Bill of Materials and Prices"))
        self.summary = QLabel()
        self.summary.setObjectName("bomSummary")
        self.summary.setWordWrap(True)
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setObjectName("bomTable")
        self.table.setHorizontalHeaderLabels([self.tr("Item"), self.tr("Catalog slug"), self.tr("Qty"),
                                              self.tr("Unit price"), self.tr("Currency"), self.tr("Price from"),
                                              self.tr("Extended")])
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.itemSelectionChanged.connect(self._selection)
        self.table.itemDoubleClicked.connect(lambda _i: self.open_price_dialog())
        self.slugs: list[str] = []
        self.names: list[str] = []
        self.price_button = QPushButton(self.tr("Price for this plan…"))
        self.price_button.setObjectName("priceForPlan")
        self.price_button.setEnabled(False)
        self.price_button.clicked.connect(self.open_price_dialog)
        self.price_dialog: PriceOverrideDialog | None = None
        row = QHBoxLayout()
        row.addWidget(self.price_button)
        row.addStretch(1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(self.summary)
        lay.addWidget(self.table, 1)
        lay.addLayout(row)
        lay.addWidget(buttons)
        doc.resultsChanged.connect(self.fill)
        self.fill(doc.results)
        self.resize(900, 520)

    def fill(self, results: Results | None) -> None:
        keep = self.slugs[self.table.currentRow()] if 0 <= self.table.currentRow() < len(self.slugs) else None
        lines = list(results.bom) if results is not None else []
        self.table.setRowCount(len(lines))
        self.slugs = [b.slug for b in lines]
        # cooling units come from the engine under their slug: show the catalog's model name
        self.names = [unit_name(self.doc.catalog, b.slug) if b.name == b.slug and b.table == "cooling" else b.name
                      for b in lines]
        warn = QBrush(style.level_color(levels.WARN))
        for r, b in enumerate(lines):
            if b.unit_price is None:
                source, unit, ext = self.tr("no price"), "–", self.tr("not in the capex")
            else:
                source = self.tr("this plan") if b.price_source == "plan" else self.tr("catalog")
                unit = f"{fnum(b.unit_price, ',.0f')}"
                ext = f"{fnum(b.extended_plan, ',.0f')}" if b.extended_plan is not None else self.tr("no exchange rate")
            cells = [self.names[r], b.slug, f"{fnum(b.quantity, ',')}", unit, b.currency or "–", source, ext]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c in (2, 3, 6):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if b.unit_price is None or b.extended_plan is None:
                    item.setForeground(warn)
                self.table.setItem(r, c, item)
        self.table.resizeColumnsToContents()
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        if keep in self.slugs:
            self.table.selectRow(self.slugs.index(keep))
        t = results.totals if results is not None else None
        if t is not None:
            self.table.setHorizontalHeaderItem(6, QTableWidgetItem(self.tr("Extended ({currency})")
                                                                   .replace("{currency}", t.currency)))
        if t is None:
            self.summary.setText(self.tr("No results yet."))
        elif t.capex_complete:
            self.summary.setText(self.tr("Capex {amount} {currency}, every line priced.")
                                 .replace("{amount}", f"{fnum(t.capex, ',.0f')}").replace("{currency}", t.currency))
        else:
            missing = sum(1 for b in lines if b.unit_price is None or b.extended_plan is None)
            self.summary.setText(self.tr("Capex {amount} {currency} is INCOMPLETE: %n line(s) without a price or "
                                         "exchange rate are left out. Select one and set a price for this plan.", "",
                                         missing)
                                 .replace("{amount}", f"{fnum(t.capex, ',.0f')}").replace("{currency}", t.currency))

    def _selection(self) -> None:
        self.price_button.setEnabled(0 <= self.table.currentRow() < len(self.slugs))

    def open_price_dialog(self) -> PriceOverrideDialog | None:
        r = self.table.currentRow()
        if not 0 <= r < len(self.slugs):
            return None
        from ui.dialogs.price_override import PriceOverrideDialog

        self.price_dialog = PriceOverrideDialog(self.doc, self.slugs[r], self.names[r], self)
        self.price_dialog.open()
        return self.price_dialog

    def done(self, result: int) -> None:  # noqa: D401 (Qt override)
        try:
            self.doc.resultsChanged.disconnect(self.fill)
        except (RuntimeError, TypeError):
            pass
        super().done(result)
