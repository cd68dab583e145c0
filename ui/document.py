"""The open document: one plan, its catalog, its undo stack and the engine results.

Widgets never change the plan directly: they call :meth:`Document.push` with a
``planner.edits.Edit``. The edit runs inside a QUndoCommand, so undo/redo go
through the same apply/revert. After every apply or revert the document emits
``changed(Change)`` (scenes update the items that changed) and schedules an engine
update; results arrive through ``resultsChanged``. Refused edits emit ``refused``
with the reason, for the view the user is looking at to show.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from planner.edits import Change, Edit, EditRefused
from planner.placement import PlacementChecker
from planner.plan import Plan

_MERGE_IDS: dict[str, int] = {}


def _merge_int(merge_id: str | None) -> int:
    if merge_id is None:
        return -1
    return _MERGE_IDS.setdefault(merge_id, len(_MERGE_IDS) + 1)


class EditCommand(QUndoCommand):
    """Wraps a planner edit that the document has already applied once (so a refusal
    surfaces as EditRefused before anything reaches the undo stack)."""

    def __init__(self, doc: Document, edit: Edit, change: Change) -> None:
        super().__init__(edit.text)
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


class Document(QObject):
    changed = Signal(object)  # planner.edits.Change
    refused = Signal(str)  # reason, for the user
    resultsChanged = Signal(object)  # engine results
    pathChanged = Signal(object)  # Path | None
    selectionChanged = Signal(object)  # tuple[tuple[kind, id], ...]

    def __init__(self, plan: Plan, catalog: Any, path: Path | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.plan = plan
        self.catalog = catalog
        self.path = path
        self.checker = PlacementChecker(catalog)
        self.undo_stack = QUndoStack(self)
        self.results: Any = None
        self.selection: tuple[tuple[str, str], ...] = ()

    def select(self, items: list[tuple[str, str]] | tuple[tuple[str, str], ...]) -> None:
        """Select entities, each as (kind, id) with kind in room/row/rack/placement/feed/
        loop/fabric/link. Every view follows this selection."""
        sel = tuple(items)
        if sel != self.selection:
            self.selection = sel
            self.selectionChanged.emit(sel)

    def push(self, edit: Edit) -> bool:
        """Apply ``edit`` as an undo step. Returns False (and emits ``refused``) if refused."""
        try:
            change = edit.apply(self.plan)
        except EditRefused as e:
            self.refused.emit(str(e))
            return False
        self.undo_stack.push(EditCommand(self, edit, change))
        return True

    def _after(self, change: Change) -> None:
        self.changed.emit(change)
