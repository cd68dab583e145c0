"""Autosave to recovery files, and finding them again after a crash.

Recovery files live in ``<user data>/recovery/`` (platformdirs' user data dir for
"Rackwright"; ``$RACKWRIGHT_USER_DATA`` overrides the user data dir, for tests).
Each document of each running program has one slot, keyed by its path (or by an id for
an untitled plan) and the program's session id: ``<key>.rackplan`` (a normal project
file, written atomically) and ``<key>.json`` (original path, untitled id, time, pid,
host, title). The session in the key keeps a crashed run's copy of a plan apart from the
copy the next run writes while the user works on the same plan: a crashed run's copy
stays until the user recovers or discards that copy. A copy that cannot be read is moved
to ``recovery/damaged/`` once reported (:meth:`RecoveryStore.set_aside`), never offered
again and never deleted without the user.

The app takes a snapshot on the GUI thread (``snapshot(plan, catalog)``: about 0.2 s
for a 16k-GPU plan, ~0.9 s at 64k; the app's incremental
:class:`planner.files.storage.rowcache.RowCache` makes again only the rows the edits since
the last autosave touched, ~5-60 ms), then calls
:meth:`Autosaver.maybe_save` (or :func:`autosave`) with it off the GUI thread
(a plain ``Plan`` works too, if nothing edits it meanwhile), discards the slot after
a successful save or a clean close, and at start-up offers
``RecoveryStore().list()``: slots left by programs that no longer run.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import re
import socket
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from planner.catalog import Catalog
from planner.files.filelock import pid_alive
from planner.files.userdata import (  # noqa: F401 - this module's names since issue 29
    AUTOSAVE_ENV,
    DEFAULT_INTERVAL_S,
    USER_DATA_ENV,
    autosave_interval_s,
    recovery_dir,
    user_data_dir,
)
from planner.model.plan import Plan

from .embedded import EmbeddedCatalog
from .sqlite import atomic_write

if TYPE_CHECKING:
    from .project import PlanSnapshot


@dataclass(frozen=True)
class RecoveryEntry:
    key: str
    file: Path  # the recovery .rackplan
    original_path: str | None  # the document's own path; None for an untitled plan
    untitled_id: str | None
    saved_at: str  # ISO 8601, UTC
    pid: int
    host: str
    title: str = ""

    @property
    def saved_datetime(self) -> _dt.datetime | None:
        try:
            return _dt.datetime.fromisoformat(self.saved_at)
        except ValueError:
            return None

    def from_live_program(self) -> bool:
        return self.host == socket.gethostname() and pid_alive(self.pid)

    def describe(self) -> str:
        what = self.original_path or f"untitled plan {self.title or self.untitled_id or ''}".strip()
        return f"{what} (autosaved {self.saved_at})"


def _safe_id(s: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", s)[:64] or "x"


class RecoveryStore:
    def __init__(self, root: str | os.PathLike[str] | None = None, session: str | None = None) -> None:
        self.root = Path(root) if root is not None else recovery_dir()
        self.session = _safe_id(session) if session else None

    def with_session(self, session: str) -> RecoveryStore:
        """The same folder, writing and discarding the slots of one running program."""
        return RecoveryStore(self.root, session)

    def key_for(self, document_path: str | os.PathLike[str] | None = None, untitled_id: str | None = None) -> str:
        suffix = f"-s{self.session}" if self.session else ""
        if document_path is not None:
            norm = os.path.normcase(os.path.abspath(os.fspath(document_path)))
            return "doc-" + hashlib.sha256(norm.encode("utf-8", "surrogatepass")).hexdigest()[:20] + suffix
        if untitled_id:
            return "untitled-" + _safe_id(untitled_id) + suffix
        raise ValueError("a recovery slot needs the document's path or an untitled id")

    def _files(self, key: str) -> tuple[Path, Path]:
        return self.root / f"{key}.rackplan", self.root / f"{key}.json"

    def write(self, plan: Plan | PlanSnapshot, *, document_path: str | os.PathLike[str] | None = None,
              untitled_id: str | None = None, catalog: Catalog | None = None,
              embedded: EmbeddedCatalog | None = None, title: str = "") -> RecoveryEntry:
        """Write (atomically) the recovery copy of a document; replaces its previous one."""
        from .project import save_rackplan

        key = self.key_for(document_path, untitled_id)
        self.root.mkdir(parents=True, exist_ok=True)
        plan_file, meta_file = self._files(key)
        original = os.path.abspath(os.fspath(document_path)) if document_path is not None else None
        # an empty catalog, never load_catalog(): this runs on a timer
        save_rackplan(plan, plan_file, catalog if catalog is not None else Catalog(), embedded=embedded,
                      extra_meta={"recovery_of": original or f"untitled:{untitled_id}"})
        entry = RecoveryEntry(key, plan_file, original, None if original else untitled_id,
                              _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds"), os.getpid(),
                              socket.gethostname(), title)
        info = {"key": key, "original_path": entry.original_path, "untitled_id": entry.untitled_id,
                "saved_at": entry.saved_at, "pid": entry.pid, "host": entry.host, "title": title}
        atomic_write(meta_file, json.dumps(info, ensure_ascii=False).encode("utf-8"))
        return entry

    def _entry(self, meta_file: Path) -> RecoveryEntry | None:
        key = meta_file.stem
        plan_file = self.root / f"{key}.rackplan"
        if not plan_file.is_file():
            return None
        try:
            d = json.loads(meta_file.read_text(encoding="utf-8"))
            return RecoveryEntry(key, plan_file, d.get("original_path"), d.get("untitled_id"),
                                 str(d.get("saved_at", "")), int(d.get("pid", 0)), str(d.get("host", "")),
                                 str(d.get("title", "")))
        except (OSError, ValueError, TypeError, AttributeError):
            mtime = _dt.datetime.fromtimestamp(plan_file.stat().st_mtime, _dt.UTC).isoformat(timespec="seconds")
            return RecoveryEntry(key, plan_file, None, key, mtime, 0, "", "")

    def list(self, include_live: bool = False) -> list[RecoveryEntry]:
        """Recovery slots, newest first; by default only those whose program no longer runs."""
        if not self.root.is_dir():
            return []
        out = []
        for meta_file in self.root.glob("*.json"):
            e = self._entry(meta_file)
            if e is None:
                continue
            if not include_live and e.from_live_program():
                continue
            out.append(e)
        return sorted(out, key=lambda e: e.saved_at, reverse=True)

    def get(self, key: str) -> RecoveryEntry | None:
        return self._entry(self._files(key)[1])

    def open(self, entry: RecoveryEntry):  # -> OpenedPlan
        from .project import open_rackplan

        return open_rackplan(entry.file)

    def discard(self, entry_or_key: RecoveryEntry | str) -> None:
        key = entry_or_key.key if isinstance(entry_or_key, RecoveryEntry) else entry_or_key
        for f in self._files(key):
            try:
                f.unlink()
            except FileNotFoundError:
                pass

    def set_aside(self, entry: RecoveryEntry) -> Path:
        """Move a recovery copy that could not be read to ``damaged/`` (kept, not offered
        again); returns the folder."""
        target = self.root / "damaged"
        target.mkdir(parents=True, exist_ok=True)
        for f in self._files(entry.key):
            try:
                os.replace(f, target / f.name)
            except FileNotFoundError:
                pass
        return target

    def discard_for(self, document_path: str | os.PathLike[str] | None = None,
                    untitled_id: str | None = None) -> None:
        self.discard(self.key_for(document_path, untitled_id))


def autosave(plan: Plan | PlanSnapshot, *, document_path: str | os.PathLike[str] | None = None, untitled_id: str | None = None,
             store: RecoveryStore | None = None, catalog: Catalog | None = None,
             embedded: EmbeddedCatalog | None = None, title: str = "") -> RecoveryEntry:
    """Write the recovery copy of one document now (see :class:`Autosaver` for the timer logic)."""
    return (store or RecoveryStore()).write(plan, document_path=document_path, untitled_id=untitled_id,
                                            catalog=catalog, embedded=embedded, title=title)


class Autosaver:
    """Decides when to autosave one document: every ``interval_s`` seconds, only if changed.

    ``generation`` is anything that changes with every edit (the undo stack index and
    a counter). Thread-safe: overlapping calls skip rather than queue.
    """

    def __init__(self, store: RecoveryStore | None = None, interval_s: float | None = None,
                 clock=time.monotonic) -> None:
        self.store = store or RecoveryStore()
        self.interval_s = autosave_interval_s() if interval_s is None else interval_s
        self._clock = clock
        self._last_time: float | None = None
        self._last_generation: object = None
        self._busy = threading.Lock()
        self.last_error: Exception | None = None

    def due(self, generation: object) -> bool:
        if self.interval_s <= 0 or generation == self._last_generation:
            return False
        return self._last_time is None or self._clock() - self._last_time >= self.interval_s

    def maybe_save(self, plan: Plan | PlanSnapshot, generation: object, **kw) -> RecoveryEntry | None:
        """Autosave if due; errors (disk full, ...) are kept in ``last_error``, never raised."""
        if not self.due(generation) or not self._busy.acquire(blocking=False):
            return None
        try:
            entry = self.store.write(plan, **kw)
            self._last_time = self._clock()
            self._last_generation = generation
            self.last_error = None
            return entry
        except Exception as e:  # noqa: BLE001 - documented as never raising: it runs on a timer
            self.last_error = e  # disk full, a figure SQL cannot hold (OverflowError), ...
            return None
        finally:
            self._busy.release()

    def saved(self, generation: object) -> None:
        """The document was saved by the user: nothing new to autosave until the next edit."""
        self._last_generation = generation
        self._last_time = self._clock()
