"""Small controllers behind the main window's actions: files and editing.

The main window only wires actions to these; they turn a user request into a
planner edit (through :mod:`planner.gestures.builders`) or a load/save through
:mod:`planner.files.documents`, and report problems through :mod:`ui.dialogs`.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QMimeData, QObject, Signal
from PySide6.QtWidgets import QApplication, QMainWindow, QWidget

from planner.files.documents import (
    format_for_suffix,
    load_plan,
    open_document,
    repository_link,
    save_plan,
    sniff,
    with_embedded,
)
from planner.files.plan_io import PlanFormatError
from planner.gestures.builders import (
    CLIPBOARD_MIME,
    add_room_edit,
    add_row_edit,
    copy_payload,
    delete_edit,
    duplicate_device_edit,
    duplicate_rack_edit,
    paste_edit,
)
from planner.i18n import N_, gettext, message_text
from planner.model.edits import AddPlacement, AddRack
from planner.model.plan import Plan, Site
from ui import dialogs
from ui.document import Document
from ui.settings import AppSettings, file_stem
from ui.shell.filejobs import FileJobs
from ui.tasks import BackgroundTask

if TYPE_CHECKING:
    from planner.base.progress import ProgressFn
    from planner.catalog import Catalog
    from planner.files.storage import EmbeddedCatalog
    from planner.netbox.site import SiteImport
    from ui.shell.recovery import RecoveryController

log = logging.getLogger(__name__)


def new_plan(catalog: Catalog) -> Plan:
    """A fresh plan to start from: 'Room 1' (10 m x 8 m, 0.6 m tiles) holding 'Row A' with one
    empty rack 'A01' of a common type, ready for drops. Built by the same builders as the
    app's Add Room and Add Row, so its names continue the way later additions will."""
    from planner.i18n import active_language
    from planner.model.plan import Metadata
    from planner.model.regions import default_region

    # in the language of the moment, as the builders name; the site's power region follows the
    # language and locale (German: EU 230/400 V; Plan Settings changes it)
    plan = Plan(metadata=Metadata(site_region=default_region(active_language())), site=Site(name=gettext(N_("Site"))))
    room = add_room_edit(plan)
    room.apply(plan)
    add_row_edit(plan, catalog, room.room.id, 1).apply(plan)
    return plan


def read_plan(path: str, parent: QWidget | None) -> Plan | None:
    """Load a plan; on bad input show a dialog naming file and field and return None."""
    opened = read_document(path, parent)
    return opened[0] if opened is not None else None


def load_document(path: str) -> tuple[Plan, EmbeddedCatalog | None]:
    """The plan at ``path`` and the catalog entries stored in it (None for JSON); raises
    what :func:`report_open_error` explains. Qt-free: runs off the GUI thread."""
    if sniff(path) == "rackplan":
        opened = open_document(path)
        return opened.plan, opened.embedded
    return load_plan(path), None


def report_open_error(error: BaseException, path: str, parent: QWidget | None) -> None:
    """The dialog for a plan that could not be opened: file and field for a format error."""
    tr = QCoreApplication.translate
    title = tr("Controllers", "Cannot open plan")
    if isinstance(error, PlanFormatError):
        e = error
        where = tr("Controllers", "\nField: {field}").format(field=e.where) if e.where else ""
        line = tr("Controllers", " (line {line})").format(line=e.line) if e.line else ""
        dialogs.show_error(parent, title,
                           tr("Controllers", "{file}{line} could not be opened.{where}\n\n{message}")
                           .format(file=Path(e.file).name, line=line, where=where, message=message_text(e.message)),
                           details=str(e))
    elif isinstance(error, OSError | ValueError):
        dialogs.show_error(parent, title, tr("Controllers", "{file} could not be opened.\n\n{error}").format(
            file=Path(path).name, error=error))
    else:  # any other failure to read a file ends in the same dialog, never a traceback
        log.error("reading %s failed", path, exc_info=error)
        dialogs.show_error(parent, title, tr("Controllers", "{file} could not be opened.\n\n{error}").format(
            file=Path(path).name, error=f"{type(error).__name__}: {error}")[:2000])


