"""The main window's actions as data (napari's action manager is the model): one table of
action id, text, handler, keys, tip, object name and when it is enabled; the menus and the
toolbar are lists of those ids. :func:`build_actions` makes them all on a window.

- ``id``: the window attribute the action is kept in (``win.act_save``); tests and the help
  window find actions there.
- ``text`` and ``tip`` are marked for the "MainWindow" translation context and translated
  when the action is made.
- ``handler``: an attribute path on the window (``"files.save"``, ``"rack_view.view.fit"``),
  called with ``args``; resolved when the action is made, so a misspelt handler stops the
  window from opening instead of making an action that does nothing.
- ``keys``: a key string, a ``QKeySequence.StandardKey`` (its first binding) or a tuple of
  those.
- ``enabled``: a name of :data:`ENABLED_WHEN` (a test on the selection), "" for always.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from ui.i18n import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from PySide6.QtGui import QUndoStack

SK = QKeySequence.StandardKey
Keys = str | QKeySequence.StandardKey | tuple[str | QKeySequence.StandardKey, ...] | None
Selection = tuple[tuple[str, str], ...]


def _tr(text: str) -> str:
    return QCoreApplication.translate("MainWindow", text)


@dataclass(frozen=True)
class ActionSpec:
    id: str
    text: str
    handler: str
    keys: Keys = None
    tip: str = ""
    object_name: str = ""
    enabled: str = ""
    args: tuple[Any, ...] = ()
    role: QAction.MenuRole | None = None


def _rack_or_device(sel: Selection) -> bool:
    return any(k in ("rack", "placement") for k, _ in sel)


ENABLED_WHEN: dict[str, Callable[[Selection], bool]] = {
    "selection": bool,
    "rack_or_device": _rack_or_device,
    "device": lambda sel: any(k == "placement" for k, _ in sel),
}



def _N(text: str) -> str:
    """Marks a table's text for the "MainWindow" context (translated when the action is made)."""
    return QT_TRANSLATE_NOOP("MainWindow", text)

