"""Plan > Power Feeds and Sources...: the power chain in one non-modal window.

A tree on the left (each power source with the sources and feeds that hang off it, then
the feeds on no source), the selected item's form on the right (:class:`PowerForm`, also
used by the Inspector), and buttons to add a UPS/panel, a feed, A+B feeds for the
selected racks, and to delete. Every change is one undo step pushed on the document
(edits built headless in :mod:`planner.gestures.power_edits`); the figures shown (load, failover,
capacity, utilisation) are the engine's results, never computed here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
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
    QSplitter,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from planner.base.findings import finding_text
from planner.engine import levels
from planner.fabric.names import source_kind_text
from planner.gestures.power_edits import (
    SOURCE_KINDS,
    ab_feeds_edit,
    add_feed_edit,
    add_source_edit,
    delete_feed_edit,
    delete_source_edit,
    feed_users,
    source_users,
)
from planner.i18n import message_text
from planner.model.edits import Change, SetProperty
from planner.model.naming import display_name
from ui import dialogs, style
from ui import units as uunits
from ui.dialogs.rack_menu import fill_rack_menu
from ui.units import fnum

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from planner.engine.results import FeedResult, Results, SourceResult
    from planner.model.edits import Edit
    from planner.model.plan import PowerFeed, PowerSource
    from ui.document import Document

SIDES = [chr(c) for c in range(ord("A"), ord("Z") + 1)]
ID_ROLE = Qt.ItemDataRole.UserRole + 1


def _tr(text: str) -> str:
    return QCoreApplication.translate("Power", text)


def kind_names() -> dict[str, str]:
    """The power source kinds in their order, each by its word (planner.fabric.names, the
    reports' table) in the app's language."""
    return {k: message_text(source_kind_text(k)) for k in SOURCE_KINDS}


def chain_figures(results: Results | None, kind: str, eid: str) -> str:
    """The engine's figures for a feed or a power source, as shown in the form."""
    r: FeedResult | SourceResult | None = None
    if results is not None:
        r = results.feeds.get(eid) if kind == "feed" else results.sources.get(eid)
    if r is None:
        return _tr("(no engine results yet)")
    return uunits.lformat(_tr("{load:.1f} kW normal, {fail:.1f} kW on failover of {cap:.1f} kW ({util:.0f} %)"),
        load=r.load_w / 1000, fail=r.failover_w / 1000, cap=r.capacity_w / 1000, util=r.utilisation * 100)


class PowerForm(QWidget):
    """Editable fields of one feed or power source; every commit is one SetProperty."""

    def __init__(self, doc: Document, kind: str, entity_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.kind = kind
        self.entity_id = entity_id
        self.fields: dict[str, QWidget] = {}
        self.form = QFormLayout(self)
        self.form.setContentsMargins(0, 0, 0, 0)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.form.setLabelAlignment(Qt.AlignmentFlag.AlignRight)  # as the Inspector's other forms
        self.error = QLabel(self)
        self.error.setObjectName("powerFormError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #d64541; font-weight: 600;")
        self.error.hide()
        self.figures = QLabel(self)
        self.figures.setObjectName("powerFigures")
        self.figures.setWordWrap(True)
        self.users = QLabel(self)
        self.users.setWordWrap(True)
        self.findings = QLabel(self)
        self.findings.setObjectName("powerFindings")
        self.findings.setWordWrap(True)
        if kind == "feed":
            self._build_feed()
        else:
            self._build_source()
        self.form.addRow(self.tr("Engine"), self.figures)
        self.form.addRow(self.findings)
        self.form.addRow(self.error)
        self.update_figures()
        doc.resultsChanged.connect(self._on_results)

    # -- helpers ---------------------------------------------------------------------
    def entity(self) -> PowerFeed | PowerSource:
        plan = self.doc.plan
        return plan.feed(self.entity_id) if self.kind == "feed" else plan.power_source(self.entity_id)

    def _push(self, field: str, value: object) -> None:
        try:
            current = getattr(self.entity(), field)
        except KeyError:
            return
        if current == value:
            return
        if self.doc.push(SetProperty(self.kind, self.entity_id, field, value)):
            self.error.hide()
        else:
            self.error.setText(self.doc.last_refusal)
            self.error.show()

    def _line(self, label: str, field: str) -> QLineEdit:
        w = QLineEdit(str(getattr(self.entity(), field)))
        w.setObjectName(f"field_{field}")
        w.editingFinished.connect(lambda: self._push(field, w.text().strip()))
        self.form.addRow(label, w)
        self.fields[field] = w
        return w

    def _number(self, label: str, field: str, lo: float, hi: float, decimals: int, suffix: str,
                special: str = "") -> QDoubleSpinBox:
        w = QDoubleSpinBox()
        w.setObjectName(f"field_{field}")
        w.setDecimals(decimals)
        w.setRange(lo, hi)
        if special:  # the lowest value stands for "not set" (None)
            w.setSpecialValueText(special)
        value = getattr(self.entity(), field)
        w.setValue(lo if value is None else value)
        if suffix:
            w.setSuffix(f" {suffix}")
        w.setKeyboardTracking(False)

        def commit() -> None:
            v = None if special and w.value() <= lo else w.value()
            cur = getattr(self.entity(), field)
            if v is None or cur is None or abs(v - cur) > 10 ** -(decimals + 1):
                self._push(field, v)

        w.editingFinished.connect(commit)
        self.form.addRow(label, w)
        self.fields[field] = w
        return w

    def _choice(self, label: str, field: str, options: list[tuple[Any, str]]) -> QComboBox:
        w = QComboBox()
        w.setObjectName(f"field_{field}")
        for value, text in options:
            w.addItem(text, value)
        i = w.findData(getattr(self.entity(), field))
        w.setCurrentIndex(max(i, 0))
        w.activated.connect(lambda _i: self._push(field, w.currentData()))
        self.form.addRow(label, w)
        self.fields[field] = w
        return w

    def _upstream_options(self) -> list[tuple[Any, str]]:
        names = kind_names()
        opts: list[tuple[Any, str]] = [(None, self.tr("(none)"))]
        for s in self.doc.plan.power_sources:
            if self.kind == "source" and s.id == self.entity_id:
                continue
            opts.append((s.id, f"{s.name} ({names.get(s.kind, s.kind)})"))
        return opts

    # -- forms -----------------------------------------------------------------------
    def _build_feed(self) -> None:
        self._line(self.tr("Name"), "name")
        self._choice(self.tr("Side"), "side", [(s, s) for s in SIDES])
        self._choice(self.tr("Hangs off"), "upstream", self._upstream_options())
        self._number(self.tr("Voltage"), "voltage_v", 1, 1000, 0, "V")
        self._choice(self.tr("Phases"), "phases", [(1, self.tr("1-phase")), (3, self.tr("3-phase"))])
        self._number(self.tr("Breaker"), "breaker_a", 1, 5000, 0, "A")
        self._number(self.tr("Power factor"), "power_factor", 0.5, 1.0, 2, "")
        self._number(self.tr("Continuous load"), "continuous_derating", 0.0, 1.0, 2, "",
                     special=self.tr("engine default"))
        self.fields["continuous_derating"].setToolTip(
            self.tr("Fraction of the breaker rating the feed may carry continuously (NEC: 0.8); "
                    "'engine default' uses the setting"))
        self.form.addRow(self.tr("PDUs"), self.users)

    def _build_source(self) -> None:
        names = kind_names()
        self._line(self.tr("Name"), "name")
        self._choice(self.tr("Kind"), "kind", [(k, names[k]) for k in SOURCE_KINDS])
        self._number(self.tr("Capacity"), "capacity_kw", 0.1, 1e6, 1, "kW")
        self._choice(self.tr("Side"), "side", [(None, self.tr("(none)"))] + [(s, s) for s in SIDES])
        self._choice(self.tr("Hangs off"), "upstream", self._upstream_options())
        self.form.addRow(self.tr("Supplies"), self.users)

    # -- refresh ---------------------------------------------------------------------
    def refresh(self) -> None:
        """Field values from the plan (after an undo or an edit elsewhere)."""
        try:
            ent = self.entity()
        except KeyError:
            self.setEnabled(False)
            return
        for field, w in self.fields.items():
            value = getattr(ent, field)
            w.blockSignals(True)
            if isinstance(w, QLineEdit):
                if w.text() != str(value):
                    w.setText(str(value))
            elif isinstance(w, QDoubleSpinBox):
                w.setValue(w.minimum() if value is None else value)
            elif isinstance(w, QComboBox):
                if field == "upstream":
                    w.clear()
                    for v, t in self._upstream_options():
                        w.addItem(t, v)
                w.setCurrentIndex(max(w.findData(value), 0))
            w.blockSignals(False)
        self.update_figures()

    def _on_results(self, _results: Results | None) -> None:
        self.update_figures()

    def update_figures(self) -> None:
        plan = self.doc.plan
        try:
            self.entity()
        except KeyError:
            return
        res = self.doc.results
        found = res.findings_for(self.kind, self.entity_id) if res is not None else []
        worst = min((f.severity for f in found), key=style.severity_rank, default=None)
        flagged = worst in ("error", "warning")  # info findings stay in the text colour
        self.findings.setStyleSheet(f"color: {style.severity_color(worst).name()};" if flagged else "")
        self.findings.setText("\n".join(finding_text(f) for f in found))
        self.findings.setVisible(bool(found))
        if self.kind == "feed":
            self.figures.setText(chain_figures(self.doc.results, "feed", self.entity_id))
            users = [display_name(plan.placement(u), self.doc.catalog) for u in feed_users(plan, self.entity_id)]
            self.users.setText(", ".join(users) or self.tr("(none yet: pick this feed in a PDU's Inspector)"))
        else:
            self.figures.setText(chain_figures(self.doc.results, "source", self.entity_id))
            feeds, subs = source_users(plan, self.entity_id)
            names = [plan.feed(f).name for f in feeds] + [plan.power_source(s).name for s in subs]
            self.users.setText(", ".join(names) or self.tr("(nothing yet: hang feeds or panels off it)"))


class PowerDialog(QDialog):
    """The power chain: sources and feeds in a tree, the selected one's form beside it."""

    def __init__(self, doc: Document, parent: QWidget | None = None,
                 racks: Callable[[], Iterable[str]] | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self._racks = racks  # the rack ids the main window has selected (A+B feeds)
        self.setObjectName("powerDialog")
        self.setWindowTitle(self.tr("Power Feeds and Sources"))
        self.setModal(False)
        self.resize(900, 520)
        self.tree = QTreeWidget(self)
        self.tree.setObjectName("powerTree")
        self.tree.setColumnCount(5)
        self.tree.setHeaderLabels([self.tr("Name"), self.tr("Kind"), self.tr("Side"), self.tr("Load / failover kW"),
                                   self.tr("Capacity kW")])
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in range(1, 5):
            self.tree.header().setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.setSelectionMode(QTreeWidget.SelectionMode.SingleSelection)
        self.tree.currentItemChanged.connect(lambda _c, _p: self._show_current())
        self.form_host = QWidget(self)
        self.form_layout = QVBoxLayout(self.form_host)
        self.form_layout.setContentsMargins(8, 0, 0, 0)
        self.form: PowerForm | None = None
        self.hint = QLabel(self.tr("Select a power source or a feed to edit it, or add one below."), self)
        self.hint.setWordWrap(True)
        self.form_layout.addWidget(self.hint)
        self.form_layout.addStretch(1)
        self.message = QLabel(self)
        self.message.setObjectName("powerMessage")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #d64541; font-weight: 600;")
        self.message.hide()

        self.add_source_btn = QToolButton(self)
        self.add_source_btn.setObjectName("addSource")
        self.add_source_btn.setText(self.tr("Add UPS / Panel"))
        self.add_source_btn.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.add_source_btn)
        self.add_source_actions = {}
        for k, name in kind_names().items():
            act = menu.addAction(name)
            act.setObjectName(f"addSource_{k}")
            act.triggered.connect(lambda _c=False, k=k: self.add_source(k))
            self.add_source_actions[k] = act
        self.add_source_btn.setMenu(menu)
        self.add_feed_btn = QPushButton(self.tr("Add Feed"), self)
        self.add_feed_btn.setObjectName("addFeed")
        self.add_feed_btn.setToolTip(self.tr("A new feed on the selected source (on the other side than the last feed)"))
        self.add_feed_btn.clicked.connect(self.add_feed)
        # the racks come from the plan's selection, or from the button's menu: this window stays
        # open beside (or over) the elevations, so it can pick racks itself
        self.ab_btn = QToolButton(self)
        self.ab_btn.setText(self.tr("Add A+B Feeds for Selected Racks"))
        self.ab_btn.setObjectName("addABFeeds")
        self.ab_btn.setToolTip(self.tr("Two feeds per selected rack, named after it, with its unconnected PDUs on "
                                       "them (left PDUs on A, right on B); on the selected source. The arrow picks "
                                       "racks without selecting them in the plan."))
        self.ab_btn.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        self.ab_menu = QMenu(self.ab_btn)
        self.ab_menu.setObjectName("abRackMenu")
        self.ab_menu.aboutToShow.connect(lambda: fill_rack_menu(self.ab_menu, self.doc, self.add_ab_feeds))
        self.ab_btn.setMenu(self.ab_menu)
        self.ab_btn.clicked.connect(lambda: self.add_ab_feeds())
        self.delete_btn = QPushButton(self.tr("Delete"), self)
        self.delete_btn.setObjectName("deletePower")
        self.delete_btn.clicked.connect(self.delete_current)
        buttons = QHBoxLayout()
        for b in (self.add_source_btn, self.add_feed_btn, self.ab_btn, self.delete_btn):
            if isinstance(b, QPushButton):  # Return commits a field; it must not also add a feed
                b.setAutoDefault(False)
                b.setDefault(False)
            buttons.addWidget(b)
        buttons.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        close.rejected.connect(self.close)
        close.button(QDialogButtonBox.StandardButton.Close).setAutoDefault(False)

        split = QSplitter(Qt.Orientation.Horizontal, self)
        split.addWidget(self.tree)
        split.addWidget(self.form_host)
        split.setSizes([520, 380])
        lay = QVBoxLayout(self)
        lay.addWidget(split, 1)
        lay.addWidget(self.message)
        lay.addLayout(buttons)
        lay.addWidget(close)

        doc.changed.connect(self._on_changed)
        doc.resultsChanged.connect(self._on_results)
        doc.planReset.connect(self.refresh)
        self.refresh()

    # -- tree ------------------------------------------------------------------------
    def refresh(self, keep: tuple[str, str] | None = None) -> None:
        keep = keep or self.current()
        plan = self.doc.plan
        names = kind_names()
        self.tree.blockSignals(True)
        self.tree.clear()
        items: dict[tuple[str, str], QTreeWidgetItem] = {}
        srcs = {s.id: s for s in plan.power_sources}

        def src_item(sid: str) -> QTreeWidgetItem:
            if ("source", sid) in items:
                return items[("source", sid)]
            s = srcs[sid]
            parent = src_item(s.upstream) if s.upstream in srcs else None
            it = QTreeWidgetItem([s.name, names.get(s.kind, s.kind), s.side or ""])
            it.setData(0, ID_ROLE, ("source", sid))
            (parent.addChild(it) if parent is not None else self.tree.addTopLevelItem(it))
            items[("source", sid)] = it
            return it

        for s in plan.power_sources:
            src_item(s.id)
        loose: QTreeWidgetItem | None = None
        for f in plan.feeds:
            it = QTreeWidgetItem([f.name, self.tr("Feed"), f.side])
            it.setData(0, ID_ROLE, ("feed", f.id))
            if f.upstream in srcs:
                items[("source", f.upstream)].addChild(it)
            else:
                if loose is None:
                    loose = QTreeWidgetItem([self.tr("Feeds on no source")])
                    loose.setFlags(Qt.ItemFlag.ItemIsEnabled)
                    self.tree.addTopLevelItem(loose)
                    loose.setFirstColumnSpanned(True)  # a heading: "Einspeisungen ohne Quelle" was cut
                loose.addChild(it)
            items[("feed", f.id)] = it
        self._items = items
        self._shown_shape = self._shape()
        self.tree.expandAll()
        self._fill_figures()
        if keep in items:
            self.tree.setCurrentItem(items[keep])
        self.tree.blockSignals(False)
        self._show_current()

    def _fill_figures(self) -> None:
        res = self.doc.results
        for (kind, eid), it in getattr(self, "_items", {}).items():
            r: FeedResult | SourceResult | None = None
            if res is not None:
                r = res.feeds.get(eid) if kind == "feed" else res.sources.get(eid)
            if r is None:
                it.setText(3, "")
                it.setText(4, "")
                continue
            it.setText(3, f"{fnum(r.load_w / 1000, '.1f')} / {fnum(r.failover_w / 1000, '.1f')}")
            it.setText(4, f"{fnum(r.capacity_w / 1000, '.1f')}")
            for col in (3, 4):
                it.setToolTip(col, "\n".join(finding_text(f) for f in r.findings))
            # the engine's level, coloured as the rack and floor views colour theirs
            flagged = r.level in (levels.WARN, levels.OVER)
            it.setForeground(3, style.level_color(r.level) if flagged else self.tree.palette().text())

    def current(self) -> tuple[str, str] | None:
        it = self.tree.currentItem()
        data = it.data(0, ID_ROLE) if it is not None else None
        return tuple(data) if data else None

    def select(self, kind: str, eid: str) -> None:
        it = getattr(self, "_items", {}).get((kind, eid))
        if it is not None:
            self.tree.setCurrentItem(it)

    def _show_current(self) -> None:
        cur = self.current()
        if self.form is not None:
            self.form.hide()
            self.form.deleteLater()
            self.form = None
        self.hint.setVisible(cur is None)
        self.delete_btn.setEnabled(cur is not None)
        if cur is None:
            return
        self.form = PowerForm(self.doc, cur[0], cur[1], self.form_host)
        self.form_layout.insertWidget(0, self.form)

    def _shape(self) -> tuple[Any, ...]:
        """What the tree's structure depends on: the items and what each hangs off."""
        plan = self.doc.plan
        return (tuple((s.id, s.upstream) for s in plan.power_sources), tuple((f.id, f.upstream) for f in plan.feeds))

    def _on_changed(self, change: Change) -> None:
        if not (change.feeds or change.sources or change.structure or change.placements):
            return
        touched = {("feed", f) for f in change.feeds} | {("source", s) for s in change.sources}
        cur = self.current()
        if touched and self._shape() != getattr(self, "_shown_shape", None):
            self.refresh(cur)  # added, removed or re-hung: rebuild the tree
            return
        if touched:  # a field of an item: its row's texts in place, the form keeps its focus
            names = kind_names()
            plan = self.doc.plan
            for key in touched:
                it = getattr(self, "_items", {}).get(key)
                if it is None:
                    continue
                if key[0] == "feed":
                    f = plan.feed(key[1])
                    it.setText(0, f.name)
                    it.setText(2, f.side)
                else:
                    src = plan.power_source(key[1])
                    it.setText(0, src.name)
                    it.setText(1, names.get(src.kind, src.kind))
                    it.setText(2, src.side or "")
        if self.form is not None:
            if cur in touched:
                self.form.refresh()
            else:
                self.form.update_figures()

    def _on_results(self, _r: Results | None) -> None:
        self._fill_figures()

    # -- actions -----------------------------------------------------------------------
    def _do(self, edit: Edit, select: tuple[str, str] | None = None) -> bool:
        if self.doc.push(edit):
            self.message.hide()
            if select is not None:
                self.select(*select)
            return True
        self.message.setText(self.doc.last_refusal)
        self.message.show()
        return False

    def _selected_source(self) -> str | None:
        cur = self.current()
        if cur is None:
            return None
        if cur[0] == "source":
            return cur[1]
        return self.doc.plan.feed(cur[1]).upstream

    def add_source(self, kind: str) -> bool:
        up = self._selected_source() if kind == "panel" else None
        edit = add_source_edit(self.doc.plan, kind, upstream=up)
        return self._do(edit, ("source", edit.item.id))

    def add_feed(self) -> bool:
        plan = self.doc.plan
        up = self._selected_source()
        under = [f for f in plan.feeds if f.upstream == up] if up else plan.feeds
        src_side = plan.power_source(up).side if up else None
        if src_side:
            side = src_side
        else:
            side = "B" if under and under[-1].side == "A" else "A"
        edit = add_feed_edit(plan, side=side, upstream=up)
        return self._do(edit, ("feed", edit.item.id))

    def add_ab_feeds(self, rack_ids: list[str] | None = None) -> bool:
        """A+B feeds for ``rack_ids`` (picked from the button's menu), else for the racks
        selected in the plan; with neither, the menu of racks opens under the button."""
        racks = list(rack_ids) if rack_ids else list(self._racks()) if self._racks is not None else []
        if not racks and self.ab_btn.isVisible():
            self.message.setText(self.tr("Select one or more racks (or devices in them) first, or pick them here."))
            self.message.show()
            fill_rack_menu(self.ab_menu, self.doc, self.add_ab_feeds)
            self.ab_menu.popup(self.ab_btn.mapToGlobal(self.ab_btn.rect().bottomLeft()))  # not blocking
            return False
        plan = self.doc.plan
        up = self._selected_source()
        # a source with a side takes only that side's feeds; one without takes both
        side = plan.power_source(up).side if up else None
        edit, why = self.doc.attempt(lambda: ab_feeds_edit(plan, self.doc.catalog, racks,
                                                           upstream_a=up if side in (None, "A") else None,
                                                           upstream_b=up if side in (None, "B") else None),
                                     announce=False)
        if edit is None:
            self.message.setText(self.tr("Select one or more racks (or devices in them) first.")
                                 if not racks else why)
            self.message.show()
            return False
        return self._do(edit)

    def delete_current(self) -> bool:
        cur = self.current()
        if cur is None:
            return False
        kind, eid = cur
        plan = self.doc.plan
        edit, why = self.doc.attempt(lambda: delete_feed_edit(plan, eid) if kind == "feed"
                                     else delete_source_edit(plan, eid), announce=False)
        if why:  # the refusal becomes the question whether to take what it names along
            question = (self.tr("Disconnect its PDUs and delete the feed?") if kind == "feed"
                        else self.tr("Hang what it supplies on its own upstream (or nothing) and delete it?"))
            if not dialogs.ask_yes_no(self, self.tr("Delete"), f"{why}.\n\n{question}"):
                self.message.setText(why)
                self.message.show()
                return False
            edit = (delete_feed_edit(plan, eid, disconnect=True) if kind == "feed"
                    else delete_source_edit(plan, eid, detach=True))
        assert edit is not None  # the builders return an edit or refuse
        return self._do(edit)
