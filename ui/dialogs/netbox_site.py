"""File > New from NetBox Site...: which NetBox CSV exports to read (racks, devices,
device types). Only the racks export is required."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui.i18n import QT_TRANSLATE_NOOP

CSV_FILTER = QT_TRANSLATE_NOOP("NetboxSiteDialog", "CSV export (*.csv);;All files (*)")


class NetboxSiteDialog(QDialog):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("netboxSiteDialog")
        self.setWindowTitle(self.tr("New from NetBox Site"))
        intro = QLabel(self.tr("Start a plan from the hall as it stands: choose NetBox's CSV exports of the site's "
                               "racks and devices (Export > CSV on each list). Devices whose type is not in the "
                               "catalog are listed, not placed; the device-types export helps match types."), self)
        intro.setWordWrap(True)
        form = QFormLayout()
        self.fields: dict[str, QLineEdit] = {}
        for key, label in (("racks", self.tr("Racks export (required)")), ("devices", self.tr("Devices export")),
                           ("device_types", self.tr("Device types export"))):
            edit = QLineEdit(self)
            edit.setObjectName(f"netbox_{key}")
            browse = QPushButton(self.tr("Browse\u2026"), self)
            browse.clicked.connect(lambda _c=False, e=edit: self._browse(e))
            row = QHBoxLayout()
            row.addWidget(edit, 1)
            row.addWidget(browse)
            form.addRow(label, row)
            self.fields[key] = edit
            edit.textChanged.connect(self._update)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel,
                                        self)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addWidget(intro)
        lay.addLayout(form)
        lay.addWidget(self.buttons)
        self.resize(640, 220)
        self._update()

    def _browse(self, edit: QLineEdit) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("NetBox CSV export"), edit.text(),
                                              QCoreApplication.translate("NetboxSiteDialog", CSV_FILTER))
        if path:
            edit.setText(path)

    def _update(self) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(bool(self.fields["racks"].text().strip()))

    def paths(self) -> tuple[str, str | None, str | None]:
        racks, devices, types = (self.fields[k].text().strip() for k in ("racks", "devices", "device_types"))
        return racks, devices or None, types or None
