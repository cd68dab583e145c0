"""The choice of File > Export Tables (CSV)...: which spreadsheet settings the CSV files
are for. Excel reads a CSV file with the list separator and decimal symbol of the
system's regional settings, so German Excel needs ``;`` between fields and decimal
commas (planner.reports.csvout). The first time the choice is German Excel's when the app
is in German or the system writes a decimal comma (QLocale), else English Excel's; after
that the last choice is remembered (``AppSettings.csv_locale``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QLocale
from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QVBoxLayout, QWidget

if TYPE_CHECKING:
    from ui.settings import AppSettings


def system_csv_locale() -> str:
    """``de`` when the app is in German or the system writes numbers with a decimal comma
    (its Excel then expects ``;`` and decimal commas), else ``en``."""
    from ui import i18n

    if i18n.current() == "de":
        return "de"
    return "de" if QLocale.system().decimalPoint() == "," else "en"


class CsvOptionsDialog(QDialog):
    """A combo of the two CSV dialects; ``csv_locale()`` is the code for
    :func:`planner.reports.csvout.write_csv_files`, ``remember()`` stores it."""

    def __init__(self, settings: AppSettings | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("csvOptionsDialog")
        self.setWindowTitle(self.tr("Export tables (CSV)"))
        self.settings = settings
        self.dialect = QComboBox()
        self.dialect.setObjectName("csvDialectCombo")
        self.dialect.addItem(self.tr("Comma between fields, decimal point (English Excel)"), "en")
        self.dialect.addItem(self.tr("Semicolon between fields, decimal comma (German Excel)"), "de")
        chosen = settings.csv_locale if settings is not None else None
        self.dialect.setCurrentIndex(max(0, self.dialect.findData(chosen or system_csv_locale())))
        info = QLabel(self.tr("One file per table (BOM, cables, racks, power sources, power feeds, PDUs, workloads) in the "
                              "folder you choose next, UTF-8 with a byte-order mark. Files of the same names "
                              "there are replaced."))
        info.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Format"), self.dialect)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("Choose folder\u2026"))
        self.ok_button.setObjectName("csvOk")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(info)
        lay.addLayout(form)
        lay.addWidget(self.buttons)

    def csv_locale(self) -> str:
        return str(self.dialect.currentData())

    def remember(self) -> None:
        if self.settings is not None:
            self.settings.csv_locale = self.csv_locale()
