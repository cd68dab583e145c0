"""One door for refusals (issue 27): a refusal reaches the user through Document.refuse /
attempt / push_built; no module of ui/ outside ui/document.py catches EditRefused, emits
``refused`` or writes ``last_refusal`` itself (26 places did)."""

from __future__ import annotations

import ast
from pathlib import Path

from planner.i18n import tmsg
from planner.model.edits import AddRack, EditRefused, SetProperty
from planner.model.plan import Rack
from tests.fixtures.ui_app.support import fixture_catalog, two_rack_plan

ROOT = Path(__file__).resolve().parent.parent


def _hand_made_refusals(source: str) -> list[str]:
    """What in ``source`` composes a refusal itself: an ``except`` naming EditRefused, a
    ``.refused.emit(...)``, an assignment to ``.last_refusal``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ExceptHandler) and node.type is not None:
            names = node.type.elts if isinstance(node.type, ast.Tuple) else [node.type]
            if any((isinstance(n, ast.Name) and n.id == "EditRefused")
                   or (isinstance(n, ast.Attribute) and n.attr == "EditRefused") for n in names):
                out.append(f"{node.lineno}: except EditRefused")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit"
              and isinstance(node.func.value, ast.Attribute) and node.func.value.attr == "refused"):
            out.append(f"{node.lineno}: refused.emit")
        elif isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Attribute) and t.attr == "last_refusal" for t in targets):
                out.append(f"{node.lineno}: last_refusal =")
    return out


def test_the_scan_finds_each_hand_made_refusal():
    sample = ("try:\n    x()\nexcept (KeyError, EditRefused) as e:\n    pass\n"
              "self.doc.refused.emit('no')\nself.doc.last_refusal = 'no'\n"
              "try:\n    y()\nexcept edits.EditRefused:\n    pass\n")
    assert sorted(_hand_made_refusals(sample), key=lambda h: int(h.split(":")[0])) == ["3: except EditRefused", "5: refused.emit", "6: last_refusal =",
                                           "9: except EditRefused"]


def test_no_module_outside_the_document_makes_its_own_refusal():
    found = []
    for path in sorted((ROOT / "ui").rglob("*.py")):
        if path == ROOT / "ui" / "document.py":
            continue
        found += [f"{path.relative_to(ROOT)}:{hit}" for hit in _hand_made_refusals(path.read_text(encoding="utf-8"))]
    assert not found, "refusals go through Document.refuse / attempt / push_built: " + ", ".join(found)


def _doc(qtbot):
    from ui.document import Document

    doc = Document(two_rack_plan(), fixture_catalog(), engine=None)
    seen: list[str] = []
    doc.refused.connect(seen.append)
    return doc, seen


def _refuse() -> SetProperty:
    raise EditRefused(tmsg("no room for {name}", name="R09"))


def test_refuse_records_and_announces(qtbot):
    doc, seen = _doc(qtbot)
    assert doc.refuse("Select a rack first") == "Select a rack first"
    assert seen == ["Select a rack first"] and doc.last_refusal == "Select a rack first"
    doc.refuse(EditRefused("quiet"), announce=False)
    assert seen == ["Select a rack first"] and doc.last_refusal == "quiet"


def test_attempt_gives_the_result_or_the_reason(qtbot):
    doc, seen = _doc(qtbot)
    assert doc.attempt(lambda: 42) == (42, "")
    assert doc.attempt(lambda: None) == (None, "") and seen == []
    assert doc.attempt(_refuse) == (None, "no room for R09")
    assert seen == ["no room for R09"]
    got, why = doc.attempt(_refuse, announce=False)
    assert (got, why, len(seen), doc.last_refusal) == (None, "no room for R09", 1, "no room for R09")
    try:
        doc.attempt(lambda: int("x"))  # not a refusal: not the door's to swallow
    except ValueError as e:
        assert not isinstance(e, EditRefused)
    else:
        raise AssertionError("a ValueError that is no refusal passed silently")


def test_push_built_pushes_or_refuses_once(qtbot):
    doc, seen = _doc(qtbot)
    edit = doc.push_built(lambda: AddRack("row-1", Rack(id="rack-9", name="R09", rack_type="rack-48u-600x1200",
                                                        position=2)))
    assert edit is not None and doc.undo_stack.count() == 1 and "rack-9" in doc.plan.index.racks
    assert doc.push_built(_refuse) is None and seen == ["no room for R09"]
    # the plan refuses the edit itself: a second rack with the same id
    again = doc.push_built(lambda: AddRack("row-1", Rack(id="rack-9", name="R10", rack_type="rack-48u-600x1200",
                                                         position=3)))
    assert again is None and len(seen) == 2 and doc.undo_stack.count() == 1
    assert doc.push_built(lambda: None) is None and len(seen) == 2  # nothing to do is no refusal
