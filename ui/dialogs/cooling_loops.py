"""Cooling loops in the app: the loop form (shared by the Inspector and the editor), the
loop editor dialog (a new in-row CDU loop or facility water loop, optionally assigning
racks in the same undo step) and the Plan > Cooling Loops window (every loop with the
engine's load, capacity and flow; new, edit, assign the selected racks, delete).

Every change goes through planner.gestures.cooling, which builds one edit per gesture; figures
shown come from the engine's results (``LoopResult``), never computed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from planner.gestures import cooling
from planner.i18n import error_text, message_text
from ui import style
from ui.dialogs.rack_menu import fill_rack_menu
from ui.units import fnum

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.engine.results import Results
    from planner.model.edits import Edit
    from planner.model.plan import CoolingLoop
    from ui.document import Document

ERROR_STYLE = "color: #d64541; font-weight: 600;"


def selected_racks(doc: Document) -> list[str]:
    """Racks the user has selected: racks, the racks of selected devices and rows, in order."""
    plan = doc.plan
    idx = plan.index
    out: list[str] = []
    for kind, eid in doc.selection:
        if kind == "rack" and eid in idx.racks:
            out.append(eid)
        elif kind == "placement" and eid in idx.placement_rack:
            out.append(idx.placement_rack[eid])
        elif kind == "row" and eid in idx.rows:
            out.extend(r.id for r in idx.rows[eid].racks)
    return list(dict.fromkeys(out))


def loop_summary(loop: CoolingLoop, catalog: Catalog | None = None) -> str:
    """One line for a loop in lists: 'in-row, 2 x CoolIT Systems CHx750 row CDU' / 'facility
    water, 100 kW' (the CDU's catalog name; its slug only when the catalog lacks it)."""
    from PySide6.QtCore import QCoreApplication

    tr = QCoreApplication.translate
    if loop.kind == "facility":
        return tr("CoolingLoops", "facility water, {kw} kW, {s}/{r} \u00b0C").format(
            kw=f"{loop.capacity_kw:g}" if loop.capacity_kw is not None else "?", s=f"{loop.supply_temp_c:g}",
            r=f"{loop.supply_temp_c + loop.delta_t_k:g}")
    return tr("CoolingLoops", "in-row, {n} \u00d7 {cdu}, {s}/{r} \u00b0C").format(
        n=loop.cdu_count, cdu=cooling.unit_name(catalog, loop.cdu), s=f"{loop.supply_temp_c:g}",
        r=f"{loop.supply_temp_c + loop.delta_t_k:g}")


def loop_figures(results: Results | None, loop_id: str) -> str:
    """The engine's figures of a loop as text (empty without results)."""
    from PySide6.QtCore import QCoreApplication

    lr = results.loops.get(loop_id) if results is not None else None
    if lr is None:
        return ""
    tr = QCoreApplication.translate
    cap = f"{fnum(lr.capacity_w / 1000, ',.0f')}" if lr.capacity_basis != "unknown" else "?"
    rated = f"{fnum(lr.rated_flow_l_per_min, ',.0f')}" if lr.rated_flow_l_per_min is not None else "?"
    basis = {"design": tr("CoolingLoops", "design value"), "catalog": tr("CoolingLoops", "CDU catalog"),
             "derived": tr("CoolingLoops", "from capacity and \u0394T"),
             "unknown": tr("CoolingLoops", "unknown")}.get(lr.flow_basis, lr.flow_basis)
    return tr("CoolingLoops", "{load} kW of {cap} kW ({pct} %), {racks} rack(s)\n"
                              "flow {flow} L/min of {rated} L/min rated ({basis})").format(
        load=f"{fnum(lr.heat_w / 1000, ',.1f')}", cap=cap, pct=f"{fnum(lr.utilisation * 100, '.0f')}", racks=lr.racks,
        flow=f"{fnum(lr.flow_l_per_min, ',.0f')}", rated=rated, basis=basis)


