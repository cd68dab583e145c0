"""Walk the app as a user would and collect every text it shows: the menus (every action's
text and tips), every dock and its widgets, every dialog an action opens (modal ones are
walked inside their exec(), then rejected), the context menus of the rack view, and
message boxes. Used by tests/test_ui_i18n.py (German: no English left; English: no German).

``python -m tests.i18n_walk`` prints the texts that came through no translation, with a
pseudo-translator that marks every translated text (finds strings missing ``tr()``)."""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QObject, QPoint, QPointF, Qt, QTimer
from PySide6.QtGui import QAction, QContextMenuEvent
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QApplication,
    QComboBox,
    QDialog,
    QDockWidget,
    QFileDialog,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QTabBar,
    QTabWidget,
    QWidget,
)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"

# actions never triggered by the walk: they leave or replace the window
SKIP_ACTIONS = {"act_quit", "act_new", "act_open"}


class Texts:
    def __init__(self) -> None:
        self.items: dict[str, str] = {}  # text -> where it was seen

    def add(self, text: Any, where: str) -> None:
        if not isinstance(text, str):
            return
        t = text.replace("&&", "\0").replace("&", "").replace("\0", "&").strip()
        if t and t not in self.items:
            self.items[t] = where


def _model_headers(model: QAbstractItemModel | None, texts: Texts, where: str) -> None:
    if model is None:
        return
    from PySide6.QtCore import QModelIndex

    try:
        columns = model.columnCount(QModelIndex())
    except TypeError:  # a list model: no header worth reading
        return
    for orient, n in ((Qt.Orientation.Horizontal, columns),):
        for i in range(n):
            texts.add(model.headerData(i, orient, Qt.ItemDataRole.DisplayRole), where + " header")
            texts.add(model.headerData(i, orient, Qt.ItemDataRole.ToolTipRole), where + " header tip")


def _model_cells(model: QAbstractItemModel | None, texts: Texts, where: str, rows: int = 40) -> None:
    """The texts in a table's or tree's cells and their tips (the first ``rows`` rows, and the
    first level of children in a tree): the Findings' Where column, the cable list, the
    workload list's verdicts."""
    if model is None:
        return
    from PySide6.QtCore import QModelIndex

    def cells(parent: QModelIndex, depth: int) -> None:
        try:
            n, cols = model.rowCount(parent), model.columnCount(parent)
        except TypeError:
            return
        for r in range(min(n, rows)):
            for c in range(cols):
                i = model.index(r, c, parent)
                texts.add(model.data(i, Qt.ItemDataRole.DisplayRole), f"{where} cell[{c}]")
                texts.add(model.data(i, Qt.ItemDataRole.ToolTipRole), f"{where} cell[{c}] tip")
            if depth == 0:
                cells(model.index(r, 0, parent), 1)

    cells(QModelIndex(), 0)


def _plot_texts(w: QWidget, texts: Texts, where: str) -> None:
    """A pyqtgraph plot's title, axis labels and the texts drawn in it (bar labels, the
    target and plan lines' labels, the break-even label)."""
    import pyqtgraph as pg

    if not isinstance(w, pg.PlotWidget):
        return
    item = w.getPlotItem()
    texts.add(item.titleLabel.text, where + " plot title")
    for side in ("left", "bottom", "top", "right"):
        ax = item.getAxis(side)
        if ax.isVisible() and ax.labelText:
            texts.add(ax.labelText, f"{where} plot axis {side}")
    for it in w.scene().items():
        if isinstance(it, pg.TextItem):
            texts.add(it.toPlainText(), where + " plot text")
    legend = item.legend
    if legend is not None:
        for _sample, label in legend.items:
            texts.add(label.text, where + " plot legend")


