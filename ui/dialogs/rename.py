"""Edit > Rename Selection...: a naming pattern applied to the selected racks and devices
in selection order, with a preview of every new name; one undo step.

The names come from planner.gestures.builders.rename_preview/rename_edit (Qt-free); this dialog
shows them and the reason when the pattern cannot be used.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from planner.gestures.builders import rename_edit, rename_preview, rename_targets
from planner.model.naming import PatternError

if TYPE_CHECKING:
    from ui.document import Document


class RenameDialog(QDialog):
    def __init__(self, doc: Document, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.setObjectName("renameDialog")
        self.setWindowTitle(self.tr("Rename Selection"))
        self.targets = rename_targets(doc.plan, doc.selection)
        kinds = {k for k, _ in self.targets}
        self.pattern = QLineEdit()
        self.pattern.setObjectName("renamePattern")
        kind = "rack" if kinds == {"rack"} else None
        self.pattern.setText(doc.plan.metadata.naming.get(kind, "") if kind else "")
        if not self.pattern.text():
            self.pattern.setText("R{n:02}" if kinds == {"rack"} else "{rack}-{n:02}")
        self.start = QSpinBox()
        self.start.setObjectName("renameStart")
        self.start.setRange(0, 999999)
        self.start.setValue(1)
        form = QFormLayout()
        form.addRow(self.tr("Pattern"), self.pattern)
        form.addRow(self.tr("First number"), self.start)
        hint = QLabel(self.tr("{n} counts in the order you selected the items ({n:02} gives 01, 02, ...); "
                              "{rack}, {row} and {room} are each item's own rack, row and room."))
        hint.setWordWrap(True)
        hint.setEnabled(False)
        self.preview = QTableWidget(0, 2)
        self.preview.setObjectName("renamePreview")
        self.preview.setHorizontalHeaderLabels([self.tr("Now"), self.tr("New name")])
        self.preview.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.preview.verticalHeader().setVisible(False)
        self.preview.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.error = QLabel()
        self.error.setObjectName("renameError")
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #d64541; font-weight: 600;")
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.apply)
        self.buttons.rejected.connect(self.reject)
        lay = QVBoxLayout(self)
        lay.addLayout(form)
        lay.addWidget(hint)
        lay.addWidget(self.preview, 1)
        lay.addWidget(self.error)
        lay.addWidget(self.buttons)
        self.pattern.textChanged.connect(lambda _t: self.update_preview())
        self.start.valueChanged.connect(lambda _v: self.update_preview())
        self.update_preview()
        self.resize(460, 420)

    def update_preview(self) -> bool:
        """Fill the preview; False (and the reason shown, OK disabled) when the pattern
        cannot be used."""
        ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        if not self.targets:
            self.error.setText(self.tr("Select racks or devices to rename."))
            ok_button.setEnabled(False)
            return False
        try:
            rows = rename_preview(self.doc.plan, self.targets, self.pattern.text(), self.start.value())
        except PatternError as e:
            self.error.setText(self.tr("Pattern: {reason}").replace("{reason}", str(e)))
            self.error.show()
            ok_button.setEnabled(False)
            return False
        self.error.setText("")
        self.error.hide()
        ok_button.setEnabled(True)
        self.preview.setRowCount(len(rows))
        for r, (_kind, _id, old, new) in enumerate(rows):
            self.preview.setItem(r, 0, QTableWidgetItem(old))
            self.preview.setItem(r, 1, QTableWidgetItem(new))
        return True

    def apply(self) -> bool:
        if not self.update_preview():
            return False
        edit = rename_edit(self.doc.plan, self.targets, self.pattern.text(), self.start.value())
        if edit is not None and not self.doc.push(edit):
            self.error.setText(self.doc.last_refusal)
            self.error.show()
            return False
        self.accept()
        return True
