"""Floor plan: rooms to scale with their tile grid, rows with hot/cold aisles, racks
coloured by power or cooling utilisation.

The scene mirrors the plan. Positions come from :mod:`planner.model.geometry` (the same
footprints the PDF draws); the view never works out where a rack is. Every change
goes through a planner edit pushed on the :class:`~ui.document.Document`; the scene
follows ``Document.changed`` and updates only the rows and racks the change
touched (rows are updated in place, so a drag in progress survives its own edits).

Interaction (KiCad-like):

* wheel / Ctrl+= / Ctrl+- zoom about the pointer, Ctrl+0 or F fits the floor;
  middle-drag or Space+drag pans; left-drag on the floor rubber-band selects.
* drag a rack along its row to reorder it (one undo step on release);
  drag a row by its aisle band or label (or Shift+drag one of its racks) to move
  it, snapped to floor tiles (Alt: 5 cm steps) -- live, merged into one undo step.
* R rotates the selected row by 90 degrees, Del removes the selected racks,
  right-click on the floor adds a row there, on a row adds racks to it.

Level of detail (the Qt 40000-chips idea): each item asks
``QStyleOptionGraphicsItem.levelOfDetailFromTransform`` how many device pixels a
millimetre is; far out, racks are plain filled rectangles (no pen, no text) and the
grid thins out; closer in they get outlines and the front edge, their names as soon as
a name (or its short form, or the name turned along the rack) fits at a legible size,
and their figures.
Text is drawn in device space so it stays crisp and never scales with the floor.

The parts: :mod:`.items` (the graphics items, level-of-detail thresholds, short labels),
:mod:`.gestures` (drags, reorder, add, rotate, remove: pointer positions turned into the
arguments of :mod:`planner.gestures.builders`), :mod:`.scene` (the room mirrored from the document),
:mod:`.view` (zoom, pan, scale bar, legend) and :mod:`.widget` (the dock: toolbar, menus).
"""

from __future__ import annotations

from ui.scenes.floor.gestures import FloorGestures
from ui.scenes.floor.items import (
    AISLE_BAND_M,
    LOD_FIGURES,
    LOD_OUTLINE,
    LOD_TEXT,
    MAX_ZOOM,
    MIN_ZOOM,
    SCALE,
    DropHintItem,
    RackItem,
    RoomItem,
    RowItem,
    rack_gauge,
    short_name,
    short_names,
)
from ui.scenes.floor.scene import FloorScene
from ui.scenes.floor.view import FloorGraphicsView
from ui.scenes.floor.widget import FloorView

__all__ = [
    "AISLE_BAND_M", "LOD_FIGURES", "LOD_OUTLINE", "LOD_TEXT", "MAX_ZOOM", "MIN_ZOOM", "SCALE", "DropHintItem",
    "FloorGestures", "FloorGraphicsView", "FloorScene", "FloorView", "RackItem", "RoomItem", "RowItem",
    "rack_gauge", "short_name", "short_names",
]
