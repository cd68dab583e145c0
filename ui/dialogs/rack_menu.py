"""A menu of the plan's racks for the non-modal plan windows (power feeds, cooling loops):
"A+B feeds for ..." / "Assign ... to this loop" can pick racks there, without closing the
window to select them in the elevations first (a window over the elevations hid them).

Every rack of the plan, grouped by room and row: all racks, a whole row, or one rack.
The picked rack ids go to ``pick``; nothing here edits the plan.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMenu

if TYPE_CHECKING:
    from collections.abc import Callable

    from ui.document import Document


def _tr(text: str) -> str:
    return QCoreApplication.translate("RackMenu", text)


def fill_rack_menu(menu: QMenu, doc: Document, pick: Callable[[list[str]], object]) -> None:
    """(Re)fill ``menu`` with the plan's racks; choosing an entry calls ``pick(rack_ids)``."""
    menu.clear()
    plan = doc.plan
    rooms = plan.site.rooms
    every = [r.id for room in rooms for row in room.rows for r in row.racks]
    if not every:
        act = menu.addAction(_tr("No racks in the plan yet"))
        act.setEnabled(False)
        return
    act = menu.addAction(QCoreApplication.translate("RackMenu", "All racks (%n)", "", len(every)))
    act.setObjectName("rackMenuAll")
    act.triggered.connect(lambda _c=False, ids=every: pick(list(ids)))
    menu.addSeparator()
    for room in rooms:
        for row in room.rows:
            if not row.racks:
                continue
            title = row.name if len(rooms) == 1 else f"{room.name} \u203a {row.name}"
            sub = menu.addMenu(title)
            sub.setObjectName(f"rackMenuRow_{row.id}")
            ids = [r.id for r in row.racks]
            whole = sub.addAction(QCoreApplication.translate("RackMenu", "Whole row (%n racks)", "", len(ids)))
            whole.setObjectName(f"rackMenuRowAll_{row.id}")
            whole.triggered.connect(lambda _c=False, ids=ids: pick(list(ids)))
            sub.addSeparator()
            for r in row.racks:
                one = sub.addAction(r.name)
                one.setObjectName(f"rackMenuRack_{r.id}")
                one.triggered.connect(lambda _c=False, rid=r.id: pick([rid]))
