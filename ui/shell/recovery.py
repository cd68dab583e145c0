"""Never lose work: autosave to recovery files, recovery after a crash, and the
"already open elsewhere" lock, on top of planner.files.storage (docs/project-file.md).

- A timer asks ``Autosaver.due(generation)``; when due, a snapshot is taken on the GUI
  thread and written off it (a ``ui.tasks.BackgroundTask``; ``Autosaver`` skips
  overlapping writes).
- A successful save or a clean close discards the document's recovery slot.
- At start-up, slots left by programs that no longer run are offered for recovery.
- Opening a file takes its ``FileLock``; a lock held elsewhere is reported and the
  user decides whether to open anyway.
"""

from __future__ import annotations

import importlib.util
import logging
import uuid
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from planner.files.userdata import autosave_interval_s, has_recovery_slots
from ui import dialogs
from ui.tasks import BackgroundTask

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from planner.files.storage import Autosaver, FileLock, PlanSnapshot, RecoveryEntry, RecoveryStore
    from planner.files.storage.rowcache import RowCache
    from planner.model.edits import Change
    from planner.model.plan import Plan
    from ui.document import Document

log = logging.getLogger(__name__)


def _storage_available() -> bool:
    """A build with project files (SQLAlchemy), found without importing it: the project-file
    code (planner.files.storage) is imported when the first autosave, lock or recovery needs
    it, not at start-up (issue 30: ~0.3-0.5 s of a cold start)."""
    return importlib.util.find_spec("sqlalchemy") is not None


CHECK_INTERVAL_MS = 5000


