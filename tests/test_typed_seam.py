"""The seam between ui/ and planner/ is typed (issue 16): a view that reads an engine result
field which does not exist fails the type check (``python3 dev.py test`` runs mypy over
planner/ and ui/) instead of showing a blank label at run time.

These tests run mypy, with the project's settings, on a copy of the Totals panel in which
two result fields are misspelt, and on a small module that reads the results correctly."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.source_trees import source_tree

ROOT = Path(__file__).resolve().parent.parent

pytest.importorskip("mypy")

GOOD = '''\
from __future__ import annotations

from planner.engine.results import Results


def headline(results: Results) -> str:
    t = results.totals
    rp = results.rack_summary("power")
    feed = results.worst_feed()
    util = feed.utilisation if feed is not None else 0.0
    return f"{t.gpus} GPUs, {t.facility_typical_w} W, {rp.level}, {util}, {results.nvlink.count}"
'''

# Misspelt fields in a real view: (what the panel reads, the misspelling)
RENAMES = [("t.facility_typical_w", "t.facility_typical_kw"), ("worst.failover_w", "worst.failover_load_w")]


def _mypy(*files: Path) -> list[str]:
    # the project's settings and cache (the test command has just type-checked planner/ and
    # ui/, so the imported modules come from the cache)
    proc = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml"),
                           "--cache-dir", str(ROOT / ".mypy_cache"), "--no-error-summary",
                           *[str(f) for f in files]],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode in (0, 1), proc.stdout + proc.stderr  # 2: mypy itself failed
    return [ln for ln in proc.stdout.splitlines() if ": error:" in ln]


def test_a_misspelt_results_field_in_a_view_fails_the_type_check(tmp_path: Path) -> None:
    src = (ROOT / "ui" / "panels" / "totals.py").read_text(encoding="utf-8")
    for old, new in RENAMES:
        assert old in src, f"the Totals panel no longer reads {old}: pick another field for this test"
        src = src.replace(old, new)
    bad = tmp_path / "totals_misspelt.py"
    bad.write_text(src, encoding="utf-8")
    good = tmp_path / "reads_results.py"
    good.write_text(GOOD, encoding="utf-8")

    errors = _mypy(good, bad)

    assert not [e for e in errors if "reads_results.py" in e], errors
    bad_errors = [e for e in errors if "totals_misspelt.py" in e]
    for _old, new in RENAMES:
        field = new.split(".")[1]
        lines = [i + 1 for i, ln in enumerate(src.splitlines()) if new in ln]
        hits = [e for e in bad_errors if re.search(rf'has no attribute "{field}"', e)]
        assert hits, f"mypy did not notice {new}: {errors}"
        assert {int(e.split(":")[1]) for e in hits} == set(lines), hits
    # nothing else in the copy is an error: the misspellings are what failed
    assert len(bad_errors) == sum(len([1 for ln in src.splitlines() if new in ln]) for _, new in RENAMES), bad_errors


def test_a_sum_the_engine_does_not_add_up_fails_the_type_check(tmp_path: Path) -> None:
    """``Aggregate.sums``/``ints`` are keyed by the engine's field names (Literal types): the
    build plan reading a sum by a name the engine does not make fails the type check (it was
    a KeyError on the customer's export)."""
    old, new = 's["liquid_heat_w"]', 's["liquid_heat_kw"]'
    src = (ROOT / "planner" / "reports" / "pdf.py").read_text(encoding="utf-8")
    assert old in src, f"the build plan no longer reads {old}: pick another sum for this test"
    bad = tmp_path / "pdf_misspelt.py"
    bad.write_text(src.replace(old, new), encoding="utf-8")
    lines = {i + 1 for i, ln in enumerate(src.replace(old, new).splitlines()) if new in ln}

    errors = _mypy(bad)

    hits = [e for e in errors if "liquid_heat_kw" in e and "Invalid index type" in e]
    assert {int(e.split(":")[1]) for e in hits} == lines, errors
    assert len(errors) == len(hits), errors


# Parameters and attributes that name a thing of the plan, the catalog or the engine: typed
# with that thing's class wherever they appear (issue 16: "no Any where a type exists").
SEAM_NAMES = {"plan", "catalog", "results", "doc", "document", "change", "engine", "fab", "fabric",
              "workload", "rack", "room", "snapshot", "totals", "settings", "edit"}


def _any_annotated(tree: ast.AST) -> list[tuple[int, str]]:
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            args = node.args
            for a in (*args.posonlyargs, *args.args, *args.kwonlyargs):
                ann = a.annotation
                if a.arg in SEAM_NAMES and ann is not None and "Any" in ast.unparse(ann).split(" | "):
                    out.append((a.lineno, a.arg))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name | ast.Attribute):
            name = node.target.id if isinstance(node.target, ast.Name) else node.target.attr
            if name in SEAM_NAMES and "Any" in ast.unparse(node.annotation).split(" | "):
                out.append((node.lineno, name))
    return out


def test_the_seams_names_are_typed_with_their_classes() -> None:
    # the check itself finds what it looks for (a parameter, an attribute, a union with Any)
    probe = ast.parse("def f(plan: Any, doc: 'Document', catalog: Any | None = None) -> None:\n"
                      "    self.results: Any = None\n    rest: Any = 1\n")
    assert [n for _, n in _any_annotated(probe)] == ["plan", "catalog", "results"]
    found = []
    for pkg in ("planner", "ui"):
        for path in sorted((ROOT / pkg).rglob("*.py")):
            tree = source_tree(path)
            found += [f"{path.relative_to(ROOT)}:{line}: {name}: Any" for line, name in _any_annotated(tree)]
    assert not found, "\n".join(found)
