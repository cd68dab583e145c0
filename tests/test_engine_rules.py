"""The engine's rule providers (issue 27; docs/engine.md, Findings, "Rule families"): every
finding code the engine can emit belongs to exactly one provider of
``planner.engine.rules.PROVIDERS``, each provider emits only its own codes, docs/engine.md
lists each family with exactly its codes, and no function in planner/engine runs over 150
lines. The codes emitted are read from the source (the literal code of every ``make`` and
``fabric_finding`` call), so a check nobody runs in a test is covered too."""

from __future__ import annotations

import ast
import re
from collections import Counter
from pathlib import Path

import pytest

from planner.engine.findings import CODES
from planner.engine.rules import FAMILY_OF, PROVIDERS, provider_of
from planner.fabric.nvlink import CODES as NVLINK_CODES

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "planner" / "engine"
RULES = ENGINE / "rules"
FABRIC = ROOT / "planner" / "fabric"
DOCS = ROOT / "docs" / "engine.md"
MAX_LINES = 150


def emitted(source: str, call: str, arg: int) -> list[str]:
    """The literal codes passed as positional argument ``arg`` (0-based) to calls of ``call``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == call:
            a = node.args[arg] if len(node.args) > arg else None
            assert isinstance(a, ast.Constant) and isinstance(a.value, str), \
                f"{call}() at line {node.lineno} without a literal code"
            out.append(a.value)
    return out


def long_functions(source: str, limit: int = MAX_LINES) -> list[tuple[str, int]]:
    """Functions and methods (nested ones too) longer than ``limit`` lines, decorators included."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            n = (node.end_lineno or node.lineno) - first + 1
            if n > limit:
                out.append((node.name, n))
    return out


def doc_families(text: str) -> dict[str, list[str]]:
    """Family -> codes, from the table under "### Rule families" in docs/engine.md."""
    start = text.index("### Rule families")
    end = text.find("\n#", start + 1)
    rows: dict[str, list[str]] = {}
    for line in text[start:end if end >= 0 else None].splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[1].startswith("`planner."):
            assert cells[0] not in rows, f"family {cells[0]!r} twice in docs/engine.md"
            rows[cells[0]] = re.findall(r"`([A-Z0-9_]+)`", cells[2])
    return rows


def _provider_files() -> dict[str, Path]:
    return {p.family: RULES / f"{p.module.__name__.rsplit('.', 1)[1]}.py" for p in PROVIDERS}


# -- the registry -----------------------------------------------------------------------------------


def test_every_code_belongs_to_exactly_one_provider():
    counts = Counter(code for p in PROVIDERS for code in p.codes)
    assert [c for c, n in counts.items() if n > 1] == []
    assert set(counts) == set(CODES) | set(NVLINK_CODES)
    assert len({p.family for p in PROVIDERS}) == len(PROVIDERS)
    for code in counts:
        assert code in provider_of(code).codes and FAMILY_OF[code] == provider_of(code).family
    with pytest.raises(KeyError):
        provider_of("NO_SUCH_CODE")


def test_each_provider_emits_only_its_codes_and_all_of_them():
    for family, path in _provider_files().items():
        codes = set(next(p for p in PROVIDERS if p.family == family).codes)
        source = path.read_text(encoding="utf-8")
        made = set(emitted(source, "make", 0))
        if family == "fabric":  # its checks are planner.fabric's: their fabric_finding calls
            made = {c for f in sorted(FABRIC.rglob("*.py")) for c in emitted(f.read_text(encoding="utf-8"),
                                                                             "fabric_finding", 1)}
        assert made <= codes, f"{family}: emits codes it does not name: {sorted(made - codes)}"
        assert codes <= made, f"{family}: names codes nothing emits: {sorted(codes - made)}"


def test_no_engine_module_outside_the_providers_makes_findings():
    for path in sorted(ENGINE.rglob("*.py")):
        if path.parent == RULES:
            continue
        assert emitted(path.read_text(encoding="utf-8"), "make", 0) == [], path.relative_to(ROOT)


def test_the_source_scan_finds_codes_and_refuses_computed_ones():
    src = 'def f(x):\n    a = make("A_CODE", "t", "rack")\n    return [a, other("B"), make("C_CODE", "t")]\n'
    assert emitted(src, "make", 0) == ["A_CODE", "C_CODE"]
    with pytest.raises(AssertionError):
        emitted('make(code, "t", "rack")\n', "make", 0)


# -- docs/engine.md ---------------------------------------------------------------------------------


def test_docs_list_each_family_with_exactly_its_codes():
    rows = doc_families(DOCS.read_text(encoding="utf-8"))
    assert rows == {p.family: list(p.codes) for p in PROVIDERS}


def test_the_docs_check_sees_a_missing_or_foreign_code():
    text = DOCS.read_text(encoding="utf-8")
    table = doc_families(text)
    assert table["money"] and "`RENT_MIXED_GPUS`" in text
    dropped = doc_families(text.replace(", `RENT_MIXED_GPUS`", "", 1))
    assert dropped["money"] == [c for c in table["money"] if c != "RENT_MIXED_GPUS"]
    foreign = doc_families(text.replace("| money | `planner.engine.rules.money` | ",
                                        "| money | `planner.engine.rules.money` | `NOT_A_CODE`, ", 1))
    assert foreign["money"][0] == "NOT_A_CODE"


# -- function length ------------------------------------------------------------------------------------


def test_no_function_in_the_engine_over_150_lines():
    too_long = {str(p.relative_to(ROOT)): found for p in sorted(ENGINE.rglob("*.py"))
                if (found := long_functions(p.read_text(encoding="utf-8")))}
    assert too_long == {}


def test_the_length_check_counts_methods_and_nested_functions():
    body = "\n".join(f"        x{i} = {i}" for i in range(MAX_LINES))
    src = f"class C:\n    @staticmethod\n    def m():\n{body}\n\n\ndef short():\n    return 1\n"
    assert long_functions(src) == [("m", MAX_LINES + 2)]
    nested = f"def outer():\n    def inner():\n{body}\n    return inner\n"
    assert {name for name, _ in long_functions(nested)} == {"outer", "inner"}
    fits = "\n".join(f"    x{i} = {i}" for i in range(MAX_LINES - 1))
    assert long_functions(f"def ok():\n{fits}\n") == []  # exactly 150 lines