ACTIONS: list[ActionSpec] = [
    # -- File
    ActionSpec("act_new", _N("&New"), "files.new", SK.New, _N("Start a new plan")),
    ActionSpec("act_open", _N("&Open\u2026"), "files.open", SK.Open, _N("Open a plan")),
    ActionSpec("act_new_netbox", _N("New from NetBox &Site\u2026"), "files.new_from_netbox", None,
               _N("Start a plan from a NetBox site export (racks, devices)")),
    ActionSpec("act_new_netbox_live", _N("New from &Live NetBox\u2026"), "files.new_from_netbox_live", None,
               _N("Start a plan from a site of a running NetBox, read through its REST API")),
    ActionSpec("act_open_repo", _N("Open from Re&pository…"), "repository.open_from_repository", None,
               _N("Open a plan from the team repository (PostgreSQL)")),
    ActionSpec("act_save_repo", _N("Save to Reposi&tory…"), "repository.save_to_repository", None,
               _N("Save the plan as the next revision in the team repository")),
    ActionSpec("act_save", _N("&Save"), "files.save", SK.Save, _N("Save the plan")),
    ActionSpec("act_save_as", _N("Save &As\u2026"), "files.save_as", SK.SaveAs,
               _N("Save the plan under a new name")),
    ActionSpec("act_compare", _N("Co&mpare With\u2026"), "windows.show_compare", None,
               _N("Compare this plan side by side with a plan file")),  # issue 32
    ActionSpec("act_export_pdf", _N("&Export Build Plan (PDF)\u2026"), "exporter.export", "Ctrl+E",
               _N("Write the printed build plan as a PDF")),
    ActionSpec("act_export_xlsx", _N("Export &Workbook (Excel)\u2026"), "table_exporter.export_xlsx", None,
               _N("Write the BOM, cable schedule, racks, power and workload verdicts as an Excel workbook")),
    ActionSpec("act_export_csv", _N("Export Tables (&CSV)\u2026"), "table_exporter.export_csv", None,
               _N("Write the BOM, cable schedule, racks, power and workload verdicts as CSV files, "
                                "one per table")),
    ActionSpec("act_export_netbox", _N("Export &NetBox Import Files\u2026"), "netbox_exporter.export",
               None, _N("Write the site, racks, devices, power feeds and cables as NetBox bulk-import "
                                      "files, with the device types")),
    ActionSpec("act_push_netbox", _N("Push to Net&Box\u2026"), "netbox_pusher.push", None,
               _N("Create or update the plan's site, racks, devices, power and cables in a live "
                                "NetBox through its REST API")),
    ActionSpec("act_settings", _N("Se&ttings\u2026"), "show_settings", SK.Preferences),
    ActionSpec("act_quit", _N("&Quit"), "close", SK.Quit),
    # -- Edit (Undo and Redo come from the undo stack: make_undo_redo)
    ActionSpec("act_cut", _N("Cu&t"), "edits.cut", SK.Cut, enabled="selection"),
    ActionSpec("act_copy", _N("&Copy"), "edits.copy", SK.Copy, enabled="selection"),
    ActionSpec("act_paste", _N("&Paste"), "edits.paste", SK.Paste),
    ActionSpec("act_delete", _N("&Delete"), "edits.delete", (SK.Delete, "Backspace"),
               enabled="selection"),
    ActionSpec("act_duplicate", _N("D&uplicate"), "edits.duplicate", "Ctrl+D", enabled="selection"),
    ActionSpec("act_dup_rack", _N("Duplicate Rack \u00d7 &N\u2026"), "edits.duplicate_rack_n",
               "Ctrl+Shift+D", _N("Copy the selected rack N times along its row"),
               enabled="rack_or_device"),
    ActionSpec("act_select_all", _N("Select &All"), "edits.select_all", SK.SelectAll),
    ActionSpec("act_move_up", _N("Move Up 1U"), "rack_view.view.nudge", "Ctrl+Up", enabled="device",
               args=(1,)),
    ActionSpec("act_move_down", _N("Move Down 1U"), "rack_view.view.nudge", "Ctrl+Down",
               enabled="device", args=(-1,)),
    # -- View
    ActionSpec("act_fit", _N("&Fit Elevations"), "rack_view.view.fit", "Ctrl+0"),
    ActionSpec("act_recompute", _N("&Recalculate"), "doc.recompute", SK.Refresh),
    ActionSpec("act_reset_layout", _N("Reset &Layout"), "reset_layout"),
    # -- File > Import Price List, Plan
    ActionSpec("act_import_prices", _N("Import &Price List\u2026"), "price_importer.start", None,
               _N("Read a distributor price list (XLSX or CSV) into your catalog; the capex uses its "
                                "prices"), "actImportPrices"),
    ActionSpec("act_autowire", _N("Auto-&wire Fabric\u2026"), "windows.show_autowire", None,
               _N("Design and wire a leaf/spine fabric for servers (one undo step)")),
    ActionSpec("act_autowire_nvlink", _N("Auto-wire &NVLink Domain"), "windows.autowire_nvlink", None,
               _N("Wire the NVLink spine of the selected NVL72 rack: every GPU to every switch chip "
                                "(one undo step)"), enabled="rack_or_device"),
    ActionSpec("act_power", _N("&Power Feeds and Sources\u2026"), "windows.show_power", None,
               _N("Add and edit UPSs, panels and the feeds that hang off them"), "actPower"),
    ActionSpec("act_cooling_loops", _N("Cooling &Loops\u2026"), "windows.show_cooling_loops", None,
               _N("Create, edit and delete CDU and facility water loops; assign the selected racks")),
    ActionSpec("act_phases", _N("&Growth Phases\u2026"), "windows.show_phases", None,
               _N("Plan the build in phases (pilot, production, expansion): figures per phase; put the "
                  "selection into a phase")),
    # -- Help
    ActionSpec("act_guide", _N("Rackwright &Guide"), "windows.show_guide", SK.HelpContents,
               _N("The user guide: catalog, racks, feeds, workloads, wiring, export")),
    ActionSpec("act_shortcuts", _N("&Keyboard Shortcuts"), "windows.show_shortcuts"),
    ActionSpec("act_about", _N("&About Rackwright"), "windows.show_about",
               role=QAction.MenuRole.AboutRole),
    # -- plan settings, names, reference designs and sizing
    ActionSpec("act_plan_settings", _N("Plan &Settings…"), "windows.show_plan_settings", None,
               _N("Site, customer, currency and exchange rates, energy price, PUE, utilisation and "
                                "naming patterns of this plan")),
    ActionSpec("act_rename", _N("Re&name Selection…"), "windows.show_rename", "F2",
               _N("Name the selected racks or devices from a pattern (one undo step)"),
               enabled="rack_or_device"),
    ActionSpec("act_new_template", _N("New from &Template\u2026"), "windows.show_new_from_template",
               None, _N("Start from a reference design: racks placed, powered, cooled and wired, "
                                      "with its workload"), "actNewFromTemplate"),
    ActionSpec("act_new_workload", _N("New from &Workload\u2026"), "windows.show_size_workload", None,
               _N("State the workloads and limits; compare the builds that meet them and open the "
                                "chosen one as a plan"), "actNewFromWorkload", args=(None,)),
    ActionSpec("act_size_workload", _N("Si&ze This Workload\u2026"), "windows.show_size_workload", None,
               _N("Search the builds that meet the selected workload of this plan and open the chosen "
                                "one as a new plan"), "actSizeWorkload"),
]

