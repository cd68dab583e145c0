"""Rack elevations: the racks of one row side by side, front and rear, drawn to scale.

Scene units are millimetres; U positions come from :mod:`planner.model.geometry`. The scene
mirrors the model: it never moves an item on its own. A drag pushes MovePlacement
edits that share a gesture id (one undo step per drag) and the items are redrawn
from the plan when ``Document.changed`` names their rack. Catalog drops push
AddPlacement with the document's PlacementChecker; a refusal is shown in an overlay
at the pointer (and in the status bar through ``Document.refused``).

Ports (from :func:`planner.fabric.device_ports`) are drawn on each device's rear
face (its own face for half-depth devices) once the zoom makes them big enough
(level of detail, as in Qt's 40000-chips demo): green when wired, dark when free.
Dragging from a port to another pushes a ``Connect`` (through
``planner.fabric.wiring.connect_edit``); a refusal (port in use...) shows at the
pointer. 0U PDUs drag between sides and racks (MovePlacement with a side); a drag
on empty space selects devices with a rubber band.

The parts: :mod:`.items` (the graphics items and the drop target), :mod:`.scene` (the
elevations mirrored from the document; the header figures from the engine's results),
:mod:`.gestures` (drops, drags, wiring, rubber band, nudges: pointer positions turned into the
arguments of :mod:`planner.gestures.builders`), :mod:`.view` (zoom, overlay, ghost, context menu) and
:mod:`.widget` (the dock: row chooser, Add rack).
"""

from __future__ import annotations

from ui.scenes.rack.gestures import RackGestures
from ui.scenes.rack.items import (
    FACE_GAP,
    FRAME,
    HEADER_H,
    HEADER_SHARE,
    LABEL_MARGIN,
    MIN_LABEL_PX,
    MIN_SINGLE_LINE_PX,
    PORT_MIN_PX,
    RACK_GAP,
    RAIL_W,
    DeviceItem,
    LodText,
    PortsItem,
    RackFrameItem,
    RunLabel,
    Target,
)
from ui.scenes.rack.scene import RackScene, rack_figures_text, rack_level
from ui.scenes.rack.view import RackGraphicsView
from ui.scenes.rack.widget import RackView

__all__ = [
    "FACE_GAP", "FRAME", "HEADER_H", "HEADER_SHARE", "LABEL_MARGIN", "MIN_LABEL_PX", "MIN_SINGLE_LINE_PX",
    "PORT_MIN_PX", "RACK_GAP", "RAIL_W", "DeviceItem", "LodText", "PortsItem", "RackFrameItem", "RackGestures",
    "RackGraphicsView", "RackScene", "RackView", "RunLabel", "Target", "rack_figures_text", "rack_level",
]
