"""Findings panel: the engine's design-rule checks as a sortable, filterable table.

Columns: severity (icon), code, message, where. Toggle buttons filter by severity
and show the counts; the search box filters on code, message and place.
Double-click (or Enter) selects the object in the Document, so the floor plan and
the rack elevations show it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from planner.base.findings import finding_text
from ui import style
from ui.i18n import QT_TRANSLATE_NOOP, TrDict

if TYPE_CHECKING:
    from planner.engine.findings import Finding
    from planner.engine.results import Results
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


def results_findings(results: Results | None) -> list[Finding]:
    return list(results.findings) if results is not None else []


class FindingsModel(QAbstractTableModel):
    HEADERS = (QT_TRANSLATE_NOOP("Findings", "Severity"), QT_TRANSLATE_NOOP("Findings", "Code"),
               QT_TRANSLATE_NOOP("Findings", "Message"), QT_TRANSLATE_NOOP("Findings", "Where"))

    def __init__(self, doc: Document, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.rows: list[tuple[str, str, str, str, str | None, str]] = []  # sev, code, msg, kind, id, where text
        self.sort_column = 0
        self.sort_order = Qt.SortOrder.AscendingOrder
        self._names: dict[str, str] = {}

    def set_findings(self, findings: list[Finding]) -> None:
        self.beginResetModel()
        plan = self.doc.plan
        self._names = {item.id: item.name for coll in (plan.feeds, plan.power_sources, plan.cooling_loops, plan.fabrics)
                       for item in coll}
        self._idx = plan.index  # one lookup: plan.index goes through pydantic's __getattr__
        self.rows = []
        res = self.doc.results
        phases = res.phases if res is not None else None  # growth phases: the phase that breaks each
        since = _tr("(from {phase})")
        for f in findings:
            # the message in the app's language (planner.base.findings.finding_text: the template
            # through the planner's catalog); a finding without a template keeps its text
            msg = finding_text(f)
            if phases is not None and (first := phases.phase_of(f)) is not None:
                msg = f"{msg} {since.format(phase=phases.phase_name(first))}"
            self.rows.append((f.severity, f.code, msg, f.kind, f.id, self._where_text(f.kind, f.id)))
        self._sort_rows()
        self.endResetModel()

    def _sort_rows(self) -> None:
        # sorted here, in one Python sort, rather than by the proxy calling data() per comparison
        col = self.sort_column
        if col == 0:
            def key(r: tuple) -> tuple:
                return (style.severity_rank(r[0]), r[1], r[5])
        else:
            def key(r: tuple) -> tuple:
                return ({1: r[1], 2: r[2], 3: r[5]}[col], style.severity_rank(r[0]))
        self.rows.sort(key=key, reverse=self.sort_order == Qt.SortOrder.DescendingOrder)

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
    is the slot. ``.table`` is the QTableView, ``.model`` the source model."""

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
        h.sectionResized.connect(self._section_resized)
        self.table.viewport().installEventFilter(self)
        self.table.doubleClicked.connect(self.show_finding)
        self.table.activated.connect(self.show_finding)

        self.buttons: dict[str, QToolButton] = {}
        bar = QHBoxLayout()
        bar.setContentsMargins(6, 4, 6, 4)
        bar.setSpacing(4)
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
        """Code and Where as wide as their longest entry, Code at most 30 % of the table and
        Where no more than leaves Message 45 %; text that does not fit is elided and the
        row's tooltip has it all."""
        avail = self.table.viewport().width()
        if avail <= 0:
            return
        fm = self.table.fontMetrics()
        rows = self.model.rows
        code_w = max((fm.horizontalAdvance(r[1]) for r in rows), default=self._code_w - 16) + 20
        where_w = max((fm.horizontalAdvance(r[5]) for r in rows), default=140) + 20
        rest = avail - self.table.columnWidth(0)
        code_w = min(code_w, max(90, rest * 3 // 10))
        where_w = min(where_w, max(90, rest - code_w - rest * 45 // 100))
        self._fitting = True
        try:
            if 1 not in self._user_sized:
                self.table.setColumnWidth(1, code_w)
            if 3 not in self._user_sized:
                self.table.setColumnWidth(3, where_w)
        finally:
            self._fitting = False

    def on_results(self, results: Results | None) -> None:
        findings = results_findings(results)
        self.model.set_findings(findings)
        self.fit_columns()
        counts = {s: 0 for s in style.SEVERITIES}
        for sev, *_ in self.model.rows:
            counts[sev if sev in counts else "info"] += 1
        names = {"error": self.tr("Errors"), "warning": self.tr("Warnings"), "info": self.tr("Info")}
        for sev, b in self.buttons.items():
            b.setText(f"{names[sev]} {counts[sev]}")
        if results is None:
            self.summary.setText(self.tr("no results yet"))
        elif not findings:
            self.summary.setText(self.tr("no findings: the design passes every check"))
        else:
            self.summary.setText(self.tr("%n finding(s)", "", len(findings)))

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
