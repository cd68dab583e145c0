"""Every modal question or message the app shows goes through these functions.

Tests replace them (monkeypatch ``ui.dialogs.show_error`` etc.) to see what the user
would have been told without a blocking modal loop; the app code always calls them
through the module (``dialogs.show_error(...)``), never through an imported name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFont, QFontMetrics, QShowEvent
from PySide6.QtWidgets import QFileDialog, QInputDialog, QMessageBox, QWidget

from ui.i18n import QT_TRANSLATE_NOOP

if TYPE_CHECKING:
    from planner.files.repository import RepoConflict
    from planner.netbox.importer import ImportReport
    from ui.dialogs.netbox_import import NetboxImportResult
    from ui.dialogs.repository import OpenFromRepositoryDialog, RunOnRepository
    from ui.document import Document

PLAN_FILTER = QT_TRANSLATE_NOOP(
    "Dialogs", "Rackwright plans (*.json *.rackplan);;JSON plan (*.json);;Project file (*.rackplan);;All files (*)")


def show_error(parent: QWidget | None, title: str, text: str, details: str = "") -> None:
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok, parent)
    if details:
        box.setDetailedText(details)
    box.exec()


def show_info(parent: QWidget | None, title: str, text: str) -> None:
    QMessageBox.information(parent, title, text)


def ask_save_changes(parent: QWidget | None, name: str) -> str:
    """'save', 'discard' or 'cancel'."""
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(QCoreApplication.translate("Dialogs", "Unsaved changes"))
    box.setText(QCoreApplication.translate("Dialogs", "Save the changes to {name}?").format(name=name))
    box.setInformativeText(QCoreApplication.translate("Dialogs", "Your changes will be lost if you don't save them."))
    box.setStandardButtons(QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                           | QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Save)
    answer = box.exec()
    return {QMessageBox.StandardButton.Save: "save",
            QMessageBox.StandardButton.Discard: "discard"}.get(QMessageBox.StandardButton(answer), "cancel")


def ask_open_path(parent: QWidget | None, directory: str = "") -> str | None:
    path, _ = QFileDialog.getOpenFileName(parent, QCoreApplication.translate("Dialogs", "Open plan"), directory,
                                          QCoreApplication.translate("Dialogs", PLAN_FILTER))
    return path or None


def ask_price_list_path(parent: QWidget | None, directory: str = "") -> str | None:
    from PySide6.QtCore import QCoreApplication

    tr = QCoreApplication.translate
    path, _ = QFileDialog.getOpenFileName(
        parent, tr("Dialogs", "Import price list"), directory,
        tr("Dialogs", "Price lists (*.xlsx *.csv);;Excel workbook (*.xlsx);;CSV, UTF-8 (*.csv);;All files (*)"))
    return path or None


def ask_logo_path(parent: QWidget | None, directory: str = "") -> str | None:
    """Plan Settings > Cover logo > Choose...: a PNG or JPEG file."""
    from PySide6.QtCore import QCoreApplication

    tr = QCoreApplication.translate
    path, _ = QFileDialog.getOpenFileName(parent, tr("Dialogs", "Choose the customer's logo"), directory,
                                          tr("Dialogs", "Images (*.png *.jpg *.jpeg);;All files (*)"))
    return path or None


def ask_save_path(parent: QWidget | None, suggested: str = "") -> str | None:
    path, _ = QFileDialog.getSaveFileName(parent, QCoreApplication.translate("Dialogs", "Save plan as"), suggested,
                                          QCoreApplication.translate("Dialogs", PLAN_FILTER))
    return path or None


# what a title bar takes besides its text: the window icon and the minimise, maximise and
# close buttons (Windows 11: three 46 px buttons; GNOME and KDE take less)
TITLE_BAR_EXTRA_PX = 190


def title_width(dlg: QWidget) -> int:
    """The width a dialog needs for its whole title in the window manager's title bar."""
    f = QFont(dlg.font())
    f.setBold(True)  # title bars are often bold, and a little larger than the dialog's text
    if f.pointSizeF() > 0:
        f.setPointSizeF(f.pointSizeF() * 1.1)
    return QFontMetrics(f).horizontalAdvance(dlg.windowTitle()) + TITLE_BAR_EXTRA_PX


class _Question(QInputDialog):
    """QInputDialog as wide as its title needs (it is 200 px wide: "Rename server group" was
    cut to "Rename se..."); QInputDialog lays itself out as it is shown, so the width is set
    then."""

    def showEvent(self, event: QShowEvent) -> None:
        need = title_width(self)
        if self.minimumWidth() < need:
            self.setMinimumWidth(need)
        if self.width() < need:
            self.resize(need, self.height())
        super().showEvent(event)


