"""Dialogs of the team repository (ui/shell/repository.py drives them; planner.files.repository does the work).

- :class:`OpenFromRepositoryDialog`: a URL, Connect, the plans (search by name), the selected
  plan's revisions with what changed; Open pulls the chosen revision. Rename and Remove
  (revisions kept); Show removed plans lists those, with Restore.
- :class:`SaveToRepositoryDialog`: URL, the plan's name and a message for the history.
- :class:`ConflictDialog`: someone else pushed changes that collide with this copy's: what
  collides and what they changed; merge keeping mine where both changed, save as a new plan,
  or cancel.

Database work runs through ``ui.tasks.BackgroundTask`` (``connect`` gives a function that
runs a callable on a repository, supplied by the controller, which asks for passwords).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from planner.i18n import message_text

if TYPE_CHECKING:
    from planner.files.repository import PlanInfo, RepoConflict, Repository, RevisionInfo

T = TypeVar("T")


class RunOnRepository(Protocol):
    """The controller's way to reach the database (``ui.shell.repository.RepositoryController.run``):
    ``fn(repository)`` off the GUI thread, then ``on_done(its result)`` or ``on_failed(exception)``
    on the GUI thread; a password is asked for when the server wants one."""

    def __call__(self, url: str, fn: Callable[[Repository], T], on_done: Callable[[T], object],
                 on_failed: Callable[[BaseException], object]) -> None: ...

# the URL form shown as a hint (translated: the user and database words are the reader's language)


class OpenFromRepositoryDialog(QDialog):
    """``run(url, fn, on_done, on_failed)``: the controller's way to reach the database."""

    def __init__(self, parent: QWidget | None, url: str, run: RunOnRepository) -> None:
        super().__init__(parent)
        self.setObjectName("openFromRepository")
        self.setWindowTitle(self.tr("Open from Repository"))
        self.resize(860, 520)
        self._run = run
        self._note = ""  # what the last rename, removal or restore did
        self.plans: list[PlanInfo] = []
        self.revisions: list[RevisionInfo] = []
        self.url = QLineEdit(url)
        self.url.setObjectName("repoUrl")
        self.url.setPlaceholderText(self.tr("postgresql+psycopg://user@host:5432/database"))
        self.connect_button = QPushButton(self.tr("Connect"))
        self.connect_button.setObjectName("repoConnect")
        self.search = QLineEdit()
        self.search.setObjectName("repoSearch")
        self.search.setPlaceholderText(self.tr("Search plans by name"))
        self.plan_list = QTreeWidget()
        self.plan_list.setObjectName("repoPlans")
        self.plan_list.setHeaderLabels([self.tr("Plan"), self.tr("Revision"), self.tr("Author"), self.tr("Time"),
                                        self.tr("GPUs")])
        self.plan_list.setRootIsDecorated(False)
        self.rev_list = QTreeWidget()
        self.rev_list.setObjectName("repoRevisions")
        self.rev_list.setHeaderLabels([self.tr("Revision"), self.tr("Time"), self.tr("Author"), self.tr("Message"),
                                       self.tr("Changes")])
        self.rev_list.setRootIsDecorated(False)
        self.status = QLabel()
        self.status.setObjectName("repoStatus")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open | QDialogButtonBox.StandardButton.Cancel)
        self.open_button = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        self.open_button.setEnabled(False)
        self.show_removed = QCheckBox(self.tr("Show removed plans"))
        self.show_removed.setObjectName("repoShowRemoved")
        self.rename_button = QPushButton(self.tr("Rename\u2026"))
        self.rename_button.setObjectName("repoRename")
        self.remove_button = QPushButton(self.tr("Remove\u2026"))
        self.remove_button.setObjectName("repoRemove")
        self.remove_button.setToolTip(self.tr("Removes the plan from the list; its revisions are kept and it can "
                                              "be restored"))
        self.restore_button = QPushButton(self.tr("Restore"))
        self.restore_button.setObjectName("repoRestore")
        for b in (self.rename_button, self.remove_button, self.restore_button):
            b.setEnabled(False)
        self.restore_button.setVisible(False)

        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Repository:")))
        top.addWidget(self.url, 1)
        top.addWidget(self.connect_button)
        split = QSplitter(Qt.Orientation.Vertical)
        upper = QWidget()
        ul = QVBoxLayout(upper)
        ul.setContentsMargins(0, 0, 0, 0)
        search_row = QHBoxLayout()
        search_row.addWidget(self.search, 1)
        search_row.addWidget(self.show_removed)
        ul.addLayout(search_row)
        ul.addWidget(self.plan_list)
        actions = QHBoxLayout()
        actions.addWidget(self.rename_button)
        actions.addWidget(self.remove_button)
        actions.addWidget(self.restore_button)
        actions.addStretch(1)
        ul.addLayout(actions)
        split.addWidget(upper)
        split.addWidget(self.rev_list)
        lay = QVBoxLayout(self)
        lay.addLayout(top)
        lay.addWidget(split, 1)
        lay.addWidget(self.status)
        lay.addWidget(self.buttons)

        self.connect_button.clicked.connect(self.refresh)
        self.url.returnPressed.connect(self.refresh)
        self.search.textChanged.connect(self._show_plans)
        self.plan_list.currentItemChanged.connect(lambda *_: self._load_log())
        self.rev_list.currentItemChanged.connect(lambda *_: self._update_buttons())
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.show_removed.toggled.connect(self._removed_toggled)
        self.rename_button.clicked.connect(self._rename)
        self.remove_button.clicked.connect(self._remove)
        self.restore_button.clicked.connect(self._restore)

    # the choice: (url, plan name, revision or None for the newest)
    def choice(self) -> tuple[str, str, int | None] | None:
        item = self.plan_list.currentItem()
        if item is None:
            return None
        rev = self.rev_list.currentItem()
        number = rev.data(0, Qt.ItemDataRole.UserRole) if rev is not None else None
        return self.url.text().strip(), item.data(0, Qt.ItemDataRole.UserRole), number

    def refresh(self) -> None:
        url = self.url.text().strip()
        if not url:
            self.status.setText(self.tr("Enter the repository's URL, e.g. {hint}").format(hint=self.tr("postgresql+psycopg://user@host:5432/database")))
            return
        self.status.setText(self.tr("Connecting\u2026"))
        self.connect_button.setEnabled(False)
        removed = self.show_removed.isChecked()
        self._run(url, lambda repo: repo.list(deleted=removed), self._listed, self._failed)

    def _listed(self, plans: list[PlanInfo]) -> None:
        self.connect_button.setEnabled(True)
        self.plans = plans
        if self._note:
            self.status.setText(self._note)
            self._note = ""
        elif self.show_removed.isChecked():
            self.status.setText(self.tr("{n} removed plan(s) in the repository.").format(n=len(plans)))
        else:
            self.status.setText(self.tr("{n} plan(s) in the repository.").format(n=len(plans)))
        self._show_plans()

    def _removed_toggled(self, on: bool) -> None:
        self.remove_button.setVisible(not on)
        self.rename_button.setVisible(not on)
        self.restore_button.setVisible(on)
        self.plans = []
        self.plan_list.clear()
        self.rev_list.clear()
        if self.url.text().strip():
            self.refresh()

    def _current_name(self) -> str | None:
        item = self.plan_list.currentItem()
        return item.data(0, Qt.ItemDataRole.UserRole) if item is not None else None

    def _then_refresh(self, text: str) -> Callable[[object], None]:
        def done(_result: object) -> None:
            self._note = text  # shown when the list is back
            self.refresh()
        return done

    def _rename(self) -> None:
        from ui import dialogs

        name = self._current_name()
        if name is None:
            return
        new = dialogs.ask_text(self, self.tr("Rename Plan"),
                               self.tr("New name of \u201c{name}\u201d in the repository (its history goes "
                                       "with it):").format(name=name), name)
        if new is None or not new.strip() or new.strip() == name:
            return
        new = new.strip()
        self._run(self.url.text().strip(), lambda repo: repo.rename(name, new),
                  self._then_refresh(self.tr("Renamed \u201c{old}\u201d to \u201c{new}\u201d.")
                                     .format(old=name, new=new)), self._failed)

    def _remove(self) -> None:
        from ui import dialogs

        name = self._current_name()
        if name is None or not dialogs.ask_yes_no(
                self, self.tr("Remove Plan"),
                self.tr("Remove \u201c{name}\u201d from the repository's list?\n\nIts revisions are kept: "
                        "it can be restored under \u201cShow removed plans\u201d.").format(name=name)):
            return
        self._run(self.url.text().strip(), lambda repo: repo.remove(name),
                  self._then_refresh(self.tr("Removed \u201c{name}\u201d; its revisions are kept.")
                                     .format(name=name)), self._failed)

    def _restore(self) -> None:
        name = self._current_name()
        if name is None:
            return
        self._run(self.url.text().strip(), lambda repo: repo.restore(name),
                  self._then_refresh(self.tr("Restored \u201c{name}\u201d.").format(name=name)), self._failed)

    def _failed(self, exc: BaseException) -> None:
        self.connect_button.setEnabled(True)
        self.status.setText(str(exc))

    def _show_plans(self) -> None:
        needle = self.search.text().strip().lower()
        self.plan_list.clear()
        for p in self.plans:
            if needle and needle not in p.name.lower():
                continue
            item = QTreeWidgetItem([p.name, str(p.head), p.author, p.time.strftime("%Y-%m-%d %H:%M"), str(p.gpus)])
            item.setData(0, Qt.ItemDataRole.UserRole, p.name)
            self.plan_list.addTopLevelItem(item)
        for c in range(5):
            self.plan_list.resizeColumnToContents(c)
        self._update_buttons()

    def _load_log(self) -> None:
        self.rev_list.clear()
        item = self.plan_list.currentItem()
        self._update_buttons()
        if item is None:
            return
        name = item.data(0, Qt.ItemDataRole.UserRole)
        self._run(self.url.text().strip(), lambda repo: repo.log(name), self._logged, self._failed)

    def _logged(self, revisions: list[RevisionInfo]) -> None:
        self.revisions = revisions
        self.rev_list.clear()
        for r in revisions:
            text = (self.tr("{message} (merged with {rev})").format(message=r.message, rev=r.merged_with)
                    if r.merged_with else r.message)
            item = QTreeWidgetItem([str(r.number), r.time.strftime("%Y-%m-%d %H:%M"), r.author, text,
                                    message_text(r.changes.summary())])
            item.setData(0, Qt.ItemDataRole.UserRole, r.number)
            item.setToolTip(4, "\n".join(message_text(x) for x in r.changes.lines[:40]))
            self.rev_list.addTopLevelItem(item)
        for c in range(4):
            self.rev_list.resizeColumnToContents(c)
        first = self.rev_list.topLevelItem(0)
        if revisions and first is not None:
            self.rev_list.setCurrentItem(first)
        self._update_buttons()

    def _update_buttons(self) -> None:
        chosen = self.plan_list.currentItem() is not None
        for b in (self.open_button, self.rename_button, self.remove_button, self.restore_button):
            b.setEnabled(chosen)


