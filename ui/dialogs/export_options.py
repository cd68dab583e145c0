"""The choices of File > Export Build Plan (PDF)...: which sections, table of contents,
paper size, and whether the internal checklist is appended (off each time: it is for the
planner, not the customer). Shown before the file dialog; what the user picks is remembered in the app
settings (``AppSettings.report_*``). Units are not chosen here: the build plan uses the
app's display units (File > Settings), the same figures the user sees on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from planner import i18n as pi18n
from ui.i18n import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from planner.reports import ReportOptions
    from ui.settings import AppSettings

PAGE_SIZES = (("a4", QT_TRANSLATE_NOOP("ExportOptions", "A4 (297 \u00d7 210 mm), landscape")),
              ("letter", QT_TRANSLATE_NOOP("ExportOptions", "US Letter (11 \u00d7 8.5 in), landscape")))

# what each section holds, as a tooltip (docs/reports.md has the full list)
SECTION_HINTS = {
    "cover": QT_TRANSLATE_NOOP("ExportOptionsDialog", "Project, document control, headline figures, verdict and the sign-off table"),
    "requirements": QT_TRANSLATE_NOOP("ExportOptionsDialog", "The customer's request, each workload target and limit as stated, the result and margin against each line: what the approvals sign against"),
    "floor": QT_TRANSLATE_NOOP("ExportOptionsDialog", "Each room to scale: rows, racks, aisles, dimensions"),
    "racks": QT_TRANSLATE_NOOP("ExportOptionsDialog", "Front and rear elevation of every rack with its figures and device list"),
    "power": QT_TRANSLATE_NOOP("ExportOptionsDialog", "Feeds, rack PDUs and racks: capacity, failover, phase currents"),
    "cooling": QT_TRANSLATE_NOOP("ExportOptionsDialog", "Heat, airflow and liquid flow per rack and CDU loop"),
    "bom": QT_TRANSLATE_NOOP("ExportOptionsDialog", "Bill of materials with prices, price basis and the capex total"),
    "rent": QT_TRANSLATE_NOOP("ExportOptionsDialog", "Owning against renting the GPUs: cost per year, break-even and the cumulative cost chart"),
    "cables": QT_TRANSLATE_NOOP("ExportOptionsDialog", "Totals by media, in-rack NVLink counted per rack, and the cable schedule"),
    "pull": QT_TRANSLATE_NOOP("ExportOptionsDialog", "Per rack, the cables to pull, grouped by destination, with lengths and media (a page per rack)"),
    "labels": QT_TRANSLATE_NOOP("ExportOptionsDialog", "Cable labels, one per cable end, on Avery L7651 (A4) or 5167 (Letter) label sheets: print at actual size"),
    "findings": QT_TRANSLATE_NOOP("ExportOptionsDialog", "Workload verdicts and every error and warning"),
}


class ExportOptionsDialog(QDialog):
    """Section checkboxes, a table-of-contents checkbox and the paper size. ``options()``
    makes the ``ReportOptions``; ``remember()`` stores the choice in ``settings``."""

    def __init__(self, settings: AppSettings | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        from planner.reports import SECTIONS
        from planner.reports.pdf import SECTION_TITLES

        self.setObjectName("exportOptionsDialog")
        self.setWindowTitle(self.tr("Export build plan"))
        self.settings = settings
        chosen = set(settings.report_sections) if settings is not None else set(SECTIONS)

        box = QGroupBox(self.tr("Sections"))
        col = QVBoxLayout(box)
        self.section_boxes: dict[str, QCheckBox] = {}
        for key in SECTIONS:
            cb = QCheckBox(pi18n.gettext(SECTION_TITLES[key]))
            cb.setObjectName(f"section_{key}")
            cb.setToolTip(self.tr(SECTION_HINTS[key]) if key in SECTION_HINTS else "")
            cb.setChecked(key in chosen)
            cb.toggled.connect(self._update)
            self.section_boxes[key] = cb
            col.addWidget(cb)
        row = QHBoxLayout()
        all_b, none_b = QPushButton(self.tr("All")), QPushButton(self.tr("None"))
        all_b.setObjectName("sectionsAll")
        none_b.setObjectName("sectionsNone")
        all_b.clicked.connect(lambda: self._set_all(True))
        none_b.clicked.connect(lambda: self._set_all(False))
        row.addWidget(all_b)
        row.addWidget(none_b)
        row.addStretch(1)
        col.addLayout(row)

        self.toc = QCheckBox(self.tr("Table of contents after the cover (page numbers, links)"))
        self.toc.setObjectName("tocCheck")
        self.toc.setChecked(settings.report_toc if settings is not None else True)
        # the internal checklist is for the planner: off every time the dialog opens, never remembered
        self.checklist = QCheckBox(self.tr("Append the internal checklist (not for the customer)"))
        self.checklist.setObjectName("checklistCheck")
        self.checklist.setToolTip(self.tr("Prices to get, internal notes, estimates to confirm and findings to "
                                          "clear, for the planner; off each time this dialog opens"))
        self.checklist.setChecked(False)
        self.checklist.toggled.connect(self._update)
        self.page_size = QComboBox()
        self.page_size.setObjectName("pageSizeCombo")
        for value, text in PAGE_SIZES:
            self.page_size.addItem(QCoreApplication.translate("ExportOptions", text), value)
        self.page_size.setCurrentIndex(max(0, self.page_size.findData(
            settings.report_page_size if settings is not None else "a4")))
        units = settings.units if settings is not None else "metric"
        self.units_label = QLabel(self.tr("Imperial (lb, ft, BTU/h, CFM, gpm) \u2014 change in File > Settings")
                                  if units == "imperial" else
                                  self.tr("Metric (kg, m, kW, m³/h, L/min) \u2014 change in File > Settings"))
        self.units_label.setObjectName("unitsLabel")
        form = QFormLayout()
        form.addRow(self.tr("Paper"), self.page_size)
        form.addRow(self.tr("Units"), self.units_label)
        form.addRow("", self.toc)
        form.addRow("", self.checklist)

        self.hint = QLabel("")
        self.hint.setObjectName("exportHint")
        self.hint.setStyleSheet("color: #b8433f")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.tr("Choose file\u2026"))
        self.ok_button.setObjectName("exportOk")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)

        lay = QVBoxLayout(self)
        lay.addWidget(box)
        lay.addLayout(form)
        lay.addWidget(self.hint)
        lay.addWidget(self.buttons)
        self._imperial = units == "imperial"
        self._update()

    def _set_all(self, on: bool) -> None:
        for cb in self.section_boxes.values():
            cb.setChecked(on)

    def _update(self) -> None:
        any_on = any(cb.isChecked() for cb in self.section_boxes.values()) or self.checklist.isChecked()
        self.ok_button.setEnabled(any_on)
        self.hint.setText("" if any_on else self.tr("Choose at least one section."))

    def sections(self) -> tuple[str, ...]:
        return tuple(k for k, cb in self.section_boxes.items() if cb.isChecked())

    def options(self) -> ReportOptions:
        from planner.reports import ReportOptions

        return ReportOptions(imperial=self._imperial, sections=self.sections(),
                             page_size=self.page_size.currentData(), toc=self.toc.isChecked(),
                             checklist=self.checklist.isChecked())

    def remember(self) -> None:
        if self.settings is None:
            return
        self.settings.report_sections = self.sections()
        self.settings.report_page_size = self.page_size.currentData()
        self.settings.report_toc = self.toc.isChecked()
