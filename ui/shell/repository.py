"""File > Open from Repository and Save to Repository (planner.files.repository does the work).

A plan opened from a repository is pulled into a local ``.rackplan`` file the user picks;
the file remembers the repository, the plan's name and the revision (``rackwright_meta``),
so the architect works offline and saves to the repository afterwards. Saving pushes the
plan as the next revision: when someone else saved meanwhile, non-colliding changes are
merged (the window then shows the merged plan), colliding ones open the conflict dialog
(merge keeping mine, save as a new plan, cancel). All database work runs in a
``BackgroundTask``.

Passwords: libpq's own (``~/.pgpass``, ``PGPASSWORD``, service files) first; when the server
still asks, the app asks once per session and keeps the answer in memory only (never in
settings, plans or logs). The last URL is remembered without its password.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMainWindow, QWidget

from planner.base.progress import CancelFn, ProgressFn
from ui import dialogs
from ui.tasks import BackgroundTask

if TYPE_CHECKING:
    from planner.files.repository import PushResult, Repository
    from ui.dialogs.repository import OpenFromRepositoryDialog
    from ui.shell.controllers import FileController

T = TypeVar("T")

log = logging.getLogger(__name__)
URL_KEY = "repository/last_url"


class RepositoryController(QObject):
    def __init__(self, files: FileController, parent_widget: QWidget) -> None:
        super().__init__(parent_widget)
        self.files = files
        self.doc = files.doc
        self.window = parent_widget
        self._passwords: dict[str, str] = {}  # this session only
        self.task = BackgroundTask(self, "team repository")
        self._list_task: BackgroundTask | None = None  # the Open dialog's, made when it first opens
        self.open_dialog: OpenFromRepositoryDialog | None = None
        self.last_message = ""  # what the status bar was told last (tests read it)

    # ------------------------------------------------------------------ settings, passwords

    @property
    def last_url(self) -> str:
        return str(self.files.settings.store.value(URL_KEY, "") or "")

    def _remember(self, url: str) -> None:
        from planner.files.repository import safe_url

        self.files.settings.store.setValue(URL_KEY, safe_url(url))

    def run(self, url: str, fn: Callable[[Repository], T], on_done: Callable[[T], object],
            on_failed: Callable[[BaseException], object], task: BackgroundTask | None = None) -> None:
        """``fn(repository)`` off the GUI thread; a password is asked for when the server wants one."""
        from planner.files.repository import NeedPassword, RepoError, Repository, safe_url

        key = safe_url(url)

        def work(_progress: ProgressFn, _cancelled: CancelFn) -> T:
            with Repository(url, password=self._passwords.get(key)) as repo:
                return fn(repo)

        def failed(exc: BaseException) -> None:
            if isinstance(exc, NeedPassword):
                pw = dialogs.ask_password(self.window, key)
                if pw is not None:
                    self._passwords[key] = pw
                    self.run(url, fn, on_done, on_failed, task)
                    return
            if not isinstance(exc, RepoError):
                log.error("repository: %s: %s", type(exc).__name__, exc)
            on_failed(exc)

        (task or self.task).start(work, on_done=on_done, on_failed=failed)

    def _status(self, text: str) -> None:
        self.last_message = text
        if isinstance(self.window, QMainWindow):
            self.window.statusBar().showMessage(text, 10_000)

    def _error(self, title: str, exc: BaseException) -> None:
        from planner.files.repository import RepoError

        text = str(exc) if isinstance(exc, RepoError) else f"{type(exc).__name__}: {exc}"
        dialogs.show_error(self.window, title, text[:2000])

    # ------------------------------------------------------------------ open

    def open_from_repository(self) -> None:
        if not self.files.maybe_save():
            return
        task = self._dialog_task()

        def run(url: str, fn: Callable[[Repository], T], on_done: Callable[[T], object],
                on_failed: Callable[[BaseException], object]) -> None:
            self.run(url, fn, on_done, on_failed, task=task)

        self.open_dialog = dialogs.open_repository_dialog(self.window, self.last_url, run)
        self.open_dialog.accepted.connect(self._chosen)

    def _dialog_task(self) -> BackgroundTask:
        if self._list_task is None:
            self._list_task = BackgroundTask(self, "team repository list")
        return self._list_task

    def _chosen(self) -> None:
        choice = self.open_dialog.choice() if self.open_dialog is not None else None
        if choice is None:
            return
        url, name, revision = choice
        self._remember(url)
        safe = "".join(c if c.isalnum() or c in "-_. " else "_" for c in name).strip() or "plan"
        start = str(self.doc.path.parent / f"{safe}.rackplan") if self.doc.path else f"{safe}.rackplan"
        path = dialogs.ask_save_path(self.window, start)
        if not path:
            return
        target = Path(path)
        if target.suffix.lower() != ".rackplan":
            target = target.with_suffix(".rackplan")

        def pull(repo: Repository) -> int:
            from planner.files.repository import origin_meta
            from planner.files.storage.project import write_rackplan_bytes

            info, content = repo.fetch(name, revision)  # the stored file; opening it below reads it once
            write_rackplan_bytes(content, target, origin_meta(url, name, info.number))
            return info.number

        def done(number: int) -> None:
            if self.files.open(str(target)):
                self._status(self.tr("Opened \u201c{name}\u201d revision {rev} from the repository as {file}.")
                             .format(name=name, rev=number, file=target.name))

        self.run(url, pull, done, lambda e: self._error(self.tr("Open from Repository"), e))

    # ------------------------------------------------------------------ save

    def save_to_repository(self) -> None:
        from planner.files.repository import origin_of
        from planner.files.storage.project import read_file_meta

        path = self.doc.path
        if path is None or path.suffix.lower() != ".rackplan":
            # the local copy is a project file: it remembers the revision it stands for
            start = str(path.with_suffix(".rackplan")) if path else "plan.rackplan"
            chosen = dialogs.ask_save_path(self.window, start)
            if not chosen:
                return
            path = Path(chosen)
            if path.suffix.lower() != ".rackplan":
                path = path.with_suffix(".rackplan")
            if not self.files._write(path):
                return
        elif self.doc.modified and not self.files.save():
            return
        try:
            origin = origin_of(read_file_meta(path))
        except Exception as e:  # a file that cannot be read back: say so, push nothing
            self._error(self.tr("Save to Repository"), e)
            return
        url, name, base = origin if origin else (self.last_url, path.stem, None)
        answer = dialogs.ask_save_to_repository(self.window, url, name, base)
        if answer is None:
            return
        url, name, message = answer
        from planner.files.repository import same_database

        if origin is None or name != origin[1] or not same_database(url, origin[0]):
            base = None  # another repository or name: a new plan there
        self._remember(url)
        self._push(url, name, message, base, path, prefer=None)

    def _push(self, url: str, name: str, message: str, base: int | None, path: Path, prefer: str | None) -> None:
        plan = self.doc.plan.model_copy(deep=True)
        catalog = self.doc.catalog

        def push(repo: Repository) -> PushResult:
            from planner.files.repository import origin_meta
            from planner.files.storage.project import write_rackplan_bytes

            res = repo.push(name, plan, base=base, message=message, catalog=catalog, prefer=prefer)
            if not res.unchanged:  # the local file now stands for the pushed revision
                write_rackplan_bytes(res.content, path, origin_meta(url, name, res.revision))
            return res

        def done(res: PushResult) -> None:
            if res.unchanged:
                self._status(self.tr("No changes since revision {rev}; nothing saved to the repository.")
                             .format(rev=res.revision))
                return
            if res.merged_with:
                self.doc.replace_plan(res.plan, path)
                self._status(self.tr("Merged with revision {head} and saved as revision {rev} of \u201c{name}\u201d.")
                             .format(head=res.merged_with, rev=res.revision, name=name))
            else:
                self._status(self.tr("Saved as revision {rev} of \u201c{name}\u201d.").format(rev=res.revision,
                                                                                            name=name))

        def failed(exc: BaseException) -> None:
            from planner.files.repository import RepoConflict

            if isinstance(exc, RepoConflict) and exc.base is not None:
                choice = dialogs.ask_repository_conflict(self.window, exc)
                if choice == "merge":
                    self._push(url, name, message, base, path, prefer="ours")
                elif choice == "new":
                    new = dialogs.ask_text(self.window, self.tr("Save as New Plan"),
                                           self.tr("Name of the new plan in the repository:"), f"{name} (copy)")
                    if new:
                        self._push(url, new, message, None, path, prefer=None)
                return
            self._error(self.tr("Save to Repository"), exc)

        self.run(url, push, done, failed)