class RecoveryController(QObject):
    """Autosave and locks for one Document (hooked up by the main window)."""

    # why autosave failed (the main window says so in the status bar and once in a dialog);
    # "" when it works again
    autosaveFailed = Signal(str)

    def __init__(self, doc: Document, parent: QObject | None = None, store: RecoveryStore | None = None,
                 interval_s: float | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.enabled = _storage_available()
        self.untitled_id = uuid.uuid4().hex[:12]
        # this program's own slots: a crashed run's copies of the same plans are never
        # overwritten or discarded by this run's autosaves, saves and closes
        self.session = uuid.uuid4().hex[:10]
        # the store and the autosaver are made on first use (imports planner.files.storage)
        self._given_store = store
        self._store: RecoveryStore | None = None
        self._saver: Autosaver | None = None
        self.interval_s = autosave_interval_s() if interval_s is None else interval_s
        self.lock: FileLock | None = None
        self.failing: str | None = None  # the last autosave failure shown, until one succeeds
        self._edits = 0
        self._rows: RowCache | None = None  # the rows of the last autosave, made again where edits touched
        self.writer = BackgroundTask(self, "autosave", expected_errors=(OSError,))
        self.timer = QTimer(self)
        self.timer.setInterval(CHECK_INTERVAL_MS)
        self.timer.timeout.connect(self.tick)
        doc.changed.connect(self._count)
        doc.planReset.connect(self._plan_reset)
        if self.enabled and self.interval_s > 0:
            self.timer.start()

    @property
    def store(self) -> RecoveryStore | None:
        """This program's recovery store (None when autosave is off: a build without project files)."""
        if self._store is None and self.enabled:
            from planner.files.storage import RecoveryStore

            base = self._given_store if self._given_store is not None else RecoveryStore()
            self._store = base.with_session(self.session)
        return self._store

    @property
    def saver(self) -> Autosaver | None:
        if self._saver is None and self.enabled:
            from planner.files.storage import Autosaver

            store = self.store
            assert store is not None
            self._saver = Autosaver(store, self.interval_s)
        return self._saver

    def _plan_reset(self) -> None:
        if self._rows is not None:
            self._rows.clear()

    def _count(self, change: Change) -> None:
        self._edits += 1
        if self._rows is not None:
            self._rows.mark(change)  # the next autosave makes again only the rows this touched

    def snapshot(self) -> PlanSnapshot:
        """What an autosave writes, taken on the GUI thread: the rows of the last autosave
        with those of the entities edited since made again (planner.files.storage.rowcache)."""
        if self._rows is None:
            from planner.files.storage.rowcache import RowCache

            self._rows = RowCache()
        return self._rows.snapshot(self.doc.plan, self.doc.catalog)

    def generation(self) -> tuple[int, int]:
        return (self._edits, self.doc.undo_stack.index())

    def _slot_kw(self) -> dict[str, str]:
        if self.doc.path is not None:
            return {"document_path": str(self.doc.path)}
        return {"untitled_id": self.untitled_id}

    # -- autosave ------------------------------------------------------------------
    def tick(self, wait: bool = False) -> None:
        """Autosave if the plan changed since the last one and the interval passed."""
        if not self.doc.modified:
            return
        saver = self.saver  # None when autosave is off (enabled False)
        if saver is None:
            return
        gen = self.generation()
        if not saver.due(gen):
            return
        snap = self.snapshot()
        kw = dict(self._slot_kw(), title=self.doc.display_name)
        def work(_progress=None, _cancelled=None):
            entry = saver.maybe_save(snap, gen, **kw)
            if entry is None and saver.last_error is not None:
                raise saver.last_error  # reported on the GUI thread: an autosave never fails silently
            return entry

        if wait:
            try:
                work()
            except Exception as e:  # noqa: BLE001 - disk full, a figure SQL cannot hold, ...
                self._write_failed(e)
            else:
                self._write_ok()
        else:
            self.writer.start(work, on_done=lambda _entry: self._write_ok(), on_failed=self._write_failed)

    def _write_ok(self) -> None:
        if self.failing is not None:
            self.failing = None
            self.autosaveFailed.emit("")  # working again: the status line clears

    def _write_failed(self, error: BaseException) -> None:
        # the next tick tries again; the user's file is untouched either way. Said once per
        # kind of failure (issue 29: a plan whose autosave failed forever said nothing)
        log.warning("autosave failed: %s: %s", type(error).__name__, error)
        text = f"{type(error).__name__}: {error}"[:500]
        if text != self.failing:
            self.failing = text
            self.autosaveFailed.emit(text)

    def saved(self, old_path: Path | None, generation: tuple[int, int] | None = None) -> None:
        """After a successful save: drop recovery copies of this document. ``generation``:
        the plan's generation when the saved snapshot was taken (edits made while it was
        written are still autosaved); None: now."""
        saver, store = self._saver, self._store
        if saver is None or store is None:
            return  # nothing autosaved or recovered by this run: no slot of its own to drop
        saver.saved(generation if generation is not None else self.generation())
        try:
            store.discard_for(untitled_id=self.untitled_id)
            if old_path is not None:
                store.discard_for(old_path)
            if self.doc.path is not None:
                store.discard_for(self.doc.path)
        except OSError:
            log.warning("could not remove recovery files", exc_info=True)

    def closed(self, release: bool = True) -> None:
        """Clean close or plan replaced without saving (the user chose to discard)."""
        store = self._store if self.enabled else None  # None: this run wrote no slot
        if store is not None:
            try:
                store.discard_for(untitled_id=self.untitled_id)
                if self.doc.path is not None:
                    store.discard_for(self.doc.path)
            except OSError:
                log.warning("could not remove recovery files", exc_info=True)
        if release:
            self.release_lock()

    # -- locks ------------------------------------------------------------------------
    def try_lock(self, path: str | Path, parent: QWidget | None = None) -> tuple[bool, FileLock | None]:
        """(go ahead?, lock or None) for opening ``path``; asks when another program
        holds it. The current lock is kept until :meth:`adopt`."""
        if not self.enabled:
            return True, None
        from planner.files.filelock import FileLock

        lock = FileLock(path)
        res = lock.acquire()
        if not res.acquired and res.holder is not None and not res.holder.is_this_process():
            if not dialogs.ask_open_locked(parent, Path(path).name, res.reason):
                return False, None
            res = lock.acquire(force=True)
        return True, (lock if res.acquired else None)

    def adopt(self, lock: FileLock | None) -> None:
        """The document now shows the file of ``lock``: release the previous one."""
        if lock is not self.lock:
            self.release_lock()
            self.lock = lock

    def release_lock(self) -> None:
        if self.lock is not None:
            try:
                self.lock.release()
            except OSError:
                log.warning("could not release the lock", exc_info=True)
            self.lock = None

    # -- start-up recovery ---------------------------------------------------------------
    def offer_recovery(self, parent: QWidget | None = None) -> tuple[Plan, Path | None] | None:
        """If crashed sessions left recovery files, ask what to do with each; returns the
        plan to show (marked unsaved) or None. Only the copy the user names is recovered
        or discarded; "Later" keeps them all; a copy that cannot be read is reported once
        and set aside (recovery/damaged/), not offered again."""
        if not self.enabled:
            return None
        if self._given_store is None and self._store is None and not has_recovery_slots():
            return None  # nothing left by any run: the project-file code is not needed yet
        store = self.store
        if store is None:
            return None
        while True:
            try:
                entries = store.list()
            except OSError:
                return None
            if not entries:
                return None
            choice = dialogs.ask_recover(parent, [describe_entry(e) for e in entries])
            if choice is None:
                return None
            action, index = choice if isinstance(choice, tuple) else ("recover", choice)
            entry = entries[index]
            if action == "discard":
                store.discard(entry)
                continue
            try:
                opened = store.open(entry)
            except Exception as e:  # a damaged recovery file must not stop the app, nor come back
                folder = store.set_aside(entry)
                dialogs.show_error(parent, self.tr("Cannot recover"),
                                   f"{describe_entry(entry)} could not be read and was moved to {folder}.\n\n{e}")
                continue
            # the crashed run's copy goes only once the recovered plan is safely in this run's
            # own slot: killed right after Recover, the next start still offers it (issue 29)
            try:
                store.write(opened.plan, title=entry.title or "", embedded=getattr(opened, "embedded", None),
                            document_path=entry.original_path or None,
                            untitled_id=None if entry.original_path else self.untitled_id)
            except Exception:  # noqa: BLE001 - disk full, read-only: keep the crash copy for the next start
                log.warning("could not copy the recovered plan into this run's recovery slot", exc_info=True)
            else:
                store.discard(entry)
            if self.saver is not None:
                self.saver.saved(self.generation())  # that copy is current until the next edit
            return opened.plan, (Path(entry.original_path) if entry.original_path else None)


def describe_entry(entry: RecoveryEntry) -> str:
    """A recovery slot as the user reads it: the plan and when it was autosaved, in the
    user's own date and time format (not ISO)."""
    from PySide6.QtCore import QDateTime, QLocale

    what = entry.original_path or f"untitled plan {entry.title or entry.untitled_id or ''}".strip()
    when = entry.saved_datetime
    if when is None:
        return f"{what} (autosaved {entry.saved_at})"
    local = QDateTime.fromSecsSinceEpoch(int(when.timestamp())).toLocalTime()
    return f"{what} (autosaved {QLocale().toString(local, QLocale.FormatType.ShortFormat)})"
