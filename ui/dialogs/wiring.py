"""Wiring dialogs: Plan > Auto-wire fabric... and Connect... (from the rack view).

Auto-wire runs :func:`planner.fabric.extend.preview_design` (a new fabric) or
:func:`planner.fabric.extend.preview_extension` (Fabric: Extend <name>) on a snapshot of
the plan off the GUI thread (a ``ui.tasks.BackgroundTask``; big fabrics take a moment: ~1 s
for 2,048 eight-GPU nodes, plus the engine's compute of the added power). Its progress
(fraction, stage) comes back on the GUI thread to the dialog's bar; the result comes back
the same way and the dialog shows what would be added (switches racked and placed, links,
cables, optics, power); Apply pushes that one Compound (one undo step), Cancel adds
nothing. Cancel during the run sets the run's cancel flag, which the design checks every
cable batch (:mod:`planner.fabric.progress`): the worker stops with ``Cancelled`` and the
dialog closes once it has, with nothing pushed. The worker never touches a widget. Connect builds a
:func:`planner.fabric.wiring.connect_edit`; a refusal (port in use, unknown port) is
shown in the dialog, which stays open.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from planner.fabric.autowire import (
    SWITCH_FABRIC,
    autowire_members,
    nothing_to_wire,
    placed_switch_models,
    proposed_leaf_layout,
    wires_into,
)
from planner.fabric.extend import (
    DesignPreview,
    ExtendPreview,
    extendable_fabrics,
    fabric_shape,
    preview_design,
    preview_extension,
    unwired_devices,
)
from planner.fabric.nvlink_wire import autowire_nvlink_rack
from planner.fabric.ports import device_ports
from planner.fabric.wiring import connect_edit, used_ports
from planner.i18n import error_text, message_text
from planner.model.edits import EditRefused
from ui import units as uunits
from ui.i18n import QT_TRANSLATE_NOOP
from ui.tasks import BackgroundTask, Run
from ui.units import fmt_length_m, fnum

if TYPE_CHECKING:
    from planner.base.progress import CancelFn, ProgressFn
    from planner.catalog import Catalog
    from planner.fabric.autowire_base import AutowireResult
    from planner.fabric.extend import ExtendResult
    from ui.document import Document

log = logging.getLogger(__name__)

KINDS = ("compute", "storage", "frontend", "management")
LEAVES = ((QT_TRANSLATE_NOOP("AutowireDialog", "Rail-optimised leaves (compute)"), None),
          (QT_TRANSLATE_NOOP("AutowireDialog", "Top-of-rack leaf per rack"), "rack"),
          (QT_TRANSLATE_NOOP("AutowireDialog", "End-of-row leaves per row"), "row"))

PROGRESS_INTERVAL_S = 0.04  # at most ~25 progress updates a second (each costs the GUI thread GIL hand-overs)
UNWIRED_ROLE = Qt.ItemDataRole.UserRole + 1  # marks the source entry Extend mode adds


def _design_task(owner: QObject, what: str) -> BackgroundTask:
    """The one-thread task that runs a planner design function (auto-wire of a fabric or
    of an NVLink rack) on a plan snapshot: ``design(progress, cancelled)`` gets the two
    callbacks of :mod:`planner.fabric.progress`; a refusal (``EditRefused``) is an
    ordinary outcome, anything else a bug reported as a message."""
    return BackgroundTask(owner, what, progress_interval_s=PROGRESS_INTERVAL_S, expected_errors=(EditRefused,))


def _failure_text(error: BaseException) -> str:
    return error_text(error) if isinstance(error, EditRefused) else f"{type(error).__name__}: {error}"


def _kind(catalog: Catalog | None, slug: str) -> str:
    dev = catalog.get("device-types", slug) if catalog is not None else None
    return dev.kind if dev is not None else "other"


class AutowireDialog(QDialog):
    """Servers (selected, a group, a row or all), switch model, oversubscription, kind,
    leaf layout and switch racks; Wire runs auto-wire off the GUI thread with a progress
    bar and the stage; Cancel (or Esc, or closing the window) stops the design and the
    dialog closes once the worker has stopped, with nothing pushed."""

    wired = Signal(object)  # AutowireResult, after its edit was pushed
    extended = Signal(object)  # planner.fabric.extend.ExtendResult, after its edit was pushed

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Auto-wire fabric"))
        self.setObjectName("autowireDialog")
        self.doc = doc
        # what was pushed (not ``result``: that is QDialog.result(), the dialog's exit code)
        self.applied: AutowireResult | ExtendResult | None = None
        self._job: Run | None = None
        self.last_cancel_latency_s: float | None = None  # Cancel -> worker left the design
        self._height_before_run: int | None = None
        self._task = _design_task(self, "auto-wire")
        plan, cat = doc.plan, doc.catalog
        self.preview: ExtendPreview | DesignPreview | None = None  # the design shown, until inputs change
        self._preview_at: tuple[int, int] | None = None  # undo stack (index, count) when it was made
        self._already_wired: list[str] = []  # of the chosen devices, those wired already (parameters())
        self.mode = QComboBox(self)
        self.mode.setObjectName("autowireMode")
        self.mode.addItem(self.tr("Design a new fabric"), None)
        for f in extendable_fabrics(plan):
            self.mode.addItem(self.tr("Extend {name} (existing links stay)").format(name=f.name), f.id)
        self.source = QComboBox(self)
        self.source.setObjectName("autowireServers")
        endpoints = [pid for pid, p in plan.index.placements.items() if _kind(cat, p.device) in ("server", "storage")]
        # and the devices only the management network wires (a switch's mgmt0): each entry holds
        # them, parameters() keeps what the chosen network wires
        ends = set(endpoints)
        wirable = [pid for pid, p in plan.index.placements.items()
                   if pid in ends or wires_into(cat, p.device, "management")]
        self._wirable = wirable
        sel = [i for i in doc.selected("placement") if i in set(wirable)]
        if sel:
            self.source.addItem(self.tr("Selected devices ({n})").format(n=len(sel)), sel)
        for g in plan.groups:
            members = [m for m in g.members if m in plan.index.placements]
            self.source.addItem(self.tr("Group: {name} ({n})").format(name=g.name, n=len(members)), members)
        for room in plan.site.rooms:
            for row in room.rows:
                n = sum(1 for r in row.racks for p in r.placements if p.id in ends)
                ids = [p.id for r in row.racks for p in r.placements if p.id in set(wirable)]
                if n:
                    self.source.addItem(self.tr("Row: {name} ({n} servers/storage)").format(name=row.name, n=n), ids)
        self.source.addItem(self.tr("All servers and storage ({n})").format(n=len(endpoints)), wirable)
        self.kind = QComboBox(self)
        self.kind.setObjectName("autowireKind")
        for k in KINDS:
            self.kind.addItem(k.capitalize(), k)
        self.switch = QComboBox(self)
        self.switch.setObjectName("autowireSwitch")
        # (switch, its fabric) for every catalog switch with planning data
        self._switches = [(d, d.planning.switch.fabric) for d in (cat.devices_of_kind("switch") if cat is not None else [])
                          if d.planning is not None and d.planning.switch is not None]
        self.over = QDoubleSpinBox(self)
        self.over.setObjectName("autowireOversubscription")
        self.over.setRange(1.0, 8.0)
        self.over.setSingleStep(0.5)
        self.over.setDecimals(1)
        self.over.setSuffix(" : 1")
        self.leaves = QComboBox(self)
        self.leaves.setObjectName("autowireLeaves")
        for text, v in LEAVES:
            self.leaves.addItem(self.tr(text), v)
        self.racks = QListWidget(self)
        self.racks.setObjectName("autowireRacks")
        self.racks.setMaximumHeight(130)
        for rack in plan.racks():
            it = QListWidgetItem(self.tr("{rack} (network)").format(rack=rack.name) if "network" in rack.tags else rack.name)
            it.setData(Qt.ItemDataRole.UserRole, rack.id)
            it.setFlags(it.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            empty_or_net = "network" in rack.tags or not rack.placements
            it.setCheckState(Qt.CheckState.Checked if empty_or_net else Qt.CheckState.Unchecked)
            self.racks.addItem(it)
        self.status = QLabel(self)
        self.status.setObjectName("autowireStatus")
        self.status.setWordWrap(True)
        self.progress = QProgressBar(self)
        self.progress.setObjectName("autowireProgress")
        self.progress.setRange(0, 1000)
        self.progress.setFormat("%p%")
        self.progress.hide()
        self.stage = QLabel(self)
        self.stage.setObjectName("autowireStage")
        self.stage.setStyleSheet("color: palette(placeholder-text);")
        self.stage.hide()
        self.preview_tree = QTreeWidget(self)
        self.preview_tree.setObjectName("autowirePreview")
        self.preview_tree.setHeaderHidden(True)
        self.preview_tree.setMinimumHeight(180)
        self.preview_tree.hide()
        form = QFormLayout()
        form.addRow(self.tr("Fabric:"), self.mode)
        form.addRow(self.tr("Servers:"), self.source)
        form.addRow(self.tr("Network:"), self.kind)
        form.addRow(self.tr("Switch model:"), self.switch)
        form.addRow(self.tr("Oversubscription:"), self.over)
        form.addRow(self.tr("Leaves:"), self.leaves)
        form.addRow(self.tr("Switch racks:"), self.racks)
        self.racks_hint = QLabel(self.tr("Switches of the chosen model already racked for this network are used\n"
                                 "first. New ones go into free U of the checked racks; when those are full,\n"
                                 "new network racks are proposed at the end of a network row."), self)
        self._design_hint = self.racks_hint.text()
        form.addRow("", self.racks_hint)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.wire_button = self.buttons.addButton(self.tr("Preview"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.wire_button.setObjectName("autowireRun")
        self.wire_button.clicked.connect(self.run)
        self.cancel_button = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setObjectName("autowireCancel")
        self.buttons.rejected.connect(self.cancel)
        self.apply_button = self.buttons.addButton(self.tr("Apply"), QDialogButtonBox.ButtonRole.ApplyRole)
        self.apply_button.setObjectName("autowireApply")
        self.apply_button.clicked.connect(self.apply)
        self.apply_button.hide()
        self._inputs: list[QWidget] = [self.mode, self.source, self.kind, self.switch, self.over, self.leaves,
                                       self.racks]
        self._design_checks = [self.racks.item(i).checkState() for i in range(self.racks.count())]
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.preview_tree)
        lay.addWidget(self.status)
        lay.addWidget(self.progress)
        lay.addWidget(self.stage)
        lay.addWidget(self.buttons)
        self.kind.currentIndexChanged.connect(lambda _i: self._kind_changed())
        self._kind_changed()
        self.mode.currentIndexChanged.connect(lambda _i: self._mode_changed())
        for box in (self.source, self.kind, self.switch):
            box.currentIndexChanged.connect(lambda _i: self._drop_preview())
        self.over.valueChanged.connect(lambda _v: self._drop_preview())
        self.racks.itemChanged.connect(lambda _it: self._drop_preview())

    def _relayout(self) -> None:
        lay = self.layout()
        if lay is not None:  # the dialog's form, set in __init__
            lay.activate()

    def _kind_changed(self) -> None:
        kind = self.kind.currentData()
        wanted = SWITCH_FABRIC.get(kind, ())
        cur = self.switch.currentData()
        self.switch.clear()
        for d, fabric in sorted(self._switches, key=lambda df: (df[1] not in wanted,
                                                                 wanted.index(df[1]) if df[1] in wanted else 9,
                                                                 df[0].model)):
            self.switch.addItem(f"{d.manufacturer} {d.model} ({fabric})", d.slug)
        i = self.switch.findData(cur)
        keep = i >= 0 and self.switch.itemText(i).endswith(tuple(f"({f})" for f in wanted))
        self.switch.setCurrentIndex(i if keep else (0 if self.switch.count() else -1))
        if self.extending is None:  # a new design: the model and layout of the switches racked for it
            models = placed_switch_models(self.doc.plan, self.doc.catalog, kind) if self.doc.catalog else []
            i = self.switch.findData(models[0]) if models else -1
            if i >= 0:
                self.switch.setCurrentIndex(i)
        self._propose_layout()
        self.over.setValue(1.0 if kind in ("compute", "storage") else 5.0 if kind == "management" else 2.0)

    def _propose_layout(self) -> None:
        kind = self.kind.currentData()
        members = list(self.source.currentData() or [])
        layout = proposed_leaf_layout(self.doc.plan, self.doc.catalog, kind, members, self.switch.currentData()) \
            if self.doc.catalog is not None and self.extending is None else (None if kind == "compute" else "rack")
        self.leaves.setCurrentIndex(next(i for i, (_t, v) in enumerate(LEAVES) if v == layout))

    # -- extending an existing fabric: Preview, then Apply ---------------------------------
    @property
    def extending(self) -> str | None:
        """The id of the fabric being extended (None: a new fabric is designed)."""
        return self.mode.currentData()

    def _mode_changed(self) -> None:
        """Extend mode takes the kind and oversubscription from the fabric, proposes the
        model of its leaves for new switches and lets every rack take switches (the
        planner prefers the fabric's own racks, then network racks); Wire becomes Preview."""
        self._drop_preview()
        fid = self.extending
        plan, cat = self.doc.plan, self.doc.catalog
        for i in reversed(range(self.source.count())):  # the previous fabric's "not yet wired" entry
            if self.source.itemData(i, UNWIRED_ROLE):
                self.source.removeItem(i)
        if fid is not None:
            fab = next(f for f in plan.fabrics if f.id == fid)
            todo = unwired_devices(plan, cat, fid)
            self.source.insertItem(0, self.tr("Not yet wired into {name} ({n})").format(name=fab.name, n=len(todo)),
                                   todo)
            self.source.setItemData(0, True, UNWIRED_ROLE)
            self.source.setCurrentIndex(0)
            self.kind.setCurrentIndex(max(0, self.kind.findData(fab.kind)))
            self.over.setValue(max(1.0, float(fab.oversubscription)))
            shape, _why = self.doc.attempt(lambda: fabric_shape(plan, cat, fid), announce=False)
            leaves = shape.leaves if shape is not None else []
            if leaves:
                i = self.switch.findData(plan.index.placements[leaves[0]].device)
                if i >= 0:
                    self.switch.setCurrentIndex(i)
        for i in range(self.racks.count()):
            state = Qt.CheckState.Checked if fid is not None else self._design_checks[i]
            self.racks.item(i).setCheckState(state)
        self._lock_for_mode()
        self.racks_hint.setText(self.tr(
            "New switches go into checked racks that hold this fabric's switches first,\n"
            "then network racks, then other racks with room, then new network racks.")
            if fid is not None else self._design_hint)
        self._show(self.tr("Preview lists what will be added; nothing changes until Apply."), error=False)

    def _lock_for_mode(self) -> None:
        ext = self.extending is not None
        for w in (self.kind, self.over, self.leaves):
            w.setEnabled(not ext and self._job is None)

    def _drop_preview(self) -> None:
        """An input changed: the preview shown no longer matches; Apply needs a new one."""
        if self.preview is None:
            return
        self.preview = None
        self.preview_tree.clear()
        self.preview_tree.hide()
        self.apply_button.hide()
        self.wire_button.setDefault(True)

    def _show_preview(self, pv: ExtendPreview | DesignPreview) -> None:
        self.preview = pv
        self._preview_at = (self.doc.undo_stack.index(), self.doc.undo_stack.count())
        add, tree = pv.added, self.preview_tree
        tree.clear()
        tiers = {"leaf": self.tr("leaf"), "spine": self.tr("spine"), "core": self.tr("core")}
        design = isinstance(pv, DesignPreview)

        def group(text: str, children: list[str]) -> None:
            top = QTreeWidgetItem(tree, [text])
            for c in children:
                QTreeWidgetItem(top, [c])
            top.setExpanded(True)

        group(self.tr("Switches to add: {n}").format(n=add.switch_count),
              [self.tr("{count} \u00d7 {model} ({tier}) in {rack}: U{units}").format(
                  count=len(line.units), model=line.model, tier=tiers.get(line.tier, line.tier),
                  rack=self.tr("{rack} (new network rack)").format(rack=line.rack) if line.new_rack else line.rack,
                  units=", U".join(str(u) for u in line.units)) for line in add.switches]
              or [self.tr("none: the switches already racked take every port") if design or add.reused
                  else self.tr("none: the new servers fit free leaf ports")])
        if add.reused:
            group(self.tr("Switches already racked, now wired: {n}").format(n=sum(len(x.units) for x in add.reused)),
                  [self.tr("{count} \u00d7 {model} ({tier}) in {rack}: U{units}").format(
                      count=len(line.units), model=line.model, tier=tiers.get(line.tier, line.tier), rack=line.rack,
                      units=", U".join(str(u) for u in line.units)) for line in add.reused])
        group(self.tr("Racks receiving switches: {racks}").format(
            racks=", ".join(add.racks_with_switches) if add.racks_with_switches else self.tr("none")), [])
        group(self.tr("Cables to add: {n} ({servers} to servers, {uplinks} uplinks)").format(
            n=add.cables_total, servers=add.server_links, uplinks=add.uplinks),
              [self.tr("{count} \u00d7 {cable}, {length}").format(
                  count=n, cable=name if slug else self.tr("no catalog cable reaches"), length=fmt_length_m(length))
               for slug, name, length, n in add.cables])
        group(self.tr("Optics to add: {n} transceivers").format(n=add.optics_total),
              [self.tr("{count} \u00d7 {optic}").format(count=n, optic=name) for _slug, name, n in add.optics])
        group(uunits.lformat(self.tr("Added power: {typical:.2f} kW typical, {max:.2f} kW max"),
            typical=add.added_typical_kw, max=add.added_max_kw), [])
        for line in self._layout_lines(pv):
            group(line, [])
        if add.unrouted:
            group(self.tr("{n} links have no catalog cable for their length (see the findings)").format(
                n=add.unrouted), [])
        tree.show()
        rows = sum(1 + item.childCount() for i in range(tree.topLevelItemCount())
                   if (item := tree.topLevelItem(i)) is not None)
        tree.setMinimumHeight(min(420, (rows + 1) * max(16, tree.sizeHintForRow(0))))
        self._relayout()  # grow for the list rather than scrolling it
        self.resize(self.width(), max(self.height(), self.sizeHint().height()))
        self.apply_button.show()
        self.apply_button.setDefault(True)
        self._show(self.tr("Apply adds this as one undo step; Cancel adds nothing."), error=False)

    def _layout_lines(self, pv: ExtendPreview | DesignPreview) -> list[str]:
        """How the ports are laid out; rails only where there are any (a compute fabric)."""
        if isinstance(pv, DesignPreview):
            d = pv.result.design
            out = [self.tr("Leaves: {leaves}, spines: {spines}, cores: {cores}").format(
                leaves=d.leaves, spines=d.spines, cores=d.cores)]
            if d.rail_optimised and d.tiers > 1:
                out.append(self.tr("Rail-optimised: NIC n of every server goes to a rail-n leaf"))
            return out
        res = pv.result
        rails = res.kind == "compute"
        one = res.leaves_before == 1 and not any(sw.tier == "leaf" for sw in res.switches)
        if res.rail_pattern:
            out = [self.tr("Rails kept: NIC n of each new server goes to a rail-n leaf")]
        elif one:
            out = [self.tr("Every rail meets on the fabric's one leaf: new ports take its free ports") if rails
                   else self.tr("New ports take free ports of the fabric's one leaf")]
        else:
            out = [self.tr("No rail pattern to keep: new ports fill free leaf ports in order, then new leaves") if rails
                   else self.tr("New ports fill free leaf ports in order, then new leaves")]
        if res.tiers_after > res.tiers_before:
            out.append(self.tr("The fabric grows from {a} to {b} tiers; existing links stay").format(
                a=res.tiers_before, b=res.tiers_after))
        return out

    def apply(self) -> bool:
        """Push the previewed design or extension (one undo step) and close."""
        pv = self.preview
        if pv is None or self.running:
            return False
        if self._preview_at != (self.doc.undo_stack.index(), self.doc.undo_stack.count()):
            self._drop_preview()
            self._show(self.tr("The plan changed since the preview: preview again"))
            return False
        if not self.doc.push(pv.result.edit):
            self._show(self.doc.last_refusal)
            return False
        self.applied = pv.result
        if isinstance(pv, DesignPreview):
            self.wired.emit(pv.result)
        else:
            self.extended.emit(pv.result)
        self.accept()
        return True

    # -- parameters --------------------------------------------------------------------
    def set_values(self, servers: list[str] | None = None, kind: str | None = None, switch: str | None = None,
                   oversubscription: float | None = None, leaf_per: str | None | bool = False,
                   racks: list[str] | None = None, extend: str | None | bool = False) -> None:
        """Set the form (tests and scripted use); ``leaf_per=False`` and ``extend=False``
        leave those alone (``extend``: a fabric id, or None to design a new one)."""
        if extend is not False:
            self.mode.setCurrentIndex(self.mode.findData(extend))
        if kind is not None:
            self.kind.setCurrentIndex(self.kind.findData(kind))
        if servers is not None:
            self.source.insertItem(0, self.tr("Chosen devices ({n})").format(n=len(servers)), list(servers))
            self.source.setCurrentIndex(0)
        if switch is not None:
            self.switch.setCurrentIndex(self.switch.findData(switch))
        if oversubscription is not None:
            self.over.setValue(oversubscription)
        if leaf_per is not False:
            self.leaves.setCurrentIndex(next(i for i, (_t, v) in enumerate(LEAVES) if v == leaf_per))
        if racks is not None:
            for i in range(self.racks.count()):
                it = self.racks.item(i)
                on = it.data(Qt.ItemDataRole.UserRole) in racks
                it.setCheckState(Qt.CheckState.Checked if on else Qt.CheckState.Unchecked)

    def parameters(self) -> tuple[list[str], str, dict]:
        kind = self.kind.currentData()
        role = kind
        plan, cat = self.doc.plan, self.doc.catalog
        # what the network wires (a switch's mgmt0 for management), with a port of it still free
        servers, self._already_wired = autowire_members(plan, cat, list(self.source.currentData() or []), role,
                                                        self.switch.currentData())
        if not self.source.currentData() and self.source.currentData(UNWIRED_ROLE):
            # "Not yet wired into <fabric> (0)": every device with such ports has them all wired
            self._already_wired = autowire_members(plan, cat, self._wirable, role)[1]
        leaf_per = self.leaves.currentData()
        racks = [self.racks.item(i).data(Qt.ItemDataRole.UserRole) for i in range(self.racks.count())
                 if self.racks.item(i).checkState() == Qt.CheckState.Checked]
        kw = dict(kind=kind, oversubscription=float(self.over.value()), leaf_per=leaf_per,
                  rail_optimised=(leaf_per is None and kind == "compute"), switch_racks=racks)
        return servers, self.switch.currentData() or "", kw

    # -- running ---------------------------------------------------------------------
    def run(self) -> bool:
        servers, switch, kw = self.parameters()
        if not servers:
            self._show(message_text(nothing_to_wire(self.doc.plan, kw["kind"], self._already_wired)))
            return False
        snapshot = self.doc.plan.snapshot()  # deep copy + own index, off-thread work reads it
        catalog = self.doc.catalog
        fid = self.extending
        self._drop_preview()
        from planner.engine import power_delta

        measure = power_delta(catalog, self.doc.engine_settings)
        if fid is not None:
            def work(progress: ProgressFn, cancelled: CancelFn) -> DesignPreview | ExtendPreview:
                return preview_extension(snapshot, catalog, fid, servers, switch=switch,
                                         switch_racks=kw["switch_racks"], power_delta=measure,
                                         progress=progress, cancel=cancelled)
        else:
            def work(progress: ProgressFn, cancelled: CancelFn) -> DesignPreview | ExtendPreview:
                return preview_design(snapshot, catalog, servers, switch, power_delta=measure, progress=progress,
                                      cancel=cancelled, **kw)
        self._set_running(True)
        if fid is None:
            self._show(self.tr("Designing the {kind} fabric for {n} devices\u2026").format(
                kind=kw['kind'], n=fnum(len(servers), ',')), error=False)
        else:
            self._show(self.tr("Working out what {n} devices add to the fabric\u2026").format(n=len(servers)),
                       error=False)
        self._job = self._task.start(work, on_done=self._done, on_failed=self._failed, on_cancelled=self._cancelled,
                                     on_progress=self._progress)
        return True

    @property
    def running(self) -> bool:
        return self._job is not None

    def _set_running(self, on: bool) -> None:
        for w in self._inputs:
            w.setEnabled(not on)
        self.wire_button.setEnabled(not on)
        self.apply_button.setEnabled(not on)
        self.cancel_button.setEnabled(True)
        if on:
            self.progress.setValue(0)
        self.progress.setVisible(on)
        self.stage.setText("")
        self.stage.setVisible(on)
        if on:  # grow for the bar and stage rather than squeezing the rack list
            self._relayout()
            self._height_before_run = self.height()
            self.resize(self.width(), max(self.height(), self.sizeHint().height()))
        elif self._height_before_run is not None:  # and give the room back
            self._relayout()
            self.resize(self.width(), max(self._height_before_run, self.minimumSizeHint().height()))
            self._height_before_run = None

    def _current(self) -> Run | None:
        """The running job (the task reports nothing of an older one)."""
        return self._job

    def _end(self, job: Run) -> None:
        self._job = None
        self._set_running(False)
        self._lock_for_mode()
        if job.cancel_latency_s is not None:
            self.last_cancel_latency_s = job.cancel_latency_s
            log.info("auto-wire cancelled: the worker stopped %.0f ms after Cancel", job.cancel_latency_s * 1000)

    def _progress(self, fraction: float, stage: str) -> None:
        job = self._current()
        if job is None or job.cancelled():
            return
        self.progress.setValue(round(fraction * 1000))
        self.stage.setText(stage)

    def _cancelled(self) -> None:
        job = self._current()
        if job is None:
            return
        self._end(job)
        super().reject()

    def _done(self, res: DesignPreview | ExtendPreview) -> None:
        job = self._current()
        if job is None:
            return  # a run that is no longer this dialog's
        self._end(job)
        if job.cancelled():  # finished just as Cancel was pressed: the user asked for nothing
            super().reject()
            return
        self._show_preview(res)  # what it adds; Apply pushes it

    def _failed(self, error: BaseException) -> None:
        job = self._current()
        if job is None:
            return
        self._end(job)
        if job.cancelled():
            super().reject()
            return
        self._show(_failure_text(error))

    def _show(self, text: str, error: bool = True) -> None:
        self.status.setText(text)
        self.status.setStyleSheet("color: #c0392b; font-weight: 600;" if error else "")

    def cancel(self) -> None:
        """The Cancel button: stop a running design (see :meth:`reject`) or close."""
        self.reject()

    def reject(self) -> None:
        """Cancel, Esc and the window's close button: while a design runs, ask it to stop
        and close when the worker reports it has (the dialog stays responsive meanwhile);
        otherwise close."""
        job = self._job
        if job is None:
            super().reject()
            return
        job.cancel()
        self.cancel_button.setEnabled(False)
        self.stage.setText(self.tr("Stopping the design\u2026"))
        self._show(self.tr("Cancelling: nothing will be added to the plan"), error=False)

    def wait(self, msecs: int = 30000) -> bool:
        """Block until no design runs in this dialog's pool (tests, shutdown)."""
        return self._task.wait(msecs)


class ConnectDialog(QDialog):
    """Connect one port of a device to a port of another (one Connect edit)."""

    def __init__(self, doc: Document, placement_id: str, port: str | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Connect"))
        self.setObjectName("connectDialog")
        self.doc = doc
        self.placement_id = placement_id
        plan = doc.plan
        used = used_ports(plan)
        self.fabric = QComboBox(self)
        self.fabric.setObjectName("connectFabric")
        self.fabric.addItem(self.tr("Automatic (by port kind)"), None)
        for f in plan.fabrics:
            self.fabric.addItem(f"{f.name} ({f.kind})", f.id)
        self.from_port = QComboBox(self)
        self.from_port.setObjectName("connectFromPort")
        self._fill_ports(self.from_port, placement_id, used)
        if port is not None:
            self.from_port.setCurrentIndex(max(0, self.from_port.findData(port)))
        self.to_device = QComboBox(self)
        self.to_device.setObjectName("connectToDevice")
        for pid, p in sorted(plan.index.placements.items(), key=lambda kv: kv[1].name or kv[0]):
            if pid == placement_id:
                continue
            dp = device_ports(doc.catalog, p.device)
            if dp is not None and dp.ports:
                self.to_device.addItem(f"{p.name or pid} ({p.device})", pid)
        self.to_port = QComboBox(self)
        self.to_port.setObjectName("connectToPort")
        self.to_device.currentIndexChanged.connect(
            lambda _i: self._fill_ports(self.to_port, self.to_device.currentData(), used_ports(self.doc.plan)))
        self._fill_ports(self.to_port, self.to_device.currentData(), used)
        self.status = QLabel(self)
        self.status.setObjectName("connectStatus")
        self.status.setWordWrap(True)
        self.status.setStyleSheet("color: #c0392b; font-weight: 600;")
        p = plan.index.placements[placement_id]
        form = QFormLayout()
        form.addRow(self.tr("Device:"), QLabel(p.name or placement_id, self))
        form.addRow(self.tr("Port:"), self.from_port)
        form.addRow(self.tr("To device:"), self.to_device)
        form.addRow(self.tr("To port:"), self.to_port)
        form.addRow(self.tr("Fabric:"), self.fabric)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        ok = buttons.addButton(self.tr("Connect"), QDialogButtonBox.ButtonRole.AcceptRole)
        ok.setObjectName("connectRun")
        ok.clicked.connect(self.connect_ports)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.status)
        lay.addWidget(buttons)

    def _fill_ports(self, box: QComboBox, pid: str | None, used: dict) -> None:
        box.clear()
        if pid is None or pid not in self.doc.plan.index.placements:
            return
        dp = device_ports(self.doc.catalog, self.doc.plan.index.placements[pid].device)
        for port in dp.ports if dp is not None else ():
            busy = (pid, port.name) in used or (pid, port.name + "*") in used
            text = f"{port.name}  {fnum(port.speed_gbps, 'g')}G {port.role}"
            box.addItem(self.tr("{port}  (in use)").format(port=text) if busy else text, port.name)

    def connect_ports(self) -> bool:
        a = (self.placement_id, self.from_port.currentData())
        b = (self.to_device.currentData(), self.to_port.currentData())
        if None in a or None in b:
            self.status.setText(self.tr("Choose a port at each end"))
            return False
        fabric = self.fabric.currentData()
        edit, why = self.doc.attempt(lambda: connect_edit(self.doc.plan, self.doc.catalog, a, b, fabric),
                                     announce=False)
        if edit is None:
            self.status.setText(why)
            return False
        if not self.doc.push(edit):
            self.status.setText(self.doc.last_refusal)
            return False
        self.accept()
        return True


class NvlinkAutowirer(QObject):
    """Plan > Auto-wire NVLink Domain: :func:`autowire_nvlink_rack` for one rack on a
    snapshot in a pool thread; its one Compound edit is pushed when it returns (one undo
    step). A refusal (no trays, ports already wired) is reported through the document."""

    wired = Signal(object)  # AutowireResult, after its edit was pushed
    failed = Signal(str)
    progress = Signal(float, str)  # fraction, stage (from the worker, on the GUI thread)
    cancelled = Signal()

    def __init__(self, doc: Document, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self._task = _design_task(self, "NVLink auto-wire")
        self._job: Run | None = None

    @property
    def running(self) -> bool:
        return self._job is not None

    def target_rack(self) -> str | None:
        """The rack of the selection (a rack, or the rack of a selected device)."""
        idx = self.doc.plan.index
        for kind, i in reversed(self.doc.selection):
            if kind == "rack" and i in idx.racks:
                return i
            if kind == "placement" and i in idx.placements:
                return idx.placement_rack.get(i)
        return None

    def run(self, rack_id: str | None = None) -> bool:
        rack_id = rack_id or self.target_rack()
        if rack_id is None:
            self._fail(self.tr("Select an NVL72 rack (or a tray in it) to wire its NVLink domain"))
            return False
        if self._job is not None:
            self._fail(self.tr("An NVLink auto-wire is already running"))
            return False
        snapshot = self.doc.plan.snapshot()  # deep copy + own index, off-thread work reads it
        catalog = self.doc.catalog
        self._job = self._task.start(
            lambda progress, cancelled: autowire_nvlink_rack(snapshot, catalog, rack_id, progress=progress,
                                                             cancel=cancelled),
            on_done=self._done, on_failed=self._failed, on_cancelled=self._cancelled, on_progress=self._progress)
        return True

    def cancel(self) -> None:
        """Ask the running design to stop; ``cancelled`` follows when it has."""
        if self._job is not None:
            self._job.cancel()

    def _progress(self, fraction: float, stage: str) -> None:
        if self._job is not None:
            self.progress.emit(fraction, stage)

    def _cancelled(self) -> None:
        if self._job is None:
            return
        self._job = None
        self.cancelled.emit()

    def _done(self, res: AutowireResult) -> None:
        if self._job is None:
            return
        job, self._job = self._job, None
        if job.cancelled():
            self.cancelled.emit()
            return
        if self.doc.push(res.edit):  # a refusal is emitted by the document (status bar)
            self.wired.emit(res)

    def _failed(self, error: BaseException) -> None:
        if self._job is None:
            return
        self._job = None
        self._fail(_failure_text(error))

    def _fail(self, message: str) -> None:
        self.failed.emit(self.doc.refuse(message))

    def wait(self, msecs: int = 30000) -> bool:
        return self._task.wait(msecs)
