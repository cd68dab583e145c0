"""Plan > Growth Phases: the plan's phases in build order (docs/phases.md) with the engine's
figures per phase, beside the plan (not modal). Add, rename, date, reorder and remove a phase,
and put the selected racks and devices into one, each one undo step through
planner.gestures.phases; the figures come from the engine's ``Results.phases``, never
computed here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from planner.gestures import phases as gp
from ui.units import fmt_money, fnum

if TYPE_CHECKING:
    from planner.model.edits import Edit
    from ui.document import Document

ERROR_STYLE = "color: #d64541; font-weight: 600;"
NAME, START, GPUS, RACKS, CAPEX_ADDED, CAPEX, FINDINGS = range(7)


class PhasesDialog(QDialog):
    """The growth phases window. ``selection()`` gives the ids the user has selected (racks,
    devices, feeds, loops, cables) for *Put Selection into Phase*. *Show Findings* (or a
    double-click on a phase's figures) emits ``findingsRequested(phase id)``: the main window
    lists that phase's findings in the Findings panel (its Errors count was nowhere to be
    found: issue 32)."""

    findingsRequested = Signal(str)

    def __init__(self, doc: Document, parent: QWidget | None = None,
                 selection: Callable[[], list[str]] | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self._selection = selection or (lambda: [i for k, i in doc.selection if k in gp.PHASED_KINDS])
        self.setWindowTitle(self.tr("Growth Phases"))
        self.setObjectName("phasesDialog")
        self.table = QTableWidget(0, 7, self)
        self.table.setObjectName("phasesTable")
        self.table.setHorizontalHeaderLabels([self.tr("Phase"), self.tr("Start"), self.tr("GPUs"), self.tr("Racks"),
                                              self.tr("Capex added"), self.tr("Capex total"), self.tr("Errors")])
        # the forms planner.model.plan.phase_start takes ("Q3 2027" was refused: issue 32)
        self.start_hint = self.tr("When the phase goes into operation: 2027-07, 15.07.2027, Q3 2027 (stored as its "
                                  "first month, 2027-07), 07.2027 or July 2027")
        start_head = self.table.horizontalHeaderItem(START)
        if start_head is not None:
            start_head.setToolTip(self.start_hint)
        self.findings_hint = self.tr("Double-click to list this phase's findings")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        head = self.table.horizontalHeader()
        head.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        head.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)
        self.table.itemChanged.connect(self._edited)
        self.table.itemDoubleClicked.connect(self._double_clicked)
        self.hint = QLabel(self.tr("Each phase is the build as it stands when it is done: everything of that phase "
                                   "and the ones before. A rack, device, cable, feed or loop that names no phase "
                                   "belongs to the first."), self)
        self.hint.setWordWrap(True)
        self.error = QLabel(self)
        self.error.setObjectName("phasesError")
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        self.error.hide()
        buttons = QHBoxLayout()
        self.add_button = self._button(self.tr("Add Phase"), "addPhase", self.add_phase)
        self.remove_button = self._button(self.tr("Remove"), "removePhase", self.remove_phase)
        self.up_button = self._button(self.tr("Earlier"), "phaseUp", lambda: self.move_phase(-1))
        self.down_button = self._button(self.tr("Later"), "phaseDown", lambda: self.move_phase(1))
        self.assign_button = self._button(self.tr("Put Selection into Phase"), "assignPhase", self.assign_selection)
        self.assign_button.setToolTip(self.tr("The selected racks, devices, feeds, loops and cables join the phase "
                                              "chosen in the table (one undo step)"))
        self.findings_button = self._button(self.tr("Show Findings"), "phaseFindings", self.show_findings)
        self.findings_button.setToolTip(self.tr("List the findings of the build as it stands after the phase chosen "
                                                "in the table, in the Findings panel"))
        for b in (self.add_button, self.remove_button, self.up_button, self.down_button, self.findings_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.assign_button)
        lay = QVBoxLayout(self)
        lay.addWidget(self.hint)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.error)
        lay.addLayout(buttons)
        self.resize(720, 320)
        self._filling = False
        doc.changed.connect(lambda _c: self.refresh())
        doc.resultsChanged.connect(lambda _r: self.refresh())
        doc.planReset.connect(self.refresh)
        self.refresh()

    def _button(self, text: str, name: str, slot: Callable[[], object]) -> QPushButton:
        b = QPushButton(text, self)
        b.setObjectName(name)
        b.setAutoDefault(False)
        b.clicked.connect(lambda _checked=False: slot())
        return b

    # -- model -> table ------------------------------------------------------------------
    def refresh(self) -> None:
        plan = self.doc.plan
        res = self.doc.results
        figures = {p.id: p for p in res.phases.phases} if res is not None and res.phases is not None else {}
        current = self.current_id()
        self._filling = True
        self.table.setRowCount(len(plan.growth_phases))
        for row, ph in enumerate(plan.growth_phases):
            f = figures.get(ph.id)
            t = f.results.totals if f is not None else None
            cells = [ph.name, ph.start, "" if t is None else fnum(t.gpus, ",.0f"),
                     "" if t is None else fnum(t.racks, ",.0f"),
                     "" if f is None or t is None else fmt_money(f.capex_added, t.currency),
                     "" if t is None else fmt_money(t.capex, t.currency) + ("" if t.capex_complete else " *"),
                     "" if f is None else fnum(f.results.counts()["error"], ",.0f")]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, ph.id)
                if col not in (NAME, START):
                    item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEditable)
                    item.setToolTip(self.findings_hint)
                elif col == START:
                    item.setToolTip(self.start_hint)
                if col >= GPUS:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                self.table.setItem(row, col, item)
        ids = [ph.id for ph in plan.growth_phases]
        if current in ids:
            self.table.selectRow(ids.index(current))
        elif ids:
            self.table.selectRow(0)
        self._filling = False
        for b in (self.remove_button, self.up_button, self.down_button, self.assign_button, self.findings_button):
            b.setEnabled(bool(ids))

    def current_id(self) -> str | None:
        row = self.table.currentRow()
        item = self.table.item(row, NAME) if row >= 0 else None
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    # -- gestures ------------------------------------------------------------------------
    def _push(self, build: Callable[[], Edit]) -> bool:
        edit = self.doc.push_built(build, announce=False)
        if edit is None:
            self.error.setText(self.doc.last_refusal)
            self.error.show()
            self.refresh()  # a refused rename shows the name it kept
            return False
        self.error.hide()
        return True

    def show_findings(self) -> bool:
        """The chosen phase's findings into the Findings panel (``findingsRequested``)."""
        pid = self.current_id()
        if pid is None:
            return False
        self.findingsRequested.emit(pid)
        return True

    def _double_clicked(self, item: QTableWidgetItem) -> None:
        if item.column() not in (NAME, START):  # the name and start are edited by a double-click
            self.table.selectRow(item.row())
            self.show_findings()

    def _edited(self, item: QTableWidgetItem) -> None:
        if self._filling:
            return
        pid = item.data(Qt.ItemDataRole.UserRole)
        text = item.text()
        if item.column() == NAME:
            self._push(lambda: gp.rename_phase(self.doc.plan, pid, text))
        elif item.column() == START:
            self._push(lambda: gp.set_phase_start(self.doc.plan, pid, text))

    def add_phase(self, name: str | None = None) -> bool:
        n = len(self.doc.plan.growth_phases) + 1
        taken = {ph.name.casefold() for ph in self.doc.plan.growth_phases}
        while name is None or (name.casefold() in taken):
            name = self.tr("Phase {n}").format(n=n)
            n += 1
        ok = self._push(lambda: gp.add_phase(self.doc.plan, name))
        if ok:
            self.table.selectRow(len(self.doc.plan.growth_phases) - 1)
        return ok

    def remove_phase(self) -> bool:
        pid = self.current_id()
        return pid is not None and self._push(lambda: gp.remove_phase(self.doc.plan, pid))

    def move_phase(self, delta: int) -> bool:
        pid = self.current_id()
        if pid is None or not self._push(lambda: gp.move_phase(self.doc.plan, pid, delta)):
            return False
        self.table.selectRow([ph.id for ph in self.doc.plan.growth_phases].index(pid))
        return True

    def assign_selection(self) -> bool:
        pid = self.current_id()
        return pid is not None and self._push(lambda: gp.set_phase(self.doc.plan, self._selection(), pid))