def walk_widget(w: QWidget, texts: Texts, where: str) -> None:
    from ui.panels.plothost import PlotHost

    for host in [w, *w.findChildren(PlotHost)]:  # a chart not yet on screen: its plot's texts too
        if isinstance(host, PlotHost):
            host.build_plot()
    for sub in [w, *w.findChildren(QWidget)]:
        name = f"{where}/{type(sub).__name__}:{sub.objectName()}"
        texts.add(sub.toolTip(), name + " tip")
        if isinstance(sub, QDialog | QDockWidget) or sub.isWindow():
            texts.add(sub.windowTitle(), name + " title")
        if isinstance(sub, QLabel) and sub.textFormat() != Qt.TextFormat.RichText:
            texts.add(sub.text(), name)
        elif isinstance(sub, QLabel):
            from PySide6.QtGui import QTextDocument

            doc = QTextDocument()
            doc.setHtml(sub.text())
            texts.add(doc.toPlainText(), name)
        elif isinstance(sub, QAbstractButton):
            texts.add(sub.text(), name)
        elif isinstance(sub, QGroupBox):
            texts.add(sub.title(), name)
        elif isinstance(sub, QLineEdit):
            texts.add(sub.placeholderText(), name + " placeholder")
        elif isinstance(sub, QComboBox):
            for i in range(sub.count()):
                texts.add(sub.itemText(i), name + " item")
        elif isinstance(sub, QTabBar):
            for i in range(sub.count()):
                texts.add(sub.tabText(i), name + " tab")
                texts.add(sub.tabToolTip(i), name + " tab tip")
        elif isinstance(sub, QTabWidget):
            for i in range(sub.count()):
                texts.add(sub.tabText(i), name + " tab")
        if isinstance(sub, QAbstractItemView):
            _model_headers(sub.model(), texts, name)
            _model_cells(sub.model(), texts, name)
        _plot_texts(sub, texts, name)
        for act in sub.actions():
            walk_action(act, texts, name)


def walk_action(act: QAction, texts: Texts, where: str) -> None:
    if act.isSeparator():
        return
    texts.add(act.text(), where + " action")
    if act.toolTip() != act.text().replace("&", ""):
        texts.add(act.toolTip(), where + " action tip")
    texts.add(act.statusTip(), where + " action status")
    menu = act.menu()
    if isinstance(menu, QMenu):
        texts.add(menu.title(), where + " menu")
        for a in menu.actions():
            walk_action(a, texts, where + "/" + menu.title())


def menu_actions(win: QWidget) -> Iterator[tuple[str, QAction]]:
    def rec(menu: QMenu, path: str) -> Iterator[tuple[str, QAction]]:
        for a in menu.actions():
            if a.isSeparator():
                continue
            if isinstance(a.menu(), QMenu):
                yield from rec(a.menu(), path + "/" + a.text())
            else:
                yield path + "/" + a.text(), a

    for a in win.menuBar().actions():
        if isinstance(a.menu(), QMenu):
            yield from rec(a.menu(), a.text())


class Patches:
    """Modal dialogs, message boxes, file dialogs and context menus are walked instead of
    shown: they return 'cancelled'."""

    def __init__(self, monkeypatch: Any, texts: Texts) -> None:
        self.texts = texts
        self.where = "?"
        mp = monkeypatch
        walker = self

        def dialog_exec(dlg: QDialog) -> int:
            dlg.show()
            QApplication.processEvents()
            walk_widget(dlg, walker.texts, walker.where + " dialog")
            dlg.reject()
            return 0

        def box(*a: Any, **k: Any) -> Any:
            for x in a:
                if isinstance(x, str):
                    walker.texts.add(x, walker.where + " message box")
            return QMessageBox.StandardButton.Cancel

        mp.setattr(QDialog, "exec", dialog_exec)
        mp.setattr(QMessageBox, "exec", dialog_exec)
        for name in ("question", "warning", "critical", "information"):
            mp.setattr(QMessageBox, name, staticmethod(box))
        from PySide6.QtWidgets import QInputDialog

        for name in ("getInt", "getText", "getItem", "getDouble"):
            def ask(*a: Any, **k: Any) -> tuple[Any, bool]:
                for x in a[1:3]:
                    walker.texts.add(x, walker.where + " input dialog")
                return None, False
            mp.setattr(QInputDialog, name, staticmethod(ask))
        for name in ("getSaveFileName", "getOpenFileName", "getOpenFileNames", "getExistingDirectory"):
            def fd(*a: Any, _n: str = name, **k: Any) -> tuple[str, str]:
                for x in a[1:2]:
                    walker.texts.add(x, walker.where + " file dialog")
                return ([], "") if _n == "getOpenFileNames" else ("" if _n == "getExistingDirectory" else ("", ""))
            mp.setattr(QFileDialog, name, staticmethod(fd))