class LoopForm(QWidget):
    """The fields of one cooling loop. ``edited`` fires after the user finished changing
    one field (Enter, focus out, a choice); ``values()`` then gives a consistent set of
    CoolingLoop fields (switching the kind adjusts CDU and capacity in the form first)."""

    edited = Signal()

    def __init__(self, catalog: Catalog, values: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self.form = form
        self.name = QLineEdit(values.get("name", ""))
        self.name.setObjectName("loop_name")
        form.addRow(self.tr("Name"), self.name)
        self.kind = QComboBox()
        self.kind.setObjectName("loop_kind")
        self.kind.addItem(self.tr("In-row CDUs (secondary loop)"), "in-row")
        self.kind.addItem(self.tr("Facility water (chilled or warm)"), "facility")
        form.addRow(self.tr("Kind"), self.kind)
        self.cdu = QComboBox()
        self.cdu.setObjectName("loop_cdu")
        self.cdu.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.cdu.setMinimumContentsLength(12)
        for c in cooling.cdu_options(catalog):
            self.cdu.addItem(self.tr("{name} ({kw} kW)").format(name=c.name, kw=f"{c.capacity_kw:g}"), c.slug)
        cur = values.get("cdu")
        if cur is not None and self.cdu.findData(cur) < 0:
            self.cdu.insertItem(0, self.tr("{slug} (not in catalog)").format(slug=cur), cur)
        form.addRow(self.tr("CDU model"), self.cdu)
        self.count = QSpinBox()
        self.count.setObjectName("loop_cdu_count")
        self.count.setRange(1, 1000)
        self.count.setKeyboardTracking(False)
        form.addRow(self.tr("CDUs"), self.count)
        self.coolant = QComboBox()
        self.coolant.setObjectName("loop_coolant")
        self.coolant.addItem(self.tr("Water"), "water")
        self.coolant.addItem(self.tr("PG25 (25 % propylene glycol)"), "pg25")
        form.addRow(self.tr("Coolant"), self.coolant)
        self.supply = self._spin("loop_supply", 5, 70, " \u00b0C", 1)
        form.addRow(self.tr("Supply"), self.supply)
        self.ret = self._spin("loop_return", 5.1, 110, " \u00b0C", 1)
        form.addRow(self.tr("Return"), self.ret)
        self.capacity = self._spin("loop_capacity", 0, 1e6, " kW", 0)
        self.capacity.setSpecialValueText(self.tr("from the CDUs (catalog)"))
        form.addRow(self.tr("Capacity"), self.capacity)
        self.flow = self._spin("loop_flow", 0, 1e7, " L/min", 0)
        self.flow.setSpecialValueText(self.tr("from the CDUs, else capacity and \u0394T"))
        form.addRow(self.tr("Rated flow"), self.flow)
        self.error = QLabel()
        self.error.setObjectName("loop_error")
        self.error.setStyleSheet(ERROR_STYLE)
        self.error.setWordWrap(True)
        self.error.hide()
        form.addRow(self.error)
        self.set_values(values)
        self.name.editingFinished.connect(self._name_done)
        self.kind.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self.cdu.currentIndexChanged.connect(lambda _i: self.edited.emit())
        self.coolant.currentIndexChanged.connect(lambda _i: self.edited.emit())
        for w in (self.count, self.supply, self.ret, self.capacity, self.flow):
            w.editingFinished.connect(self._number_done)

    def _spin(self, name: str, lo: float, hi: float, suffix: str, decimals: int) -> QDoubleSpinBox:
        w = QDoubleSpinBox()
        w.setObjectName(name)
        w.setDecimals(decimals)
        w.setRange(lo, hi)
        w.setSuffix(suffix)
        w.setKeyboardTracking(False)
        return w

    def set_values(self, v: dict[str, Any]) -> None:
        """Show a loop's fields (no ``edited``)."""
        self._shown = dict(v)
        for w in (self.name, self.kind, self.cdu, self.count, self.coolant, self.supply, self.ret, self.capacity,
                  self.flow):
            w.blockSignals(True)
        self.name.setText(v.get("name", ""))
        self.kind.setCurrentIndex(max(0, self.kind.findData(v.get("kind", "in-row"))))
        if v.get("cdu") is not None:
            self.cdu.setCurrentIndex(max(0, self.cdu.findData(v["cdu"])))
        self.count.setValue(int(v.get("cdu_count", 1)))
        self.coolant.setCurrentIndex(max(0, self.coolant.findData(v.get("coolant", "water"))))
        supply = float(v.get("supply_temp_c", 32.0))
        self.supply.setValue(supply)
        self.ret.setValue(supply + float(v.get("delta_t_k", 10.0)))
        self.capacity.setValue(float(v.get("capacity_kw") or 0.0))
        self.flow.setValue(float(v.get("flow_l_per_min") or 0.0))
        for w in (self.name, self.kind, self.cdu, self.count, self.coolant, self.supply, self.ret, self.capacity,
                  self.flow):
            w.blockSignals(False)
        self._show_kind()

    def _show_kind(self) -> None:
        facility = self.kind.currentData() == "facility"
        for w in (self.cdu, self.count):
            w.setVisible(not facility)
            label = self.form.labelForField(w)
            if label is not None:
                label.setVisible(not facility)
        self.capacity.setSpecialValueText("" if facility else self.tr("from the CDUs (catalog)"))
        self.flow.setSpecialValueText(self.tr("from capacity and \u0394T") if facility
                                      else self.tr("from the CDUs, else capacity and \u0394T"))

    def _kind_changed(self) -> None:
        if self.kind.currentData() == "facility" and self.capacity.value() <= 0:
            one = cooling.cdu_capacity_kw(self.catalog, self.cdu.currentData())
            self.capacity.setValue(one * self.count.value() if one is not None else 100.0)
        elif self.kind.currentData() == "in-row":
            self.capacity.setValue(0)
            self.flow.setValue(0)
        self._show_kind()
        self.edited.emit()

    def _name_done(self) -> None:
        if self.name.text().strip() != self._shown.get("name", ""):
            self.edited.emit()

    def _number_done(self) -> None:
        if self.values_or_none() != self._comparable():
            self.edited.emit()

    def _comparable(self) -> dict[str, Any] | None:
        return {k: self._shown.get(k) for k in cooling.LOOP_FIELDS} if self._shown else None

    def values_or_none(self) -> dict[str, Any] | None:
        try:
            return self.values()
        except ValueError:
            return None

    def values(self) -> dict[str, Any]:
        """CoolingLoop fields from the form. Raises ValueError naming the field when the
        return temperature is not above the supply (ΔT must be positive)."""
        supply, ret = round(self.supply.value(), 3), round(self.ret.value(), 3)
        if ret <= supply:
            raise ValueError(self.tr("Return: must be warmer than the supply ({s} \u00b0C)").format(s=f"{supply:g}"))
        facility = self.kind.currentData() == "facility"
        cap = self.capacity.value()
        flow = self.flow.value()
        return {"name": self.name.text().strip(), "kind": self.kind.currentData(),
                "cdu": None if facility else self.cdu.currentData(),
                "cdu_count": 1 if facility else self.count.value(), "coolant": self.coolant.currentData(),
                "supply_temp_c": supply, "delta_t_k": round(ret - supply, 3),
                "capacity_kw": cap if cap > 0 else None, "flow_l_per_min": flow if flow > 0 else None}

    def show_error(self, text: str) -> None:
        self.error.setText(text)
        self.error.setVisible(bool(text))


class LoopEditor(QDialog):
    """New or edit one loop. OK pushes one edit (a new loop together with assigning
    ``assign_racks`` to it); a refusal is shown in the dialog, which stays open with the
    user's input."""

    def __init__(self, doc: Document, loop_id: str | None = None, kind: str = "in-row",
                 assign_racks: list[str] | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.loop_id = loop_id
        self.assign_racks = list(assign_racks or [])
        self.setObjectName("loopEditor")
        if loop_id is not None:
            values = doc.plan.cooling_loop(loop_id).model_dump()
            self.setWindowTitle(self.tr("Edit cooling loop"))
        else:
            values = doc.attempt(lambda: self._defaults(kind), announce=False)[0] or {"name": "", "kind": kind}
            self.setWindowTitle(self.tr("New facility water loop") if kind == "facility"
                                else self.tr("New in-row CDU loop"))
        lay = QVBoxLayout(self)
        if self.assign_racks:
            names = ", ".join(doc.plan.rack(r).name for r in self.assign_racks[:6])
            hint = QLabel(self.tr("Racks that go on the new loop: {names}").format(names=names))
            hint.setWordWrap(True)
            lay.addWidget(hint)
        self.form = LoopForm(doc.catalog, values, self)
        lay.addWidget(self.form)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.commit)
        self.buttons.rejected.connect(self.reject)
        lay.addWidget(self.buttons)
        self.setMinimumWidth(420)

    def _defaults(self, kind: str) -> dict[str, Any]:
        plan = self.doc.plan
        if kind == "facility":
            return cooling.new_loop(plan, "facility", capacity_kw=100.0).model_dump()
        # sized for the racks it is for (those it gets, else the selected ones, else the racks
        # with liquid heat on no loop yet), from the engine's heat figures (planner.gestures.cooling)
        res = self.doc.results
        settings = self.doc.engine_settings
        sized = None
        if res is not None:
            racks = self.assign_racks or selected_racks(self.doc) or cooling.unlooped_liquid_racks(plan, res.racks)
            sized = cooling.sized_cdu(self.doc.catalog, cooling.loop_heat_w(res.racks, racks),
                                      settings.loop_margin if settings is not None else 1.0)
        if sized is None:
            return cooling.new_loop(plan, "in-row", cdu=cooling.default_cdu(self.doc.catalog) or "cdu").model_dump()
        return cooling.new_loop(plan, "in-row", cdu=sized[0], cdu_count=sized[1]).model_dump()

    def commit(self) -> bool:
        """OK: push the edit; True when the plan took it (the dialog then closes)."""
        plan = self.doc.plan
        made: list[Any] = []

        def build() -> Edit | None:
            values = self.form.values()
            if self.loop_id is None:
                made.append(loop := cooling.new_loop(plan, values.pop("kind"), **values))
                return cooling.add_loop_edit(plan, loop, self.assign_racks)
            return cooling.edit_loop_edit(plan, self.loop_id, values)

        try:
            edit, why = self.doc.attempt(build, announce=False)
        except ValueError as e:  # a field that is not a value (the form says which)
            self.form.show_error(error_text(e))
            return False
        if why:
            self.form.show_error(why)
            return False
        if edit is not None and not self.doc.push(edit):
            self.form.show_error(self.doc.last_refusal)
            return False
        if self.loop_id is None:
            self.loop_id = made[0].id
        self.accept()
        return True


class CoolingLoopsDialog(QDialog):
    """Plan > Cooling Loops: every loop with the engine's figures. Stays open beside the
    plan (not modal), so racks can be selected in the elevations or the floor plan and
    put on a loop with "Assign selected racks"."""

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.editor: LoopEditor | None = None
        self.setObjectName("coolingLoopsDialog")
        self.setWindowTitle(self.tr("Cooling loops"))
        self.setModal(False)
        lay = QVBoxLayout(self)
        self.table = QTableWidget(0, 7)
        self.table.setObjectName("loopTable")
        self.table.setHorizontalHeaderLabels([self.tr("Name"), self.tr("Kind"), self.tr("Supply/return"),
                                              self.tr("Load"), self.tr("Capacity"), self.tr("Flow"),
                                              self.tr("Racks")])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemSelectionChanged.connect(self._update_buttons)
        self.table.itemDoubleClicked.connect(lambda _i: self.edit_loop())
        lay.addWidget(self.table, 1)
        row1 = QHBoxLayout()
        self.btn_new_inrow = QPushButton(self.tr("New in-row CDU loop\u2026"))
        self.btn_new_inrow.clicked.connect(lambda: self.new_loop("in-row"))
        self.btn_new_facility = QPushButton(self.tr("New facility water loop\u2026"))
        self.btn_new_facility.clicked.connect(lambda: self.new_loop("facility"))
        self.btn_edit = QPushButton(self.tr("Edit\u2026"))
        self.btn_edit.clicked.connect(self.edit_loop)
        for b in (self.btn_new_inrow, self.btn_new_facility, self.btn_edit):
            row1.addWidget(b)
        row1.addStretch(1)
        lay.addLayout(row1)
        row2 = QHBoxLayout()
        # the selected racks, or racks picked from the button's menu (this window may cover the
        # elevations where they would be selected)
        self.btn_assign = QToolButton()
        self.btn_assign.setText(self.tr("Assign selected racks"))
        self.btn_assign.setObjectName("assignSelectedRacks")
        self.btn_assign.setToolTip(self.tr("Put the racks selected in the plan on this loop (one undo step). Racks on "
                                           "air become direct liquid on a CDU loop, rear doors on facility water. "
                                           "The arrow picks racks without selecting them in the plan."))
        self.btn_assign.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        self.assign_menu = QMenu(self.btn_assign)
        self.assign_menu.setObjectName("assignRackMenu")
        self.assign_menu.aboutToShow.connect(lambda: fill_rack_menu(self.assign_menu, self.doc, self.assign_selected))
        self.btn_assign.setMenu(self.assign_menu)
        self.btn_assign.clicked.connect(lambda: self.assign_selected())
        self.btn_assign.setMinimumWidth(self.btn_assign.fontMetrics().horizontalAdvance(
            self.tr("Assign selected racks ({n})").format(n=9999)) + 24)
        self.btn_delete = QPushButton(self.tr("Delete"))
        self.btn_delete.clicked.connect(lambda: self.delete_loop(False))
        self.btn_unassign_delete = QPushButton(self.tr("Unassign racks and delete"))
        self.btn_unassign_delete.clicked.connect(lambda: self.delete_loop(True))
        self.btn_unassign_delete.hide()
        row2.addWidget(self.btn_assign)
        for b in (self.btn_delete, self.btn_unassign_delete):
            row2.addWidget(b)
        row2.addStretch(1)
        close = QPushButton(self.tr("Close"))
        close.clicked.connect(self.close)
        row2.addWidget(close)
        lay.addLayout(row2)
        self.message = QLabel()
        self.message.setObjectName("loopsMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet(ERROR_STYLE)
        self.message.hide()
        lay.addWidget(self.message)
        self.resize(900, 360)  # the CDU model names the kind column
        doc.changed.connect(lambda _c: self.refresh())
        doc.resultsChanged.connect(lambda _r: self.refresh())
        doc.selectionChanged.connect(lambda _s: self._update_buttons())
        doc.planReset.connect(self.refresh)
        self.refresh()

    # -- view ------------------------------------------------------------------------
    def current_loop(self) -> str | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        item = self.table.item(rows[0].row(), 0)
        return item.data(Qt.ItemDataRole.UserRole) if item is not None else None

    def select_loop(self, loop_id: str) -> None:
        for r in range(self.table.rowCount()):
            item = self.table.item(r, 0)
            if item is not None and item.data(Qt.ItemDataRole.UserRole) == loop_id:
                self.table.selectRow(r)
                return

    def refresh(self) -> None:
        keep = self.current_loop()
        plan, results = self.doc.plan, self.doc.results
        loops = plan.cooling_loops
        self.table.setRowCount(len(loops))
        for r, lp in enumerate(loops):
            lr = results.loops.get(lp.id) if results is not None else None
            kind = self.tr("facility water") if lp.kind == "facility" else \
                self.tr("in-row, {n} \u00d7 {cdu}").format(n=lp.cdu_count, cdu=cooling.unit_name(self.doc.catalog, lp.cdu))
            cells = [lp.name, kind, f"{lp.supply_temp_c:g}/{lp.supply_temp_c + lp.delta_t_k:g} \u00b0C"]
            if lr is not None:
                cap = f"{fnum(lr.capacity_w / 1000, ',.0f')} kW" if lr.capacity_basis != "unknown" else "?"
                cells += [f"{fnum(lr.heat_w / 1000, ',.1f')} kW", cap, f"{fnum(lr.flow_l_per_min, ',.0f')} L/min", str(lr.racks)]
            else:
                cells += ["", "", "", ""]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c == 0:
                    item.setData(Qt.ItemDataRole.UserRole, lp.id)
                if c >= 3:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                if c == 3 and lr is not None:  # the load in the colour of the engine's level
                    item.setForeground(style.level_color(lr.level))
                    item.setToolTip(style.level_tip(lr.level))
                self.table.setItem(r, c, item)
        if keep is not None:
            self.select_loop(keep)
        elif loops and self.current_loop() is None:
            self.table.selectRow(0)
        self._update_buttons()

    def _update_buttons(self) -> None:
        lid = self.current_loop()
        n = len(selected_racks(self.doc))
        self.btn_edit.setEnabled(lid is not None)
        self.btn_delete.setEnabled(lid is not None)
        self.btn_assign.setEnabled(lid is not None)  # no racks selected: its menu picks them
        self.btn_assign.setText(self.tr("Assign selected racks ({n})").format(n=n) if n
                                else self.tr("Assign selected racks"))
        if lid is None or lid != getattr(self, "_refused_loop", None):
            self.btn_unassign_delete.hide()

    def _say(self, text: str) -> None:
        self.message.setText(text)
        self.message.setVisible(bool(text))

    # -- gestures ------------------------------------------------------------------------
    def new_loop(self, kind: str) -> LoopEditor:
        self.editor = LoopEditor(self.doc, kind=kind, parent=self)

        def accepted() -> None:
            if self.editor is not None and self.editor.loop_id is not None:
                self.select_loop(self.editor.loop_id)

        self.editor.accepted.connect(accepted)
        self.editor.open()
        return self.editor

    def edit_loop(self) -> LoopEditor | None:
        lid = self.current_loop()
        if lid is None:
            return None
        self.editor = LoopEditor(self.doc, loop_id=lid, parent=self)
        self.editor.open()
        return self.editor

    def assign_selected(self, rack_ids: list[str] | None = None) -> bool:
        """Put ``rack_ids`` (picked from the button's menu), else the selected racks, on the
        current loop; with neither, the menu of racks opens under the button."""
        lid = self.current_loop()
        racks = list(rack_ids) if rack_ids else selected_racks(self.doc)
        if lid is None:
            return False
        if not racks:
            fill_rack_menu(self.assign_menu, self.doc, self.assign_selected)
            self.assign_menu.popup(self.btn_assign.mapToGlobal(self.btn_assign.rect().bottomLeft()))  # not blocking
            return False
        edit, why = self.doc.attempt(lambda: cooling.assign_loop_edit(self.doc.plan, lid, racks), announce=False)
        if why:
            self._say(why)
            return False
        if edit is None:
            self._say(self.tr("The selected racks are already on this loop."))
            return False
        ok = self.doc.push(edit)
        self._say("" if ok else self.doc.last_refusal)
        return ok

    def delete_loop(self, unassign: bool) -> bool:
        """Delete: refused with the reason while racks use the loop, offering "Unassign
        racks and delete" (both leave one undo step)."""
        lid = self.current_loop()
        if lid is None:
            return False
        reason = cooling.loop_in_use_reason(self.doc.plan, lid)
        if reason and not unassign:
            self._refused_loop: str | None = lid
            self._say(message_text(reason))
            self.btn_unassign_delete.show()
            return False
        self._refused_loop = None
        self.btn_unassign_delete.hide()
        ok = self.doc.push(cooling.remove_loop_edit(self.doc.plan, lid, unassign=unassign))
        self._say("" if ok else self.doc.last_refusal)
        return ok
