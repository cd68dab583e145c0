"""What the scenes share about the undo stack: a cancelled drag (Esc) takes back the steps
it pushed and forgets them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtGui import QUndoCommand

if TYPE_CHECKING:
    from ui.document import Document


def drop_steps_since(doc: Document, index: int) -> None:
    """Take back the undo steps pushed since the stack stood at ``index`` (a cancelled
    drag's merged step) and forget them, so Redo cannot bring the cancelled drag back."""
    stack = doc.undo_stack
    if stack.index() <= index:
        return
    stack.setIndex(index)
    # an obsolete command pushed drops the commands above the index and adds nothing
    # (QUndoStack.push deletes an obsolete command instead of appending it)
    drop = QUndoCommand()
    drop.setObsolete(True)
    stack.push(drop)