class SaveToRepositoryDialog(QDialog):
    def __init__(self, parent: QWidget | None, url: str, name: str, base: int | None) -> None:
        super().__init__(parent)
        self.setObjectName("saveToRepository")
        self.setWindowTitle(self.tr("Save to Repository"))
        self.resize(560, 260)
        self.url = QLineEdit(url)
        self.url.setObjectName("repoUrl")
        self.url.setPlaceholderText(self.tr("postgresql+psycopg://user@host:5432/database"))
        self.name = QLineEdit(name)
        self.name.setObjectName("repoName")
        self.message = QPlainTextEdit()
        self.message.setObjectName("repoMessage")
        self.message.setPlaceholderText(self.tr("What changed, for the revision history"))
        self.base = QLabel(self.tr("Based on revision {rev}").format(rev=base) if base else
                           self.tr("A new plan in the repository"))
        self.error = QLabel()
        self.error.setObjectName("repoError")
        self.error.setStyleSheet("color: #c0392b")
        self.error.setWordWrap(True)
        form = QFormLayout()
        form.addRow(self.tr("Repository:"), self.url)
        form.addRow(self.tr("Plan name:"), self.name)
        form.addRow(self.tr("Message:"), self.message)
        form.addRow("", self.base)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._check)
        buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(self.error)
        lay.addWidget(buttons)

    def _check(self) -> None:
        if not self.url.text().strip():
            self.error.setText(self.tr("Repository: enter the URL, e.g. {hint}").format(hint=self.tr("postgresql+psycopg://user@host:5432/database")))
            return
        if not self.name.text().strip():
            self.error.setText(self.tr("Plan name: enter a name for the plan in the repository"))
            return
        self.accept()

    def values(self) -> tuple[str, str, str]:
        return self.url.text().strip(), self.name.text().strip(), self.message.toPlainText().strip()


