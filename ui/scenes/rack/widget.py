"""The rack-view dock: the row chooser and Add rack over the elevations; keeps the row shown
and the selection in step with the document."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import (
    QColor,
    QPalette,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from planner.gestures.builders import (
    add_rack_edit,
)
from planner.model.edits import Change
from ui.scenes.rack.scene import RackScene
from ui.scenes.rack.view import RackGraphicsView

if TYPE_CHECKING:
    from ui.document import Document


class RackView(QWidget):
    """The rack elevation panel: a row chooser, zoom buttons and the elevations."""

    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.scene = RackScene(doc, self)
        self.scene.palette = self.palette()
        self.view = RackGraphicsView(doc, self.scene, self)
        self.view.setObjectName("rackGraphicsView")
        self.row_box = QComboBox(self)
        self.row_box.setObjectName("rowChooser")
        self.row_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        fit = QToolButton(self)
        fit.setText(self.tr("Fit"))
        fit.setToolTip(self.tr("Zoom to fit the row (Ctrl+wheel zooms)"))
        fit.clicked.connect(self.view.fit)
        add = QToolButton(self)
        add.setObjectName("addRackButton")
        add.setText(self.tr("Add rack"))
        add.setToolTip(self.tr("Add an empty rack at the end of this row"))
        add.clicked.connect(self.add_rack)
        self.hint = QLabel(self.tr("Drag devices from the catalog into a rack; Up/Down moves the selection 1U"), self)
        self.hint.setEnabled(False)
        # a hint, not a layout constraint: on a 1366 px laptop screen it gives way to the racks
        self.hint.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.hint.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        bar = QHBoxLayout()
        self.bar = bar
        bar.setContentsMargins(6, 4, 6, 0)
        bar.addWidget(QLabel(self.tr("Row:"), self))
        bar.addWidget(self.row_box)
        bar.addWidget(fit)
        bar.addWidget(add)
        # the growth phase the views show the plan up to (docs/phases.md); only with phases
        self.phase_label = QLabel(self.tr("Show phase:"), self)
        self.phase_box = QComboBox(self)
        self.phase_box.setObjectName("phaseViewChooser")
        self.phase_box.setToolTip(self.tr("Show the plan up to a growth phase; what later phases add is drawn as "
                                          "reserved (faint)"))
        self.phase_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        bar.addWidget(self.phase_label)
        bar.addWidget(self.phase_box)
        bar.addStretch(1)
        bar.addWidget(self.hint)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        lay.addLayout(bar)
        lay.addWidget(self.view, 1)
        self._syncing = False
        self.row_box.currentIndexChanged.connect(self._row_chosen)
        self.phase_box.currentIndexChanged.connect(self._phase_chosen)
        doc.phaseViewChanged.connect(self._on_phase_view)
        doc.changed.connect(self._on_changed)
        doc.selectionChanged.connect(self._on_selection)
        doc.resultsChanged.connect(lambda _r: self.scene.update_figures())
        doc.planReset.connect(self._on_reset)
        self._fill_rows()
        self._fill_phases()
        self._show_row(self._first_row())

    # -- growth phases ------------------------------------------------------------------
    def _fill_phases(self) -> None:
        phases = self.doc.plan.growth_phases
        self.phase_box.setVisible(bool(phases))
        self._fit_bar()
        self._syncing = True
        self.phase_box.clear()
        self.phase_box.addItem(self.tr("All phases"), None)
        for ph in phases:
            self.phase_box.addItem(self.tr("Up to {phase}").format(phase=ph.name), ph.id)
        self.phase_box.setCurrentIndex(max(0, self.phase_box.findData(self.doc.phase_view)))
        self._syncing = False

    def _fit_bar(self) -> None:
        """The "Show phase:" label only where the bar has room for it: on a 1366-pixel screen in
        German the choosers were cut off ("Row A (3 Racks"); the chooser's items say what they
        show ("All phases", "Up to Pilot") and its tooltip the rest."""
        phases = bool(self.doc.plan.growth_phases)
        self.phase_label.setVisible(phases)
        self.bar.invalidate()  # the choosers' new size hints (their items changed) reach it later
        if phases and self.bar.sizeHint().width() > self.width():
            self.phase_label.setVisible(False)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._fit_bar()

    def _on_phase_view(self, _phase: object) -> None:
        self._fill_phases()
        self.scene.update_figures()  # the racks' figures of the phase shown, and what is reserved

    def _phase_chosen(self, _i: int) -> None:
        if not self._syncing:
            self.doc.set_phase_view(self.phase_box.currentData())

    # -- rows --------------------------------------------------------------------
    def _first_row(self) -> str | None:
        return next(iter(self.doc.plan.index.rows), None)

    def _fill_rows(self) -> None:
        self._syncing = True
        cur = self.scene.row_id
        self.row_box.clear()
        for room in self.doc.plan.site.rooms:
            for row in room.rows:
                label = row.name if len(self.doc.plan.site.rooms) == 1 else f"{room.name} / {row.name}"
                n = len(row.racks)
                text = self.tr("{row} (1 rack)") if n == 1 else self.tr("{row} ({n} racks)")
                self.row_box.addItem(text.format(row=label, n=n), row.id)
        i = self.row_box.findData(cur)
        self.row_box.setCurrentIndex(max(i, 0))
        self._syncing = False

    def _row_chosen(self, _i: int) -> None:
        if not self._syncing:
            self._show_row(self.row_box.currentData())

    def _show_row(self, row_id: str | None) -> None:
        self.view._hide_ghost()
        self.scene.show_row(row_id)
        self._sync_selection()
        i = self.row_box.findData(row_id)
        if i >= 0 and i != self.row_box.currentIndex():
            self._syncing = True
            self.row_box.setCurrentIndex(i)
            self._syncing = False
        self.view.fit()

    def current_row(self) -> str | None:
        return self.scene.row_id

    def rebuild_scene(self) -> None:
        """Redraw every item (a theme change) and show the selection on the new items."""
        self.view._hide_ghost()
        self.scene.rebuild()
        self._sync_selection()

    def add_rack(self) -> bool:
        row = self.scene.row_id
        if row is None:
            self.view.show_refusal(self.tr("There is no row: add one on the floor plan first"))
            return False
        edit = add_rack_edit(self.doc.plan, self.doc.catalog, row)
        if self.doc.push(edit):
            self.doc.select([("rack", edit.rack.id)])
            return True
        self.view.show_refusal(self.doc.last_refusal)
        return False

    # -- model -> scene --------------------------------------------------------------------
    def _on_reset(self) -> None:
        self.scene.row_id = None
        self.doc.set_phase_view(None)
        self._fill_rows()
        self._fill_phases()
        self._show_row(self._first_row())

    def _on_changed(self, change: Change) -> None:
        if change.metadata:  # the growth phases may have changed
            self._fill_phases()
        shown = self.scene.shown_racks()
        plan = self.doc.plan
        wanted = {r.id for r in self.scene.racks()}
        if change.structure or change.rows:
            self._fill_rows()
            if self.scene.row_id not in plan.index.rows:
                self._show_row(self._first_row())
                return
        if wanted != shown or (change.structure and change.racks & shown):
            self.view._hide_ghost()
            self.scene.rebuild()
            self._sync_selection()
            if not self.view.user_zoomed:
                self.view.fit()
            return
        if change.links:
            self.scene.links_changed()
        for rack_id in change.racks & shown:
            self.scene.refresh_rack(rack_id)
        if change.racks & shown:
            self._sync_selection()

    def _on_selection(self, sel: tuple[tuple[str, str], ...]) -> None:
        plan = self.doc.plan
        rows = []
        for kind, i in sel:
            if kind == "placement" and i in plan.index.placements:
                rows.append(plan.index.rack_row[plan.index.placement_rack[i]])
            elif kind == "rack" and i in plan.index.racks:
                rows.append(plan.index.rack_row[i])
            elif kind == "row" and i in plan.index.rows:
                rows.append(i)
        if rows and self.scene.row_id not in rows:
            self._show_row(rows[0])
        self._sync_selection()

    def _sync_selection(self) -> None:
        sel = set(self.doc.selection)
        pal = self.palette()
        hl = pal.color(QPalette.ColorRole.Highlight)
        for pid, items in self.scene.devices.items():
            on = ("placement", pid) in sel
            for it in items:
                it.setSelected(on)
                if on:
                    pen = QPen(QColor("#ffc21a"), 3)
                    pen.setCosmetic(True)
                    it.setPen(pen)
                    it.setZValue(5 if it.primary else 4)
                else:
                    it.setPen(QPen(it.brush().color().darker(150), 2))
                    it.setZValue(2 if it.primary else 1)
        for (rack_id, _face), frame in self.scene.frames.items():
            on = ("rack", rack_id) in sel
            pen = QPen(hl, 4) if on else QPen(pal.color(QPalette.ColorRole.Mid), 1)
            pen.setCosmetic(True)
            frame.setPen(pen)
