"""Cable list (dock ``cablesDock``): the plan's cable schedule, one row per link.

Rows come from :func:`planner.fabric.cable_schedule` (the same rows as the CSV and the
build sheets). Filter by fabric, rack, media and free text; sort by any column. The
model filters and sorts in Python on keys cached per column and formats cells only for
the rows in view, so 49k cables refresh in a few hundred ms and sort in tens.
Selecting rows selects the links and both ends in the Document; Delete or the
context menu disconnects (one undo step). Export CSV goes through
:func:`planner.fabric.write_schedule_csv` (atomic), off the GUI thread when the schedule
is large (a ``ui.tasks.BackgroundTask``, reporting back on the GUI thread).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QItemSelection,
    QItemSelectionModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSignalBlocker,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import QContextMenuEvent, QKeyEvent, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from planner.fabric.schedule import CableRow, cable_schedule, write_schedule_csv
from planner.fabric.wiring import Disconnect
from planner.model.edits import Change, Compound
from ui import dialogs, units
from ui.i18n import QT_TRANSLATE_NOOP
from ui.settings import documents_folder
from ui.tasks import BackgroundTask

if TYPE_CHECKING:
    from planner.model.plan import PlanIndex
    from ui.document import Document

log = logging.getLogger(__name__)

def _u(text: str) -> str:
    """The schedule's rack unit ("U12") as the app's language writes it ("HE 12")."""
    return QCoreApplication.translate("Cables", "U{n}").format(n=text[1:]) \
        if text[:1] == "U" and text[1:].isdigit() else text


# (header, CableRow attribute or callable)
COLUMNS: list[tuple[str, Any]] = [
    (QT_TRANSLATE_NOOP("Cables", "ID"), lambda r: r.label or r.id),
    (QT_TRANSLATE_NOOP("Cables", "Fabric"), "fabric"),
    (QT_TRANSLATE_NOOP("Cables", "From"), lambda r: f"{r.from_rack} {_u(r.from_u)} {r.from_device}".replace("  ", " ").strip()),
    (QT_TRANSLATE_NOOP("Cables", "Port"), "from_port"),
    (QT_TRANSLATE_NOOP("Cables", "To"), lambda r: f"{r.to_rack} {_u(r.to_u)} {r.to_device}".replace("  ", " ").strip()),
    (QT_TRANSLATE_NOOP("Cables", "Port "), "to_port"),
    (QT_TRANSLATE_NOOP("Cables", "Gb/s"), lambda r: f"{r.speed_gbps:g}"),
    (QT_TRANSLATE_NOOP("Cables", "Media"), lambda r: (r.media.upper() + (f" ({r.cable})" if r.cable else "")) if r.media else (r.cable or "\u2014")),
    (QT_TRANSLATE_NOOP("Cables", "Length"), lambda r: units.fmt_length_m(r.length_m) if r.length_m is not None else "\u2014"),
]
SPEED_COL, MEDIA_COL, LENGTH_COL = 6, 7, 8
BACKGROUND_EXPORT_ROWS = 5000
ALL = "All"


def _end_sig(idx: PlanIndex, pid: str) -> tuple[str, int | None, str, str] | None:
    """What a cable row shows of a device (``idx``: the plan's index): its rack's name,
    U, name and type (None if gone)."""
    p = idx.placements.get(pid)
    if p is None:
        return None
    rack = idx.racks[idx.placement_rack[pid]]
    return (rack.name, p.u, p.name or p.id, p.device)


def _cell(row: CableRow, col: int) -> str:
    get = COLUMNS[col][1]
    return get(row) if callable(get) else str(getattr(row, get))


class CableModel(QAbstractTableModel):
    """The schedule's rows (``rows``, plan order) and the ones shown (``order``: indices
    into ``rows``, filtered and sorted in Python on cached keys, so a 49k-row sort is one
    ``sorted()`` rather than a million ``lessThan`` calls into Python). Cells are
    formatted only when the view asks for them, i.e. for the visible rows."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows: list[CableRow] = []
        self.order: list[int] = []
        self.fabric = self.rack = self.media = self.text = ""
        self.sort_column = -1
        self.sort_order = Qt.SortOrder.AscendingOrder
        self._keys: dict[int, list[Any]] = {}  # column -> sort key per row
        self._hay: list[str] | None = None  # lower-case search text per row

    # -- contents ----------------------------------------------------------------------
    def set_rows(self, rows: list[CableRow]) -> None:
        """New rows (one model reset), shown through the current filters and sort."""
        self.beginResetModel()
        self.rows = rows
        self._keys.clear()
        self._hay = None
        self.order = self._compute_order()
        self.endResetModel()

    def set_filters(self, fabric: str, rack: str, media: str, text: str) -> None:
        text = text.strip().lower()
        if (fabric, rack, media, text) == (self.fabric, self.rack, self.media, self.text):
            return
        self.beginResetModel()
        self.fabric, self.rack, self.media, self.text = fabric, rack, media, text
        self.order = self._compute_order()
        self.endResetModel()

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:
        """Header clicks: reorder the shown rows; the selection follows its rows."""
        self.sort_column, self.sort_order = column, order
        self.layoutAboutToBeChanged.emit()
        old = self.persistentIndexList()
        was = [self.order[ix.row()] if ix.isValid() and ix.row() < len(self.order) else -1 for ix in old]
        self.order = self._compute_order()
        if old:
            pos = {src: i for i, src in enumerate(self.order)}
            self.changePersistentIndexList(old, [self.index(pos[w], ix.column()) if w in pos else QModelIndex()
                                                 for w, ix in zip(was, old)])
        self.layoutChanged.emit()

    def _compute_order(self) -> list[int]:
        rows = self.rows
        keep: Sequence[int] = range(len(rows))
        if self.fabric:
            keep = [i for i in keep if rows[i].fabric == self.fabric]
        if self.rack:
            keep = [i for i in keep if self.rack in (rows[i].from_rack, rows[i].to_rack)]
        if self.media:
            keep = [i for i in keep if (rows[i].media or "none") == self.media]
        if self.text:
            hay = self._haystack()
            words = self.text.split()
            keep = [i for i in keep if all(w in hay[i] for w in words)]
        if 0 <= self.sort_column < len(COLUMNS):
            keys = self._sort_keys(self.sort_column)
            return sorted(keep, key=keys.__getitem__, reverse=self.sort_order == Qt.SortOrder.DescendingOrder)
        return list(keep)

    def _haystack(self) -> list[str]:
        if self._hay is None:
            self._hay = [" ".join((r.id, r.label, r.from_device, r.from_port, r.to_device, r.to_port, r.cable,
                                   r.from_rack, r.to_rack)).lower() for r in self.rows]
        return self._hay

    def _sort_keys(self, col: int) -> list[Any]:
        keys = self._keys.get(col)
        if keys is None:
            if col == LENGTH_COL:
                keys = [r.length_m if r.length_m is not None else -1.0 for r in self.rows]
            elif col == SPEED_COL:
                keys = [r.speed_gbps for r in self.rows]
            else:
                keys = [_cell(r, col).lower() for r in self.rows]
            self._keys[col] = keys
        return keys

    def row_at(self, view_row: int) -> CableRow:
        return self.rows[self.order[view_row]]

    @property
    def total(self) -> int:
        return len(self.rows)

    # -- Qt model ----------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.order)

    def columnCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return QCoreApplication.translate("Cables", COLUMNS[section][0]).strip()
        return None

    def data(self, index: QModelIndex | QPersistentModelIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        r = self.rows[self.order[index.row()]]
        if role == Qt.ItemDataRole.DisplayRole:
            return _cell(r, index.column())
        if role == Qt.ItemDataRole.UserRole:  # sort key
            return self._sort_keys(index.column())[self.order[index.row()]]
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() == SPEED_COL:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and index.column() == MEDIA_COL and r.transceiver:
            return QCoreApplication.translate("Cables", "{cable} with {transceiver} transceivers").format(
                cable=r.cable, transceiver=r.transceiver)
        return None


class CableTable(QTableView):
    def __init__(self, owner: CableList) -> None:
        super().__init__(owner)
        self.owner = owner

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.owner.disconnect_selected()
            event.accept()
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        if not self.owner.selected_links():
            return
        menu = QMenu(self)
        n = len(self.owner.selected_links())
        menu.addAction(self.tr("Disconnect %n cable(s)", "", n), self.owner.disconnect_selected)
        menu.exec(event.globalPos())


class CableList(QWidget):
    exported = Signal(str)

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.model = CableModel(self)
        self.table = CableTable(self)
        self.table.setObjectName("cableTable")
        self.table.setModel(self.model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        hh.setStretchLastSection(True)
        self.fabric_box = self._combo("cableFabricFilter")
        self.rack_box = self._combo("cableRackFilter")
        self.media_box = self._combo("cableMediaFilter")
        self.search = QLineEdit(self)
        self.search.setObjectName("cableSearch")
        self.search.setPlaceholderText(self.tr("Search device, port, label\u2026"))
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._apply_filters)
        self.count_label = QLabel(self)
        self.count_label.setObjectName("cableCount")
        self.export_button = QPushButton(self.tr("Export CSV\u2026"), self)
        self.export_button.setObjectName("cableExport")
        self.export_button.clicked.connect(lambda: self.export_csv())
        # two short rows rather than one long one, so the dock (tabbed with Findings) can narrow
        bar = QHBoxLayout()
        bar.setContentsMargins(6, 4, 6, 0)
        for label, w in ((self.tr("Fabric:"), self.fabric_box), (self.tr("Rack:"), self.rack_box),
                         (self.tr("Media:"), self.media_box)):
            bar.addWidget(QLabel(label, self))
            bar.addWidget(w, 1)
        bar2 = QHBoxLayout()
        bar2.setContentsMargins(6, 0, 6, 0)
        bar2.addWidget(self.search, 1)
        bar2.addWidget(self.count_label)
        bar2.addWidget(self.export_button)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(bar)
        lay.addLayout(bar2)
        lay.addWidget(self.table, 1)
        self._export_task = BackgroundTask(self, "cable schedule export", expected_errors=(OSError,))
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.update_rows)
        self._selecting = False
        self._sized = False
        self._stale = False
        self._pending = Change()  # what the edits since the rows were made touched
        self._fabric_sig: dict[str, tuple[str, float]] = {}  # fabric -> (name, speed) of the rows
        self._rack_names: dict[str, str] = {}  # rack -> name of the rows
        self._place_sig: dict[str, tuple[str, int | None, str, str] | None] = {}  # placement -> what rows show of it
        self._by_id: dict[str, CableRow] = {}
        self.shown = True
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._rows_selected())
        doc.changed.connect(self._on_changed)
        doc.planReset.connect(self.refresh)
        self.refresh()

    def _combo(self, name: str) -> QComboBox:
        box = QComboBox(self)
        box.setObjectName(name)
        box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        box.setMinimumContentsLength(6)  # the dock can shrink; the popup still shows full names
        box.currentIndexChanged.connect(lambda _i: self._apply_filters())
        return box

    # -- model -----------------------------------------------------------------------
    def _on_changed(self, change: Change) -> None:
        if change.links or change.fabrics or change.placements or change.racks or change.structure:
            self._pending.update(change)
            if not self.shown or not self.isVisible():
                # a hidden list (its dock tabbed behind Findings) catches up when shown: the
                # schedule of an NVL72 pair (~2,600 links) takes ~100 ms, too much for every edit
                self._stale = True
                return
            self._timer.start()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._stale and self.shown:
            self._timer.start()

    def set_shown(self, shown: bool) -> None:
        """The dock's tab became current (True) or another tab covers it (False): a widget
        in a tab behind another stays isVisible(), so the main window reports it
        (``QDockWidget.visibilityChanged``)."""
        self.shown = shown
        if shown and self._stale:
            self._timer.start()

    def units_changed(self) -> None:
        """Lengths are formatted at display: repaint them in the new units."""
        m = self.model
        if m.rowCount():
            m.dataChanged.emit(m.index(0, 0), m.index(m.rowCount() - 1, m.columnCount() - 1))

    def ensure_current(self) -> None:
        """Catch up now if edits arrived while the list was hidden."""
        if self._stale or self._timer.isActive():
            self.update_rows()

    def refresh(self) -> None:
        """Every row from the plan (New/Open, or when many rows changed)."""
        self._set_rows(cable_schedule(self.doc.plan, self.doc.catalog))

    def update_rows(self) -> None:
        """Catch up with the edits since the rows were made: redo only the rows they
        touched (a cable connected or removed, a device or rack renamed or moved, a
        fabric renamed) and keep the rest; everything when that is most of them or the
        layout changed."""
        rows = self._patched_rows()
        if rows is None:
            self.refresh()
        else:
            self._set_rows(rows)

    def _patched_rows(self) -> list[CableRow] | None:
        """The rows after the pending edits, redoing only those they touched; None when
        a full schedule is due (the layout changed, or most rows are touched)."""
        ch, old, plan = self._pending, self.model.rows, self.doc.plan
        if ch.structure or ch.rooms or ch.rows or not old:
            return None
        idx = plan.index
        # what a row shows of its ends and fabric, compared with what the rows were made from
        fabrics = {f.id for f in plan.fabrics if self._fabric_sig.get(f.id) != (f.name, f.speed_gbps)}
        ends = {pid for pid in ch.placements if self._place_sig.get(pid) != _end_sig(idx, pid)}
        for rid in ch.racks:
            if rid not in idx.racks:
                return None
            if idx.racks[rid].name != self._rack_names.get(rid):
                ends.update(p.id for p in idx.racks[rid].placements)
        touched, by_id = ch.links, self._by_id
        if fabrics or ends:
            dirty = [lk for lk in plan.links if lk.id in touched or lk.fabric in fabrics or lk.a.placement in ends
                     or lk.b.placement in ends or lk.id not in by_id]
        else:  # cables connected, removed or edited: new links are among the touched ones
            dirty = [lk for lk in plan.links if lk.id in touched] if touched else []
        if len(dirty) * 4 > len(plan.links):
            return None
        fresh = {r.id: r for r in cable_schedule(plan, self.doc.catalog, dirty)}
        try:
            return [fresh[lk.id] if lk.id in fresh else by_id[lk.id] for lk in plan.links]
        except KeyError:  # a link no edit reported (should not happen): rebuild everything
            log.warning("cable list: a link appeared without a change naming it; full refresh")
            return None

    def _set_rows(self, rows: list[CableRow]) -> None:
        self._timer.stop()
        self._stale = False
        self._pending = Change()
        plan = self.doc.plan
        self._fabric_sig = {f.id: (f.name, f.speed_gbps) for f in plan.fabrics}
        self._rack_names = {rid: r.name for rid, r in plan.index.racks.items()}
        idx = plan.index
        self._place_sig = {pid: _end_sig(idx, pid) for pid in idx.placements}
        self._by_id = {r.id: r for r in rows}
        self._fill(self.fabric_box, [f.name for f in self.doc.plan.fabrics])
        self._fill(self.rack_box, sorted({r.from_rack for r in rows} | {r.to_rack for r in rows}))
        self._fill(self.media_box, sorted({r.media or "none" for r in rows}))
        m = self.model
        # the filters as the boxes now read, then one reset that filters and sorts once
        m.fabric, m.rack, m.media = (b.currentData() or "" for b in (self.fabric_box, self.rack_box, self.media_box))
        m.text = self.search.text().strip().lower()
        keep = set(self.selected_links())  # an edit elsewhere must not drop the user's selection
        scroll = self.table.verticalScrollBar().value()
        m.set_rows(rows)
        if keep:
            self._reselect(keep)
        self.table.verticalScrollBar().setValue(scroll)
        self._count()
        if rows and not self._sized:  # once, when there is something to measure (then the user's widths stay)
            self._size_columns()
            self._sized = True
        elif not rows:
            self._sized = False

    def _size_columns(self, sample: int = 400, widest: int = 420) -> None:
        """Column widths from the widest text in a sample spread over the whole schedule
        (Qt's resizeColumnsToContents reads only the first rows: node-leaf cables, whose
        ends are shorter than the spine and core ends further down)."""
        rows = self.model.rows
        n = len(rows)
        picks = sorted(set(range(0, n, max(1, n // sample))) | set(range(min(n, 50))) | set(range(max(0, n - 50), n)))
        fm = self.table.fontMetrics()
        hfm = self.table.horizontalHeader().fontMetrics()
        pad = 2 * self.table.style().pixelMetric(self.table.style().PixelMetric.PM_FocusFrameHMargin) + 14
        for col, (title, _get) in enumerate(COLUMNS):
            texts = {_cell(rows[i], col) for i in picks}
            w = max((fm.horizontalAdvance(t) for t in texts), default=0)
            head = hfm.horizontalAdvance(title.strip()) + 24  # room for the sort arrow
            self.table.setColumnWidth(col, min(widest, max(w + pad, head)))

    @staticmethod
    def _fill(box: QComboBox, values: list[str]) -> None:
        cur = box.currentText()
        box.blockSignals(True)
        box.clear()
        box.addItem(QCoreApplication.translate("Cables", "All"), "")
        for v in values:
            box.addItem(v, v)
        i = box.findText(cur)
        box.setCurrentIndex(i if i >= 0 else 0)
        box.blockSignals(False)

    def set_filter(self, fabric: str | None = None, rack: str | None = None, media: str | None = None,
                   text: str | None = None) -> None:
        for box, value in ((self.fabric_box, fabric), (self.rack_box, rack), (self.media_box, media)):
            if value is not None:
                i = box.findData(value)
                box.setCurrentIndex(max(i, 0))
        if text is not None:
            self.search.setText(text)
        self._apply_filters()

    def _apply_filters(self) -> None:
        self.model.set_filters(self.fabric_box.currentData() or "", self.rack_box.currentData() or "",
                               self.media_box.currentData() or "", self.search.text())
        self._count()

    def _count(self) -> None:
        shown, total = self.model.rowCount(), self.model.total
        self.count_label.setText(
            self.tr("{shown} of {total} cables").format(shown=units.fmt_int(shown), total=units.fmt_int(total))
            if shown != total else self.tr("{total} cables").format(total=units.fmt_int(total)))

    def visible_link_ids(self) -> list[str]:
        """Link ids of the rows shown, in the order shown."""
        rows = self.model.rows
        return [rows[i].id for i in self.model.order]

    # -- selection -------------------------------------------------------------------
    def _reselect(self, link_ids: set[str]) -> None:
        """Select again the shown rows of ``link_ids`` after a model reset, quietly: the
        document's selection did not change, so it is not told again."""
        m, rows = self.model, self.model.rows
        last = m.columnCount() - 1
        sel = QItemSelection()
        start = None
        for r, i in enumerate(m.order + [None]):  # runs of consecutive rows: one range each
            hit = i is not None and rows[i].id in link_ids
            if hit and start is None:
                start = r
            elif not hit and start is not None:
                sel.select(m.index(start, 0), m.index(r - 1, last))
                start = None
        sm = self.table.selectionModel()
        blocker = QSignalBlocker(sm)
        sm.select(sel, QItemSelectionModel.SelectionFlag.ClearAndSelect)
        del blocker
        self.table.viewport().update()

    def selected_links(self) -> list[str]:
        """Link ids of the selected rows, in plan order."""
        order = self.model.order
        rows = {order[ix.row()] for ix in self.table.selectionModel().selectedRows()}
        return [self.model.rows[r].id for r in sorted(rows)]

    def _rows_selected(self) -> None:
        ids = self.selected_links()
        if not ids:
            return
        links = {lk.id: lk for lk in self.doc.plan.links}
        sel: list[tuple[str, str]] = []
        for lid in ids:
            lk = links.get(lid)
            if lk is None:
                continue
            sel.append(("link", lid))
            for end in (lk.a, lk.b):
                if ("placement", end.placement) not in sel:
                    sel.append(("placement", end.placement))
        self.doc.select(sel)

    def disconnect_selected(self) -> bool:
        ids = self.selected_links()
        if not ids:
            return False
        edits = [Disconnect(i) for i in ids]
        edit = edits[0] if len(edits) == 1 else Compound(edits, self.tr("Disconnect %n cable(s)", "", len(edits)))
        return self.doc.push(edit)

    # -- export ----------------------------------------------------------------------
    def export_csv(self, path: str | None = None) -> bool:
        self.ensure_current()
        rows = self.model.rows  # every cable, whatever the filters show
        if path is None:
            start = (str(self.doc.path.with_suffix(".cables.csv")) if self.doc.path
                     else str(documents_folder() / "cables.csv"))
            path, _ = QFileDialog.getSaveFileName(self, self.tr("Export cable schedule"), start, self.tr("CSV (*.csv)"))
            if not path:
                return False
        if len(rows) >= BACKGROUND_EXPORT_ROWS:
            self.export_button.setEnabled(False)
            self.count_label.setText(self.tr("Writing {n} cables\u2026").format(n=units.fnum(len(rows), ",")))
            rows = list(rows)
            self._export_task.start(
                lambda _progress, _cancelled: write_schedule_csv(rows, path),
                on_done=lambda _result: self._export_done(path),
                on_failed=lambda e: self._export_failed(self.tr("{file} could not be written.\n\n{error}").format(
                    file=Path(path).name, error=e)))
            return True
        try:
            write_schedule_csv(rows, path)
        except Exception as e:
            log.exception("cable export failed")
            dialogs.show_error(self, self.tr("Cannot export cables"), self.tr("{file} could not be written.\n\n{error}").format(
                file=Path(path).name, error=e))
            return False
        self._export_done(path)
        return True

    def _export_failed(self, message: str) -> None:
        self.export_button.setEnabled(True)
        self._apply_filters()
        dialogs.show_error(self, self.tr("Cannot export cables"), message)

    def _export_done(self, path: str) -> None:
        self.export_button.setEnabled(True)
        self._apply_filters()
        self.exported.emit(path)
