"""File > New from Template...: the reference designs with a thumbnail of each floor and
its headline figures.

Every template is built (:func:`planner.design.templates.build_template`) and computed by
the engine off the GUI thread, one after the other, through a
:class:`ui.tasks.BackgroundTask`; the one the user selects goes first. The list shows each
as it lands. "Create Plan" hands a copy of the chosen template's plan to the main window
(``planChosen``), which opens it as a new untitled document; a template still being built
is handed over as soon as it is done.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QIcon, QPixmap
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QProgressBar,
    QVBoxLayout,
    QWidget,
)

from planner.design import templates as design_templates
from planner.engine import Engine
from planner.i18n import _ as _planner_text
from planner.i18n import error_text
from ui import style
from ui.design.thumbnail import Headline, floor_thumbnail
from ui.tasks import BackgroundTask

if TYPE_CHECKING:
    from collections.abc import Callable

    from planner.base.progress import CancelFn, ProgressFn
    from planner.catalog import Catalog
    from planner.design.templates import TemplateInfo
    from planner.engine.results import Results
    from planner.model.plan import Plan

log = logging.getLogger(__name__)

ICON_SIZE = QSize(120, 76)
PREVIEW_SIZE = QSize(380, 230)


def workload_text(info: TemplateInfo) -> str:
    """The workload a template is meant for, as its TemplateInfo states it."""
    return _planner_text(info.workload or "")


def build_preview(name: str, catalog: Catalog, progress: ProgressFn | None = None,
                  cancel: CancelFn | None = None) -> tuple[Plan, Results]:
    """(plan, engine results) of a template (runs in a worker)."""
    plan = design_templates.build_template(name, catalog, progress=progress, cancel=cancel)
    results = Engine(catalog).compute(plan.snapshot())
    return plan, results


class NewFromTemplateDialog(QDialog):
    """``NewFromTemplateDialog(catalog, parent, open_plan)``: Create calls ``open_plan(plan)``
    (the main window's New-like open, False when the user kept the open plan) and emits
    ``planChosen(plan)`` once it opened."""

    planChosen = Signal(object)

    def __init__(self, catalog: Catalog, parent: QWidget | None = None,
                 open_plan: Callable[[Plan], bool] | None = None) -> None:
        super().__init__(parent)
        self.catalog = catalog
        # open_plan(plan) -> bool: opens the plan (False: the user kept the open one; the dialog stays)
        self.open_plan = open_plan
        self.setWindowTitle(self.tr("New from Template"))
        self.setObjectName("newFromTemplateDialog")
        self.infos = list(design_templates.list_templates())
        self.built: dict[str, tuple[Plan, Results]] = {}
        self.failed: dict[str, str] = {}  # name -> why it could not be built
        self.queue: list[str] = [i.name for i in self.infos]
        self.wanted: str | None = None  # Create was pressed for this one before it was built
        self.task = BackgroundTask(self, "template preview")

        self.list = QListWidget(self)
        self.list.setObjectName("templateList")
        self.list.setIconSize(ICON_SIZE)
        self.list.setSpacing(2)
        self.list.setMinimumWidth(330)
        self.list.setWordWrap(True)
        for info in self.infos:
            it = QListWidgetItem(_planner_text(info.title) or info.name)
            it.setData(Qt.ItemDataRole.UserRole, info.name)
            it.setToolTip(info.name)
            it.setSizeHint(QSize(300, ICON_SIZE.height() + 8))
            self.list.addItem(it)

        self.preview = QLabel(self)
        self.preview.setObjectName("templatePreview")
        self.preview.setFixedSize(PREVIEW_SIZE)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.title = QLabel(self)
        self.title.setObjectName("templateTitle")
        self.title.setWordWrap(True)
        f = self.title.font()
        f.setPointSizeF(f.pointSizeF() * 1.25)
        f.setBold(True)
        self.title.setFont(f)
        self.slug = QLabel(self)
        style.mute(self.slug)
        self.slug.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.description = QLabel(self)
        self.description.setObjectName("templateDescription")
        self.description.setWordWrap(True)
        self.description.setMinimumWidth(PREVIEW_SIZE.width())
        self.description.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.figures = QFormLayout()
        self.figures.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.fig: dict[str, QLabel] = {}
        for key, label in (("workload", self.tr("Meant for")), ("gpus", self.tr("GPUs")),
                           ("racks", self.tr("Racks")), ("it", self.tr("IT load")), ("capex", self.tr("Capex")),
                           ("check", self.tr("Check"))):
            value = QLabel(self)
            value.setObjectName(f"templateFigure_{key}")
            value.setWordWrap(True)
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            self.figures.addRow(label, value)
            self.fig[key] = value
        self.error = QLabel(self)
        self.error.setObjectName("templateError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet(f"color: {style.BAD.name()};")
        self.error.hide()

        detail = QVBoxLayout()
        detail.addWidget(self.preview)
        detail.addWidget(self.title)
        detail.addWidget(self.slug)
        detail.addWidget(self.description)
        detail.addLayout(self.figures)
        detail.addWidget(self.error)
        detail.addStretch(1)
        top = QHBoxLayout()
        top.addWidget(self.list, 1)
        top.addLayout(detail, 0)

        self.status = QLabel(self)
        self.status.setObjectName("templateStatus")
        style.mute(self.status)
        self.progress = QProgressBar(self)
        self.progress.setRange(0, max(1, len(self.infos)))
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(10)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        self.create_button = self.buttons.addButton(self.tr("Create Plan"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.create_button.setObjectName("createPlan")
        self.create_button.setDefault(True)
        self.buttons.accepted.connect(self.choose)
        self.buttons.rejected.connect(self.reject)
        bottom = QHBoxLayout()
        bottom.addWidget(self.status, 1)
        bottom.addWidget(self.progress, 0)
        bottom.addWidget(self.buttons, 0)

        lay = QVBoxLayout(self)
        lay.addLayout(top, 1)
        lay.addLayout(bottom)
        self.list.currentRowChanged.connect(lambda _r: self._show_current())
        self.list.itemDoubleClicked.connect(lambda _it: self.choose())
        if self.infos:
            self.list.setCurrentRow(0)
        self.resize(860, 560)
        self._next()

    # -- building, one template at a time ---------------------------------------------
    def current_name(self) -> str | None:
        it = self.list.currentItem()
        return it.data(Qt.ItemDataRole.UserRole) if it is not None else None

    def _info(self, name: str) -> TemplateInfo:
        return next(i for i in self.infos if i.name == name)

    def _next(self) -> None:
        """Start building the next template (the selected one first)."""
        if self.task.running:
            return
        self.queue = [n for n in self.queue if n not in self.built and n not in self.failed]
        done = len(self.built) + len(self.failed)
        self.progress.setValue(done)
        if not self.queue:
            self.progress.hide()
            self.status.setText(self.tr("{n} reference designs").format(n=len(self.infos)))
            return
        cur = self.wanted or self.current_name()
        name = cur if cur in self.queue else self.queue[0]
        self.status.setText(self.tr("Building {title}\u2026 ({done} of {total} ready)").format(
            title=_planner_text(self._info(name).title) or name, done=done, total=len(self.infos)))
        catalog = self.catalog
        self.task.start(lambda progress, cancelled: build_preview(name, catalog, progress, cancelled),
                        on_done=partial(self._built, name), on_failed=partial(self._failed, name))

    def _item(self, name: str) -> QListWidgetItem | None:
        for i in range(self.list.count()):
            it = self.list.item(i)
            if it.data(Qt.ItemDataRole.UserRole) == name:
                return it
        return None

    def _built(self, name: str, res: tuple[Plan, Results]) -> None:
        self.built[name] = res
        plan, results = res
        it = self._item(name)
        if it is not None:
            dark = style.is_dark(self.palette())
            it.setIcon(QIcon(QPixmap.fromImage(floor_thumbnail(plan, self.catalog, ICON_SIZE, results, dark,
                                                                   self.devicePixelRatioF()))))
            h = Headline.from_results(results)
            info = self._info(name)
            it.setText(f"{_planner_text(info.title) or name}\n{h.gpus_text()} GPUs \u00b7 {h.it_text()}")
        if name == self.current_name():
            self._show_current()
        if self.wanted == name:
            self.choose()
            return
        self._next()

    def _failed(self, name: str, exc: BaseException) -> None:
        self.failed[name] = f"{type(exc).__name__}: {exc}" if not str(exc) else error_text(exc)
        it = self._item(name)
        if it is not None:
            it.setForeground(style.BAD)
        if name == self.current_name():
            self._show_current()
        if self.wanted == name:
            self.wanted = None
        self._next()

    # -- the detail pane ------------------------------------------------------------------
    def _show_current(self) -> None:
        name = self.current_name()
        if name is None:
            return
        info = self._info(name)
        self.title.setText(_planner_text(info.title) or name)
        self.slug.setText(name)
        # the description, then the warnings the template gives on purpose (two whole sentences)
        self.description.setText(" ".join(_planner_text(x) for x in (info.description, info.intended, info.intended_na)
                                          if x))
        self.fig["workload"].setText(workload_text(info) or self.tr("(none stated)"))
        built = self.built.get(name)
        err = self.failed.get(name)
        self.error.setText(self.tr("This template could not be built: {reason}").format(reason=err) if err else "")
        self.error.setVisible(bool(err))
        self.create_button.setEnabled(err is None)
        if built is None:
            self.preview.setPixmap(QPixmap())
            self.preview.setText(self.tr("Building\u2026") if err is None else "")
            for key in ("gpus", "racks", "it", "capex", "check"):
                self.fig[key].setText("\u2013")
                self.fig[key].setStyleSheet("")
            if err is None and not self.task.running:
                self._next()
            return
        plan, results = built
        dark = style.is_dark(self.palette())
        self.preview.setPixmap(QPixmap.fromImage(floor_thumbnail(plan, self.catalog, PREVIEW_SIZE, results, dark,
                                                                     self.devicePixelRatioF())))
        h = Headline.from_results(results)
        self.fig["gpus"].setText(h.gpus_text())
        self.fig["racks"].setText(f"{h.racks:,}")
        self.fig["it"].setText(h.it_text())
        self.fig["capex"].setText(h.capex_text())
        # an incomplete capex is as visible as the figure itself, not small print
        self.fig["capex"].setStyleSheet("" if h.capex_complete else f"color: {style.WARN.darker(130).name()}; "
                                        "font-weight: bold;")
        unpriced = [f"{line.quantity:,} \u00d7 {line.name or line.slug}" for line in results.bom
                    if line.extended_plan is None]
        self.fig["capex"].setToolTip("" if h.capex_complete else self.tr(
            "Capex incomplete: these items have no price (or no exchange rate) and are left out:\n{items}").format(
                items="\n".join(unpriced)))
        counts = results.counts()
        self.fig["check"].setText(self.tr("{errors} errors, {warnings} warnings").format(
            errors=counts.get("error", 0), warnings=counts.get("warning", 0)))
        self.fig["check"].setStyleSheet(f"color: {style.BAD.name()};" if counts.get("error", 0) else "")

    # -- choosing ---------------------------------------------------------------------------
    def choose(self) -> None:
        """Create Plan: hand the selected template's plan over (once it is built)."""
        name = self.current_name()
        if name is None or name in self.failed:
            return
        built = self.built.get(name)
        if built is None:
            self.wanted = name
            self.create_button.setEnabled(False)
            self.status.setText(self.tr("Creating {title} when it is built\u2026").format(
                title=self._info(name).title or name))
            if not self.task.running:
                self._next()
            return
        self.wanted = None
        plan = built[0].snapshot()
        if self.open_plan is not None and not self.open_plan(plan):
            self._show_current()  # still here: the unsaved plan was kept
            self._next()
            return
        self.task.discard()
        self.planChosen.emit(plan)
        self.accept()

    def reject(self) -> None:
        self.task.discard()
        super().reject()


__all__ = ["NewFromTemplateDialog", "build_preview"]
