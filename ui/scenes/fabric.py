"""Fabric view (dock ``fabricDock``): one fabric as a layered graph - nodes at the bottom,
leaves, spines, cores above - with the engine's figures and findings for it.

The graph comes from :func:`planner.fabric.graph.fabric_graph` (big fabrics are
aggregated: one box per scalable unit or pod, with counts). Clicking a box selects
its devices in the Document; the view highlights the paths of whatever is selected
(a box's links and everything above it). Figures and findings are read from
``Document.results.fabrics[fabric_id]``; nothing is computed here.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, QPoint, QPointF, QRectF, Qt, QTimer
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QFontMetrics,
    QMouseEvent,
    QPainter,
    QPalette,
    QPen,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QGraphicsLineItem,
    QGraphicsRectItem,
    QGraphicsScene,
    QGraphicsSimpleTextItem,
    QGraphicsView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from planner.base.findings import finding_text
from planner.fabric.graph import Box, FabricGraph, fabric_graph
from planner.i18n import message_text
from planner.model.edits import Change
from ui import units
from ui.i18n import QT_TRANSLATE_NOOP
from ui.units import fnum

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.fabric.analysis import FabricResult
    from planner.model.plan import Fabric, Plan
    from ui.document import Document

TIER_COLORS = {0: "#3d7cc9", 1: "#3f9a5a", 2: "#2f7d6e", 3: "#6b5aa8"}
STORAGE_COLOR = "#c9822f"
HIGHLIGHT = "#ff9f1a"
ROW_GAP = 110.0  # between tiers
LINE_GAP = 16.0  # between wrapped lines of one tier
WRAP = 16  # boxes per line before a tier wraps
BOX_H = 54.0
MIN_SLOT = 110.0
SEV_COLORS = {"error": "#d64541", "warning": "#d99a00", "info": "#5b7fa6"}

# Texts shown in the German app too (translated where they are shown, context "FabricScene").
# A count and its noun are one whole phrase, singular or plural chosen by the count (English
# and German both have just these two forms).
TIER_LABELS = {0: QT_TRANSLATE_NOOP("FabricScene", "Nodes"), 1: QT_TRANSLATE_NOOP("FabricScene", "Leaves"),
               2: QT_TRANSLATE_NOOP("FabricScene", "Spines"), 3: QT_TRANSLATE_NOOP("FabricScene", "Cores")}
NVLINK_TIER_LABELS = {0: QT_TRANSLATE_NOOP("FabricScene", "Compute\ntrays"),
                      1: QT_TRANSLATE_NOOP("FabricScene", "Switch\ntrays"), 2: QT_TRANSLATE_NOOP("FabricScene", "Other")}
TIER_COUNTS = {  # tier -> (one, several)
    0: (QT_TRANSLATE_NOOP("FabricScene", "{n} node"), QT_TRANSLATE_NOOP("FabricScene", "{n} nodes")),
    1: (QT_TRANSLATE_NOOP("FabricScene", "{n} leaf"), QT_TRANSLATE_NOOP("FabricScene", "{n} leaves")),
    2: (QT_TRANSLATE_NOOP("FabricScene", "{n} spine"), QT_TRANSLATE_NOOP("FabricScene", "{n} spines")),
    3: (QT_TRANSLATE_NOOP("FabricScene", "{n} core"), QT_TRANSLATE_NOOP("FabricScene", "{n} cores")),
}
DEVICE_COUNT = (QT_TRANSLATE_NOOP("FabricScene", "{n} device"), QT_TRANSLATE_NOOP("FabricScene", "{n} devices"))
LINK_COUNT = (QT_TRANSLATE_NOOP("FabricScene", "{n} link"), QT_TRANSLATE_NOOP("FabricScene", "{n} links"))
GPU_COUNT = (QT_TRANSLATE_NOOP("FabricScene", "{n} GPU"), QT_TRANSLATE_NOOP("FabricScene", "{n} GPUs"))
TIER_OF_KEY = {"leaf": 1, "spine": 2, "core": 3}  # FabricResult.switches_by_tier keys
TIER_WORDS = {"leaf": QT_TRANSLATE_NOOP("FabricScene", "leaf"), "spine": QT_TRANSLATE_NOOP("FabricScene", "spine"),
              "core": QT_TRANSLATE_NOOP("FabricScene", "core")}
SEVERITY_WORDS = {"error": QT_TRANSLATE_NOOP("FabricScene", "ERROR"),
                  "warning": QT_TRANSLATE_NOOP("FabricScene", "WARNING"),
                  "info": QT_TRANSLATE_NOOP("FabricScene", "INFO")}


def _tr(text: str) -> str:
    return QCoreApplication.translate("FabricScene", text)


def _count(n: int, forms: tuple[str, str]) -> str:
    """``n`` with its noun, one whole phrase (``forms``: the singular and the plural)."""
    return _tr(forms[0] if n == 1 else forms[1]).format(n=fnum(n, ","))
NVLINK_SPINE = "#76b900"  # NVLink green
SPINE_KEY = "spine"
NVLINK_SLOT = 140.0  # wider boxes: "4 GPUs \u00b7 72 links" unelided


class BoxItem(QGraphicsRectItem):
    def __init__(self, box: Box, rect: QRectF) -> None:
        super().__init__(rect)
        self.box = box
        self.setAcceptHoverEvents(True)
        self.setZValue(2)


class EdgeItem(QGraphicsLineItem):
    def __init__(self, a: str, b: str, links: list[str], p1: QPointF, p2: QPointF) -> None:
        super().__init__(p1.x(), p1.y(), p2.x(), p2.y())
        self.a, self.b, self.links = a, b, links
        self.setZValue(1)


def _kind_color(catalog: Catalog | None, plan: Plan, box: Box) -> QColor:
    if box.tier == 0:
        dev = catalog.get("device-types", plan.index.placements[box.members[0]].device) if catalog else None
        if dev is not None and dev.kind == "storage":
            return QColor(STORAGE_COLOR)
    return QColor(TIER_COLORS.get(box.tier, "#8d8d8d"))


class FabricScene(QGraphicsScene):
    # the view's palette, kept here for the items; it shadows QGraphicsScene.palette(), which
    # nothing here calls
    palette: QPalette  # type: ignore[assignment]

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.boxes: dict[str, BoxItem] = {}
        self.edges: list[EdgeItem] = []
        self.spine: QGraphicsRectItem | None = None
        self.palette = QPalette()

    def build(self, graph: FabricGraph | None, plan: Plan, catalog: Catalog, nvlink: bool = False) -> None:
        """Lay out ``graph``. ``nvlink``: a multi-node NVLink domain - compute trays below,
        switch trays above, and the all-to-all spine (1,296 links per NVL72) drawn as one
        bar with a stub per tray instead of a line per tray pair."""
        self.clear()
        self.boxes.clear()
        self.edges.clear()
        self.spine = None
        if graph is None or not graph.tiers:
            return
        text_c = self.palette.color(QPalette.ColorRole.WindowText)
        tiers = sorted(graph.tiers)
        # wide tiers wrap onto several lines so boxes stay legible (32 nodes: 2 x 16)
        lines = {t: max(1, math.ceil(len(graph.tiers[t]) / WRAP)) for t in tiers}
        per_line = {t: math.ceil(len(graph.tiers[t]) / lines[t]) for t in tiers}
        total_w = max(900.0, max(per_line.values()) * (NVLINK_SLOT if nvlink else MIN_SLOT))
        label_w = 96.0
        f_title, f_sub, f_tier = QFont(), QFont(), QFont()
        f_title.setPixelSize(13)
        f_title.setBold(True)
        f_sub.setPixelSize(11)
        f_tier.setPixelSize(14)
        f_tier.setBold(True)
        fm_t, fm_s = QFontMetrics(f_title), QFontMetrics(f_sub)
        y = 0.0
        for t in reversed(tiers):
            boxes = graph.tiers[t]
            slot = total_w / per_line[t]
            w = min(220.0, slot - 10.0)
            n_dev = graph.devices.get(t, len(boxes))
            label = (NVLINK_TIER_LABELS if nvlink else TIER_LABELS).get(t)
            tier_name = _tr(label) if label else _tr("Tier {n}").format(n=t)
            head = self.addSimpleText(f"{tier_name}\n{n_dev}", f_tier)
            head.setBrush(QBrush(text_c))
            head.setPos(0, y + BOX_H / 2 - head.boundingRect().height() / 2)
            for i, box in enumerate(boxes):
                line, col = divmod(i, per_line[t])
                cx = label_w + slot * (col + 0.5) + (slot / 2 if line % 2 else 0.0) * (lines[t] > 1)
                rect = QRectF(cx - w / 2, y + line * (BOX_H + LINE_GAP), w, BOX_H)
                item = BoxItem(box, rect)
                color = _kind_color(catalog, plan, box)
                item.setBrush(QBrush(color))
                item.setPen(QPen(color.darker(150), 1.5))
                self.addItem(item)
                self.boxes[box.key] = item
                title = QGraphicsSimpleTextItem(fm_t.elidedText(message_text(box.label), Qt.TextElideMode.ElideMiddle,
                                                                int(w - 10)), item)
                title.setFont(f_title)
                title.setBrush(QBrush(QColor("white")))
                title.setPos(rect.left() + 5, rect.top() + 5)
                subtitle = self._nvlink_subtitle(box) if nvlink else self._subtitle(box)
                sub = QGraphicsSimpleTextItem(fm_s.elidedText(subtitle, Qt.TextElideMode.ElideRight,
                                                              int(w - 10)), item)
                sub.setFont(f_sub)
                sub.setBrush(QBrush(QColor(255, 255, 255, 230)))
                sub.setPos(rect.left() + 5, rect.top() + 25)
                tip = [message_text(box.label)]
                if box.detail:
                    tip.append(box.detail)
                tip.append(subtitle)
                if not nvlink:
                    tip.append(_tr("{down} down, {up} up").format(down=_count(box.links_down, LINK_COUNT),
                                                                  up=_count(box.links_up, LINK_COUNT)))
                item.setToolTip("\n".join(tip))
            y += lines[t] * (BOX_H + LINE_GAP) - LINE_GAP + ROW_GAP
        if nvlink and len(tiers) > 1:
            self._build_spine(graph, text_c, label_w, total_w)
        else:
            self._build_edges(graph)
        self.style_edges(set())
        self.setSceneRect(self.itemsBoundingRect().adjusted(-20, -20, 20, 20))

    def _build_spine(self, graph: FabricGraph, text_c: QColor, left: float, width: float) -> None:
        """One horizontal bar between the switch trays and the compute trays; each tray
        has one stub to it carrying all its links (an edge item per tray, not per pair)."""
        lower = [self.boxes[b.key] for t in sorted(graph.tiers)[:1] for b in graph.tiers[t]]
        upper = [self.boxes[b.key] for t in sorted(graph.tiers)[1:] for b in graph.tiers[t]]
        top = max(it.rect().bottom() for it in upper)
        bottom = min(it.rect().top() for it in lower)
        mid = (top + bottom) / 2
        left = min(it.rect().left() for it in lower + upper)
        width = max(it.rect().right() for it in lower + upper) - left + 12
        bar = QGraphicsRectItem(QRectF(left + 6, mid - 11, width - 12, 22))
        bar.setBrush(QBrush(QColor(NVLINK_SPINE)))
        bar.setPen(QPen(QColor(NVLINK_SPINE).darker(140), 1))
        bar.setZValue(1.8)
        self.addItem(bar)
        self.spine = bar
        links: dict[str, list[str]] = {}
        for e in graph.edges:
            links.setdefault(e.a, []).extend(e.links)
            links.setdefault(e.b, []).extend(e.links)
        n_links = sum(len(e.links) for e in graph.edges)
        f = QFont()
        f.setPixelSize(11)
        f.setBold(True)
        label = QGraphicsSimpleTextItem(_tr("NVLink spine \u00b7 {links}").format(links=_count(n_links, LINK_COUNT)),
                                        bar)
        label.setFont(f)
        label.setBrush(QBrush(QColor("white")))
        br = label.boundingRect()
        label.setPos(left + 6 + (width - 12 - br.width()) / 2, mid - br.height() / 2)
        bar.setToolTip(_tr("{links} through the rack's NVLink spine: every GPU to every switch chip").format(
            links=_count(n_links, LINK_COUNT)))
        for it in lower + upper:
            r = it.rect()
            y_edge, y_bar = (r.top(), mid + 11) if it in lower else (r.bottom(), mid - 11)
            own = links.get(it.box.key, [])
            stub = EdgeItem(it.box.key, SPINE_KEY, own, QPointF(r.center().x(), y_edge), QPointF(r.center().x(), y_bar))
            stub.setToolTip(_tr("{links} from {tray}").format(links=_count(len(own), LINK_COUNT), tray=message_text(it.box.label)))
            self.addItem(stub)
            self.edges.append(stub)

    def _build_edges(self, graph: FabricGraph) -> None:
        for e in graph.edges:
            ia, ib = self.boxes[e.a], self.boxes[e.b]
            ra, rb = ia.rect(), ib.rect()
            if ia.box.tier < ib.box.tier:
                p1, p2 = QPointF(ra.center().x(), ra.top()), QPointF(rb.center().x(), rb.bottom())
            elif ia.box.tier > ib.box.tier:
                p1, p2 = QPointF(ra.center().x(), ra.bottom()), QPointF(rb.center().x(), rb.top())
            else:
                p1, p2 = ra.center(), rb.center()
            item = EdgeItem(e.a, e.b, e.links, p1, p2)
            item.setToolTip(_tr("{links}: {a} \u2013 {b}").format(links=_count(len(e.links), LINK_COUNT),
                                                                  a=message_text(ia.box.label), b=message_text(ib.box.label)))
            self.addItem(item)
            self.edges.append(item)

    @staticmethod
    def _subtitle(box: Box) -> str:
        if box.count > 1:
            bits = [_count(box.count, TIER_COUNTS.get(box.tier, DEVICE_COUNT))]
            if box.gpus:
                bits.append(_count(box.gpus, GPU_COUNT))
            else:
                bits.append(_count(box.links_down + box.links_up, LINK_COUNT))
            return " \u00b7 ".join(bits)
        if box.tier == 0:
            bits = [_count(box.links_up, LINK_COUNT)]
            if box.gpus:
                bits.insert(0, _count(box.gpus, GPU_COUNT))
            return " \u00b7 ".join(bits)
        return _tr("{down}\u2193 {up}\u2191 links").format(down=box.links_down, up=box.links_up)

    @staticmethod
    def _nvlink_subtitle(box: Box) -> str:
        links = box.links_down + box.links_up
        if box.gpus:
            return f"{_count(box.gpus, GPU_COUNT)} \u00b7 {_count(links, LINK_COUNT)}"
        return _count(links, LINK_COUNT)

    def style_edges(self, highlighted: set[int], selected_boxes: set[str] | None = None) -> None:
        base = self.palette.color(QPalette.ColorRole.WindowText)
        base.setAlpha(70)
        for it in self.edges:
            n = len(it.links)
            width = 1.0 + min(5.0, math.log2(n) * 0.7) if n > 0 else 1.0
            on = id(it) in highlighted
            pen = QPen(QColor(HIGHLIGHT) if on else base, width + (1.5 if on else 0))
            pen.setCosmetic(True)
            it.setPen(pen)
            it.setZValue(1.5 if on else 1)
        sel = selected_boxes or set()
        for key, item in self.boxes.items():
            c = item.brush().color()
            pen = QPen(QColor(HIGHLIGHT), 3.5) if key in sel else QPen(c.darker(150), 1.5)
            item.setPen(pen)


class FabricGraphView(QGraphicsView):
    def __init__(self, owner: FabricView, scene: FabricScene) -> None:
        super().__init__(scene, owner)
        self.owner = owner
        self.setRenderHints(QPainter.RenderHint.Antialiasing | QPainter.RenderHint.TextAntialiasing)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)

    def fit(self) -> None:
        r = self.scene().sceneRect()
        if not r.isEmpty():
            self.fitInView(r, Qt.AspectRatioMode.KeepAspectRatio)
            if self.transform().m11() > 1.4:  # small fabrics: do not blow boxes up
                self.resetTransform()
                self.scale(1.4, 1.4)
                self.centerOn(r.center())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.fit()

    def box_at(self, pos: QPoint) -> BoxItem | None:
        # BoxItems only (their labels lie inside them). Never parentItem() on what items()
        # returns: on PySide6 6.11 that hands a top-level item (a tier heading, a cable line)
        # to Python and it is deleted from the scene with the temporary wrapper.
        for it in self.items(pos):
            if isinstance(it, BoxItem):
                return it
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        item = self.box_at(event.position().toPoint())
        multi = bool(event.modifiers() & (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier))
        self.owner.click_box(item.box.key if item is not None else None, multi)
        event.accept()


class FabricView(QWidget):
    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.graph: FabricGraph | None = None
        self.scene = FabricScene(self)
        self.scene.palette = self.palette()
        self.view = FabricGraphView(self, self.scene)
        self.view.setObjectName("fabricGraph")
        self.chooser = QComboBox(self)
        self.chooser.setObjectName("fabricChooser")
        # docks tabbed with this one must be able to shrink: no content-sized minimums
        self.chooser.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.chooser.setMinimumContentsLength(16)
        self.summary = QLabel(self)
        self.summary.setObjectName("fabricSummary")
        self.summary.setWordWrap(True)
        self.figures = QTableWidget(0, 2, self)
        self.figures.setObjectName("fabricFigures")
        self.figures.horizontalHeader().setVisible(False)
        self.figures.verticalHeader().setVisible(False)
        self.figures.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.figures.horizontalHeader().setStretchLastSection(True)
        self.figures.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.figures.setSelectionMode(QTableWidget.SelectionMode.NoSelection)
        self.figures.setWordWrap(False)
        self.findings = QListWidget(self)
        self.findings.setObjectName("fabricFindings")
        self.findings.setWordWrap(True)
        self.findings.itemActivated.connect(self._finding_activated)
        self.findings.itemClicked.connect(self._finding_activated)
        bar = QHBoxLayout()
        bar.setContentsMargins(6, 4, 6, 0)
        bar.addWidget(QLabel(self.tr("Fabric:"), self))
        bar.addWidget(self.chooser)
        self.properties = QPushButton(self.tr("Properties\u2026"), self)
        self.properties.setObjectName("fabricProperties")
        self.properties.setToolTip(self.tr("Name, kind, speed and oversubscription target of this fabric, "
                                           "in the Inspector"))
        self.properties.clicked.connect(self.show_properties)
        bar.addWidget(self.properties)
        bar.addWidget(self.summary, 1)
        lower = QSplitter(Qt.Orientation.Horizontal, self)
        lower.addWidget(self.figures)
        lower.addWidget(self.findings)
        lower.setStretchFactor(0, 3)
        lower.setStretchFactor(1, 2)
        split = QSplitter(Qt.Orientation.Vertical, self)
        split.addWidget(self.view)
        split.addWidget(lower)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 1)
        split.setSizes([600, 230])
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(bar)
        lay.addWidget(split, 1)
        self._highlight: set[int] = set()
        self._highlight_links: set[str] = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.rebuild)
        self._stale = False  # the plan changed while the view was out of sight: rebuild when shown
        self._figures_stale = False
        self._follows_dock = False
        self._syncing = False
        self.chooser.currentIndexChanged.connect(self._chosen)
        doc.changed.connect(self._on_changed)
        doc.planReset.connect(self._fill_fabrics)
        doc.resultsChanged.connect(lambda _r: self._results_changed())
        doc.selectionChanged.connect(lambda _s: self.sync_selection())
        self._fill_fabrics()

    def _results_changed(self) -> None:
        if self._out_of_sight():
            self._figures_stale = True
        else:
            self.update_figures()

    # -- fabrics ---------------------------------------------------------------------
    def show_properties(self) -> None:
        """Select the shown fabric: the Inspector edits it (and the main window brings the
        Inspector up)."""
        fid = self.fabric_id()
        if fid is not None:
            self.doc.select([("fabric", fid)])
            win = self.window()
            if hasattr(win, "show_inspector"):
                win.show_inspector()

    def fabric_id(self) -> str | None:
        return self.chooser.currentData()

    def set_fabric(self, fabric_id: str) -> None:
        i = self.chooser.findData(fabric_id)
        if i >= 0:
            self.chooser.setCurrentIndex(i)

    def _fill_fabrics(self) -> None:
        cur = self.fabric_id()
        self._syncing = True
        self.chooser.clear()
        for f in self.doc.plan.fabrics:
            self.chooser.addItem(self._fabric_label(f), f.id)
        i = self.chooser.findData(cur)
        self.chooser.setCurrentIndex(i if i >= 0 else (0 if self.chooser.count() else -1))
        self.chooser.setToolTip(self.chooser.currentText())
        self._syncing = False
        self.rebuild()

    def _fabric_label(self, f: Fabric) -> str:
        kinds = {"compute": self.tr("compute"), "storage": self.tr("storage"), "frontend": self.tr("front-end"),
                 "management": self.tr("management"), "nvlink": self.tr("NVLink")}
        return self.tr("{fabric} ({kind})").format(fabric=f.name, kind=kinds.get(f.kind, f.kind))

    def _chosen(self, _i: int) -> None:
        # the chooser is kept narrow for the docks tabbed with it: its tooltip says it whole
        self.chooser.setToolTip(self.chooser.currentText())
        if not self._syncing:
            self.rebuild()

    def _on_changed(self, change: Change) -> None:
        if change.fabrics or change.structure:
            names = [(f.id, self._fabric_label(f)) for f in self.doc.plan.fabrics]
            have = [(self.chooser.itemData(i), self.chooser.itemText(i)) for i in range(self.chooser.count())]
            if names != have:
                self._fill_fabrics()
                return
        if change.links or change.fabrics or change.placements or change.structure:
            if self._out_of_sight():
                self._stale = True  # drawn when it is shown (a 32k-link graph is ~0.25 s)
            else:
                self._timer.start()  # a burst of edits costs one rebuild

    def _out_of_sight(self) -> bool:
        """In a window that is up, but not seen itself: its dock closed, or behind another
        tab of its dock group (the main window's Fabric tab sits behind Findings; a tab
        behind another stays 'visible' to Qt with an empty visible region)."""
        if not self.window().isVisible():
            return False
        if self.isVisible() and not self.visibleRegion().isEmpty():
            return False
        dock = self.parentWidget()
        while dock is not None and not isinstance(dock, QDockWidget):
            dock = dock.parentWidget()
        if dock is not None and not self._follows_dock:
            dock.visibilityChanged.connect(self._dock_visibility)  # its tab raised: catch up
            self._follows_dock = True
        return True

    @property
    def pending(self) -> bool:
        """True while edits made out of sight wait for the view to be seen."""
        return self._stale or self._figures_stale

    def _dock_visibility(self, visible: bool) -> None:
        if visible:
            QTimer.singleShot(0, self._catch_up)  # once the tab is up and has its size

    def _catch_up(self) -> None:
        if self._out_of_sight():
            return
        if self._stale:
            self.rebuild()
        elif self._figures_stale:
            self.update_figures()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if self._stale or self._figures_stale:
            QTimer.singleShot(0, self._catch_up)

    # -- graph -----------------------------------------------------------------------
    def rebuild(self) -> None:
        self._timer.stop()
        self._stale = False
        fid = self.fabric_id()
        plan = self.doc.plan
        if fid is None or fid not in {f.id for f in plan.fabrics}:
            self.graph = None
        else:
            self.graph = fabric_graph(plan, self.doc.catalog, fid)
        self.scene.build(self.graph, plan, self.doc.catalog, nvlink=self.is_nvlink())
        self.view.fit()
        self.update_figures()
        self.sync_selection()

    def click_box(self, key: str | None, multi: bool = False) -> None:
        if key is None or self.graph is None:
            if not multi:
                self.doc.select([])
            return
        members = [("placement", p) for p in self.graph.box(key).members]
        if multi:
            sel = list(self.doc.selection)
            sel.extend(m for m in members if m not in sel)
            self.doc.select(sel)
        else:
            self.doc.select(members)

    def sync_selection(self) -> None:
        """Highlight the boxes holding selected devices and their paths up the tree."""
        if self.graph is None:
            self._highlight = set()
            self._highlight_links = set()
            self.scene.style_edges(set())
            return
        picked = {self.graph.box_of[i] for i in self.doc.selected("placement") if i in self.graph.box_of}
        for lid in self.doc.selected("link"):
            for it in self.scene.edges:
                if lid in it.links:
                    picked.update((it.a, it.b))
        keys: set[tuple[str, str]] = set()
        for k in picked:
            keys.update((e.a, e.b) for e in self.graph.path_edges(k))
        self._highlight_links = {lid for e in self.graph.edges if (e.a, e.b) in keys for lid in e.links}
        if self.scene.spine is not None:  # NVLink: the stubs of every tray on those paths
            ends = {k for pair in keys for k in pair} | picked
            self._highlight = {id(it) for it in self.scene.edges if it.a in ends}
        else:
            self._highlight = {id(it) for it in self.scene.edges if (it.a, it.b) in keys}
        self.scene.style_edges(self._highlight, picked)

    def highlighted_links(self) -> set[str]:
        return set(self._highlight_links)

    def is_nvlink(self) -> bool:
        fab = next((f for f in self.doc.plan.fabrics if f.id == self.fabric_id()), None)
        return fab is not None and fab.kind == "nvlink"

    def box_point(self, key: str) -> QPoint:
        """Viewport point at the middle of a box (tests, tools)."""
        return self.view.mapFromScene(self.scene.boxes[key].sceneBoundingRect().center())

    # -- figures ---------------------------------------------------------------------
    def result(self) -> FabricResult | None:
        res = self.doc.results
        fid = self.fabric_id()
        return res.fabrics.get(fid) if res is not None and fid else None

    def update_figures(self) -> None:
        self._figures_stale = False
        r = self.result()
        rows: list[tuple[str, str]] = []
        self.findings.clear()
        fab = next((f for f in self.doc.plan.fabrics if f.id == self.fabric_id()), None)
        if fab is None:
            self.summary.setText(self.tr("No fabric in this plan: Plan \u203a Auto-wire fabric\u2026 builds one"))
        elif r is None:
            self.summary.setText(self.tr("{tech}, {speed} Gb/s \u2014 waiting for results").format(
                tech=fab.technology, speed=fnum(fab.speed_gbps, "g")))
        elif r.nvlink:
            rows = self._nvlink_rows(fab, r)
            self._add_findings(r)
        else:
            tiers = ", ".join(_count(n, TIER_COUNTS.get(TIER_OF_KEY.get(k, -1), DEVICE_COUNT))
                              for k, n in r.switches_by_tier.items())
            self.summary.setText(self.tr("{tech}, {speed} Gb/s \u00b7 {devices} devices, {gpus} GPUs \u00b7 {tiers} "
                                         "\u00b7 {links} links").format(
                tech=fab.technology, speed=fnum(fab.speed_gbps, "g"), devices=r.servers, gpus=r.gpus,
                tiers=tiers or self.tr("no switches"), links=fnum(r.links, ",")))
            over = "  ".join(f"{_tr(TIER_WORDS[k]) if k in TIER_WORDS else k} {fnum(v, 'g')}:1"
                             for k, v in r.oversubscription_by_tier.items())
            ports = (self.tr("{used} of {total} used ({percent} %)").format(
                used=r.switch_ports_used, total=r.switch_ports_total,
                percent=fnum(100 * r.switch_ports_used / r.switch_ports_total, ".0f"))
                if r.switch_ports_total else self.tr("{used} of {total} used").format(
                used=r.switch_ports_used, total=r.switch_ports_total))
            rows = [
                (self.tr("Per-GPU bandwidth"),
                 self.tr("{injection} Gb/s injection, {effective} Gb/s effective").format(
                     injection=fnum(r.per_gpu_gbps, "g"), effective=fnum(r.effective_per_gpu_gbps, "g"))
                 if r.gpus else self.tr("no GPU servers on this fabric")),
                (self.tr("Oversubscription"),
                 (self.tr("{ratio}:1 (target {target}:1) \u2014 {tiers}") if over else
                  self.tr("{ratio}:1 (target {target}:1)")).format(
                     ratio=fnum(r.oversubscription, "g"), target=fnum(fab.oversubscription, "g"), tiers=over)),
                (self.tr("Bisection"), self.tr("{tbps} Tb/s (one direction)").format(tbps=fnum(r.bisection_tbps, "g"))),
                (self.tr("Hops"), (self.tr("1 switch between the farthest servers") if r.hops == 1 else
                                   self.tr("{n} switches between the farthest servers").format(n=r.hops))),
                (self.tr("Switches"), f"{r.switches} ({tiers})" if tiers else "0"),
                (self.tr("Switch ports"), ports),
                (self.tr("Cables"), f"{fnum(r.cables, ',')}, {units.fmt_length_m(r.cable_length_m)}, "
                                    f"{units.fmt_mass(r.cable_mass_kg)}"),
                (self.tr("Power"), self.tr("switches {switches} kW max, optics {optics} kW").format(
                    switches=fnum(r.switch_power_kw, "g"), optics=fnum(r.optics_power_w / 1000, ".2f"))),
                (self.tr("Unwired ports"), fnum(len(r.unconnected_ports), ",")),
            ]
            self._add_findings(r)
        self.figures.setRowCount(len(rows))
        for i, (k, v) in enumerate(rows):
            a, b = QTableWidgetItem(k), QTableWidgetItem(v)
            b.setToolTip(v)
            self.figures.setItem(i, 0, a)
            self.figures.setItem(i, 1, b)
        self.figures.resizeRowsToContents()

    def _add_findings(self, r: FabricResult) -> None:
        for f in r.findings:
            text = finding_text(f)  # the English message when it has no template
            item = QListWidgetItem(f"{_tr(SEVERITY_WORDS.get(f.severity, f.severity.upper()))}  {text}")
            item.setForeground(QBrush(QColor(SEV_COLORS.get(f.severity, "#888888"))))
            item.setData(Qt.ItemDataRole.UserRole, f.entities)
            item.setToolTip(f.code)
            self.findings.addItem(item)
        if not r.findings:
            self.findings.addItem(QListWidgetItem(self.tr("No findings on this fabric")))

    def _nvlink_rows(self, fab: Fabric, r: FabricResult) -> list[tuple[str, str]]:
        """The NVLink domain's figures (``FabricResult.nvlink``, engine figures only)."""
        nv = r.nvlink or {}
        gpus, design = nv.get("domain_gpus", 0), nv.get("design_gpus", 0)
        trays, req = nv.get("switch_trays", 0), nv.get("switch_trays_required")
        per, cat = nv.get("per_gpu_gb_per_s", 0.0), nv.get("catalog_per_gpu_gb_per_s", 0.0)
        model = nv.get("gpu_model") or "GPU"
        complete = bool(nv.get("complete"))
        summary = (self.tr("NVLink domain ({model}) \u00b7 {gpus} of {design} GPUs \u00b7 {compute} compute trays, "
                           "{trays} switch trays \u00b7 {links} \u00b7 complete") if complete else
                   self.tr("NVLink domain ({model}) \u00b7 {gpus} of {design} GPUs \u00b7 {compute} compute trays, "
                           "{trays} switch trays \u00b7 {links} \u00b7 INCOMPLETE"))
        self.summary.setText(summary.format(model=model, gpus=gpus, design=design, compute=nv.get("compute_trays", 0),
                                            trays=trays, links=_count(r.links, LINK_COUNT)))
        if gpus == design:
            domain = self.tr("{gpus} GPUs of the {design}-GPU design")
        elif gpus < design:
            domain = self.tr("{gpus} GPUs of the {design}-GPU design, {missing} missing")
        else:
            domain = self.tr("{gpus} GPUs of the {design}-GPU design, {extra} too many")
        return [
            (self.tr("Domain"), domain.format(gpus=gpus, design=design, missing=design - gpus, extra=gpus - design)),
            (self.tr("Per-GPU NVLink"), self.tr("{wired} TB/s as wired (catalog {catalog} TB/s, bidirectional)").format(
                wired=fnum(per / 1000, ".2f"), catalog=fnum(cat / 1000, ".2f"))),
            (self.tr("Links per GPU"), f"{fnum(nv.get('links_per_gpu', 0), 'g')} \u00d7 {fnum(fab.speed_gbps, 'g')} Gb/s"),
            (self.tr("Switch trays"), self.tr("{present} present / {required} required").format(
                present=trays, required=req if req is not None else "?")),
            (self.tr("Unwired NVLink ports"), fnum(nv.get("unconnected_nvlink_ports", 0), ",")),
            (self.tr("Complete"), self.tr("yes") if complete else self.tr("no")),
            (self.tr("Cables"), self.tr("{links} spine links, {length}, {mass}").format(
                links=fnum(r.cables, ","), length=units.fmt_length_m(r.cable_length_m),
                mass=units.fmt_mass(r.cable_mass_kg))),
            (self.tr("Power"), self.tr("switch trays {kw} kW max").format(kw=fnum(r.switch_power_kw, "g"))),
        ]

    def figure(self, name: str) -> str:
        """The value of the row ``name`` (the English name; the row shows it translated)."""
        shown = self.tr(name)
        for i in range(self.figures.rowCount()):
            key, value = self.figures.item(i, 0), self.figures.item(i, 1)
            if key is not None and value is not None and key.text() in (name, shown):
                return value.text()
        raise KeyError(name)

    def _finding_activated(self, item: QListWidgetItem) -> None:
        where = item.data(Qt.ItemDataRole.UserRole) or ()
        plan = self.doc.plan
        sel: list[tuple[str, str]] = []
        links = {lk.id: lk for lk in plan.links}
        for w in where:
            if w in plan.index.placements:
                sel.append(("placement", w))
            elif w in links:
                sel.append(("link", w))
                sel.extend(("placement", e.placement) for e in (links[w].a, links[w].b))
        if sel:
            self.doc.select(sel)
