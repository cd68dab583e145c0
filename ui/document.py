"""The open document: one plan, its catalog, its undo stack and the engine results.

Widgets never change the plan directly: they call :meth:`Document.push` with a
``planner.model.edits.Edit``. The edit runs inside a QUndoCommand, so undo/redo go
through the same apply/revert. After every apply or revert the document emits
``changed(Change)`` (scenes update the items that changed) and schedules an engine
update; results arrive through ``resultsChanged``. Refused edits emit ``refused``
with the reason, for the view the user is looking at to show.

Engine hookup (Anki's "background operation reports back on the main thread"):

- every apply/revert adds its ``Change`` to a pending change and (re)starts a
  zero-interval single-shot timer, so a burst of edits (a paste, a drag) costs one
  ``engine.update(plan, accumulated_change)`` once control returns to the event loop;
- :meth:`recompute` runs a full ``engine.compute`` on a snapshot of the plan off the GUI
  thread (a ``ui.tasks.BackgroundTask``); the result comes back on the GUI thread. When it
  lands the engine adopts the live plan (``Engine.adopt``); the changes made while it ran
  have kept accumulating and are applied incrementally then. Workers never touch widgets
  or the live plan.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from planner.base import gcpause
from planner.i18n import error_text, translated
from planner.model.edits import Change, Edit, EditRefused
from planner.model.placement import PlacementChecker
from planner.model.plan import Plan
from ui.tasks import BackgroundTask

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.engine import Engine, EngineSettings
    from planner.engine.results import Results

log = logging.getLogger(__name__)
_T = TypeVar("_T")

# Plans with at least this many placements + links take their long-lived objects out of
# the cyclic GC after each full compute (planner.base.gcpause.freeze_long_lived): the first
# edits after opening a 16k-GPU plan otherwise stall 0.25-1.5 s in one full collection.
FREEZE_GC_AT = 5000

_MERGE_IDS: dict[str, int] = {}


def _merge_int(merge_id: str | None) -> int:
    if merge_id is None:
        return -1
    return _MERGE_IDS.setdefault(merge_id, len(_MERGE_IDS) + 1)


class EditCommand(QUndoCommand):
    """Wraps a planner edit that the document has already applied once (so a refusal
    surfaces as EditRefused before anything reaches the undo stack)."""

    def __init__(self, doc: Document, edit: Edit, change: Change) -> None:
        # the planner makes undo texts in English with their template (a planner.i18n.Message, made by deferred()):
        # shown in the app's language (the planner's default language follows the app's)
        super().__init__(translated(edit.text))
        self.doc = doc
        self.edit = edit
        self._first_change: Change | None = change

    def redo(self) -> None:
        if self._first_change is not None:
            change, self._first_change = self._first_change, None
        else:
            change = self.edit.apply(self.doc.plan)
        self.doc._after(change)

    def undo(self) -> None:
        change = self.edit.revert(self.doc.plan)
        self.doc._after(change)

    def id(self) -> int:
        return _merge_int(self.edit.merge_id)

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, EditCommand):
            return False
        return self.edit.merge(other.edit)


def make_engine(catalog: Catalog, settings: EngineSettings | None = None) -> Engine | None:
    """The planner engine for ``catalog``, or None while this build has none."""
    try:
        from planner.engine import Engine
    except ImportError:
        return None
    try:
        return Engine(catalog, settings) if settings is not None else Engine(catalog)
    except Exception:  # an engine that cannot start must not stop the app opening
        log.exception("engine failed to start")
        return None


def full_change(plan: Plan) -> Change:
    """A Change naming every entity of ``plan`` (used when a whole plan is replaced)."""
    idx = plan.index
    return Change(
        rooms=set(idx.rooms), rows=set(idx.rows), racks=set(idx.racks), placements=set(idx.placements),
        feeds={f.id for f in plan.feeds}, sources={s.id for s in plan.power_sources},
        loops={c.id for c in plan.cooling_loops},
        fabrics={f.id for f in plan.fabrics}, links={lk.id for lk in plan.links},
        groups={g.id for g in plan.groups}, workloads={w.id for w in plan.workloads},
        metadata=True, structure=True,
    )


class Document(QObject):
    changed = Signal(object)  # planner.model.edits.Change
    refused = Signal(str)  # reason, for the user
    resultsChanged = Signal(object)  # engine results
    pathChanged = Signal(object)  # Path | None
    selectionChanged = Signal(object)  # tuple[tuple[kind, id], ...]
    planReset = Signal()  # the whole plan was replaced (New/Open); a changed(full Change) follows
    busyChanged = Signal(bool)  # a full recompute is running in the background
    engineFailed = Signal(str)  # the engine raised; message for the status bar
    phaseViewChanged = Signal(object)  # str | None: the growth phase the views show the plan up to

    def __init__(self, plan: Plan, catalog: Catalog, path: Path | None = None, parent: QObject | None = None,
                 engine: Engine | None | Literal["auto"] = "auto") -> None:
        super().__init__(parent)
        self.plan = plan
        self.catalog = catalog
        self.path = Path(path) if path is not None else None
        self.checker = PlacementChecker(catalog)
        self.undo_stack = QUndoStack(self)
        self.results: Results | None = None
        self.selection: tuple[tuple[str, str], ...] = ()
        # the views show the plan up to this growth phase (None: all of it), later phases as
        # reserved (docs/phases.md); a view setting, not part of the plan
        self.phase_view: str | None = None
        self.last_refusal: str = ""
        self.engine: Engine | None = make_engine(catalog) if engine == "auto" else engine
        self._pending = Change()
        self._busy = False
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._flush)
        # one worker: full computes never overlap each other (the engine keeps caches); a newer
        # compute (another plan or engine) supersedes an older one, whose result is dropped
        self._compute = BackgroundTask(self, "full engine compute")

    # -- selection -----------------------------------------------------------------
    def select(self, items: list[tuple[str, str]] | tuple[tuple[str, str], ...]) -> None:
        """Select entities, each as (kind, id) with kind in room/row/rack/placement/feed/
        loop/fabric/link. Every view follows this selection."""
        sel = tuple(items)
        if sel != self.selection:
            self.selection = sel
            self.selectionChanged.emit(sel)

    def selected(self, kind: str) -> list[str]:
        """Ids of the selected entities of one kind, in selection order."""
        return [i for k, i in self.selection if k == kind]

    def set_phase_view(self, phase_id: str | None) -> None:
        """Show the plan up to growth phase ``phase_id`` (None: all phases)."""
        if phase_id not in {ph.id for ph in self.plan.growth_phases}:
            phase_id = None
        if phase_id != self.phase_view:
            self.phase_view = phase_id
            self.phaseViewChanged.emit(phase_id)

    def later_phases(self) -> dict[str, dict[str, str]]:
        """What the views draw as reserved: by kind, id -> the later phase that adds it
        (planner.model.phases.later_than; empty when all phases are shown)."""
        from planner.model.phases import later_than

        if self.phase_view is not None and self.phase_view not in {ph.id for ph in self.plan.growth_phases}:
            self.phase_view = None  # the phase was removed (or the plan replaced)
        return later_than(self.plan, self.phase_view)

    def rack_results(self, rack_id: str) -> Results | None:
        """The engine's results a view draws rack ``rack_id``'s figures and colour from: with
        a growth phase shown, those of the build as it stands after that phase
        (``Results.phases``; the pilot's rack is judged by the pilot's load, not by what
        production adds to it), else the whole plan's. A rack a later phase adds keeps the
        whole plan's figures (drawn faint, as reserved)."""
        results = self.results
        if results is None or self.phase_view is None or results.phases is None:
            return results
        shown = next((p.results for p in results.phases.phases if p.id == self.phase_view), None)
        return shown if shown is not None and rack_id in shown.racks else results

    # -- editing ---------------------------------------------------------------------
    # The one door for refusals (issue 27): an edit or a gesture the plan cannot take, and a
    # gesture with nothing to act on, reach the user through refuse(); no widget catches
    # EditRefused or emits ``refused`` itself (tests/test_ui_refusal_door.py).
    def refuse(self, reason: str | BaseException, announce: bool = True) -> str:
        """Record ``reason`` (a text for the user, or the ``EditRefused`` whose message it is,
        in the app's language) as :attr:`last_refusal` and, with ``announce``, emit
        ``refused`` for the status bar. Returns the text, for a view to show where it happened."""
        text = error_text(reason) if isinstance(reason, BaseException) else str(reason)
        self.last_refusal = text
        if announce:
            self.refused.emit(text)
        return text

    def attempt(self, build: Callable[[], _T], announce: bool = True) -> tuple[_T | None, str]:
        """Run a Qt-free builder that may refuse (a gesture builder of planner.gestures, a
        query like ``fabric_shape``): ``(its result, "")``, or ``(None, reason)`` after the
        refusal went through :meth:`refuse` (``announce=False``: shown only where the caller
        puts it, e.g. a dialog's own error line)."""
        try:
            return build(), ""
        except EditRefused as e:
            return None, self.refuse(e, announce)

    def push_built(self, build: Callable[[], Edit | None], announce: bool = True) -> Edit | None:
        """Build an edit and push it: the edit when the plan took it; None when the builder
        had nothing to do or refused, or the plan refused the edit (both through
        :meth:`refuse`; a push refusal is always announced, as :meth:`push` does)."""
        edit, _why = self.attempt(build, announce)
        if edit is None:
            return None
        return edit if self.push(edit) else None

    def push(self, edit: Edit) -> bool:
        """Apply ``edit`` as an undo step. Returns False (and emits ``refused``) if refused."""
        try:
            change = edit.apply(self.plan)
        except EditRefused as e:
            self.refuse(e)  # the reason in the app's language (str(e) is English)
            return False
        self.undo_stack.push(EditCommand(self, edit, change))
        return True

    def _after(self, change: Change) -> None:
        self._drop_stale_selection()
        self.changed.emit(change)
        self._pending.update(change)
        if self.engine is not None and not self._busy:
            self._timer.start()

    def _drop_stale_selection(self) -> None:
        idx = self.plan.index
        live: dict[str, Any] = {"rack": idx.racks, "placement": idx.placements, "row": idx.rows, "room": idx.rooms}
        kinds = {k for k, _ in self.selection}
        if "feed" in kinds:
            live["feed"] = {f.id for f in self.plan.feeds}
        if "source" in kinds:
            live["source"] = {s.id for s in self.plan.power_sources}
        kept = tuple((k, i) for k, i in self.selection if k not in live or i in live[k])
        if kept != self.selection:
            self.select(kept)

    # -- files -----------------------------------------------------------------------
    # a plan made for the user (a template, the sizing wizard, New from NetBox Site) and not
    # saved yet: unsaved work like an edit, though its undo stack starts clean
    _generated = False

    @property
    def modified(self) -> bool:
        """Unsaved work: edits since the last save, or a generated plan never saved."""
        return self._generated or not self.undo_stack.isClean()

    @property
    def generated_unsaved(self) -> bool:
        return self._generated

    @property
    def display_name(self) -> str:
        return self.path.name if self.path is not None else self.tr("Untitled")

    def set_path(self, path: str | os.PathLike[str] | None) -> None:
        self.path = Path(path) if path is not None else None
        self.pathChanged.emit(self.path)

    def mark_saved(self, path: str | os.PathLike[str] | None) -> None:
        self._generated = False
        self.undo_stack.setClean()
        self.set_path(path)

    def replace_plan(self, plan: Plan, path: str | os.PathLike[str] | None, generated: bool = False) -> None:
        """Show another plan in this document (New, Open): clears undo and selection.
        Views get ``planReset`` then ``changed`` naming every old and new entity.
        ``generated``: a plan made for the user (template, wizard, NetBox site), which counts
        as unsaved work (``modified``) until it is saved."""
        old = full_change(self.plan)
        gcpause.release_long_lived()  # the old plan's objects may go now
        self.plan = plan
        self.undo_stack.clear()
        self._generated = generated
        self.undo_stack.setClean()
        self.select(())
        self.results = None
        self._pending = Change()
        self._compute.discard()  # a compute of the old plan reports nothing
        self.set_path(path)
        self.planReset.emit()
        self.changed.emit(old.update(full_change(plan)))
        self.recompute()

    # -- engine ----------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return self._busy

    @property
    def engine_settings(self) -> EngineSettings | None:
        """The running engine's thresholds (None without an engine)."""
        return self.engine.settings if self.engine is not None else None

    def replace_catalog(self, catalog: Catalog, engine: Engine | None) -> None:
        """Take a reloaded catalog (an imported price list) and its engine, and recompute; the plan
        and its undo history stay (an edit names catalog entries by slug, not by object)."""
        self.catalog = catalog
        self.checker = PlacementChecker(catalog)
        self.set_engine(engine)

    def set_engine(self, engine: Engine | None) -> None:
        """Swap the engine (new thresholds from the settings dialog) and recompute."""
        self.engine = engine
        self.results = None
        self.recompute()

    def recompute(self, background: bool = True) -> None:
        """Full engine compute; off the GUI thread unless ``background`` is False."""
        engine = self.engine
        if engine is None:
            self._compute.discard()  # a compute by the engine just dropped reports nothing
            self._set_busy(False)
            return
        self._timer.stop()
        self._pending = Change()
        if not background:
            self._compute.discard()
            self._compute.wait(-1)  # a queued background compute must not run alongside
            self._set_busy(False)
            self._store(self._safe(lambda: engine.compute(self.plan)))
            self._settle_gc()
            return
        snapshot = self.plan.snapshot()  # deep copy + own index, off-thread work reads it
        self._set_busy(True)
        self._compute.start(lambda _progress, _cancelled: engine.compute(snapshot),
                            on_done=self._on_compute_done, on_failed=self._on_compute_failed)

    def flush(self) -> None:
        """Run a pending incremental update now (tests and exports call this)."""
        if self._timer.isActive():
            self._timer.stop()
            self._flush()

    def _flush(self) -> None:
        engine = self.engine
        if engine is None or self._busy:
            return
        change, self._pending = self._pending, Change()
        if self.results is None:
            self._store(self._safe(lambda: engine.compute(self.plan)))
            self._settle_gc()
        elif not change.empty():
            self._store(self._safe(lambda: engine.update(self.plan, change)))

    def _safe(self, fn: Callable[[], Results]) -> Results | None:
        try:
            return fn()
        except Exception as e:
            log.exception("engine failed")
            self.engineFailed.emit(self.tr("Engine error: {error}").format(error=f"{type(e).__name__}: {e}"))
            return None

    def _store(self, results: Results | None) -> None:
        if results is None:
            return
        self.results = results
        self.resultsChanged.emit(results)

    def _set_busy(self, busy: bool) -> None:
        if busy != self._busy:
            self._busy = busy
            self.busyChanged.emit(busy)

    def _settle_gc(self) -> None:
        """After a full compute of a big plan: what is alive now stays, so the collector
        stops walking it (planner.base.gcpause)."""
        plan = self.plan
        if self.results is not None and len(plan.links) + len(plan.index.placements) >= FREEZE_GC_AT:
            gcpause.freeze_long_lived()

    def _on_compute_done(self, results: Results) -> None:
        # (only the latest compute reports: a newer plan or engine superseded older ones)
        self._set_busy(False)
        # The engine computed a snapshot equal to the plan as it was when the compute began;
        # edits made since are pending. Follow the live plan from here, so they and every
        # later edit are incremental updates (without this the first edit after Open,
        # Recalculate or a settings change ran another full compute on the GUI thread:
        # 0.7-5 s at 16k GPUs, bench/bench_first_edit.py).
        if self.engine is not None:
            self.engine.adopt(self.plan)
        self._store(results)
        self._settle_gc()
        if not self._pending.empty():
            self._timer.start()  # edits made while computing: apply them incrementally

    def _on_compute_failed(self, error: BaseException) -> None:
        self._set_busy(False)
        self.engineFailed.emit(f"Engine error: {type(error).__name__}: {error}")
