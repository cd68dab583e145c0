"""One vocabulary (issue 27): a code word has one table of words (planner/fabric/names.py)
and the set of codes one definition (the model's Literal). The copies are gone: the dead
tier labels, four power-source-kind tables, three copies of the verdict words."""

from __future__ import annotations

import ast
from functools import lru_cache
from pathlib import Path
from typing import get_args

from planner.fabric import graph
from planner.fabric.names import SOURCE_KINDS, VERDICTS, source_kind_text, verdict_text
from planner.gestures import power_edits
from planner.i18n import message_text
from planner.model.plan import PowerSourceKind
from tests.source_trees import source_tree

ROOT = Path(__file__).resolve().parent.parent
NAMES = "planner/fabric/names.py"
# planner/engine/core.py keeps its English-only SOURCE_KIND_NAMES until the engine's split into
# rule providers (issue 27, another engineer's part) moves it; then it takes SOURCE_KINDS too
NOT_YET = {"planner/engine/core.py"}


@lru_cache(maxsize=1)
def _modules() -> list[tuple[str, ast.AST]]:
    return [(str(p.relative_to(ROOT)), source_tree(p))
            for p in sorted([*(ROOT / "planner").rglob("*.py"), *(ROOT / "ui").rglob("*.py")])]


def _literal_sets(tree: ast.AST, dicts: bool = True) -> list[tuple[int, set[str]]]:
    """Each tuple/list/set literal's strings, and each dict's keys with the strings of its
    values (a table of words: ``{"ups": N_("UPS"), ...}``). A dict of sentences per kind
    (``"ups": N_("Add UPS {name}")``) holds no bare word and is not a copy."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Dict) and dicts:
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            out.append((node.lineno, keys | {c.value for v in node.values for c in ast.walk(v)
                                             if isinstance(c, ast.Constant) and isinstance(c.value, str)}))
        elif isinstance(node, ast.Tuple | ast.List | ast.Set):
            out.append((node.lineno, {k.value for k in node.elts if isinstance(k, ast.Constant)
                                      and isinstance(k.value, str)}))
    return out


def _strings(tree: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def test_power_source_kinds_are_listed_once():
    kinds = set(get_args(PowerSourceKind))
    words = {"UPS", "Panel", "Switchboard", "Generator"}
    assert tuple(SOURCE_KINDS) == get_args(PowerSourceKind) == power_edits.SOURCE_KINDS
    # the codes: the model's Literal (planner/model/plan.py) is their definition
    copies = [f"{name}:{line}" for name, tree in _modules() if name not in {NAMES, "planner/model/plan.py", *NOT_YET}
              for line, found in _literal_sets(tree, dicts=False) if kinds <= found]
    # the words: no table of them outside planner/fabric/names.py, nor one written in a function (ui, pdf)
    copies += [f"{name}:{line}" for name, tree in _modules() if name not in {NAMES, *NOT_YET}
               for line, found in _literal_sets(tree) if words <= found]
    assert not copies, "power source kinds come from planner.model.plan / planner.fabric.names: " + ", ".join(copies)
    # the scan sees a copy
    assert words <= _literal_sets(ast.parse('{"ups": _t("UPS"), "panel": _t("Panel"), "switchboard": _t("Switchboard"), '
                                            '"generator": _t("Generator")}'))[0][1]
    assert message_text(source_kind_text("ups"), "de") == "USV" and source_kind_text("other") == "other"


def test_the_dead_tier_labels_are_gone():
    assert not hasattr(graph, "TIER_LABELS") and not hasattr(graph, "SINGULAR")
    tiers = {"Nodes", "Leaves", "Spines", "Cores"}
    copies = [f"{name}" for name, tree in _modules() if not name.startswith("ui/") and tiers <= _strings(tree)]
    assert not copies, copies  # the Fabric view's labels (ui/scenes/fabric.py) are the one table


def test_verdict_words_are_defined_once():
    copies = [name for name, tree in _modules() if name != NAMES and "NOT MET" in _strings(tree)]
    assert not copies, "verdict words come from planner.fabric.names.verdict_text: " + ", ".join(copies)
    assert [str(verdict_text(m)) for m in (True, False, None)] == [VERDICTS[True], VERDICTS[False], VERDICTS[None]]
    assert verdict_text(True, "warn") == "met within the model's uncertainty"
    assert verdict_text(False, "warn") == "NOT MET"  # a warning level does not soften a miss
    assert message_text(verdict_text(False), "de") != "NOT MET"  # translated at the edge


def test_unit_constants_are_defined_once():
    """The foot and the US gallon live in planner/base/units.py; the display modules (the
    reports' and the app's) take them from there."""
    from planner.base import units
    from planner.reports import display
    from ui import units as ui_units

    assert units.FOOT_M == 0.3048 and display.FOOT_M is units.FOOT_M and ui_units.FOOT_M is units.FOOT_M
    copies = []
    for name, tree in _modules():
        if name == "planner/base/units.py":
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id in ("FOOT_M", "US_GALLON_L")
                                                    for t in node.targets):
                copies.append(f"{name}:{node.lineno}")
            if isinstance(node, ast.Constant) and node.value in (0.3048, 3.785411784):
                copies.append(f"{name}:{node.lineno}")
    assert not copies, "unit constants come from planner.base.units: " + ", ".join(copies)


def test_a_finding_translates_as_every_planner_message():
    from planner.base.findings import Finding, finding_message, finding_text
    from planner.i18n import Message, tmsg

    template = ("String should have at least {n} character", "String should have at least {n} characters")
    f = Finding("error", "X", finding_message(template, {"n": 3}), "plan", template=template, params=(("n", 3),))
    m = f.as_message()
    assert isinstance(m, Message) and m == f.message == "String should have at least 3 characters" == tmsg(template, n=3)
    assert finding_text(f, "de") == "Der Text muss mindestens 3 Zeichen lang sein"
    for lang in ("en", "de"):
        assert finding_text(f, lang) == message_text(m, lang) == message_text(tmsg(template, n=3), lang)
    plain = Finding("info", "Y", "as written", "plan")
    assert plain.as_message() == finding_text(plain, "de") == "as written"


def test_the_cooling_options_are_listed_once():
    """The cooling a customer has (requirements, plan-for, generated designs: air, rdhx, dlc,
    immersion) is one Literal in the model; what each allows of a rack's cooling methods is
    one table there too."""
    from planner.design.model import COOLING_METHODS, COOLING_OPTIONS, CoolingOption
    from planner.model.plan import COOLING_OPTION_METHODS, CoolingMethod, RequirementCooling
    from planner.reports.requirements import COOLING_ALLOWS

    options = set(get_args(RequirementCooling))
    assert set(get_args(CoolingOption)) == set(COOLING_OPTIONS) == set(COOLING_OPTION_METHODS) == options
    assert COOLING_ALLOWS is COOLING_OPTION_METHODS
    methods = set(get_args(CoolingMethod))
    assert all(set(allowed) <= methods for allowed in COOLING_OPTION_METHODS.values())
    assert all(COOLING_METHODS[o] in COOLING_OPTION_METHODS[o] for o in options)  # a design uses an allowed one
    copies = [f"{name}:{line}" for name, tree in _modules() if name != "planner/model/plan.py"
              for line, found in _literal_sets(tree, dicts=False) if options <= found]
    assert not copies, "the cooling options come from planner.model.plan: " + ", ".join(copies)
