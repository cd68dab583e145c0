"""Findings panel: the engine's design-rule checks as a sortable, filterable table.

Columns: severity (icon), code, message, where. Toggle buttons filter by severity
and show the counts; the search box filters on code, message and place.
Double-click (or Enter) selects the object in the Document, so the floor plan and
the rack elevations show it.

A plan with growth phases gets a phase chooser: *All phases* lists the whole plan's findings,
each with the phase that first breaks it; *Up to Pilot Q1* the findings of the build as it
stands after that phase (the engine's ``Results.phases``), with that phase's counts. A phase
can have findings the whole plan has not (a PDU whose feed comes only with production): the
Phases window counted them and the panel showed none (issue 32).
"""

from __future__ import annotations

import bisect
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSizePolicy,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from planner.base.findings import finding_text
from planner.engine.results import PLAN_WIDE_GROUPS
from ui import style
from ui.i18n import QT_TRANSLATE_NOOP, TrDict

if TYPE_CHECKING:
    from planner.engine.findings import Finding
    from planner.engine.results import Results
    from planner.model.edits import Change
    from ui.document import Document

# Finding "where" kinds -> Document selection kinds
# what the Where column calls each kind of place (the finding's ``kind``)
_KIND_TEXT = TrDict("Findings", {
    "rack": QT_TRANSLATE_NOOP("Findings", "rack"), "placement": QT_TRANSLATE_NOOP("Findings", "device"),
    "device": QT_TRANSLATE_NOOP("Findings", "device"), "pdu": QT_TRANSLATE_NOOP("Findings", "PDU"),
    "row": QT_TRANSLATE_NOOP("Findings", "row"), "room": QT_TRANSLATE_NOOP("Findings", "room"),
    "loop": QT_TRANSLATE_NOOP("Findings", "loop"), "feed": QT_TRANSLATE_NOOP("Findings", "feed"),
    "source": QT_TRANSLATE_NOOP("Findings", "power source"), "fabric": QT_TRANSLATE_NOOP("Findings", "fabric"),
    "link": QT_TRANSLATE_NOOP("Findings", "link"), "workload": QT_TRANSLATE_NOOP("Findings", "workload"),
    "group": QT_TRANSLATE_NOOP("Findings", "server group"), "plan": QT_TRANSLATE_NOOP("Findings", "plan"),
    "device-type": QT_TRANSLATE_NOOP("Findings", "device type"), "site": QT_TRANSLATE_NOOP("Findings", "site"),
})


def _tr(text: str) -> str:
    return QCoreApplication.translate("Findings", text)


_SELECT_KIND = {"rack": "rack", "placement": "placement", "pdu": "placement", "device": "placement",
                "row": "row", "room": "room", "feed": "feed", "source": "source", "loop": "loop", "fabric": "fabric",
                "link": "link",
                "group": "group", "workload": "workload"}

SEV_ROLE = Qt.ItemDataRole.UserRole + 1


def _known_codes() -> list[str]:
    """The engine's finding codes (for sizing the code column), if it is installed."""
    try:
        from planner.engine.findings import CODES
    except ImportError:
        return []
    return list(CODES)


Row = tuple[str, str, str, str, "str | None", str]  # severity, code, message, kind, id, where text
GroupKey = tuple[str, str]
Place = tuple[str, "str | None"]

# past this many rows to take out and put in, one reset is cheaper than the moves
_INCREMENTAL_MAX = 400