# The menu bar, left to right: (object name, title, entries). An entry is an action id,
# None for a separator, or a place filled by the window: "@recent" (File > Open Recent),
# "@docks" (a toggle for every dock), "@floor" (the floor plan's own actions).
MENUS: list[tuple[str, str, list[str | None]]] = [
    ("menuFile", _N("&File"), [
        "act_new", "act_new_template", "act_new_workload", "act_new_netbox", "act_new_netbox_live", "act_open", "@recent", None,
        "act_save", "act_save_as", "act_compare", None, "act_open_repo", "act_save_repo", None,
        "act_export_pdf", "act_export_xlsx", "act_export_csv", "act_export_netbox", "act_push_netbox", None,
        "act_import_prices", "act_settings", None, "act_quit"]),
    ("menuEdit", _N("&Edit"), [
        "act_undo", "act_redo", None, "act_cut", "act_copy", "act_paste", "act_delete", None,
        "act_duplicate", "act_dup_rack", "act_rename", None, "act_move_up", "act_move_down", None, "act_select_all"]),
    ("menuView", _N("&View"), ["@docks", None, "act_fit", "act_reset_layout"]),
    ("menuFloor", _N("F&loor"), ["@floor"]),
    ("menuPlan", _N("&Plan"), [
        "act_plan_settings", "act_size_workload", None, "act_recompute", "act_autowire", "act_autowire_nvlink",
        "act_power", None, "act_cooling_loops", None, "act_phases"]),
    ("menuHelp", _N("&Help"), ["act_guide", "act_shortcuts", None, "act_about"]),
]
TOOLBAR: list[str | None] = ["act_new", "act_open", "act_save", None, "act_undo", "act_redo", None,
                             "act_delete", "act_duplicate", "act_dup_rack", None, "act_fit"]


def _resolve(win: object, path: str) -> Callable[..., object]:
    target: Any = win
    for part in path.split("."):
        target = getattr(target, part)  # AttributeError: the table names a handler that is not there
    if not callable(target):
        raise TypeError(f"action handler {path!r} is not callable")
    return target


def _key_list(keys: Keys) -> list[QKeySequence]:
    if keys is None:
        return []
    return [QKeySequence(k) for k in (keys if isinstance(keys, tuple) else (keys,))]


