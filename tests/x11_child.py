"""The app under a real X server, for tests/test_ui_x11.py (run as a child process with
QT_QPA_PLATFORM=xcb). Speaks line by line on stdin/stdout:

    -> READY <json: window geometry, device and target points in screen pixels>
    <- SETTLE           processes events for a while, answers SETTLED
    <- REPAINT          invalidates every view and repaints it in full, answers REPAINTED
    <- STATE            answers STATE <json: the moved device's U, frame items per rack>
    <- QUIT

The parent moves the mouse and presses keys with xdotool and takes screenshots of the X
screen (ImageMagick's import): what the X server shows, which offscreen grabs do not.
"""

from __future__ import annotations

import json
import sys
import time

from PySide6.QtCore import QPoint, QPointF, QTimer
from PySide6.QtWidgets import QApplication, QGraphicsView


def _settle(app: QApplication, seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.01)


def main() -> int:
    plan_path, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    from ui.settings import AppSettings
    from ui.shell.app import application, open_window

    app = application()
    win = open_window(plan_path, settings=AppSettings(), background=False)
    win.setGeometry(0, 0, width, height)
    win.show()
    win.raise_()
    win.activateWindow()
    _settle(app, 1.5)
    view = win.rack_view.view
    view.fit()
    _settle(app, 0.8)
    doc = win.doc
    plan = doc.plan
    scene = win.rack_view.scene
    # a server in the first rack with free room above it
    rack = next(r for r in plan.racks() if any(p.u is not None for p in r.placements))
    target = max((p for p in rack.placements if p.u is not None), key=lambda p: p.u)
    item = scene.devices[target.id][0]
    centre = item.sceneBoundingRect().center()
    u_px = item.sceneBoundingRect().height() / max(1, _u_height(doc, target))
    vp = view.viewport()

    def to_screen(pt: QPointF) -> list[int]:
        g = vp.mapToGlobal(view.mapFromScene(pt))
        return [g.x(), g.y()]

    up = QPointF(centre.x(), centre.y() - 2 * u_px)
    frames_before = _frames(scene)
    print("READY " + json.dumps({
        "window": [win.geometry().x(), win.geometry().y(), win.width(), win.height()],
        "device": to_screen(centre), "two_u_up": to_screen(up), "placement": target.id, "u": target.u,
        "rack_view": [*(lambda p: [p.x(), p.y()])(vp.mapToGlobal(QPoint(0, 0))), vp.width(), vp.height()],
        "frames": frames_before}), flush=True)
    for line in sys.stdin:
        cmd = line.strip()
        if cmd == "SETTLE":
            _settle(app, 0.8)
            print("SETTLED", flush=True)
        elif cmd == "REPAINT":
            for v in win.findChildren(QGraphicsView):
                v.scene().update() if v.scene() is not None else None
                v.viewport().update()
            _settle(app, 0.8)
            print("REPAINTED", flush=True)
        elif cmd.startswith("RENDER "):
            # the rack view drawn afresh into an image: what the screen should show
            from PySide6.QtGui import QImage, QPainter

            img = QImage(vp.size(), QImage.Format.Format_RGB32)
            img.fill(vp.palette().base().color())
            painter = QPainter(img)
            view.render(painter, source=vp.rect())
            painter.end()
            img.save(cmd.split(" ", 1)[1])
            print("RENDERED", flush=True)
        elif cmd.startswith("THEME "):  # a live theme switch, as the settings dialog makes it
            win.settings.theme = cmd.split(" ", 1)[1]
            win.apply_settings()
            _settle(app, 1.0)
            floor = win.panels["floorDock"].view.viewport()
            g = floor.mapToGlobal(QPoint(3, floor.height() // 2))
            print("THEMED " + json.dumps({"floor_point": [g.x(), g.y()]}), flush=True)
        elif cmd == "POINTS":
            print("POINTS " + json.dumps(_frame_points(win)), flush=True)
        elif cmd == "STATE":
            p = doc.plan.placement(target.id)
            print("STATE " + json.dumps({"u": p.u, "frames": _frames(scene),
                                         "status": win.statusBar().currentMessage(),
                                         "undo": doc.undo_stack.count(), "redo": doc.undo_stack.canRedo()}),
                  flush=True)
        elif cmd == "QUIT":
            break
    win.doc.undo_stack.setClean()
    QTimer.singleShot(0, win.close)
    _settle(app, 0.3)
    return 0


def _frame_points(win) -> list[list]:
    """Screen points inside each rack face's frame band (between the outer edge and the
    rails, half-way up), where only the frame is drawn: [rack name, face, x, y]."""
    view, scene = win.rack_view.view, win.rack_view.scene
    vp = view.viewport()
    out = []
    for (rack_id, face), rails in scene.frames.items():
        r = rails.sceneBoundingRect()
        left = scene.face_x(rack_id, face)
        pt = QPointF((left + r.left()) / 2, r.center().y())
        vpt = view.mapFromScene(pt)
        if not vp.rect().contains(vpt):
            continue
        g = vp.mapToGlobal(vpt)
        out.append([win.doc.plan.rack(rack_id).name, face, g.x(), g.y()])
    return out


def _u_height(doc, p) -> float:
    dev = doc.catalog.get("device-types", p.device)
    return float(dev.u_height) if dev is not None and dev.u_height else 1.0


def _frames(scene) -> int:
    from ui.scenes.rack import RackFrameItem

    return sum(1 for it in scene.items() if isinstance(it, RackFrameItem) and it.isVisible())


if __name__ == "__main__":
    sys.exit(main())