def _input_dialog(parent: QWidget | None, title: str, label: str) -> QInputDialog:
    dlg = _Question(parent)
    dlg.setWindowTitle(title)
    dlg.setLabelText(label)
    return dlg


def ask_int(parent: QWidget | None, title: str, label: str, value: int, lo: int, hi: int) -> int | None:

    dlg = _input_dialog(parent, title, label)
    dlg.setInputMode(QInputDialog.InputMode.IntInput)
    dlg.setIntRange(lo, hi)
    dlg.setIntValue(value)
    ok = dlg.exec() == QInputDialog.DialogCode.Accepted
    n = dlg.intValue()
    dlg.deleteLater()
    return n if ok else None


def confirm_delete_room(parent: QWidget | None, name: str, content: dict[str, int]) -> bool:
    """Delete a room that still holds rows? ``content``: counts of rows, racks, devices and
    links that go with it (planner.gestures.builders.room_content)."""
    from PySide6.QtCore import QCoreApplication

    tr = QCoreApplication.translate
    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(tr("Dialogs", "Delete room"))
    box.setText(tr("Dialogs", "Delete {room} with everything in it?").format(room=name))
    box.setInformativeText(tr("Dialogs", "Rows: {rows}, racks: {racks}, devices: {devices}, links: {links}.\n"
                              "Edit > Undo brings them all back.").format(**content))
    delete = box.addButton(tr("Dialogs", "Delete Room"), QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is delete


def ask_text(parent: QWidget | None, title: str, label: str, value: str = "") -> str | None:
    """A line of text (a new name); None when cancelled."""

    dlg = _input_dialog(parent, title, label)
    dlg.setTextValue(value)
    ok = dlg.exec() == QInputDialog.DialogCode.Accepted
    text = dlg.textValue()
    dlg.deleteLater()
    return text if ok else None


def ask_open_locked(parent: QWidget | None, name: str, reason: str) -> bool:
    """The file is open in another program: open it anyway?"""
    answer = QMessageBox.question(
        parent, QCoreApplication.translate("Dialogs", "Plan already open"),
        QCoreApplication.translate("Dialogs", "{reason}.\n\nOpening it here too means two people may save over "
                                   "each other's work. Open {name} anyway?").format(reason=reason, name=name),
        QMessageBox.StandardButton.Open | QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Cancel)
    return answer == QMessageBox.StandardButton.Open


def ask_recover(parent: QWidget | None, descriptions: list[str]) -> tuple[str, int] | None:
    """Rackwright did not close properly: ("recover", i) or ("discard", i) for the autosave
    the user picked, or None (decide later; every copy is kept)."""
    from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QVBoxLayout

    dlg = QDialog(parent)
    dlg.setWindowTitle(QCoreApplication.translate("Dialogs", "Recover unsaved work"))
    lay = QVBoxLayout(dlg)
    lay.addWidget(QLabel(QCoreApplication.translate("Dialogs", "Rackwright did not close properly. These plans were autosaved:")))
    lst = QListWidget(dlg)
    lst.addItems(descriptions)
    lst.setCurrentRow(0)
    lay.addWidget(lst)
    buttons = QDialogButtonBox(dlg)
    recover = buttons.addButton(QCoreApplication.translate("Dialogs", "Recover"), QDialogButtonBox.ButtonRole.AcceptRole)
    discard = buttons.addButton(QCoreApplication.translate("Dialogs", "Discard This Copy"), QDialogButtonBox.ButtonRole.DestructiveRole)
    buttons.addButton(QCoreApplication.translate("Dialogs", "Later"), QDialogButtonBox.ButtonRole.RejectRole)
    picked: dict[str, object] = {}

    def clicked(b: object) -> None:
        picked.setdefault("button", b)
        dlg.done(0)

    buttons.clicked.connect(clicked)
    lay.addWidget(buttons)
    dlg.exec()
    row = lst.currentRow()
    if row < 0 or picked.get("button") not in (recover, discard):
        return None
    return ("recover" if picked["button"] is recover else "discard", row)


def ask_yes_no(parent: QWidget | None, title: str, text: str) -> bool:
    """A yes/no question (default: No)."""
    answer = QMessageBox.question(parent, title, text, QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
                                  QMessageBox.StandardButton.No)
    return answer == QMessageBox.StandardButton.Yes


def confirm_and_delete_rooms(doc: Document, parent: QWidget | None, room_ids: list[str]) -> bool:
    """Delete rooms as one undo step; rooms that hold rows go only when the user confirms
    (``ui.dialogs.confirm_delete_room``), with their content. Used by the floor plan and
    Edit > Delete."""
    from planner.gestures.builders import delete_edit, room_content

    plan = doc.plan
    for rid in room_ids:
        content = room_content(plan, rid)
        if content["rows"] and not confirm_delete_room(parent, plan.index.rooms[rid].name, content):
            return False
    edit = delete_edit(plan, tuple(("room", rid) for rid in room_ids), rooms=True)
    return edit is not None and doc.push(edit)


YAML_FILTER = QT_TRANSLATE_NOOP("Dialogs", "NetBox YAML (*.yaml *.yml);;All files (*)")


def ask_netbox_files(parent: QWidget | None) -> list[str]:
    """NetBox device-, module- or rack-type YAML files to import (empty: cancelled)."""
    from PySide6.QtCore import QCoreApplication

    paths, _ = QFileDialog.getOpenFileNames(
        parent, QCoreApplication.translate("Dialogs", "Import NetBox device types"), "",
        QCoreApplication.translate("Dialogs", YAML_FILTER))
    return list(paths)


def ask_netbox_folder(parent: QWidget | None) -> str | None:
    """A folder of NetBox YAML files (searched recursively), or None."""
    from PySide6.QtCore import QCoreApplication

    path = QFileDialog.getExistingDirectory(
        parent, QCoreApplication.translate("Dialogs", "Import a folder of NetBox device types"))
    return path or None


def show_netbox_import_result(parent: QWidget | None, report: ImportReport, added: int) -> NetboxImportResult:
    """The per-file result of a NetBox import, shown without blocking (``open()``);
    returns the dialog."""
    from ui.dialogs.netbox_import import NetboxImportResult

    dlg = NetboxImportResult(report, added, parent)
    dlg.open()
    return dlg


def ask_netbox_site(parent: QWidget | None) -> tuple[str, str | None, str | None] | None:
    """(racks, devices, device types) CSV exports of a NetBox site, or None."""
    from ui.dialogs.netbox_site import NetboxSiteDialog

    dlg = NetboxSiteDialog(parent)
    return dlg.paths() if dlg.exec() == NetboxSiteDialog.DialogCode.Accepted else None


def show_netbox_site_result(parent: QWidget | None, summary: str, lines: list[str]) -> QMessageBox:
    """What a NetBox site import left out, shown without blocking; returns the box."""
    from PySide6.QtCore import QCoreApplication

    box = QMessageBox(QMessageBox.Icon.Information if not lines else QMessageBox.Icon.Warning,
                      QCoreApplication.translate("Dialogs", "New from NetBox Site"), summary,
                      QMessageBox.StandardButton.Ok, parent)
    box.setObjectName("netboxSiteResult")
    if lines:
        box.setInformativeText(QCoreApplication.translate(
            "Dialogs", "{n} line(s) were left out; Show Details lists them by file and line.").format(n=len(lines)))
        box.setDetailedText("\n".join(lines))
    box.open()
    return box


# --------------------------------------------------------------------------- team repository


def open_repository_dialog(parent: QWidget | None, url: str, run: RunOnRepository) -> OpenFromRepositoryDialog:
    """File > Open from Repository: shown without blocking; returns the dialog (its
    ``accepted`` signal and ``choice()`` tell what to pull)."""
    from ui.dialogs.repository import OpenFromRepositoryDialog

    dlg = OpenFromRepositoryDialog(parent, url, run)
    dlg.open()
    if url:
        dlg.refresh()
    return dlg


def ask_save_to_repository(parent: QWidget | None, url: str, name: str, base: int | None
                           ) -> tuple[str, str, str] | None:
    """(URL, plan name, message) for File > Save to Repository, or None."""
    from ui.dialogs.repository import SaveToRepositoryDialog

    dlg = SaveToRepositoryDialog(parent, url, name, base)
    return dlg.values() if dlg.exec() == SaveToRepositoryDialog.DialogCode.Accepted else None


def ask_repository_conflict(parent: QWidget | None, conflict: RepoConflict) -> str:
    """"merge" (keeping mine where both changed), "new" (save as a new plan) or "cancel"."""
    from ui.dialogs.repository import ConflictDialog

    dlg = ConflictDialog(parent, conflict)
    dlg.exec()
    return dlg.choice


def ask_password(parent: QWidget | None, where: str) -> str | None:
    """A password for this session only (never stored)."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtWidgets import QLineEdit

    tr = QCoreApplication.translate
    dlg = _input_dialog(parent, tr("Dialogs", "Password"), tr("Dialogs", "Password for {where}:").format(where=where))
    dlg.setTextEchoMode(QLineEdit.EchoMode.Password)
    ok = dlg.exec() == QInputDialog.DialogCode.Accepted
    text = dlg.textValue()
    dlg.deleteLater()
    return text if ok else None