def open_main(tmp_path: Path, lang: str, monkeypatch: Any) -> Any:
    """The example plan (a copy) in the main window, in ``lang``."""
    from PySide6.QtCore import QSettings

    from ui.settings import AppSettings
    from ui.shell.app import open_window

    monkeypatch.setenv("RACKWRIGHT_LANG", lang)
    plan = tmp_path / "pod.json"
    shutil.copy(EXAMPLE, plan)
    settings = AppSettings(QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat))
    win = open_window(str(plan), None, settings, background=False)
    win.resize(1366, 768)
    QApplication.processEvents()
    return win


def close_popup(texts: Texts, where: str) -> None:
    """The context menu that is open (QMenu.exec cannot be replaced): walk it, close it."""
    menu = QApplication.activePopupWidget()
    if isinstance(menu, QMenu):
        for act in menu.actions():
            walk_action(act, texts, where)
        menu.close()


def walk_app(win: Any, monkeypatch: Any) -> Texts:
    texts = Texts()
    patches = Patches(monkeypatch, texts)
    walk_widget(win, texts, "main")
    for a in win.menuBar().actions():
        walk_action(a, texts, "menubar")
    before = set(QApplication.topLevelWidgets())
    for path, act in list(menu_actions(win)):
        if any(getattr(win, n, None) is act for n in SKIP_ACTIONS) or not act.isEnabled():
            continue
        patches.where = path
        if os.environ.get("RACKWRIGHT_WALK_VERBOSE"):
            print("trigger", path, file=sys.stderr, flush=True)
        win.statusBar().clearMessage()
        act.trigger()
        QApplication.processEvents()
        texts.add(win.statusBar().currentMessage(), path + " status message")
        for w in QApplication.topLevelWidgets():
            if w not in before and w.isVisible():
                walk_widget(w, texts, path + " window")
                w.close()
        QApplication.processEvents()
        win.doc.undo_stack.setClean()
    walk_widget(win, texts, "main after")
    # context menus of the rack elevation: on a device and on an empty spot
    from ui.scenes.rack import RackGraphicsView

    for view in win.findChildren(RackGraphicsView):
        patches.where = "rack view"
        items = [it for it in view.scene().items() if getattr(it, "placement_id", None)]
        for pos in ([view.mapFromScene(items[0].sceneBoundingRect().center())] if items else []) + [QPoint(5, 5)]:
            ev = QContextMenuEvent(QContextMenuEvent.Reason.Mouse, pos, view.viewport().mapToGlobal(pos))
            QTimer.singleShot(0, lambda: close_popup(texts, "rack view context menu"))
            view.contextMenuEvent(ev)
    walk_selections(win, texts)
    walk_undo_texts(win, texts)
    walk_scaling_chart(win, texts)
    _ = (QObject, QPointF)
    return texts


def walk_selections(win: Any, texts: Texts) -> None:
    """The Inspector (and what follows the selection) for one thing of every kind the plan
    has: a rack, a server, a PDU, a switch, a row, a room, a feed, a power source, a fabric,
    a link, a server group, a workload."""
    plan = win.doc.plan
    cat = win.doc.catalog
    picks: list[tuple[str, str]] = []
    racks = [r for room in plan.site.rooms for row in room.rows for r in row.racks]
    if racks:
        picks.append(("rack", racks[0].id))
    kinds_seen: set[str] = set()
    for rack in racks:
        for p in rack.placements:
            dev = cat.get("device-types", p.device) if cat is not None else None
            kind = getattr(dev, "kind", "?")
            if kind not in kinds_seen:
                kinds_seen.add(kind)
                picks.append(("placement", p.id))
    rows = [row for room in plan.site.rooms for row in room.rows]
    picks += [("row", rows[0].id)] if rows else []
    picks += [("room", plan.site.rooms[0].id)] if plan.site.rooms else []
    for kind, coll in (("feed", plan.feeds), ("source", plan.power_sources), ("fabric", plan.fabrics),
                       ("link", plan.links), ("group", plan.groups), ("loop", plan.cooling_loops),
                       ("workload", plan.workloads)):
        picks += [(kind, coll[0].id)] if coll else []
    dock = win.findChild(QDockWidget, "inspectorDock")
    for kind, eid in picks:
        win.doc.select([(kind, eid)])
        QApplication.processEvents()
        if dock is not None:
            walk_widget(dock, texts, f"inspector ({kind})")
    win.doc.select([])
    QApplication.processEvents()


