"""Inspector: the selection's properties, each editable field pushes a SetProperty
(or MovePlacement for a device's U/face, so the placement rules still apply).

Catalog figures of the selected device are shown read-only; the engine's figures for
a rack come from the document's results.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from planner.gestures import cooling
from planner.gestures import phases as phase_gestures
from planner.gestures.builders import set_name_edit
from planner.gestures.cooling import LOOP_METHODS
from planner.i18n import error_text, message_text
from planner.model.edits import Change, Edit, MovePlacement, SetProperty
from planner.model.placement import rack_dims
from planner.model.plan import COOLING_METHOD_NAMES, CoolingChoice, cooling_method_name
from ui import style
from ui import units as uunits
from ui.dialogs.cooling_loops import loop_summary
from ui.dialogs.needs_data import needs_data_text
from ui.i18n import TrDict
from ui.scenes.rack import rack_figures_text
from ui.units import fnum
from ui.wheel import guard_wheel

if TYPE_CHECKING:
    from planner.engine.rack import CordResult
    from ui.dialogs.cooling_loops import LoopEditor
    from ui.dialogs.price_override import PriceOverrideDialog
    from ui.document import Document

COOLING_METHODS = list(COOLING_METHOD_NAMES.items())
# what a selected thing without a page of its own is called
_KIND_TEXT = TrDict("Inspector", {
    "group": QT_TRANSLATE_NOOP("Inspector", "Server group"), "workload": QT_TRANSLATE_NOOP("Inspector", "Workload"),
    "link": QT_TRANSLATE_NOOP("Inspector", "Link"), "loop": QT_TRANSLATE_NOOP("Inspector", "Cooling loop"),
    "source": QT_TRANSLATE_NOOP("Inspector", "Power source"), "feed": QT_TRANSLATE_NOOP("Inspector", "Feed"),
    "fabric": QT_TRANSLATE_NOOP("Inspector", "Fabric"), "room": QT_TRANSLATE_NOOP("Inspector", "Room"),
})


class Inspector(QWidget):
    # the scroll area shadows QWidget.scroll(dx, dy), which nothing here calls (tests read it)
    scroll: QScrollArea  # type: ignore[assignment]
    results_label: QLabel | None
    loop_results_label: QLabel | None

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.scroll = QScrollArea(self)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # Tab goes from field to field, not to the frame
        self.error = QLabel(self)
        self.error.setObjectName("inspectorError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #d64541; font-weight: 600;")
        self.error.hide()
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.addWidget(self.scroll, 1)
        lay.addWidget(self.error)
        self.fields: dict[str, QWidget] = {}
        self._shown: tuple[tuple[str, str], ...] | None = None
        doc.selectionChanged.connect(lambda _s: self.rebuild())
        doc.changed.connect(self._on_changed)
        doc.resultsChanged.connect(lambda _r: self._update_results())
        doc.planReset.connect(self.rebuild)
        self.rebuild()

    # -- refresh ---------------------------------------------------------------------
    def _on_changed(self, change: Change) -> None:
        sel = self.doc.selection
        touched = {("placement", i) for i in change.placements} | {("rack", i) for i in change.racks} | \
            {("row", i) for i in change.rows} | {("feed", i) for i in change.feeds} | \
            {("loop", i) for i in change.loops} | {("room", i) for i in change.rooms} | \
            {("source", i) for i in change.sources} | {("fabric", i) for i in change.fabrics}
        shows_loops = change.loops and any(k in ("rack", "row") for k, _ in sel)  # the loop choice lists them
        if any(s in touched for s in sel) or change.structure or (change.metadata and not sel) or shows_loops:
            self.rebuild()
        elif (change.feeds or change.sources) and any(k in ("placement", "rack", "feed", "source") for k, _ in sel):
            self.rebuild()  # a PDU's feed list, a feed's source list: feeds or sources were added, removed, renamed

    def _focus_key(self) -> tuple[str, int] | None:
        """The focused widget of the form shown, as (object name, its rank among the
        focusable widgets of that name), so the rebuilt form can give focus back to the same
        field: an edit committed by Tab rebuilds the form, and the field Tab went to must keep
        the focus (it went to the scroll area)."""
        fw = QApplication.focusWidget()
        body = self.scroll.widget()
        if fw is None or body is None or not body.isAncestorOf(fw):
            return None
        parent = fw.parentWidget()
        if not fw.objectName() and parent is not None and parent.objectName().startswith("field_"):
            fw = parent  # a spin box's or combo's own line edit: the field itself
        same = [w for w in self._focus_chain(body) if w.objectName() == fw.objectName()]
        return (fw.objectName(), same.index(fw)) if fw in same else None

    @staticmethod
    def _focus_chain(body: QWidget) -> list[QWidget]:
        """The widgets of ``body`` that Tab stops at, in tab order."""
        out: list[QWidget] = []
        w = body.nextInFocusChain()
        while w is not None and w is not body and len(out) < 2000:
            if body.isAncestorOf(w) and w.focusPolicy() & Qt.FocusPolicy.TabFocus and w.isEnabled():
                out.append(w)
            w = w.nextInFocusChain()
        return out

    def _restore_focus(self, key: tuple[str, int] | None) -> None:
        if key is None:
            return
        body = self.scroll.widget()
        if body is None:
            return
        same = [w for w in self._focus_chain(body) if w.objectName() == key[0]]
        if same:
            target = same[min(key[1], len(same) - 1)]
            target.setFocus(Qt.FocusReason.TabFocusReason)
            self.scroll.ensureWidgetVisible(target)

    def rebuild(self) -> None:
        focus = self._focus_key()
        self.fields = {}
        self.price_label: QLabel | None = None
        self._cords_shown: tuple[str, tuple[tuple[str, int | None], ...], tuple[CordResult, ...]] | None = None
        body = QWidget()
        self._body = QVBoxLayout(body)
        self._body.setContentsMargins(2, 2, 2, 2)
        sel = self.doc.selection
        if not sel:
            self._plan_summary()
        elif len(sel) > 1:
            kinds = sorted({k for k, _ in sel})
            self._body.addWidget(QLabel(self.tr("{n} items selected ({kinds}).\nDelete, Copy and Duplicate "
                                                "act on all of them.").format(n=len(sel), kinds=", ".join(kinds))))
            self._selection_phase(sel)
        else:
            kind, eid = sel[0]
            builder = getattr(self, f"_show_{kind}", None)
            try:
                if builder is not None:
                    builder(eid)
                else:
                    self._body.addWidget(QLabel(self.tr("{kind} {id}").format(kind=_KIND_TEXT.get(kind, kind), id=eid)))
            except KeyError:
                self._body.addWidget(QLabel(self.tr("The selected item no longer exists.")))
        self._body.addStretch(1)
        # long values (a GB200 tray's model, a rack's figures) wrap instead of widening the
        # dock, which pushed the main window past the screen and clipped the right docks
        for label in body.findChildren(QLabel):
            label.setWordWrap(True)
        old = self.scroll.takeWidget()
        if old is not None:
            old.hide()
            old.deleteLater()  # an editor of the old form may be the sender that triggered this rebuild
        guard_wheel(body)  # the wheel scrolls the form; it changes a value only in the focused editor
        self.scroll.setWidget(body)
        if self._shown == sel:  # the same thing, redrawn after an edit: the same field keeps the focus
            self._restore_focus(focus)
        self._shown = sel

    def _group(self, title: str) -> QFormLayout:
        box = QGroupBox(title)
        form = QFormLayout(box)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)
        self._body.addWidget(box)
        return form

    def _push(self, edit: Edit) -> bool:
        if self.doc.push(edit):
            self.error.hide()
            return True
        self.error.setText(self.doc.last_refusal)
        self.error.show()
        return False

    # -- editors -------------------------------------------------------------------------
    def _line(self, form: QFormLayout, label: str, kind: str, eid: str, field: str, value: str) -> QLineEdit:
        w = QLineEdit(value)
        w.setObjectName(f"field_{field}")

        def commit() -> None:
            if w.text() != str(getattr(self._entity(kind, eid), field)):
                self._push(set_name_edit(self.doc.plan, kind, eid, w.text()) if field == "name"
                           else SetProperty(kind, eid, field, w.text()))

        w.editingFinished.connect(commit)
        form.addRow(label, w)
        self.fields[field] = w
        return w

    def _number(self, form: QFormLayout, label: str, kind: str, eid: str, field: str, value: float,
                lo: float, hi: float, decimals: int = 1, quantity: str | None = None) -> QDoubleSpinBox:
        """A float field; ``quantity`` ('length_m', ...) converts at display only."""
        w = QDoubleSpinBox()
        w.setObjectName(f"field_{field}")
        unit = uunits.current()
        to_disp, from_disp, suffix = uunits.converters(quantity, unit)
        w.setDecimals(decimals)
        w.setRange(to_disp(lo), to_disp(hi))
        w.setValue(to_disp(value))
        if suffix:
            w.setSuffix(f" {suffix}")
        w.setKeyboardTracking(False)

        def commit() -> None:
            new = from_disp(w.value())
            if abs(new - float(getattr(self._entity(kind, eid), field))) > 1e-9:
                self._push(SetProperty(kind, eid, field, new))

        w.editingFinished.connect(commit)
        form.addRow(label, w)
        self.fields[field] = w
        return w

    def _choice(self, form: QFormLayout, label: str, options: Sequence[tuple[object, str]], current: object,
                on_pick: Callable[[Any], object], name: str) -> QComboBox:
        """A choice of ``options`` (value, text); ``on_pick`` gets the value picked (the
        combo's item data: a string, a number or None)."""
        w = QComboBox()
        w.setObjectName(f"field_{name}")
        w.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        w.setMinimumContentsLength(10)
        for value, text in options:
            w.addItem(text, value)
        i = w.findData(current)
        w.setCurrentIndex(i if i >= 0 else 0)
        w.currentIndexChanged.connect(lambda _i: on_pick(w.currentData()))
        form.addRow(label, w)
        self.fields[name] = w
        return w

    # -- growth phases (docs/phases.md) -----------------------------------------------------
    def _phase_options(self, kind: str = "", eid: str = "") -> list[tuple[object, str]]:
        """The phases to choose from, the first entry "none named": for a device, the phase of
        its rack (a device of production's rack that names no phase comes with production,
        docs/phases.md; the entry said "Pilot (not named: the first)" there), else the first."""
        plan = self.doc.plan
        phases = plan.growth_phases
        unnamed = self.tr("{phase} (not named: the first)").format(phase=phases[0].name)
        if kind == "placement" and eid:
            rack_id = plan.index.placement_rack.get(eid)
            rack = plan.rack(rack_id) if rack_id is not None else None
            k = next((i for i, ph in enumerate(phases) if rack is not None and ph.id == rack.growth_phase), 0)
            unnamed = self.tr("{phase} (not named: with its rack)").format(phase=phases[k].name)
        return [(None, unnamed), *((ph.id, ph.name) for ph in phases)]

    def _phase_choice(self, form: QFormLayout, kind: str, eid: str) -> None:
        """The growth phase that adds the entity (only when the plan has phases)."""
        if not self.doc.plan.growth_phases:
            return
        current = self._entity(kind, eid).growth_phase

        def pick(value: object) -> None:
            if value != self._entity(kind, eid).growth_phase:
                self._push(SetProperty(kind, eid, "growth_phase", value))

        self._choice(form, self.tr("Growth phase"), self._phase_options(kind, eid), current, pick, "growth_phase")

    def _selection_phase(self, sel: Sequence[tuple[str, str]]) -> None:
        """Put the selected racks, devices, feeds, loops and cables into a phase: one undo step."""
        ids = [i for k, i in sel if k in phase_gestures.PHASED_KINDS]
        if not self.doc.plan.growth_phases or not ids:
            return
        form = self._group(self.tr("Growth phase"))
        opts: list[tuple[object, str]] = [("", self.tr("Choose a phase for the selection\u2026")),
                                          *self._phase_options()]

        def pick(value: object) -> None:
            if value == "":
                return
            if self.doc.push_built(lambda: phase_gestures.set_phase(self.doc.plan, ids, value if isinstance(
                    value, str) else None), announce=False) is None:
                self.error.setText(self.doc.last_refusal)
                self.error.show()

        self._choice(form, self.tr("Phase of {n} items").format(n=len(ids)), opts, "", pick, "selection_phase")

    def _entity(self, kind: str, eid: str) -> Any:
        from planner.model.edits import _find_entity

        return _find_entity(self.doc.plan, kind, eid)

    # -- per kind ----------------------------------------------------------------------
    def _plan_summary(self) -> None:
        md = self.doc.plan.metadata
        form = self._group(self.tr("Plan"))
        self._line(form, self.tr("Site"), "site", None, "name", self.doc.plan.site.name)  # type: ignore[arg-type]
        self._line(form, self.tr("Customer"), "metadata", None, "customer", md.customer)  # type: ignore[arg-type]
        self._line(form, self.tr("Project"), "metadata", None, "project", md.project)  # type: ignore[arg-type]
        self._line(form, self.tr("Author"), "metadata", None, "author", md.author)  # type: ignore[arg-type]
        self._line(form, self.tr("Revision"), "metadata", None, "revision", md.revision)  # type: ignore[arg-type]
        self._number(form, self.tr("PUE"), "metadata", None, "pue", md.pue, 1.0, 5.0, 2)  # type: ignore[arg-type]
        from planner.i18n import format_date

        # in the app's language, as every other figure (German: USD 0,9605, 28.02.2025)
        rates = ", ".join(f"{c} {fnum(r, '.6g')}" for c, r in md.exchange_rates.items()) or self.tr("none")
        money = QLabel(self.tr("{cur}; exchange rates: {rates}{date}; {price:g} {cur}/kWh, utilisation {util:g} %")
                       .replace("{cur}", md.currency).replace("{rates}", rates)
                       .replace("{date}", f" ({format_date(md.exchange_rates_date)})" if md.exchange_rates_date else "")
                       .replace("{price:g}", fnum(md.electricity_price_per_kwh, "g"))
                       .replace("{util:g}", fnum(md.utilisation * 100, "g"))
                       .replace(" %", "\u00a0%"))  # a wrapped line never starts with a lone '%'
        money.setObjectName("planMoney")
        money.setToolTip(self.tr("Change in Plan > Plan Settings…"))
        form.addRow(self.tr("Money"), money)
        plan = self.doc.plan
        if plan.feeds:
            feeds = self._group(self.tr("Power feeds"))
            for f in plan.feeds:
                feeds.addRow(self._link(self.tr("{name} (side {side})").format(name=f.name, side=f.side), ("feed", f.id)),
                             QLabel(self.tr("{v} V {phases}-phase, {a} A").format(
                                 v=fnum(f.voltage_v, "g"), phases=f.phases, a=fnum(f.breaker_a, "g"))))
        if plan.cooling_loops:
            loops = self._group(self.tr("Cooling loops"))
            for c in plan.cooling_loops:
                loops.addRow(self._link(c.name, ("loop", c.id)), QLabel(loop_summary(c, self.doc.catalog)))
        hint = QLabel(self.tr("Select a rack or a device to see its properties."))
        hint.setEnabled(False)
        hint.setWordWrap(True)
        self._body.addWidget(hint)

    def _show_placement(self, pid: str) -> None:
        plan = self.doc.plan
        p = plan.placement(pid)
        rack = plan.rack_of(pid)
        dev = self.doc.catalog.get("device-types", p.device) if self.doc.catalog is not None else None
        form = self._group(self.tr("Device"))
        self._line(form, self.tr("Name"), "placement", pid, "name", p.name)
        self._line(form, self.tr("Asset tag"), "placement", pid, "asset_tag", p.asset_tag)
        self._line(form, self.tr("Serial"), "placement", pid, "serial", p.serial)
        kind = QLabel(f"{dev.manufacturer} {dev.model}" if dev else self.tr("{slug} (not in catalog)").format(slug=p.device))
        kind.setWordWrap(True)
        form.addRow(self.tr("Type"), kind)
        form.addRow(self.tr("Id"), QLabel(p.id))
        form.addRow(self.tr("Rack"), QLabel(rack.name))
        self._phase_choice(form, "placement", pid)
        if p.u is not None:
            rd = rack_dims(self.doc.catalog, rack.rack_type)
            u = QSpinBox()
            u.setObjectName("field_u")
            u.setRange(1, rd.u_height if rd else 60)
            u.setValue(p.u)
            u.setKeyboardTracking(False)
            u.editingFinished.connect(lambda: u.value() != p.u and self._push(
                MovePlacement(pid, rack.id, u.value(), checker=self.doc.checker)))
            form.addRow(self.tr("Lowest U"), u)
            self.fields["u"] = u
            self._choice(form, self.tr("Face"), [("front", self.tr("Front")), ("rear", self.tr("Rear"))], p.face,
                         lambda f: f != p.face and self._push(MovePlacement(pid, rack.id, p.u, f,
                                                                            checker=self.doc.checker)), "face")
        else:
            self._choice(form, self.tr("Side"), [("left", self.tr("Left")), ("right", self.tr("Right"))], p.side,
                         lambda s: s != p.side and self._push(SetProperty("placement", pid, "side", s)), "side")
        if dev is not None and dev.kind == "pdu":
            self._feed_choice(form, self.tr("Power feed"), pid, p.feed)
        elif dev is not None:
            self._cords_section(pid)
        self._price_section(p.device, f"{dev.manufacturer} {dev.model}" if dev else p.device)
        if dev is not None:
            cat = self._group(self.tr("Catalog figures"))
            height = self.tr("{u} U (full depth)") if dev.is_full_depth else self.tr("{u} U")
            cat.addRow(self.tr("Height"), QLabel(height.format(u=fnum(dev.u_height, "g"))))
            if dev.max_power_w:
                cat.addRow(self.tr("Max power"), QLabel(f"{fnum(dev.max_power_w / 1000, '.2f')} kW"))
            if dev.typical_power_w and dev.typical_power_w != dev.max_power_w:
                cat.addRow(self.tr("Typical power"), QLabel(f"{fnum(dev.typical_power_w / 1000, '.2f')} kW"))
            power = dev.planning.power if dev.planning is not None else None
            if not dev.max_power_w and power is not None and power.nameplate_w and power.psu_rating_w:
                cat.addRow(self.tr("PSU nameplate"), QLabel(self.tr("{count} x {rating} W").format(
                    count=power.psu_count, rating=f"{fnum(power.psu_rating_w, ',.0f')}")))
            if dev.gpu_count:
                gpu = self.doc.catalog.get("gpus", dev.gpu_slug) if dev.gpu_slug else None
                cat.addRow(self.tr("GPUs"), QLabel(f"{dev.gpu_count} x {gpu.model if gpu else dev.gpu_slug}"))
            if dev.needs_data:
                need = QLabel(needs_data_text(dev.needs_data))
                need.setObjectName("needsData")
                need.setWordWrap(True)
                need.setToolTip(self.tr("The catalog entry lacks these figures (imported from NetBox?); the engine "
                                        "counts what is missing as zero. Fill them in the catalog file."))
                cat.addRow(self.tr("Needs data"), need)
            if dev.mass_kg:
                cat.addRow(self.tr("Mass"), QLabel(uunits.fmt_mass(dev.mass_kg)))
            if dev.depth_mm:
                cat.addRow(self.tr("Depth"), QLabel(uunits.fmt_length_mm(dev.depth_mm)))
            srcs = dev.sources
            if srcs:
                s = QLabel("; ".join(src.title for src in srcs[:3]))
                s.setWordWrap(True)
                cat.addRow(self.tr("Sources"), s)

    # -- price (the engine's BOM line; a per-plan price through planner.gestures.plan_settings) ---------
    def _price_section(self, slug: str, name: str) -> None:
        form = self._group(self.tr("Price"))
        self.price_label = QLabel()
        self.price_label.setObjectName("priceLine")
        self.price_label.setWordWrap(True)
        self._price_slug = slug
        self._fill_price(self.price_label, slug)
        form.addRow(self.price_label)
        btn = QPushButton(self.tr("Price for this plan…"))
        btn.setObjectName("priceForPlan")
        btn.clicked.connect(lambda: self.open_price_dialog(slug, name))
        self.fields["price_for_plan"] = btn
        form.addRow(btn)

    def open_price_dialog(self, slug: str, name: str) -> PriceOverrideDialog:
        from ui.dialogs.price_override import PriceOverrideDialog

        dlg = PriceOverrideDialog(self.doc, slug, name, self.window())
        self.price_dialog = dlg
        dlg.open()
        return dlg

    def _fill_price(self, lbl: QLabel, slug: str) -> None:
        res = self.doc.results
        line = next((b for b in res.bom if b.slug == slug), None) if res is not None else None
        if line is None:
            lbl.setText(self.tr("No results yet."))
        elif line.unit_price is None:
            lbl.setText(self.tr("No price: not in the capex, which is incomplete."))
        elif line.basis == "included":  # sold inside another entry's price (catalog price.basis): not "0 USD each"
            host = self._included_in(line.table, slug)
            text = (self.tr("Included in the price of {entry}, {qty} in the plan").replace(
                "{entry}", self.doc.catalog.entry_name("device-types", host)) if host
                else self.tr("Included in another item's price, {qty} in the plan"))
            lbl.setText(text.replace("{qty}", fnum(line.quantity, ",")))
        else:
            text = (self.tr("{price} {currency} each, {qty} in the plan").replace("{price}", f"{fnum(line.unit_price, ',.0f')}")
                    .replace("{currency}", line.currency or "").replace("{qty}", f"{fnum(line.quantity, ',')}"))
            if line.price_source == "plan":
                ov = self.doc.plan.metadata.price_overrides.get(slug)
                src = f" ({ov.source})" if ov is not None and ov.source else ""
                text += " · " + self.tr("price set for this plan{source}").replace("{source}", src)
            elif line.estimated:  # a planning estimate is said to be one wherever its price is shown
                text += " · " + self.tr("catalog estimate, not a quote (basis: {basis})").replace(
                    "{basis}", line.basis or "")
            else:
                text += " · " + self.tr("catalog price")
            if line.rate is None:
                text += " · " + self.tr("no exchange rate: not in the capex")
            lbl.setText(text)

    def _included_in(self, table: str, slug: str) -> str | None:
        """The catalog entry whose price includes ``slug``'s (its price's ``included_in``)."""
        item = self.doc.catalog.get(table, slug) if self.doc.catalog is not None else None
        price = getattr(item, "price", None) or getattr(getattr(item, "planning", None), "price", None)
        return getattr(price, "included_in", None)

    def _feed_choice(self, form: QFormLayout, label: str, pid: str, current: str | None) -> QComboBox:
        plan = self.doc.plan
        srcs = {s.id: s.name for s in plan.power_sources}
        feeds: list[tuple[str | None, str]] = [(None, self.tr("(not connected)"))]
        for f in plan.feeds:
            if f.upstream in srcs:
                text = self.tr("{name} (side {side}, on {source})").format(name=f.name, side=f.side,
                                                                         source=srcs[f.upstream])
            else:
                text = self.tr("{name} (side {side})").format(name=f.name, side=f.side)
            feeds.append((f.id, text))
        def pick(feed: str | None) -> None:
            if feed != self.doc.plan.placement(pid).feed:
                self._push(SetProperty("placement", pid, "feed", feed))

        w = self._choice(form, label, feeds, current, pick, f"feed_{pid}")
        if not plan.feeds:
            w.setToolTip(self.tr("No feeds yet: add them in Plan > Power Feeds and Sources"))
        return w

    def _cords_section(self, pid: str) -> None:
        """The device's PSU cords: PDU, outlet and phase of each (the engine's spread unless
        pinned), and an editor that pins one cord to a PDU outlet (planner.gestures.power_edits)."""
        from planner.gestures.power_edits import (
            current_cords,
            pdu_info,
            phase_name,
            pin_cord_edit,
            spread_cords_edit,
        )

        plan = self.doc.plan
        res = self.doc.results
        rack_id = plan.index.placement_rack[pid]
        rr = res.racks.get(rack_id) if res is not None else None
        engine = list(rr.cords.get(pid, ())) if rr is not None else []
        cords = current_cords(plan, res, pid)
        self._cords_shown = (pid, tuple(cords), tuple(engine))
        p = plan.placement(pid)
        if not cords and not p.power:
            return
        box = self._group(self.tr("Power cords"))
        cat = self.doc.catalog
        names = {}
        for k, (pdu, outlet) in enumerate(cords):
            info = pdu_info(cat, plan, pdu)
            pdu_p = plan.index.placements.get(pdu)
            pname = (pdu_p.name or pdu) if pdu_p is not None else pdu
            names[pdu] = pname
            pinned = bool(p.power) and k < len(p.power) and p.power[k].outlet is not None
            if outlet is None or info is None:
                text = self.tr("{pdu}, outlet not known yet").format(pdu=pname)
            else:
                ph = phase_name(info.wiring, info.phases, info.phase_of(outlet))
                how = self.tr("pinned") if pinned else self.tr("spread by the engine")
                text = self.tr("{pdu} outlet {outlet}, {phase} ({how})").format(pdu=pname, outlet=outlet, phase=ph,
                                                                             how=how)
            lbl = QLabel(text)
            lbl.setObjectName(f"cord_{k + 1}")
            box.addRow(self.tr("Cord {n}").format(n=k + 1), lbl)
        if not cords:
            return
        # the pin editor: cord, PDU (the rack's, and any other the device plugs into), outlet
        rack_pdus = [q for q in plan.rack(rack_id).placements if pdu_info(cat, plan, q.id) is not None]
        pdu_opts = [(q.id, q.name or q.id) for q in rack_pdus]
        for d in {c[0] for c in cords} - {q.id for q in rack_pdus}:
            pdu_opts.append((d, names.get(d, d)))
        row = QWidget()
        lay = QHBoxLayout(row)
        lay.setContentsMargins(0, 0, 0, 0)
        which = QSpinBox()
        which.setObjectName("cord_index")
        which.setRange(1, len(cords))
        which.setPrefix(self.tr("cord "))
        pdu_box = QComboBox()
        pdu_box.setObjectName("cord_pdu")
        for v, t in pdu_opts:
            pdu_box.addItem(t, v)
        outlet_box = QSpinBox()
        outlet_box.setObjectName("cord_outlet")
        outlet_box.setPrefix(self.tr("outlet "))
        outlet_box.setRange(1, 999)

        def show_cord() -> None:
            d, o = cords[which.value() - 1]
            pdu_box.setCurrentIndex(max(pdu_box.findData(d), 0))
            if o is not None:
                outlet_box.setValue(o)

        which.valueChanged.connect(lambda _v: show_cord())
        show_cord()
        pin = QPushButton(self.tr("Pin"))
        pin.setObjectName("cord_pin")
        pin.setToolTip(self.tr("Plug this cord into the chosen outlet; the device's other cords stay where "
                               "they are. A cord the engine spread there moves elsewhere."))

        def do_pin() -> None:
            edit, why = self.doc.attempt(lambda: pin_cord_edit(self.doc.plan, cat, self.doc.results, pid,
                                                               which.value() - 1, pdu_box.currentData(),
                                                               outlet_box.value()), announce=False)
            if edit is None:
                self.error.setText(why)
                self.error.show()
                return
            self._push(edit)

        pin.clicked.connect(do_pin)
        lay.addWidget(which)
        lay.addWidget(pdu_box, 1)
        row2 = QWidget()
        lay2 = QHBoxLayout(row2)
        lay2.setContentsMargins(0, 0, 0, 0)
        lay2.addWidget(outlet_box, 1)
        lay2.addWidget(pin)
        box.addRow(self.tr("Pin"), row)
        box.addRow("", row2)
        self.fields["cord_index"], self.fields["cord_pdu"] = which, pdu_box
        self.fields["cord_outlet"], self.fields["cord_pin"] = outlet_box, pin
        if p.power:
            spread = QPushButton(self.tr("Spread automatically"))
            spread.setObjectName("cord_spread")
            spread.clicked.connect(lambda: self._push(spread_cords_edit(self.doc.plan, pid)))
            box.addRow("", spread)
            self.fields["cord_spread"] = spread
        if engine and not any(c.pinned for c in engine) and not p.power:
            hint = QLabel(self.tr("The engine spreads these cords over the rack's PDUs, A/B alternating, each "
                                  "on the least-loaded phase."))
            hint.setEnabled(False)
            box.addRow(hint)

    def _show_rack(self, rid: str) -> None:
        plan = self.doc.plan
        rack = plan.rack(rid)
        form = self._group(self.tr("Rack"))
        self._line(form, self.tr("Name"), "rack", rid, "name", rack.name)
        form.addRow(self.tr("Id"), QLabel(rack.id))
        form.addRow(self.tr("Row"), QLabel(plan.row_of(rid).name))
        self._phase_choice(form, "rack", rid)
        types = sorted(self.doc.catalog.rack_types.values(), key=lambda t: t.slug) if self.doc.catalog else []
        opts = [(t.slug, f"{t.manufacturer} {t.model}") for t in types]
        if rack.rack_type not in {t.slug for t in types}:
            opts.insert(0, (rack.rack_type, self.tr("{slug} (not in catalog)").format(slug=rack.rack_type)))
        self._choice(form, self.tr("Rack type"), opts, rack.rack_type,
                     lambda v: v != plan.rack(rid).rack_type and self._push(SetProperty("rack", rid, "rack_type", v)),
                     "rack_type")
        self.results_label = QLabel()
        self.results_label.setObjectName("rackResults")
        self._fill_results(self.results_label, rid)
        form.addRow(self.tr("Engine"), self.results_label)
        self._rack_id = rid

        self._rack_cooling(rid)
        rt = self.doc.catalog.get("rack-types", rack.rack_type) if self.doc.catalog is not None else None
        self._price_section(rack.rack_type, f"{rt.manufacturer} {rt.model}" if rt is not None else rack.rack_type)

        pdus = [p for p in rack.placements if (d := self.doc.catalog.get("device-types", p.device)) is not None
                and d.kind == "pdu"]
        pw = self._group(self.tr("Power feeds"))
        if not pdus:
            hint = QLabel(self.tr("No PDUs in this rack: drag PDUs from the catalog onto its sides."))
            hint.setWordWrap(True)
            pw.addRow(hint)
        for p in pdus:
            self._feed_choice(pw, f"{p.name or p.id} ({p.side or p.face})", p.id, p.feed)

    # -- cooling (rack, row, loop): gestures built by planner.gestures.cooling ---------------------------
    def _rack_cooling(self, rid: str) -> None:
        """The rack's cooling: method (or its row's), loop with "New loop…", unit, design
        supply temperature and ΔT; each change is one undo step."""
        plan = self.doc.plan
        rack = plan.rack(rid)
        row = plan.row_of(rid)
        own = rack.cooling
        eff = plan.effective_cooling(rack)
        cool = self._group(self.tr("Cooling"))
        # the method names in the app's language (the planner's catalog)
        names = [(m, cooling_method_name(m, translate=True)) for m, _name in COOLING_METHODS]
        row_method = dict(names).get(row.cooling.method if row.cooling else "air", "")
        methods: list[tuple[str | None, str]] = [(None, self.tr("As row ({method})").format(method=row_method))]
        methods += names
        self._choice(cool, self.tr("Method"), methods, own.method if own else None,
                     lambda m: self._set_cooling(rid, method=m), "cooling_method")
        self._cooling_fields(cool, eff, lambda **kw: self._set_cooling(rid, **kw), "cooling",
                             new_loop=lambda: self.new_loop_for_racks([rid], eff.method))
        if eff.method == "direct-liquid" and eff.loop is None:  # the engine's COOLING_NO_LOOP, and the way out
            hint = QLabel(self.tr("Not on a cooling loop: choose one, or create it with New loop…"))
            hint.setWordWrap(True)
            cool.addRow(hint)

    def _cooling_fields(self, form: QFormLayout, eff: CoolingChoice, on_pick: Callable[..., object], prefix: str,
                        new_loop: Callable[[], object] | None = None) -> None:
        """Loop, unit, design supply temperature and ΔT of a cooling choice (rack or row)."""
        plan = self.doc.plan
        if eff.method in LOOP_METHODS:
            loops = [(None, self.tr("(none)"))] + [(c.id, c.name) for c in plan.cooling_loops]
            box = QComboBox()
            box.setObjectName(f"field_{prefix}_loop")
            box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            box.setMinimumContentsLength(8)
            for value, text in loops:
                box.addItem(text, value)
            box.setCurrentIndex(max(0, box.findData(eff.loop)))
            box.currentIndexChanged.connect(lambda _i: on_pick(loop=box.currentData()))
            self.fields[f"{prefix}_loop"] = box
            row = QWidget()
            h = QHBoxLayout(row)
            h.setContentsMargins(0, 0, 0, 0)
            h.addWidget(box, 1)
            if new_loop is not None:
                btn = QPushButton(self.tr("New loop…"))
                btn.setObjectName(f"{prefix}_new_loop")
                btn.setToolTip(self.tr("Create a cooling loop and put this rack on it (one undo step)"))
                btn.clicked.connect(new_loop)
                h.addWidget(btn)
                self.fields[f"{prefix}_new_loop"] = btn
            form.addRow(self.tr("Cooling loop"), row)
        units = cooling.UNIT_KINDS.get(eff.method)
        if units and self.doc.catalog is not None:
            cands = sorted((c for c in self.doc.catalog.cooling_units.values()
                            if any(c.kind.startswith(k) for k in units)), key=lambda c: c.slug)
            opts = [(None, self.tr("(generic)"))] + [(c.slug, f"{c.vendor} {c.model} ({fnum(c.capacity_kw, 'g')} kW)")
                                                     for c in cands]
            if eff.unit is not None and eff.unit not in {c.slug for c in cands}:
                opts.append((eff.unit, self.tr("{slug} (not in catalog)").format(slug=eff.unit)))
            self._choice(form, self.tr("Unit"), opts, eff.unit, lambda v: on_pick(unit=v), f"{prefix}_unit")
        if eff.method in LOOP_METHODS:
            sup = self._optional_number(form, self.tr("Max. supply"), eff.supply_temp_c, -10, 70, " °C",
                                        self.tr("(not set)"), lambda v: on_pick(supply_temp_c=v),
                                        f"{prefix}_supply_temp_c")
            sup.setToolTip(self.tr("The warmest coolant the door, cold plates or tank are designed for; a warning "
                                   "when the loop supplies warmer water"))
        liquid = eff.method in ("direct-liquid", "immersion")
        dt = self._optional_number(form, self.tr("Coolant ΔT") if liquid else self.tr("Air ΔT"),
                                   eff.delta_t_k, 0.5, 40, " K",
                                   self.tr("(loop's)") if liquid else self.tr("(default)"),
                                   lambda v: on_pick(delta_t_k=v), f"{prefix}_delta_t_k")
        dt.setToolTip(self.tr("Coolant temperature rise, overriding the loop's") if liquid
                      else self.tr("Server air temperature rise, for the airflow"))

    def _optional_number(self, form: QFormLayout, label: str, value: float | None, lo: float, hi: float,
                         suffix: str, unset: str, on_commit: Callable[[float | None], object], name: str) -> QDoubleSpinBox:
        """A number that may be unset: the lowest value of the box shows ``unset``."""
        w = QDoubleSpinBox()
        w.setObjectName(f"field_{name}")
        w.setDecimals(1)
        w.setRange(lo - 0.1, hi)
        w.setSingleStep(0.5)
        w.setSpecialValueText(unset)
        w.setSuffix(suffix)
        w.setValue(value if value is not None else lo - 0.1)
        w.setKeyboardTracking(False)

        def commit() -> None:
            v = None if w.value() < lo else round(w.value(), 1)
            if v != value:
                on_commit(v)

        w.editingFinished.connect(commit)
        form.addRow(label, w)
        self.fields[name] = w
        return w

    def _set_cooling(self, rid: str, **changes: Any) -> None:
        try:
            edit, why = self.doc.attempt(lambda: cooling.rack_cooling_edit(self.doc.plan, self.doc.catalog, rid,
                                                                           **changes), announce=False)
        except ValueError as e:  # a value the model cannot hold (a refusal came back as why)
            why = error_text(e)
        if why:
            self.error.setText(why)
            self.error.show()
            return
        if edit is not None:
            self._push(edit)

    def new_loop_for_racks(self, rack_ids: list[str], method: str) -> LoopEditor:
        """'New loop…': the loop editor, creating the loop and putting the racks on it in
        one undo step (a facility water loop for rear doors, else in-row CDUs)."""
        from ui.dialogs.cooling_loops import LoopEditor

        kind = "facility" if method == "rdhx" else "in-row"
        dlg = self.loop_editor = LoopEditor(self.doc, kind=kind, assign_racks=rack_ids, parent=self)
        dlg.open()
        return dlg

    def _show_row(self, rid: str) -> None:
        row = self.doc.plan.index.rows[rid]
        form = self._group(self.tr("Row"))
        self._line(form, self.tr("Name"), "row", rid, "name", row.name)
        self._number(form, self.tr("X"), "row", rid, "x_m", row.x_m, -1000, 1000, 2, "length_m")
        self._number(form, self.tr("Y"), "row", rid, "y_m", row.y_m, -1000, 1000, 2, "length_m")
        self._choice(form, self.tr("Orientation"), [(a, f"{a}\u00b0") for a in (0, 90, 180, 270)], row.orientation_deg,
                     lambda v: v != self.doc.plan.index.rows[rid].orientation_deg and
                     self._push(SetProperty("row", rid, "orientation_deg", v)), "orientation_deg")
        form.addRow(self.tr("Racks"), QLabel(str(len(row.racks))))
        self._row_cooling(rid)

    def _row_cooling(self, row_id: str) -> None:
        """The row's cooling default, which its racks without a choice of their own follow,
        and "Apply to all racks" (clears the racks' own choices: one undo step)."""
        plan = self.doc.plan
        row = plan.index.rows[row_id]
        cool = self._group(self.tr("Cooling (row default)"))
        methods: list[tuple[str | None, str]] = [(None, self.tr("Air (no row default)"))] + \
            [(m, cooling_method_name(m, translate=True)) for m, _name in COOLING_METHODS]
        self._choice(cool, self.tr("Method"), methods, row.cooling.method if row.cooling else None,
                     lambda m: self._set_row_cooling(row_id, method=m), "row_cooling_method")
        if row.cooling is not None:
            self._cooling_fields(cool, row.cooling, lambda **kw: self._set_row_cooling(row_id, **kw), "row_cooling")
        own = cooling.row_overrides(plan, row_id)
        if own:
            names = ", ".join(plan.rack(r).name for r in own[:6]) + (" …" if len(own) > 6 else "")
            note = QLabel(self.tr("{n} of {total} racks have their own cooling: {names}").format(
                n=len(own), total=len(row.racks), names=names))
        else:
            note = QLabel(self.tr("All {total} racks follow the row.").format(total=len(row.racks)))
        note.setWordWrap(True)
        cool.addRow(note)
        apply_all = QPushButton(self.tr("Apply to all racks"))
        apply_all.setObjectName("row_cooling_apply_all")
        apply_all.setToolTip(self.tr("Every rack of the row follows the row's cooling: their own choices are "
                                     "cleared (one undo step)"))
        apply_all.setEnabled(bool(own))
        apply_all.clicked.connect(lambda: self._push_opt(cooling.set_row_cooling_edit(
            self.doc.plan, row_id, self.doc.plan.index.rows[row_id].cooling, apply_to_racks=True)))
        cool.addRow(apply_all)
        self.fields["row_cooling_apply_all"] = apply_all

    def _set_row_cooling(self, row_id: str, **changes: Any) -> None:
        try:
            choice = cooling.row_cooling_choice(self.doc.plan, self.doc.catalog, row_id, **changes)
            edit = cooling.set_row_cooling_edit(self.doc.plan, row_id, choice)
        except ValueError as e:
            self.error.setText(error_text(e))
            self.error.show()
            return
        self._push_opt(edit)

    def _push_opt(self, edit: Edit | None) -> None:
        if edit is not None:
            self._push(edit)

    def _show_room(self, rid: str) -> None:
        """A room: name, size, tile grid, floor load limit, raised floor or slab."""
        room = self.doc.plan.index.rooms[rid]
        form = self._group(self.tr("Room"))
        self._line(form, self.tr("Name"), "room", rid, "name", room.name)
        form.addRow(self.tr("Id"), QLabel(room.id))
        self._number(form, self.tr("Width"), "room", rid, "width_m", room.width_m, 0.5, 1000, 2, "length_m")
        self._number(form, self.tr("Depth"), "room", rid, "depth_m", room.depth_m, 0.5, 1000, 2, "length_m")
        self._number(form, self.tr("Floor tiles"), "room", rid, "tile_m", room.tile_m, 0.1, 2, 3, "length_m")
        self._number(form, self.tr("Floor load limit"), "room", rid, "floor_load_limit_kg_per_m2",
                     room.floor_load_limit_kg_per_m2, 1, 100000, 0, "load_kg_per_m2")
        raised = QCheckBox(self.tr("Raised floor (unchecked: slab)"))
        raised.setObjectName("field_raised_floor")
        raised.setChecked(room.raised_floor)
        raised.toggled.connect(lambda on: on != self._entity("room", rid).raised_floor and
                               self._push(SetProperty("room", rid, "raised_floor", on)))
        form.addRow(self.tr("Floor"), raised)
        self.fields["raised_floor"] = raised
        form.addRow(self.tr("Rows"), QLabel(str(len(room.rows))))
        form.addRow(self.tr("Racks"), QLabel(str(sum(len(r.racks) for r in room.rows))))

    def _show_fabric(self, fid: str) -> None:
        """A fabric: its name, kind, technology, link speed, oversubscription target and
        whether it is rail-optimised (what auto-wire wrote can be corrected here)."""
        fab = next(f for f in self.doc.plan.fabrics if f.id == fid)
        form = self._group(self.tr("Fabric"))
        self._line(form, self.tr("Name"), "fabric", fid, "name", fab.name)
        form.addRow(self.tr("Id"), QLabel(fab.id))

        def pick(field: str) -> Callable[[Any], object]:
            return lambda v: v != getattr(self._entity("fabric", fid), field) and \
                self._push(SetProperty("fabric", fid, field, v))

        kinds = [("compute", self.tr("Compute")), ("storage", self.tr("Storage")), ("frontend", self.tr("Front-end")),
                 ("management", self.tr("Management")), ("nvlink", self.tr("NVLink"))]
        self._choice(form, self.tr("Kind"), kinds, fab.kind, pick("kind"), "fabric_kind")
        techs = [("infiniband", "InfiniBand"), ("ethernet", "Ethernet"), ("nvlink", "NVLink")]
        self._choice(form, self.tr("Technology"), techs, fab.technology, pick("technology"), "technology")
        self._number(form, self.tr("Link speed"), "fabric", fid, "speed_gbps", fab.speed_gbps, 1, 100000, 0)
        self.fields["speed_gbps"].setSuffix(" Gb/s")  # type: ignore[attr-defined]
        self._number(form, self.tr("Oversubscription target"), "fabric", fid, "oversubscription",
                     fab.oversubscription, 1, 1000, 2)
        self.fields["oversubscription"].setSuffix(" : 1")  # type: ignore[attr-defined]
        rails = QCheckBox(self.tr("Rail-optimised"))
        rails.setObjectName("field_rail_optimised")
        rails.setChecked(fab.rail_optimised)
        rails.toggled.connect(lambda on: on != self._entity("fabric", fid).rail_optimised and
                              self._push(SetProperty("fabric", fid, "rail_optimised", on)))
        form.addRow(self.tr("Layout"), rails)
        self.fields["rail_optimised"] = rails
        links = sum(1 for lk in self.doc.plan.links if lk.fabric == fid)
        form.addRow(self.tr("Links"), QLabel(str(links)))

    def _show_feed(self, fid: str) -> None:
        from ui.dialogs.power import PowerForm

        self.doc.plan.feed(fid)  # KeyError: the feed is gone
        box = QGroupBox(self.tr("Power feed"))
        lay = QVBoxLayout(box)
        form = PowerForm(self.doc, "feed", fid, box)
        lay.addWidget(form)
        self._body.addWidget(box)
        self.fields.update(form.fields)
        self.power_form = form
        if self.doc.plan.growth_phases:
            self._phase_choice(self._group(self.tr("Growth phase")), "feed", fid)

    def _show_source(self, sid: str) -> None:
        from ui.dialogs.power import PowerForm, kind_names

        src = self.doc.plan.power_source(sid)  # KeyError: the source is gone
        box = QGroupBox(kind_names().get(src.kind, src.kind))
        lay = QVBoxLayout(box)
        form = PowerForm(self.doc, "source", sid, box)
        lay.addWidget(form)
        self._body.addWidget(box)
        self.fields.update(form.fields)
        self.power_form = form

    def _link(self, text: str, key: tuple[str, str]) -> QWidget:
        btn = QPushButton(text)
        btn.setFlat(True)
        btn.setCursor(Qt.CursorShape.PointingHandCursor)
        btn.setStyleSheet("text-align: left; text-decoration: underline; padding: 0 2px;")
        btn.clicked.connect(lambda: self.doc.select([key]))
        return btn

    def _show_loop(self, lid: str) -> None:
        """A cooling loop: its fields (each change one undo step; switching the kind moves
        CDUs and capacity together), the engine's figures, its racks, and delete."""
        from ui.dialogs.cooling_loops import LoopForm

        plan = self.doc.plan
        loop = plan.cooling_loop(lid)
        box = QGroupBox(self.tr("Cooling loop"))
        QVBoxLayout(box).addWidget(form := LoopForm(self.doc.catalog, loop.model_dump(), box))
        self.loop_form = form

        def commit() -> None:
            try:
                edit = cooling.edit_loop_edit(self.doc.plan, lid, form.values())
            except ValueError as e:
                form.show_error(error_text(e))
                return
            if edit is not None and not self.doc.push(edit):
                form.show_error(self.doc.last_refusal)

        form.edited.connect(commit)
        self._body.addWidget(box)
        if plan.growth_phases:
            self._phase_choice(self._group(self.tr("Growth phase")), "loop", lid)
        eng = self._group(self.tr("Engine"))
        self.loop_results_label = QLabel()
        self.loop_results_label.setObjectName("loopResults")
        self._fill_loop_results(self.loop_results_label, lid)
        eng.addRow(self.loop_results_label)
        self._loop_id = lid
        served = self._group(self.tr("Racks on this loop"))
        racks = cooling.racks_on_loop(plan, lid)
        for r in racks[:40]:
            served.addRow(self._link(plan.rack(r).name, ("rack", r)))
        if len(racks) > 40:
            served.addRow(QLabel(self.tr("… and {n} more").format(n=len(racks) - 40)))
        if not racks:
            hint = QLabel(self.tr("No racks yet: choose this loop in a rack's or row's cooling, or use "
                                  "Plan > Cooling Loops > Assign selected racks."))
            hint.setWordWrap(True)
            served.addRow(hint)
        delete = QPushButton(self.tr("Delete loop"))
        delete.setObjectName("loop_delete")
        unassign = QPushButton(self.tr("Unassign racks and delete"))
        unassign.setObjectName("loop_unassign_delete")
        unassign.hide()

        def do_delete(with_unassign: bool) -> None:
            reason = cooling.loop_in_use_reason(self.doc.plan, lid)
            if reason and not with_unassign:
                self.error.setText(message_text(reason))
                self.error.show()
                unassign.show()
                return
            self._push(cooling.remove_loop_edit(self.doc.plan, lid, unassign=with_unassign))

        delete.clicked.connect(lambda: do_delete(False))
        unassign.clicked.connect(lambda: do_delete(True))
        self.fields["loop_delete"], self.fields["loop_unassign_delete"] = delete, unassign
        served.addRow(delete)
        served.addRow(unassign)

    def _update_results(self) -> None:
        shown = getattr(self, "_cords_shown", None)
        if shown is not None and self.doc.selection == (("placement", shown[0]),):
            from planner.gestures.power_edits import current_cords

            pid = shown[0]
            res = self.doc.results
            if pid in self.doc.plan.index.placements:
                rr = res.racks.get(self.doc.plan.index.placement_rack[pid]) if res is not None else None
                engine = tuple(rr.cords.get(pid, ())) if rr is not None else ()
                if (pid, tuple(current_cords(self.doc.plan, res, pid)), engine) != shown:
                    self.rebuild()  # the engine spread (or moved) this device's cords
                    return
        self._update_loop_results()
        price = getattr(self, "price_label", None)
        if price is not None:
            try:
                self._fill_price(price, self._price_slug)
            except RuntimeError:  # label already deleted by a rebuild
                self.price_label = None
        lbl = getattr(self, "results_label", None)
        rid = getattr(self, "_rack_id", None)
        if lbl is None or rid is None:
            return
        try:
            self._fill_results(lbl, rid)
        except RuntimeError:  # label already deleted by a rebuild
            self.results_label = None

    def _update_loop_results(self) -> None:
        lbl = getattr(self, "loop_results_label", None)
        lid = getattr(self, "_loop_id", None)
        if lbl is None or lid is None:
            return
        try:
            self._fill_loop_results(lbl, lid)
        except RuntimeError:  # label already deleted by a rebuild
            self.loop_results_label = None

    def _fill_loop_results(self, lbl: QLabel, lid: str) -> None:
        """The engine's figures of a loop, with the colour and meaning of its level."""
        from ui.dialogs.cooling_loops import loop_figures

        res = self.doc.results
        lr = res.loops.get(lid) if res is not None else None
        text = loop_figures(res, lid)
        if lr is None or not text:
            lbl.setTextFormat(Qt.TextFormat.PlainText)
            lbl.setText(self.tr("(no engine results yet)"))
            return
        color = style.level_color(lr.level).name()
        lines = [html.escape(t) for t in text.splitlines()]
        lines[0] = f"<span style='color:{color}'>&#9679;</span> {lines[0]}"
        lbl.setTextFormat(Qt.TextFormat.RichText)
        lbl.setText("<br>".join(lines))
        lbl.setToolTip(style.level_tip(lr.level))

    def _fill_results(self, lbl: QLabel, rid: str) -> None:
        """The engine's figures of a rack, with its power and cooling utilisation and the
        engine's level of each (the colour of its level, a tooltip saying what it means)."""
        res = self.doc.results
        rr = res.racks.get(rid) if res is not None else None
        if rr is None:
            lbl.setTextFormat(Qt.TextFormat.PlainText)
            lbl.setText(self.tr("(no engine results yet)"))
            lbl.setToolTip("")
            return
        lines = [html.escape(t) for t in rack_figures_text(res, rid).splitlines()]
        for name, util, lvl in ((self.tr("Power"), rr.power_utilisation, rr.power_level),
                                (self.tr("Cooling"), rr.cooling_utilisation, rr.cooling_level)):
            color = style.level_color(lvl).name()
            if util is None:
                text = self.tr("{0}: {1}").format(name, style.level_tip(lvl))
            else:
                figure = "∞" if util == float("inf") else f"{fnum(util * 100, '.0f')}"
                text = self.tr("{0}: {1} % of its limit, {2}").format(name, figure, style.level_tip(lvl))
            lines.append(f"<span style='color:{color}'>&#9679;</span> {html.escape(text)}")
        lbl.setTextFormat(Qt.TextFormat.RichText)
        lbl.setText("<br>".join(lines))
        lbl.setToolTip(style.level_tip(rr.level))