class FindingsModel(QAbstractTableModel):
    """The findings as rows, sorted here. ``set_results`` redoes only the engine's finding
    groups (:meth:`planner.engine.results.Results.finding_groups`) that changed and those
    whose places the plan renamed (``Document.changed``), and moves just their rows in and
    out: a rack rename in a 16k-GPU hall touches a dozen of its 5,000 rows."""

    HEADERS = (QT_TRANSLATE_NOOP("Findings", "Severity"), QT_TRANSLATE_NOOP("Findings", "Code"),
               QT_TRANSLATE_NOOP("Findings", "Message"), QT_TRANSLATE_NOOP("Findings", "Where"))

    def __init__(self, doc: Document, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.rows: list[Row] = []  # display order
        self.sort_column = 0
        self.sort_order = Qt.SortOrder.AscendingOrder
        self._names: dict[str, str] = {}
        self._groups: dict[GroupKey, tuple[tuple[Finding, ...], list[Row]]] = {}
        self._place_groups: dict[Place, set[GroupKey]] = {}
        self._where: dict[Place, str] = {}
        self._dirty_places: set[Place] = set()
        self._all_dirty = True
        self._lang: str | None = None
        self._phased = False
        self._names_stale = False
        self._serial: int | None = None  # the engine results the rows show (Results.serial)
        self._added: list[Row] | None = None  # rows moved in since take_added; None after a reset
        doc.changed.connect(self._plan_changed)
        doc.planReset.connect(self.forget)

    # ------------------------------------------------------------------ what the plan changed
    def forget(self) -> None:
        """Redo every row at the next results (a new plan, language or set of names)."""
        self._all_dirty = True

    def _plan_changed(self, change: Change) -> None:
        if self._all_dirty:
            return
        if change.structure or change.metadata:
            self._all_dirty = True
            return
        dirty = self._dirty_places
        idx = self.doc.plan.index
        for rid in change.racks:
            dirty.add(("rack", rid))
            rack = idx.racks.get(rid)
            for p in rack.placements if rack is not None else ():
                dirty.update((("placement", p.id), ("pdu", p.id), ("device", p.id)))
        for pid in change.placements:
            dirty.update((("placement", pid), ("pdu", pid), ("device", pid)))
        for kind, ids in (("row", change.rows), ("room", change.rooms), ("feed", change.feeds),
                          ("source", change.sources), ("loop", change.loops), ("fabric", change.fabrics)):
            dirty.update((kind, i) for i in ids)
        if change.feeds or change.sources or change.loops or change.fabrics:
            self._names_stale = True

    # ------------------------------------------------------------------ rows
    def set_results(self, results: Results | None) -> None:
        """Follow new engine results: the changed groups' rows out and in (or one reset)."""
        from planner.i18n import active_language

        lang = active_language()
        phased = results is not None and results.phases is not None
        if lang != self._lang or phased or self._phased:
            # another language, or growth phases (each row names the phase that breaks it)
            self._all_dirty, self._lang = True, lang
        self._phased = phased
        plan = self.doc.plan
        if self._all_dirty or self._names_stale:
            self._names = {item.id: item.name for coll in (plan.feeds, plan.power_sources, plan.cooling_loops,
                                                           plan.fabrics) for item in coll}
            self._names_stale = False
        self._idx = plan.index  # one lookup: plan.index goes through pydantic's __getattr__
        follows = (results is not None and not self._all_dirty and results.follows is not None
                   and results.follows == self._serial)
        self._serial = results.serial if results is not None else None
        if results is None:
            groups: dict[GroupKey, tuple[Finding, ...]] = {}
        elif follows:
            # the engine says which groups its update redid: only those, the plan-wide ones
            # and those at renamed places are looked at (10k groups at 64k GPUs otherwise)
            keys = set(results.redone).union(PLAN_WIDE_GROUPS)
            for place in self._dirty_places:
                keys.update(self._place_groups.get(place, ()))
            groups = {k: results.finding_group(k) for k in keys}
        else:
            groups = dict(results.finding_groups())
        if self._all_dirty:
            self._rebuild(groups, results)
            return
        old = self._groups
        redo: set[GroupKey] = {k for k, g in groups.items()
                               if ((got := old.get(k)) is None and g) or (got is not None and got[0] is not g
                                                                          and got[0] != g)}
        if not follows:
            redo.update(k for k in old if k not in groups)
        for place in self._dirty_places:
            self._where.pop(place, None)
            redo.update(k for k in self._place_groups.get(place, ()) if k in groups or k in old)
        self._dirty_places = set()
        if not redo:
            for k, g in groups.items():  # equal groups keep their rows, under the new tuples
                if k in old and old[k][0] is not g:
                    old[k] = (g, old[k][1])
            return
        gone = [r for k in redo if k in old for r in old[k][1]]
        made = {k: self._make_rows(groups[k], results) for k in redo if k in groups}
        if (len(gone) + sum(len(v) for v in made.values()) > _INCREMENTAL_MAX
                or self.sort_order != Qt.SortOrder.AscendingOrder):
            self._rebuild(dict(results.finding_groups()) if results is not None else {}, results)
            return
        for k in redo:
            for r in old.pop(k, ((), []))[1]:
                self._unplace(k, r)
        rows = self.rows
        for r in gone:
            i = bisect.bisect_left(rows, self._key(r), key=self._key)
            self.beginRemoveRows(QModelIndex(), i, i)
            del rows[i]
            self.endRemoveRows()
        for k, new in made.items():
            old[k] = (groups[k], new)
            for r in new:
                self._place(k, r)
                i = bisect.bisect_right(rows, self._key(r), key=self._key)
                self.beginInsertRows(QModelIndex(), i, i)
                rows.insert(i, r)
                self.endInsertRows()
                if self._added is not None:
                    self._added.append(r)
        for k, g in groups.items():
            if k in old and old[k][0] is not g:
                old[k] = (g, old[k][1])

    def take_added(self) -> list[Row] | None:
        """The rows moved in since the last call, or None when the table was reset since."""
        added, self._added = self._added, []
        return added

    def _rebuild(self, groups: dict[GroupKey, tuple[Finding, ...]], results: Results | None) -> None:
        self.beginResetModel()
        self._where = {}
        self._place_groups = {}
        self._groups = {}
        rows: list[Row] = []
        for k, g in groups.items():
            made = self._make_rows(g, results)
            self._groups[k] = (g, made)
            for r in made:
                self._place(k, r)
            rows.extend(made)
        self.rows = rows
        self._sort_rows()
        self._all_dirty = False
        self._dirty_places = set()
        self._added = None
        self.endResetModel()

    def _make_rows(self, group: tuple[Finding, ...], results: Results | None) -> list[Row]:
        phases = results.phases if results is not None else None  # growth phases: the phase that breaks each
        since = _tr("(from {phase})") if phases is not None else ""
        where = self._where
        out: list[Row] = []
        for f in group:
            # the message in the app's language (planner.base.findings.finding_text: the template
            # through the planner's catalog); a finding without a template keeps its text
            msg = finding_text(f)
            if phases is not None and (first := phases.phase_of(f)) is not None:
                msg = f"{msg} {since.format(phase=phases.phase_name(first))}"
            place = (f.kind, f.id)
            text = where.get(place)
            if text is None:
                text = where[place] = self._where_text(f.kind, f.id)
            out.append((f.severity, f.code, msg, f.kind, f.id, text))
        return out

    def _place(self, key: GroupKey, row: Row) -> None:
        self._place_groups.setdefault((row[3], row[4]), set()).add(key)

    def _unplace(self, key: GroupKey, row: Row) -> None:
        got = self._place_groups.get((row[3], row[4]))
        if got is not None:
            got.discard(key)

    def _key(self, r: Row) -> tuple:
        """The sort key of a row: the sorted column first, then the rest, so that rows with
        equal keys are equal rows (an incremental update finds a row by its key)."""
        rank = style.severity_rank(r[0])
        col = self.sort_column
        if col == 0:
            return (rank, r[1], r[5], r[2], r[4] or "", r[3])
        lead = {1: r[1], 2: r[2], 3: r[5]}[col]
        return (lead, rank, r[1], r[5], r[2], r[4] or "", r[3])

    def _sort_rows(self) -> None:
        # sorted here, in one Python sort, rather than by the proxy calling data() per comparison
        self.rows.sort(key=self._key, reverse=self.sort_order == Qt.SortOrder.DescendingOrder)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        self.sort_column, self.sort_order = column, order
        self.layoutAboutToBeChanged.emit()
        self._sort_rows()
        self.layoutChanged.emit()

    def _where_text(self, kind: str, fid: str | None) -> str:
        if not fid:
            return _KIND_TEXT.get(kind or "plan", kind)
        idx = getattr(self, "_idx", None) or self.doc.plan.index
        name = ""
        if kind == "rack" and fid in idx.racks:
            name = idx.racks[fid].name
        elif kind in ("placement", "pdu", "device") and fid in idx.placements:
            p = idx.placements[fid]
            rack = idx.racks.get(idx.placement_rack.get(fid, ""))
            name = p.name or p.device
            if rack is not None:
                name = (_tr("{device} in {rack} U{u}") if p.u else _tr("{device} in {rack}")).format(
                    device=name, rack=rack.name, u=p.u)
        elif kind == "row" and fid in idx.rows:
            name = idx.rows[fid].name
        elif kind == "room" and fid in idx.rooms:
            name = idx.rooms[fid].name
        else:
            name = self._names.get(fid, "")
        label = _KIND_TEXT.get(kind, kind)
        if name and (name.lower().startswith(f"{label.lower()} ") or name.lower().startswith(f"{kind.lower()} ")):
            label = ""  # 'PDU NVL72-1 A1' already says it is a PDU: not 'PDU PDU NVL72-1 A1'
        text = _tr("{name} ({id})").format(name=name, id=fid) if name and name != fid else fid
        return _tr("{kind} {place}").format(kind=label, place=text) if label else text

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate("Findings", self.HEADERS[section])
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        sev, code, msg, kind, fid, where = self.rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            names = {"error": QCoreApplication.translate("Findings", "Error"),
                     "warning": QCoreApplication.translate("Findings", "Warning"),
                     "info": QCoreApplication.translate("Findings", "Info")}
            return (names.get(sev, sev.capitalize()), code, msg, where)[col]
        if role == Qt.ItemDataRole.DecorationRole and col == 0:
            return style.severity_icon(sev)
        if role == Qt.ItemDataRole.ToolTipRole:
            names = {"error": _tr("Error"), "warning": _tr("Warning"), "info": _tr("Info")}
            tip = f"{names.get(sev, sev).upper()} {code}\n{msg}\n{where}"
            return tip + "\n" + _tr("Double-click to show it") if fid else tip
        if role == SEV_ROLE:
            return sev
        return None

    def target(self, row: int) -> tuple[str, str] | None:
        sev, code, msg, kind, fid, where = self.rows[row]
        sel_kind = _SELECT_KIND.get(kind)
        if not fid or sel_kind is None:
            return None
        return sel_kind, fid


class FindingsFilter(QSortFilterProxyModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.severities = {"error", "warning", "info"}
        self.text = ""
        self.setDynamicSortFilter(False)

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Sorting happens in the source model (one list sort); the proxy only filters."""
        self.sourceModel().sort(column, order)

    def set_severities(self, sevs: set[str]) -> None:
        self.severities = set(sevs)
        self.invalidate()

    def set_text(self, text: str) -> None:
        self.text = text.strip().lower()
        self.invalidate()

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        m = self.sourceModel()
        assert isinstance(m, FindingsModel)
        sev, code, msg, kind, fid, where = m.rows[source_row]
        if sev not in self.severities and not (sev not in style.SEVERITIES and "info" in self.severities):
            return False
        if self.text and self.text not in f"{code} {msg} {where}".lower():
            return False
        return True


class FindingsPanel(QWidget):
    """``FindingsPanel(doc)``: follows ``doc.resultsChanged``; ``on_results(results)``
    is the slot. ``.table`` is the QTableView, ``.model`` the source model; ``phase_box``
    chooses the growth phase shown (``show_phase(id)``, ``phase`` is it, None the whole plan);
    ``phaseChooserShown(bool)`` when it comes or goes (the dock's least width changes with it)."""

    phaseChooserShown = Signal(bool)

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.model = FindingsModel(doc, self)
        self.proxy = FindingsFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView(self)
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.setShowGrid(False)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        h = self.table.horizontalHeader()
        h.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        h.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        h.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        h.setSectionResizeMode(3, QHeaderView.ResizeMode.Interactive)
        h.setHighlightSections(False)
        self.table.setColumnWidth(0, 92)
        codes = list(_known_codes()) or ["POWER_FEED_FAILOVER_OVERLOAD"]
        fm = self.table.fontMetrics()
        self._code_w = max(fm.horizontalAdvance(c) for c in codes) + 16  # the widest code there is
        self.table.setColumnWidth(1, self._code_w)
        self.table.setColumnWidth(3, 220)
        # Code and Where are sized to what is listed and to the width of the panel, so the
        # Message keeps most of a narrow dock; a column the user drags keeps its width.
        self._fitting = False
        self._user_sized: set[int] = set()
        self._widths_font = fm
        self._text_w: tuple[int, int] | None = None  # the widest code and place listed, px
        h.sectionResized.connect(self._section_resized)
        self.table.viewport().installEventFilter(self)
        self.table.doubleClicked.connect(self.show_finding)
        self.table.activated.connect(self.show_finding)

        self.buttons: dict[str, QToolButton] = {}
        bar = QHBoxLayout()
        bar.setContentsMargins(6, 4, 6, 4)
        bar.setSpacing(4)
        self.phase: str | None = None  # the growth phase shown; None: the whole plan
        self._phase_ids: tuple[tuple[str, str], ...] | None = None  # the chooser's (id, name)s
        self.phase_box = QComboBox(self)
        self.phase_box.setObjectName("findingsPhase")
        self.phase_box.setToolTip(self.tr("Whose findings: the whole plan (each with the phase that first breaks "
                                          "it), or the build as it stands after a growth phase"))
        # narrow: the Findings dock sets the main window's least width (1366 px screens)
        self.phase_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.phase_box.setMinimumContentsLength(6)
        self.phase_box.activated.connect(lambda _i: self.show_phase(self.phase_box.currentData()))
        self.phase_box.hide()
        bar.addWidget(self.phase_box)
        for sev in style.SEVERITIES:
            b = QToolButton(self)
            b.setCheckable(True)
            b.setChecked(True)
            b.setIcon(style.severity_icon(sev))
            b.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
            b.setAutoRaise(True)
            b.setToolTip({"error": self.tr("Show errors"), "warning": self.tr("Show warnings"),
                          "info": self.tr("Show information")}.get(sev, sev))
            b.toggled.connect(self._filter_changed)
            self.buttons[sev] = b
            bar.addWidget(b)
        bar.addSpacing(8)
        self.search = QLineEdit(self)
        self.search.setPlaceholderText(self.tr("Filter findings (code, message, rack...)"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.set_text)
        bar.addWidget(self.search, 1)
        self.summary = QLabel(self)
        style.mute(self.summary)
        # the counts are on the severity buttons: in a narrow dock the summary gives way first
        # (with the phase chooser the dock's least width pushed the window past a 1366 px screen)
        self.summary.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.summary.setMinimumWidth(0)
        bar.addWidget(self.summary)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(0)
        lay.addLayout(bar)
        lay.addWidget(self.table, 1)
        doc.resultsChanged.connect(self.on_results)
        self.on_results(doc.results)

    def _section_resized(self, col: int, _old: int, _new: int) -> None:
        if not self._fitting and col in (1, 3):
            self._user_sized.add(col)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and obj is self.table.viewport():
            self.fit_columns()
        return False

    def fit_columns(self) -> None:
        """Code and Where as wide as their longest entry, Code at most a fifth of the table
        and Where no more than leaves Message 38 % (and 36 % of the whole); text that does
        not fit is elided and the row's tooltip has it all."""
        avail = self.table.viewport().width()
        if avail <= 0:
            return
        fm = self.table.fontMetrics()
        added = self.model.take_added()
        if fm != self._widths_font or added is None or self._text_w is None:
            # every row measured: a new font, a reset table, the first fit
            rows = self.model.rows
            self._widths_font = fm
            self._text_w = (max((fm.horizontalAdvance(c) for c in {r[1] for r in rows}), default=self._code_w - 16),
                            max((fm.horizontalAdvance(w) for w in {r[5] for r in rows}), default=140))
        elif added:
            # rows moved in: the widest can only have grown (one that left leaves the column
            # a little wide until the next reset)
            self._text_w = (max(self._text_w[0], max(fm.horizontalAdvance(r[1]) for r in added)),
                            max(self._text_w[1], max(fm.horizontalAdvance(r[5]) for r in added)))
        code_w, where_w = self._text_w[0] + 20, self._text_w[1] + 20
        rest = avail - self.table.columnWidth(0)
        # the Code is the column that gives way (the Message says it in words, the tooltip
        # and the filter have it whole); the Where is a device's name and rack: "PDU R01-1 in
        # R01 (dev-5)" was cut to "PDU R01-1 in R..." at 1366x768 (issue 31, seen on X)
        code_cap = max(90, rest // 5)
        keep = max(rest * 38 // 100, avail * 36 // 100)  # the Message's share
        where_w = min(where_w, max(90, rest - code_cap - keep))
        # what the Where does not need goes back to the Code, up to 30 % of the table
        code_w = min(code_w, max(code_cap, min(rest * 3 // 10, rest - where_w - keep)))
        self._fitting = True
        try:
            if 1 not in self._user_sized:
                self.table.setColumnWidth(1, code_w)
            if 3 not in self._user_sized:
                self.table.setColumnWidth(3, where_w)
        finally:
            self._fitting = False

    def _selected_finding(self) -> tuple | None:
        """The selected row's finding: severity, code, kind and id (a rename may change its
        message and place text, not these)."""
        sm = self.table.selectionModel()
        rows = sm.selectedRows() if sm is not None else []
        if not rows:
            return None
        src = self.proxy.mapToSource(rows[0]).row()
        if not 0 <= src < len(self.model.rows):
            return None
        r = self.model.rows[src]
        return (r[0], r[1], r[3], r[4])

    # -- growth phases --------------------------------------------------------------------
    def _fill_phases(self) -> None:
        phases = tuple((ph.id, ph.name) for ph in self.doc.plan.growth_phases)
        if self.phase is not None and self.phase not in {i for i, _ in phases}:
            self.phase = None  # the phase was removed: the whole plan
            self.model.forget()
        if phases != self._phase_ids:
            self._phase_ids = phases
            self.phase_box.clear()
            self.phase_box.addItem(self.tr("All phases"), None)
            for pid, name in phases:
                self.phase_box.addItem(self.tr("Up to {phase}").format(phase=name), pid)
        if self.phase_box.isVisibleTo(self) != bool(phases):
            self.phase_box.setVisible(bool(phases))
            self.phaseChooserShown.emit(bool(phases))
        self.phase_box.setCurrentIndex(max(0, self.phase_box.findData(self.phase)))

    def show_phase(self, phase_id: str | None) -> None:
        """List the findings of the build up to growth phase ``phase_id`` (None: the whole plan)."""
        if phase_id is not None and phase_id not in {ph.id for ph in self.doc.plan.growth_phases}:
            phase_id = None
        if phase_id != self.phase:
            self.phase = phase_id
            self.model.forget()  # another result set: every row anew
        self.on_results(self.doc.results)

    def shown_results(self, results: Results | None) -> Results | None:
        """The results the table lists: the whole plan's, or the chosen phase's (the engine's)."""
        if self.phase is None or results is None or results.phases is None:
            return results
        for ph in results.phases.phases:
            if ph.id == self.phase:
                return ph.results
        return results  # the phase's figures are not there yet: the whole plan's meanwhile

    def on_results(self, results: Results | None) -> None:
        self._fill_phases()
        if self.phase is not None:
            self.model.forget()  # a phase's results come from its own engine: no increments
        results = self.shown_results(results)
        chosen = self._selected_finding()
        self.model.set_results(results)
        if chosen is not None and self._selected_finding() != chosen:
            # the selected row was moved out and in again (its rack renamed): Qt's selection
            # slid onto the next finding; put it back on the same one (it may have gone)
            self._select_finding(chosen)
        if self.proxy.text:
            self.proxy.invalidate()  # the filter is not dynamic: rows that came in are matched here
        self.fit_columns()
        # the engine's counts (carried from one result set to the next, not counted here)
        counts = results.counts() if results is not None else {s: 0 for s in style.SEVERITIES}
        names = {"error": self.tr("Errors"), "warning": self.tr("Warnings"), "info": self.tr("Info")}
        for sev, b in self.buttons.items():
            b.setText(f"{names[sev]} {counts[sev]}")
        n = len(self.model.rows)
        if results is None:
            self.summary.setText(self.tr("no results yet"))
        elif not n:
            self.summary.setText(self.tr("no findings: the design passes every check"))
        else:
            self.summary.setText(self.tr("%n finding(s)", "", n))

    def _select_finding(self, chosen: tuple) -> None:
        sm = self.table.selectionModel()
        for i, r in enumerate(self.model.rows):
            if (r[0], r[1], r[3], r[4]) == chosen:
                idx = self.proxy.mapFromSource(self.model.index(i, 0))
                if idx.isValid():
                    sm.setCurrentIndex(idx, QItemSelectionModel.SelectionFlag.ClearAndSelect
                                       | QItemSelectionModel.SelectionFlag.Rows)
                    return
        sm.clearSelection()

    def _filter_changed(self) -> None:
        self.proxy.set_severities({s for s, b in self.buttons.items() if b.isChecked()})

    def show_finding(self, index: QModelIndex) -> None:
        """Select the finding's object in the Document (other views follow)."""
        if not index.isValid():
            return
        src = self.proxy.mapToSource(index)
        target = self.model.target(src.row())
        if target is not None:
            self.doc.select([target])

    def visible_codes(self) -> list[str]:
        """Codes in display order (sorting and filters applied)."""
        return [self.proxy.index(r, 1).data() for r in range(self.proxy.rowCount())]
