"""Catalog panel: search and filter device types, drag them into racks.

The drag carries the device slug as ``application/x-rackwright-device``; the rack
view is the drop target. Figures shown (U, maximum kW, GPUs) are the catalog's own
fields, not computed here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QCoreApplication,
    QMimeData,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QColor, QFontMetrics, QIcon, QPixmap, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from planner.gestures.builders import DEVICE_MIME
from ui import dialogs
from ui.dialogs.needs_data import needs_data_text
from ui.i18n import QT_TRANSLATE_NOOP, TrDict
from ui.tasks import BackgroundTask
from ui.units import fnum

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.catalog.models import DeviceType
    from planner.netbox.importer import ImportReport
    from ui.dialogs.netbox_import import NetboxImportResult
    from ui.document import Document

SLUG_ROLE = Qt.ItemDataRole.UserRole + 1
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 2
COLUMNS = (QT_TRANSLATE_NOOP("CatalogPanel", "Device"), "U", "kW", QT_TRANSLATE_NOOP("CatalogPanel", "GPUs"))
KIND_ROLE = Qt.ItemDataRole.UserRole + 5
NEEDS_DATA_ROLE = Qt.ItemDataRole.UserRole + 6
ANY = "Any"
# device kinds as the kind filter shows them (catalog kinds without an entry show as they are)
KIND_NAMES = TrDict("CatalogPanel", {
    "server": QT_TRANSLATE_NOOP("CatalogPanel", "server"), "storage": QT_TRANSLATE_NOOP("CatalogPanel", "storage"),
    "switch": QT_TRANSLATE_NOOP("CatalogPanel", "switch"), "pdu": "PDU", "cdu": "CDU",
    "other": QT_TRANSLATE_NOOP("CatalogPanel", "other"),
})


_ICONS: dict[str, QIcon] = {}


def kind_icon(kind: str) -> QIcon:
    """A swatch in the colour the rack elevations use for this kind of device."""
    if kind not in _ICONS:
        from planner.base.palette import kind_color

        pm = QPixmap(12, 12)
        pm.fill(QColor(kind_color(kind)))
        _ICONS[kind] = QIcon(pm)
    return _ICONS[kind]


def short_gpu_name(model: str) -> str:
    """'H100 SXM5 80GB' -> 'H100', 'Instinct MI300X' -> 'MI300X': the first word with a digit."""
    words = model.split()
    return next((w for w in words if any(ch.isdigit() for ch in w)), words[0] if words else "")


def fit_name(name: str, fm: QFontMetrics, width: int) -> str:
    """A device name shortened at word boundaries to fit ``width`` pixels: the whole name, else
    the maker and as many of the last words as fit with the words between left out ('Dell …
    R660', 'APC … 48 outlets'), else the last words alone ('… R660'), and only then cut at
    the right. Cutting in the middle of
    the text read 'Dell P…e R660'; the model number is what tells the rows apart."""
    if fm.horizontalAdvance(name) <= width:
        return name
    words = name.split()
    n = len(words)
    candidates = [f"{words[0]} \u2026 {' '.join(words[-k:])}" for k in range(n - 2, 0, -1)]
    candidates += [f"\u2026 {' '.join(words[-k:])}" for k in range(n - 1, 0, -1)]
    for c in candidates:
        if fm.horizontalAdvance(c) <= width:
            return c
    return fm.elidedText(name, Qt.TextElideMode.ElideRight, width)


class NameDelegate(QStyledItemDelegate):
    """Paints the device column with :func:`fit_name` (the tooltip has the full name)."""

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        room = option.rect.width() - 8 - (option.decorationSize.width() + 4 if not option.icon.isNull() else 0)
        option.text = fit_name(option.text, option.fontMetrics, max(room, 0))


class CatalogModel(QStandardItemModel):
    """One row per device type; drags carry the slug."""

    def __init__(self, catalog: Catalog | None, parent: QObject | None = None) -> None:
        super().__init__(0, len(COLUMNS), parent)
        self.setHorizontalHeaderLabels([QCoreApplication.translate("CatalogPanel", c) for c in COLUMNS])
        devices = sorted(catalog.devices.values(), key=lambda d: (d.kind, d.manufacturer, d.model)) \
            if catalog is not None else []
        for d in devices:
            self.appendRow(self._row(catalog, d))

    @staticmethod
    def _row(catalog: Catalog | None, d: DeviceType) -> list[QStandardItem]:
        gpu = catalog.get("gpus", d.gpu_slug) if d.gpu_slug and catalog is not None else None
        gpu_name = gpu.model if gpu is not None else (d.gpu_slug or "")
        needs = d.needs_data
        needs_word = QCoreApplication.translate("CatalogPanel", "needs data")
        name = QStandardItem(f"{d.manufacturer} {d.model.split(' (')[0]}")
        tip = f"{d.manufacturer} {d.model} ({KIND_NAMES.get(d.kind, d.kind)})\n{d.slug}\n{d.description or ''}".strip()
        if needs:
            tip += "\n" + QCoreApplication.translate("CatalogPanel", "Needs data: {what}").format(
                what=needs_data_text(needs))
            font = name.font()
            font.setItalic(True)
            name.setFont(font)
        name.setToolTip(tip)
        name.setData(bool(needs), NEEDS_DATA_ROLE)
        u = QStandardItem(f"{d.u_height:g}" if d.u_height else "0U")
        kw = QStandardItem(f"{fnum(d.max_power_w / 1000, '.1f')}" if d.max_power_w else
                           needs_word if "power" in needs else "")
        kw.setToolTip(QCoreApplication.translate("CatalogPanel", "maximum draw, kW (catalog)") if d.max_power_w
                      else QCoreApplication.translate("CatalogPanel", "no power draw in the catalog yet")
                      if "power" in needs else "")
        gpus = QStandardItem(f"{d.gpu_count}\u00d7 {short_gpu_name(gpu_name)}" if d.gpu_count else
                             needs_word if "accelerators" in needs else "")
        gpus.setToolTip(f"{d.gpu_count} x {gpu_name}" if d.gpu_count else "")
        for it in (kw, gpus):
            if it.text() == needs_word:
                f = it.font()
                f.setItalic(True)
                it.setFont(f)
        for it in (u, kw):
            it.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        row = [name, u, kw, gpus]
        name.setData(d.kind, KIND_ROLE)
        name.setIcon(kind_icon(d.kind))
        search = " ".join([d.slug, d.manufacturer, d.model, d.kind, gpu_name, d.part_number or ""]).lower()
        for it in row:
            it.setEditable(False)
            it.setData(d.slug, SLUG_ROLE)
            it.setDragEnabled(True)
        name.setData(search, SEARCH_ROLE)
        name.setData(d.manufacturer, Qt.ItemDataRole.UserRole + 3)
        name.setData(d.gpu_slug or "", Qt.ItemDataRole.UserRole + 4)
        return row

    def mimeTypes(self) -> list[str]:
        return [DEVICE_MIME]

    def mimeData(self, indexes: Sequence[QModelIndex]) -> QMimeData:
        data = QMimeData()
        slugs = []
        for ix in indexes:
            slug = ix.data(SLUG_ROLE)
            if slug and slug not in slugs:
                slugs.append(slug)
        if slugs:
            data.setData(DEVICE_MIME, slugs[0].encode("utf-8"))
            data.setText(slugs[0])
        return data

    def supportedDragActions(self) -> Qt.DropAction:
        return Qt.DropAction.CopyAction


class CatalogFilter(QSortFilterProxyModel):
    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.text = ""
        self.vendor = ANY
        self.kind = ANY
        self.gpu = ANY
        self.setSortRole(Qt.ItemDataRole.DisplayRole)

    def set_filters(self, text: str, vendor: str, kind: str, gpu: str) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt >= 6.10
            self.beginFilterChange()
            self.text, self.vendor, self.kind, self.gpu = text.strip().lower(), vendor, kind, gpu
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self.text, self.vendor, self.kind, self.gpu = text.strip().lower(), vendor, kind, gpu
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex | QPersistentModelIndex) -> bool:
        m = self.sourceModel()
        name = m.index(source_row, 0, source_parent)
        if self.text and not all(w in (name.data(SEARCH_ROLE) or "") for w in self.text.split()):
            return False
        if self.vendor != ANY and name.data(Qt.ItemDataRole.UserRole + 3) != self.vendor:
            return False
        if self.kind != ANY and name.data(KIND_ROLE) != self.kind:
            return False
        if self.gpu != ANY and name.data(Qt.ItemDataRole.UserRole + 4) != self.gpu:
            return False
        return True


class CatalogPanel(QWidget):
    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        cat = doc.catalog
        self.model = CatalogModel(cat, self)
        self.proxy = CatalogFilter(self)
        self.proxy.setSourceModel(self.model)

        self.search = QLineEdit(self)
        self.search.setPlaceholderText(self.tr("Search model, vendor, GPU..."))
        self.search.setClearButtonEnabled(True)
        devices = list(cat.devices.values()) if cat is not None else []
        self.vendor = self._combo(sorted({d.manufacturer for d in devices}), self.tr("Vendor"))
        self.kind = self._combo(sorted({d.kind for d in devices}), self.tr("Kind"))
        self.gpu = self._combo(sorted({d.gpu_slug for d in devices if d.gpu_slug}), self.tr("GPU model"))

        self.table = QTableView(self)
        self.table.setObjectName("catalogTable")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setDragEnabled(True)
        self.table.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.table.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        # a narrow dock: whole words left out ("Dell … R660"), the model numbers stay apart
        self.table.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.name_delegate = NameDelegate(self.table)
        self.table.setItemDelegateForColumn(0, self.name_delegate)
        hh = self.table.horizontalHeader()
        hh.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        hh.setMinimumSectionSize(36)
        for c in range(1, len(COLUMNS)):
            hh.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        self.count = QLabel(self)
        self.count.setObjectName("catalogCount")
        self.import_button = QToolButton(self)
        self.import_button.setObjectName("importNetboxButton")
        self.import_button.setText(self.tr("Import NetBox Device Types\u2026"))
        self.import_button.setToolTip(self.tr("Add device, module and rack types from NetBox YAML files (the "
                                              "community device-type library) to your catalog"))
        self.import_button.setPopupMode(QToolButton.ToolButtonPopupMode.InstantPopup)
        menu = QMenu(self.import_button)
        self.import_files_action = menu.addAction(self.tr("Files\u2026"), self.import_files)
        self.import_files_action.setObjectName("importNetboxFiles")
        self.import_folder_action = menu.addAction(self.tr("Folder\u2026"), self.import_folder)
        self.import_folder_action.setObjectName("importNetboxFolder")
        self.cancel_import_action = menu.addAction(self.tr("Cancel Import"), self.cancel_import)
        self.cancel_import_action.setEnabled(False)
        self.import_button.setMenu(menu)
        self.import_task = BackgroundTask(self, "NetBox device-type import")
        self.result_dialog: NetboxImportResult | None = None

        # the kind filter beside the search field, vendor and GPU model below with half the
        # dock each: three in one row cut "Hersteller: alle" and "GPU model: Any" at the dock's
        # narrowest width (1366-pixel screens)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.search, 1)
        top.addWidget(self.kind)
        filters = QHBoxLayout()
        filters.setContentsMargins(0, 0, 0, 0)
        for w in (self.vendor, self.gpu):
            filters.addWidget(w, 1)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(4, 4, 4, 4)
        lay.setSpacing(4)
        lay.addLayout(top)
        lay.addLayout(filters)
        lay.addWidget(self.table, 1)
        lay.addWidget(self.count)
        # its own line, so the dock's narrowest width stays what the list needs
        lay.addWidget(self.import_button, 0, Qt.AlignmentFlag.AlignLeft)

        self.search.textChanged.connect(self._refilter)
        for w in (self.vendor, self.kind, self.gpu):
            w.currentIndexChanged.connect(self._refilter)
        self._refilter()

    def _combo(self, values: list[str], tip: str) -> QComboBox:
        box = QComboBox(self)
        box.addItem(self.tr("{what}: Any").format(what=tip), ANY)
        for v in values:
            box.addItem(KIND_NAMES[v] if v in KIND_NAMES else v, v)
        box.setToolTip(self.tr("Filter by {what}").format(what=tip))
        box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        box.setMinimumContentsLength(6)
        return box

    def _refilter(self) -> None:
        self.proxy.set_filters(self.search.text(), self.vendor.currentData(), self.kind.currentData(),
                               self.gpu.currentData())
        self.count.setText(self.tr("{shown} of {total} device types \u2014 drag into a rack").format(
            shown=self.proxy.rowCount(), total=self.model.rowCount()))

    def visible_slugs(self) -> list[str]:
        return [self.proxy.index(r, 0).data(SLUG_ROLE) for r in range(self.proxy.rowCount())]

    def mime_for(self, slug: str) -> QMimeData:
        """The drag payload the table produces for ``slug`` (tests start real drags with it)."""
        for r in range(self.model.rowCount()):
            ix = self.model.index(r, 0)
            if ix.data(SLUG_ROLE) == slug:
                return self.model.mimeData([ix])
        raise KeyError(slug)

    # -- NetBox import ---------------------------------------------------------------------
    def import_files(self) -> None:
        paths = dialogs.ask_netbox_files(self)
        if paths:
            self.start_import(paths)

    def import_folder(self) -> None:
        path = dialogs.ask_netbox_folder(self)
        if path:
            self.start_import([path])

    def start_import(self, paths: list[str]) -> None:
        """Import NetBox YAML into the user catalog off the GUI thread; the result dialog
        follows and the new entries appear in the list (planner.netbox.importer)."""
        from planner.netbox.importer import import_netbox

        self.import_files_action.setEnabled(False)
        self.import_folder_action.setEnabled(False)
        self.cancel_import_action.setEnabled(True)
        self.count.setText(self.tr("Importing NetBox device types\u2026"))
        self.import_task.start(lambda progress, cancelled: import_netbox(paths, progress=progress,
                                                                          cancelled=cancelled),
                               on_done=self._import_done, on_failed=self._import_failed,
                               on_cancelled=self._import_ended, on_progress=self._import_progress)

    def cancel_import(self) -> None:
        self.import_task.cancel()

    def _import_progress(self, fraction: float, stage: str) -> None:
        self.count.setText(self.tr("Importing {file} ({percent} %)\u2026").format(
            file=stage, percent=round(fraction * 100)))

    def _import_ended(self) -> None:
        self.import_files_action.setEnabled(True)
        self.import_folder_action.setEnabled(True)
        self.cancel_import_action.setEnabled(False)
        self._refilter()

    def _import_failed(self, exc: BaseException) -> None:
        self._import_ended()
        dialogs.show_error(self, self.tr("NetBox import"), self.tr("The import stopped: {reason}").format(
            reason=str(exc) or type(exc).__name__))

    def _import_done(self, report: ImportReport) -> None:
        from planner.netbox.importer import add_to_catalog

        added = add_to_catalog(self.doc.catalog, report) if self.doc.catalog is not None else []
        if added:
            self.refresh()
            used = {p.device for p in self.doc.plan.index.placements.values()}
            if used & {slug for _t, slug in added} and self.doc.engine is not None:
                # devices of the plan that were unknown: a fresh engine forgets that
                from ui.document import make_engine

                self.doc.set_engine(make_engine(self.doc.catalog, self.doc.engine_settings))
        self._import_ended()
        self.result_dialog = dialogs.show_netbox_import_result(self, report, len(added))

    def refresh(self) -> None:
        """Rebuild the list from the document's catalog (after an import), keeping the filters."""
        cat = self.doc.catalog
        self.model = CatalogModel(cat, self)
        self.proxy.setSourceModel(self.model)
        devices = list(cat.devices.values()) if cat is not None else []
        for box, values in ((self.vendor, sorted({d.manufacturer for d in devices})),
                            (self.kind, sorted({d.kind for d in devices})),
                            (self.gpu, sorted({d.gpu_slug for d in devices if d.gpu_slug}))):
            current = box.currentData()
            box.blockSignals(True)
            while box.count() > 1:
                box.removeItem(1)
            for v in values:
                box.addItem(v, v)
            box.setCurrentIndex(max(box.findData(current), 0))
            box.blockSignals(False)
        self._refilter()
