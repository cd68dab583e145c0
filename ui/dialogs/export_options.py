"""The choices of File > Export Build Plan (PDF)...: which sections, table of contents,
paper size, whether the internal checklist is appended (off each time: it is for the
planner, not the customer), and a comparison page against one to three other plan files
(none each time; from the wizard's Compare: its candidates, shown and not chosen). Shown before the file dialog; what the user picks is remembered in the app
settings (``AppSettings.report_*``). Units are not chosen here: the build plan uses the
app's display units (File > Settings), the same figures the user sees on screen.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListView,
    QListWidget,
    QListWidgetItem,
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

    def __init__(self, settings: AppSettings | None, parent: QWidget | None = None, *,
                 compared: Sequence[str] | None = None, folder: str = "") -> None:
        """``compared``: the other options' names when the comparison is given (the wizard's
        candidates): the page is then on or off, not chosen file by file. ``folder``: where
        the file dialog for the comparison's plan files opens."""
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

        # the comparison page: one to three other plan files (or the candidates given)
        from planner.design.compare import LABELS, MAX_OPTIONS

        self.folder = folder
        self.compared = list(compared) if compared is not None else None
        self.compare_box = QGroupBox(self.tr("Comparison page"))
        self.compare_box.setObjectName("compareBox")
        ccol = QVBoxLayout(self.compare_box)
        self.compare_check = QCheckBox(self.tr("Add a page comparing this plan (A) with other plans")
                                       if self.compared is None else
                                       self.tr("Add a page comparing this build (A) with the others"))
        self.compare_check.setObjectName("compareCheck")
        self.compare_check.setChecked(self.compared is not None)
        self.compare_check.toggled.connect(self._update)
        ccol.addWidget(self.compare_check)
        self.compare_list = QListWidget()
        self.compare_list.setObjectName("compareList")
        self.compare_list.setMinimumWidth(260)
        # a wizard build's name is long ("Build 2: 1 x Nvidia DGX H100, rear-door heat exchanger"):
        # it wraps in the list instead of running out under a horizontal scroll bar
        self.compare_list.setWordWrap(True)
        self.compare_list.setResizeMode(QListView.ResizeMode.Adjust)
        self.compare_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.compare_add = QPushButton(self.tr("Add Plan File\u2026"))
        self.compare_add.setObjectName("compareAdd")
        self.compare_add.clicked.connect(lambda _c=False: self.add_compare_file())
        self.compare_remove = QPushButton(self.tr("Remove"))
        self.compare_remove.setObjectName("compareRemove")
        self.compare_remove.clicked.connect(lambda _c=False: self.remove_compare_file())
        if self.compared is not None:
            for label, name in zip(LABELS[1:], self.compared, strict=False):
                item = QListWidgetItem(f"{label}: {name}")
                item.setToolTip(name)
                self.compare_list.addItem(item)
            self.compare_add.hide()
            self.compare_remove.hide()
            about = self.tr("The builds compared in the wizard; A is the build whose plan this is.")
        else:
            about = self.tr("Up to {n} other plan files (.json or .rackplan), B, C and D, each computed as "
                            "it is opened; the page stands before the floor plan.").format(n=MAX_OPTIONS - 1)
        self.compare_about = QLabel(about)
        self.compare_about.setWordWrap(True)
        ccol.addWidget(self.compare_list, 1)
        crow = QHBoxLayout()
        crow.addWidget(self.compare_add)
        crow.addWidget(self.compare_remove)
        crow.addStretch(1)
        ccol.addLayout(crow)
        ccol.addWidget(self.compare_about)
        self.compare_list.currentRowChanged.connect(lambda _r: self._update())

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
        top = QHBoxLayout()
        top.addWidget(box, 1)
        top.addWidget(self.compare_box, 1)
        lay.addLayout(top)
        lay.addLayout(form)
        lay.addWidget(self.hint)
        lay.addWidget(self.buttons)
        self._imperial = units == "imperial"
        # Tab as the eye reads it: the sections, the comparison box beside them, then the rest
        chain = [*self.section_boxes.values(), all_b, none_b, self.compare_check, self.compare_list, self.compare_add,
                 self.compare_remove, self.page_size, self.toc, self.checklist]
        for first, second in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(first, second)
        self._update()

    def _set_all(self, on: bool) -> None:
        for cb in self.section_boxes.values():
            cb.setChecked(on)

    def _update(self) -> None:
        from planner.design.compare import MAX_OPTIONS

        any_on = any(cb.isChecked() for cb in self.section_boxes.values()) or self.checklist.isChecked()
        on = self.compare_check.isChecked()
        n = self.compare_list.count()
        self.compare_add.setEnabled(n < MAX_OPTIONS - 1)
        self.compare_remove.setEnabled(self.compare_list.currentRow() >= 0)
        missing = on and n == 0
        self.ok_button.setEnabled(any_on and not missing)
        self.hint.setText(self.tr("Choose at least one section.") if not any_on else
                          self.tr("Add a plan file to compare with, or untick the comparison page.") if missing
                          else "")

    def add_compare_file(self) -> None:
        """Ask for a plan file to compare with (``ui.dialogs.ask_open_path``) and list it."""
        from planner.design.compare import LABELS, MAX_OPTIONS
        from ui import dialogs

        if self.compared is not None or self.compare_list.count() >= MAX_OPTIONS - 1:
            return
        path = dialogs.ask_open_path(self, self.folder)
        if path and path not in self._listed():
            item = QListWidgetItem(f"{LABELS[self.compare_list.count() + 1]}: {Path(path).name}")
            item.setData(Qt.ItemDataRole.UserRole, path)
            item.setToolTip(path)
            self.compare_list.addItem(item)
            self.compare_list.setCurrentRow(self.compare_list.count() - 1)
            self.folder = str(Path(path).parent)
            self.compare_check.setChecked(True)  # a file added is a file to compare with
        self._update()

    def remove_compare_file(self) -> None:
        from planner.design.compare import LABELS

        row = self.compare_list.currentRow()
        if self.compared is None and row >= 0:
            self.compare_list.takeItem(row)
            for i in range(self.compare_list.count()):  # B, C, D in the order listed
                item = self.compare_list.item(i)
                item.setText(f"{LABELS[i + 1]}: {Path(item.data(Qt.ItemDataRole.UserRole)).name}")
        self._update()

    def _listed(self) -> list[str]:
        return [str(self.compare_list.item(i).data(Qt.ItemDataRole.UserRole)) for i in range(self.compare_list.count())]

    def compare_paths(self) -> list[str]:
        """The plan files of the comparison page (none when it is not ticked; none when the
        candidates are given)."""
        if self.compared is not None or not self.compare_check.isChecked():
            return []
        return self._listed()

    def with_comparison(self) -> bool:
        """The comparison page is wanted (with files listed, or the candidates given)."""
        return self.compare_check.isChecked() and self.compare_list.count() > 0

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