def make_action(win: QMainWindow, spec: ActionSpec) -> QAction:
    """One action of the table on ``win`` (added to the window, so its keys work everywhere in it)."""
    handler = _resolve(win, spec.handler)
    act = QAction(_tr(spec.text), win)
    keys = _key_list(spec.keys)
    if len(keys) == 1:
        act.setShortcut(keys[0])
    elif keys:
        act.setShortcuts(keys)
    if spec.tip:
        act.setStatusTip(_tr(spec.tip))
    if spec.object_name:
        act.setObjectName(spec.object_name)
    if spec.role is not None:
        act.setMenuRole(spec.role)
    args = spec.args
    act.triggered.connect(lambda _checked=False: handler(*args))
    win.addAction(act)
    return act


def make_undo_redo(win: QMainWindow, stack: QUndoStack) -> tuple[QAction, QAction]:
    """Edit > Undo and Redo from the undo stack (enabled and named by it): every binding of
    the platform, Ctrl+Shift+Z and Ctrl+Y for Redo, and the command named the translated way
    ("Undo Move rack A01" is Qt's prefix + space + text: a German menu wants "Rückgängig: …")."""
    undo = stack.createUndoAction(win, _tr("&Undo"))
    undo.setShortcuts(QKeySequence.keyBindings(SK.Undo))
    redo = stack.createRedoAction(win, _tr("&Redo"))
    redo_keys = QKeySequence.keyBindings(SK.Redo)
    for extra in (QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")):
        if extra not in redo_keys:
            redo_keys.append(extra)
    redo.setShortcuts(redo_keys)

    def undo_text(text: str) -> None:
        if shiboken6.isValid(undo):  # the document outlives a closed window
            undo.setText(_tr("&Undo {action}").format(action=text) if text else _tr("&Undo"))

    def redo_text(text: str) -> None:
        if shiboken6.isValid(redo):
            redo.setText(_tr("&Redo {action}").format(action=text) if text else _tr("&Redo"))

    stack.undoTextChanged.connect(undo_text)
    stack.redoTextChanged.connect(redo_text)
    win.addAction(undo)
    win.addAction(redo)
    return undo, redo


def build_actions(win: QMainWindow, specs: Sequence[ActionSpec] = ACTIONS) -> dict[str, QAction]:
    """Every action of ``specs`` on ``win``, set as its attribute ``spec.id``; returned by id."""
    made: dict[str, QAction] = {}
    for spec in specs:
        made[spec.id] = make_action(win, spec)
        setattr(win, spec.id, made[spec.id])
    return made


def build_menus(win: QMainWindow, actions: dict[str, QAction],
                places: dict[str, Callable[[QMenu], object]]) -> dict[str, QMenu]:
    """The menu bar from :data:`MENUS` (``places`` fills the "@name" entries) and the main
    toolbar from :data:`TOOLBAR`; the menus by object name."""
    bar = win.menuBar()
    menus: dict[str, QMenu] = {}
    for name, title, entries in MENUS:
        menu = bar.addMenu(_tr(title))
        menu.setObjectName(name)  # found by name, never by its translated title
        menus[name] = menu
        for entry in entries:
            if entry is None:
                menu.addSeparator()
            elif entry.startswith("@"):
                places[entry](menu)
            else:
                menu.addAction(actions[entry])
    tb = win.addToolBar("Main")
    tb.setObjectName("mainToolBar")
    tb.setMovable(False)
    for entry in TOOLBAR:
        tb.addSeparator() if entry is None else tb.addAction(actions[entry])
    return menus


def update_enabled(actions: dict[str, QAction], selection: Selection) -> None:
    """Enable the actions that have an ``enabled`` test for what is selected now."""
    for spec in ACTIONS:
        if spec.enabled and spec.id in actions:
            actions[spec.id].setEnabled(ENABLED_WHEN[spec.enabled](selection))