class ConflictDialog(QDialog):
    """``choice`` after it closes: "merge", "new" or "cancel"."""

    def __init__(self, parent: QWidget | None, conflict: RepoConflict) -> None:
        super().__init__(parent)
        self.setObjectName("repoConflict")
        self.setWindowTitle(self.tr("Plan changed in the repository"))
        self.resize(640, 420)
        self.choice = "cancel"
        merge = conflict.merge
        head = QLabel(self.tr("Someone else saved revision {head} of \u201c{name}\u201d after the revision this "
                              "copy is based on ({base}), and some changes collide. Nothing was saved yet.")
                      .format(head=conflict.head, name=conflict.name, base=conflict.base))
        head.setWordWrap(True)
        details = QPlainTextEdit()
        details.setObjectName("repoConflictDetails")
        details.setReadOnly(True)
        # the planner's lines (Messages) in the app's language
        lines = [self.tr("Both changed:")] + [f"  {message_text(c)}" for c in (merge.conflicts if merge else [])]
        if merge is not None:
            lines += ["", self.tr("Their changes ({summary}):").format(
                summary=message_text(merge.theirs_diff.summary()))]
            lines += [f"  {message_text(x)}" for x in merge.theirs_diff.lines]
            lines += ["", self.tr("Your changes ({summary}):").format(summary=message_text(merge.ours_diff.summary()))]
            lines += [f"  {message_text(x)}" for x in merge.ours_diff.lines]
        details.setPlainText("\n".join(lines))
        buttons = QDialogButtonBox()
        self.merge_button = buttons.addButton(self.tr("Merge, Keeping Mine Where Both Changed"),
                                              QDialogButtonBox.ButtonRole.AcceptRole)
        self.new_button = buttons.addButton(self.tr("Save as New Plan\u2026"), QDialogButtonBox.ButtonRole.ActionRole)
        self.cancel_button = buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.merge_button.setObjectName("repoMerge")
        self.new_button.setObjectName("repoSaveAsNew")
        self.merge_button.clicked.connect(lambda: self._done("merge"))
        self.new_button.clicked.connect(lambda: self._done("new"))
        self.cancel_button.clicked.connect(lambda: self._done("cancel"))
        lay = QVBoxLayout(self)
        lay.addWidget(head)
        lay.addWidget(details, 1)
        lay.addWidget(buttons)

    def _done(self, choice: str) -> None:
        self.choice = choice
        (self.accept if choice != "cancel" else self.reject)()


__all__ = ["ConflictDialog", "OpenFromRepositoryDialog", "SaveToRepositoryDialog"]