def walk_undo_texts(win: Any, texts: Texts) -> None:
    """Edit > Undo/Redo name the last edit ("Undo Add 2 racks to Row A"): edits the planner
    makes (builders) and ones the app makes, then undone so the plan is as it was."""
    from planner.gestures.builders import add_racks_edit
    from planner.model.edits import SetProperty

    plan = win.doc.plan
    rows = [row for room in plan.site.rooms for row in room.rows]
    racks = [r for row in rows for r in row.racks]
    edits = []
    if rows:
        edits.append(add_racks_edit(plan, win.doc.catalog, rows[0].id, 2))
    if racks:
        edits.append(SetProperty("rack", racks[0].id, "name", racks[0].name + "x"))
        edits.append(SetProperty("rack", racks[0].id, "rack_type", racks[0].rack_type))
    for edit in edits:
        if win.doc.push(edit):
            QApplication.processEvents()
            walk_action(win.act_undo, texts, "undo")
            win.doc.undo_stack.undo()
            QApplication.processEvents()
            walk_action(win.act_redo, texts, "redo")
    win.doc.undo_stack.setClean()


def walk_scaling_chart(win: Any, texts: Texts, timeout_s: float = 60.0) -> None:
    """The workload's scaling chart once its sweep (a background task) has drawn it."""
    import time

    panel = win.panels.get("workloadsDock")
    if panel is None or not win.doc.plan.workloads:
        return
    for w in win.doc.plan.workloads:
        panel.select_workload(w.id)
        end = time.monotonic() + timeout_s
        while time.monotonic() < end and getattr(panel.scaling.chart, "result", None) is None:
            QApplication.processEvents()
            time.sleep(0.02)
        QApplication.processEvents()
        walk_widget(panel, texts, f"workload {w.id}")


def planner_texts() -> set[str]:
    """Texts the app shows that the Qt-free planner writes (engine settings' and workload
    fields' descriptions): translated by the planner's catalog, not the app's."""
    out: set[str] = set()
    from planner.engine.settings import EngineSettings

    out |= {f.description for f in EngineSettings.model_fields.values() if f.description}
    try:
        from planner.workloads import specs
    except ImportError:
        specs = None
    for mod in [specs] if specs is not None else []:
        for obj in vars(mod).values():
            fields = getattr(obj, "model_fields", None)
            if isinstance(fields, dict):
                out |= {f.description for f in fields.values() if getattr(f, "description", None)}
    return out


if __name__ == "__main__":  # pragma: no cover - a developer's discovery tool
    import tempfile

    import pytest
    from PySide6.QtCore import QTranslator

    class Pseudo(QTranslator):
        def translate(self, context: str, source: str, disambiguation: str | None = None, n: int = -1) -> str:
            return "\u27e6" + source + "\u27e7" if source else source

    class MP:
        def __init__(self) -> None:
            self.undo: list[tuple[Any, str, Any]] = []

        def setattr(self, obj: Any, name: str, value: Any) -> None:
            self.undo.append((obj, name, obj.__dict__.get(name) if hasattr(obj, "__dict__") else None))
            setattr(obj, name, value)

        def setenv(self, k: str, v: str) -> None:
            os.environ[k] = v

    app = QApplication.instance() or QApplication(sys.argv[:1])
    pseudo = Pseudo()
    mp = MP()
    lang = sys.argv[1] if len(sys.argv) > 1 else "pseudo"
    win = open_main(Path(tempfile.mkdtemp()), "en" if lang == "pseudo" else lang, mp)
    if lang == "pseudo":
        app.installTranslator(pseudo)
    texts = walk_app(win, mp)
    for t, where in sorted(texts.items.items(), key=lambda kv: kv[1]):
        if "\u27e6" not in t:
            print(f"{where}: {t!r}")
    app.removeTranslator(pseudo)
    _ = pytest
