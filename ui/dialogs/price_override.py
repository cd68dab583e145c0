"""Price for this plan…: a per-plan price for one catalog item (a distributor's quote, a
negotiated price), used by the engine before the catalog's price. OK checks the fields
(planner.gestures.plan_settings.price_override_edit) and applies one undo step; "Use catalog
price" removes the plan's price. Open it with ``open()`` (window-modal, not blocking)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from planner.gestures.plan_settings import SettingsInvalid, date_example, date_text, price_override_edit
from planner.i18n import format_number
from ui.dialogs.plan_settings import COMMON_CURRENCIES
from ui.units import fnum

if TYPE_CHECKING:
    from ui.document import Document


class PriceOverrideDialog(QDialog):
    """``PriceOverrideDialog(doc, slug, name)``; fields ``amount``, ``currency``, ``date``,
    ``source``, ``note``; ``catalog_button`` removes the plan's price."""

    def __init__(self, doc: Document, slug: str, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.slug = doc, slug
        self.setObjectName("priceOverrideDialog")
        self.setWindowTitle(self.tr("Price for This Plan"))
        md = doc.plan.metadata
        current = md.price_overrides.get(slug)
        head = QLabel(self.tr("{name} ({slug}): the price this plan uses instead of the catalog's, for every one "
                              "in the bill of materials.").replace("{name}", name).replace("{slug}", slug))
        head.setWordWrap(True)
        catalog = QLabel(self._catalog_text())
        catalog.setObjectName("catalogPrice")
        catalog.setWordWrap(True)
        catalog.setEnabled(False)
        # the amount as the language writes it (German 250.000,5), read back the same way
        self.amount = QLineEdit(format_number(current.amount, None, None) if current is not None else "")
        self.amount.setObjectName("amount")
        self.amount.setPlaceholderText(self.tr("price per unit"))
        self.currency = QComboBox()
        self.currency.setObjectName("currency")
        self.currency.setEditable(True)
        cur = current.currency if current is not None else md.currency
        self.currency.addItems(sorted({cur, md.currency, *COMMON_CURRENCIES}))
        self.currency.setCurrentText(cur)
        self.currency.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        # the date as the language writes it (28.11.2026 or 11.2026 in German), stored as ISO
        self.date = QLineEdit(date_text(current.date) if current is not None else "")
        self.date.setObjectName("date")
        self.date.setPlaceholderText(self.tr("e.g. {example}").replace("{example}", date_example()))
        self.source = QLineEdit(current.source if current is not None else "")
        self.source.setObjectName("source")
        self.source.setPlaceholderText(self.tr("e.g. distributor quote Q-2291"))
        self.note = QLineEdit(current.note if current is not None else "")
        self.note.setObjectName("note")
        form = QFormLayout()
        form.addRow(self.tr("Price"), self.amount)
        form.addRow(self.tr("Currency"), self.currency)
        form.addRow(self.tr("Date"), self.date)
        form.addRow(self.tr("Source"), self.source)
        form.addRow(self.tr("Note"), self.note)
        self.error = QLabel(self)
        self.error.setObjectName("priceOverrideError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #d64541; font-weight: 600;")
        self.error.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.catalog_button = QPushButton(self.tr("Use Catalog Price"))
        self.catalog_button.setObjectName("useCatalogPrice")
        self.catalog_button.setEnabled(current is not None)
        self.buttons.addButton(self.catalog_button, QDialogButtonBox.ButtonRole.ResetRole)
        self.buttons.accepted.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        self.catalog_button.clicked.connect(self.use_catalog_price)
        lay = QVBoxLayout(self)
        lay.addWidget(head)
        lay.addWidget(catalog)
        lay.addLayout(form)
        lay.addWidget(self.error)
        lay.addWidget(self.buttons)
        self.resize(460, 300)

    def _catalog_text(self) -> str:
        res = self.doc.results
        line = next((b for b in res.bom if b.slug == self.slug), None) if res is not None else None
        cat = None
        if self.doc.catalog is not None:
            for table in ("device-types", "rack-types", "cooling", "cables"):
                entry = self.doc.catalog.get(table, self.slug)
                if entry is not None:
                    cat = getattr(entry, "price", None)
                    break
        if cat is None:
            text = self.tr("Catalog price: none.")
        else:
            text = (self.tr("Catalog price: {amount} {currency} ({basis}, {date}).")
                    .replace("{amount}", f"{fnum(cat.amount, ',.0f')}").replace("{currency}", cat.currency)
                    .replace("{basis}", cat.basis).replace("{date}", date_text(cat.date)))
        if line is not None:
            text += " " + self.tr("In the plan: {qty}.").replace("{qty}", f"{fnum(line.quantity, ',')}")
        return text

    def _fail(self, message: str, widget: QWidget | None = None) -> bool:
        self.error.setText(message)
        self.error.show()
        if widget is not None:
            widget.setFocus()
        return False

    def apply(self) -> bool:
        """OK: check, apply as one undo step, close. On bad input: the message naming the
        field, nothing applied."""
        try:
            edit = price_override_edit(self.doc.plan, self.slug, amount=self.amount.text() or None,
                                       currency=self.currency.currentText(), date=self.date.text(),
                                       source=self.source.text(), note=self.note.text())
        except SettingsInvalid as e:
            return self._fail(e.text(), {"amount": self.amount, "currency": self.currency, "date": self.date,
                                       "source": self.source, "note": self.note}.get(e.field))
        if edit is not None and not self.doc.push(edit):
            return self._fail(self.doc.last_refusal)
        self.accept()
        return True

    def use_catalog_price(self) -> bool:
        edit = price_override_edit(self.doc.plan, self.slug, amount=None)
        if edit is not None and not self.doc.push(edit):
            return self._fail(self.doc.last_refusal)
        self.accept()
        return True