def read_document(path: str, parent: QWidget | None) -> tuple[Plan, EmbeddedCatalog | None] | None:
    """Load a plan and the catalog entries stored in it (None for JSON) on this thread (the
    app's start, before a window exists); on bad input show a dialog naming file and field
    and return None."""
    try:
        return load_document(path)
    except Exception as e:  # noqa: BLE001 - every failure ends in the dialog
        report_open_error(e, path, parent)
    return None


class FileController(QObject):
    """New, Open, Save, Save As, Recent files and the unsaved-changes prompt."""

    recentChanged = Signal(list)

    def __init__(self, doc: Document, settings: AppSettings, parent_widget: QWidget,
                 recovery: RecoveryController | None = None) -> None:
        super().__init__(parent_widget)
        self.doc = doc
        self.settings = settings
        self.window = parent_widget
        self.recovery = recovery  # autosave slots, file locks
        self._site_task: BackgroundTask | None = None  # New from NetBox Site, made when first used
        self.jobs = FileJobs(parent_widget)  # Open and Save, off the GUI thread
        self._edits = 0  # edits (and plan swaps) so far: what changed while a file was read or written
        doc.changed.connect(self._count_edit)

    def _count_edit(self, _change: object) -> None:
        self._edits += 1

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current plan (saved, discarded or clean)."""
        if not self.doc.modified:
            return True
        answer = dialogs.ask_save_changes(self.window, self.doc.display_name)
        if answer == "save":
            return self.save()
        return answer == "discard"

    def new(self) -> None:
        self.new_from(None)

    def new_from(self, plan: Plan | None) -> bool:
        """File > New (``plan`` None: an empty plan), or a plan made for the user (a template,
        a sized workload), opened as a new untitled document."""
        if self.refuse_while_busy() or not self.maybe_save():
            return False
        if self.recovery is not None:
            self.recovery.closed()
        # a plan made for the user is unsaved work: New, Open and Quit ask before dropping it
        self.doc.replace_plan(plan if plan is not None else new_plan(self.doc.catalog), None,
                              generated=plan is not None)
        return True

    def new_from_netbox(self) -> None:
        """File > New from NetBox Site...: a new plan with the racks and devices of a NetBox
        site export (planner.netbox.site), read off the GUI thread; what was left out is
        listed by file and line."""
        if self.refuse_while_busy() or not self.maybe_save():
            return
        paths = dialogs.ask_netbox_site(self.window)
        if not paths:
            return
        from planner.netbox.site import import_site
        if self._site_task is None:
            self._site_task = BackgroundTask(self, "NetBox site import")
        racks, devices, types = paths
        catalog = self.doc.catalog
        undo_index = self.doc.undo_stack.index()
        self._site_task.start(lambda _p, _c: import_site(racks, devices, catalog, types),
                              on_done=lambda result: self._site_done(result, undo_index),
                              on_failed=self._site_failed)

    def new_from_netbox_live(self) -> None:
        """File > New from Live NetBox...: a new plan from a site of a running NetBox, read
        through its REST API off the GUI thread (``rackwright netbox pull``); what the pull
        assumed and left out is listed as after a file import."""
        if self.refuse_while_busy() or not self.maybe_save():
            return
        from ui.exports import netbox_push

        target = netbox_push.ask_netbox_pull(self.window)
        if target is None:
            return
        if self._site_task is None:
            self._site_task = BackgroundTask(self, "NetBox site import")
        catalog = self.doc.catalog
        undo_index = self.doc.undo_stack.index()
        self._site_task.start(lambda _p, _c: netbox_push.pull_site_from(target, catalog),
                              on_done=lambda result: self._site_done(result, undo_index),
                              on_failed=self._pull_failed)

    def _pull_failed(self, exc: BaseException) -> None:
        from planner.netbox.api import NetBoxError

        text = message_text(str(exc)) if isinstance(exc, NetBoxError) else f"{type(exc).__name__}: {exc}"
        dialogs.show_error(self.window, self.tr("New from Live NetBox"),
                           self.tr("The NetBox site could not be read.\n\n{reason}").format(reason=text[:2000]))

    def _site_done(self, result: SiteImport, undo_index: int) -> None:
        # the plan was edited while the export was read: ask again before replacing it
        if self.doc.undo_stack.index() != undo_index and not self.maybe_save():
            return
        if self.recovery is not None:
            self.recovery.closed()
        self.doc.replace_plan(result.plan, None, generated=True)
        summary = self.tr("{racks} rack(s) and {devices} device(s) of site \u201c{site}\u201d imported.").format(
            racks=result.racks, devices=result.devices, site=result.plan.site.name)
        lines = [str(p) for p in result.problems] + [self.tr("rack type by height: {guess}").format(guess=message_text(g))
                                                     for g in result.rack_type_guesses]
        # what the source could not say (a live site without plan data: cooling, fabrics, feed sides)
        lines += [message_text(n) for n in result.notices]
        self.site_result = dialogs.show_netbox_site_result(self.window, summary, lines)

    def _site_failed(self, exc: BaseException) -> None:
        from planner.netbox.site import SiteImportError

        text = str(exc) if isinstance(exc, SiteImportError) else f"{type(exc).__name__}: {exc}"
        dialogs.show_error(self.window, self.tr("New from NetBox Site"),
                           self.tr("The NetBox export could not be read.\n\n{reason}").format(reason=text[:2000]))

    def refuse_while_busy(self) -> bool:
        """True (and said in the status bar) while an open or save runs: a second one waits."""
        if not self.jobs.busy:
            return False
        msg = self.tr("{job} Try again when it has finished.").format(job=self.jobs.label)
        if isinstance(self.window, QMainWindow):
            self.window.statusBar().showMessage(msg, 8000)
        return True

    def open(self, path: str | None = None) -> bool:
        """File > Open: the file is read off the GUI thread (the window stays usable); the
        plan shown stays until the new one has been read, and if it was edited meanwhile the
        unsaved-changes question comes again before it is replaced."""
        if self.refuse_while_busy() or not self.maybe_save():
            return False
        if path is None:
            start = str(self.doc.path.parent) if self.doc.path else str(self.settings.start_folder())
            path = dialogs.ask_open_path(self.window, start)
            if not path:
                return False
            self.settings.remember_folder(path)
        edits = self._edits
        file = path

        def work(progress: ProgressFn) -> tuple[Plan, EmbeddedCatalog | None]:
            progress(0.0, "read")
            return load_document(file)

        kind, value = self.jobs.run(work, self.tr("Opening {file}\u2026").format(file=Path(path).name))
        if kind != "done" or not isinstance(value, tuple):
            if isinstance(value, BaseException):
                report_open_error(value, path, self.window)
            return False
        if self._edits != edits and not self.maybe_save():  # edited while the file was read
            return False
        plan, embedded = value
        lock = None
        if self.recovery is not None:
            go, lock = self.recovery.try_lock(path, self.window)
            if not go:
                return False
            self.recovery.closed(release=False)
            self.recovery.adopt(lock)
        catalog = with_embedded(self.doc.catalog, embedded)
        if catalog is not self.doc.catalog:
            from ui.document import make_engine

            self.doc.replace_catalog(catalog, make_engine(catalog, self.doc.engine_settings))
        self.doc.replace_plan(plan, Path(path))
        self.recentChanged.emit(self.settings.add_recent(str(Path(path).resolve())))
        return True

    def save(self) -> bool:
        if self.refuse_while_busy():
            return False
        if self.doc.path is None or format_for_suffix(self.doc.path) is None:
            return self.save_as()
        return self._write(self.doc.path)

    def save_as(self) -> bool:
        if self.refuse_while_busy():
            return False
        if self.doc.path is not None:
            suggested = str(self.doc.path)
        else:  # the plan's name in the folder last used or the documents folder
            suggested = str(self.settings.start_folder() / (file_stem(self.doc.plan.metadata.project, "plan") + ".json"))
        path = dialogs.ask_save_path(self.window, suggested)
        if not path:
            return False
        self.settings.remember_folder(path)
        p = Path(path)
        if format_for_suffix(p) is None:
            p = p.with_suffix(".json")
        return self._write(p)

    def _write(self, path: Path) -> bool:
        """Write the plan as it is now (a snapshot) off the GUI thread; edits made while it is
        written stay in the window and keep it modified."""
        if self.refuse_while_busy():
            return False
        old = self.doc.path
        snapshot, catalog, edits = self.doc.plan.snapshot(), self.doc.catalog, self._edits
        generation = self.recovery.generation() if self.recovery is not None else None
        same_file = old is not None and old.resolve() == path.resolve()

        def work(progress: ProgressFn) -> None:
            progress(0.0, "write")
            # Save As of a pulled plan: the copy stays linked to its repository plan (and a file
            # saved over keeps none of its own link); a re-save keeps the file's link
            link = None if same_file else repository_link(old)
            # the entries the plan uses from this document's catalog (with those its file
            # brought), so a Save As keeps a colleague's hardware
            save_plan(snapshot, path, catalog, link=link)

        kind, error = self.jobs.run(work, self.tr("Saving {file}\u2026").format(file=path.name))
        if kind != "done":  # disk full, permissions, storage errors: the plan stays open and unsaved
            if isinstance(error, BaseException):  # the task logged any unexpected one
                dialogs.show_error(self.window, self.tr("Cannot save plan"),
                                   self.tr("{file} could not be saved.\n\n{error}").format(file=path.name, error=error))
            return False
        self.doc.mark_saved(path)
        if self._edits != edits:  # what was edited while the file was written is not in it
            self.doc.undo_stack.resetClean()
        if self.recovery is not None:
            self.recovery.saved(old, generation)
            if not same_file:
                _go, lock = self.recovery.try_lock(path, None)
                self.recovery.adopt(lock)
        self.recentChanged.emit(self.settings.add_recent(str(path.resolve())))
        return True


_guard_installed = False


def _clear_owned_clipboard() -> None:
    app = QApplication.instance()
    if app is None:
        return
    cb = QApplication.clipboard()
    md = cb.mimeData()
    if md is not None and md.hasFormat(CLIPBOARD_MIME):
        cb.clear()


def _install_clipboard_guard() -> None:
    """PySide6 crashes at interpreter exit when the clipboard still holds a QMimeData
    created from Python (both sides delete it); clear our own items before that."""
    global _guard_installed
    if not _guard_installed:
        import atexit

        atexit.register(_clear_owned_clipboard)
        _guard_installed = True


class EditController(QObject):
    """Delete, copy, paste, duplicate, duplicate rack x N, select all."""

    def __init__(self, doc: Document, parent_widget: QWidget, current_row: Callable[[], str | None]) -> None:
        super().__init__(parent_widget)
        self.doc = doc
        self.window = parent_widget
        self.current_row = current_row  # the row shown in the elevations

    def _target_rack(self) -> str | None:
        plan = self.doc.plan
        for kind, i in reversed(self.doc.selection):
            if kind == "rack" and i in plan.index.racks:
                return i
            if kind == "placement" and i in plan.index.placements:
                return plan.index.placement_rack[i]
        return None

    def _target_row(self) -> str | None:
        rack = self._target_rack()
        if rack is not None:
            return self.doc.plan.index.rack_row[rack]
        return self.current_row()

    def delete(self) -> None:
        """Edit > Delete: the selected devices, racks and rows; a selected room with its
        content after the user confirms (one undo step either way)."""
        rooms = [i for k, i in self.doc.selection if k == "room" and i in self.doc.plan.index.rooms]
        if rooms:
            dialogs.confirm_and_delete_rooms(self.doc, self.window, rooms)
            return
        edit = delete_edit(self.doc.plan, self.doc.selection)
        loops = self.doc.selected("loop")
        if edit is None and len(loops) == 1:  # a cooling loop (refused with a reason while racks use it)
            from planner.gestures.cooling import remove_loop_edit

            edit = remove_loop_edit(self.doc.plan, loops[0])
        if edit is None:  # feeds or power sources selected (Inspector, Findings)
            from planner.gestures.power_edits import delete_power_edit

            selection = self.doc.selection
            edit, why = self.doc.attempt(lambda: delete_power_edit(self.doc.plan, selection))
            if why:
                return
        if edit is not None:
            self.doc.push(edit)

    def copy(self) -> bool:
        payload = copy_payload(self.doc.plan, self.doc.selection, self.doc.catalog)
        if payload is None:
            return False
        md = QMimeData()
        raw = json.dumps(payload)
        md.setData(CLIPBOARD_MIME, raw.encode("utf-8"))
        names = [r["name"] for r in payload["racks"]] + [p.get("name") or p["device"] for p in payload["placements"]]
        md.setText("\n".join(names))
        _install_clipboard_guard()
        QApplication.clipboard().setMimeData(md)
        return True

    def cut(self) -> None:
        if self.copy():
            self.delete()

    def paste(self) -> bool:
        md = QApplication.clipboard().mimeData()
        if md is None or not md.hasFormat(CLIPBOARD_MIME):
            self.doc.refuse(self.tr("Nothing to paste: copy racks or devices first"))
            return False
        try:
            payload = json.loads(bytes(md.data(CLIPBOARD_MIME).data()).decode("utf-8"))
            rack, row = self._target_rack(), self._target_row()
            edit, why = self.doc.attempt(lambda: paste_edit(self.doc.plan, self.doc.checker, payload, rack, row))
        except (ValueError, KeyError, TypeError) as e:  # a payload that is not ours (a refusal is not one of these)
            self.doc.refuse(self.tr("The clipboard does not hold Rackwright items ({error})").format(error=e))
            return False
        if edit is None or not edit.edits:
            return False
        if not self.doc.push(edit):
            return False
        new = []
        for sub in edit.edits:
            if isinstance(sub, AddPlacement):
                new.append(("placement", sub.placement.id))
            elif isinstance(sub, AddRack):
                new.append(("rack", sub.rack.id))
        self.doc.select(new)
        return True

    def duplicate(self) -> None:
        racks = self.doc.selected("rack")
        if racks:
            self.doc.push(duplicate_rack_edit(self.doc.plan, racks[0], 1, self.doc.catalog))
            return
        pids = self.doc.selected("placement")
        if pids:
            self.doc.push_built(lambda: duplicate_device_edit(self.doc.plan, self.doc.checker, pids))

    def duplicate_rack_n(self, n: int | None = None) -> bool:
        rack = self._target_rack()
        if rack is None:
            self.doc.refuse(self.tr("Select a rack to duplicate"))
            return False
        if n is None:
            n = dialogs.ask_int(self.window, self.tr("Duplicate rack"),
                                self.tr("Number of copies of {rack}:").format(rack=self.doc.plan.rack(rack).name),
                                3, 1, 500)
            if not n:
                return False
        return self.doc.push(duplicate_rack_edit(self.doc.plan, rack, n, self.doc.catalog))

    def select_all(self) -> None:
        row = self.current_row()
        if row is None or row not in self.doc.plan.index.rows:
            return
        items = [("placement", p.id) for r in self.doc.plan.index.rows[row].racks for p in r.placements]
        self.doc.select(items)
