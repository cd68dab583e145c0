"""One number parser (issue 27): the CLI's arguments, the app's fields and the price import
read typed numbers through planner.i18n.parse_number, so German ``2.000`` is 2000 wherever it
is typed (``rackwright size`` read it as 2.0 while the app read 2000)."""

from __future__ import annotations

import argparse
import ast
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from planner import i18n
from planner.commands.cli import build_parser
from tests.source_trees import source_tree
from tests.test_i18n_cli import run

ROOT = Path(__file__).resolve().parent.parent
INFER = ["size", "infer", "--model", "llama-3-70b", "--gpu", "h100-sxm", "--gpus", "8", "--json"]


@contextmanager
def parser_calls() -> Iterator[list[str]]:
    """The texts planner.i18n.parse_number is called with meanwhile, however it was imported
    (counted by its code object, so a module that binds the name early is seen too)."""
    code = i18n.parse_number.__code__
    texts: list[str] = []

    def profile(frame, event, _arg):
        if event == "call" and frame.f_code is code:
            texts.append(frame.f_locals["text"])

    old = sys.getprofile()
    sys.setprofile(profile)
    try:
        yield texts
    finally:
        sys.setprofile(old)


def test_size_in_german_reads_2000_as_two_thousand_users():
    code, de, err = run(*INFER, "--users", "2.000", "--lang", "de")
    assert code == 0, err
    code, en, err = run(*INFER, "--users", "2000", "--lang", "en")
    assert code == 0, err
    got, want = json.loads(de), json.loads(en)
    assert got == want
    code, two, _err = run(*INFER, "--users", "2", "--lang", "en")
    assert json.loads(two) != want  # 2.000 was read as 2 before: the answers differ
    # English groups with a comma; the German grouping point is ambiguous there, refused
    code, en_grouped, _err = run(*INFER, "--users", "2,000", "--lang", "en")
    assert code == 0 and json.loads(en_grouped) == want
    code, _out, err = run(*INFER, "--users", "2.000", "--lang", "en")
    assert code == 2 and "ambiguous" in err


def _number_actions() -> list[tuple[str, argparse.Action]]:
    """Every option of every subcommand that takes a value through a ``type``."""
    out = []
    todo = [("rackwright", build_parser())]
    while todo:
        name, parser = todo.pop()
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                todo += [(f"{name} {n}", p) for n, p in action.choices.items()]
            elif action.type is not None:
                out.append((f"{name} {'/'.join(action.option_strings) or action.dest}", action))
    return out


def test_every_number_argument_of_the_cli_goes_through_the_one_parser():
    actions = _number_actions()
    assert any(n.startswith("rackwright size infer --users") for n, _a in actions)
    assert any(n.startswith("rackwright plan-for --top") for n, _a in actions)
    for name, action in actions:
        assert action.type not in (int, float), f"{name}: type={action.type.__name__} reads English only"
        with i18n.use_language("de"), parser_calls() as texts:
            value = action.type("2.000")
        assert texts == ["2.000"] and value == 2000, name


def test_app_fields_and_plan_settings_go_through_the_one_parser():
    from planner.gestures.plan_settings import check_values, price_override_edit
    from planner.model.plan import Plan

    plan = Plan()
    typed = {"years_of_use": "5", "electricity_price_per_kwh": "0,25", "pue": "1,3",
             "colocation_price_per_kw_month": "1.500", "exchange_rates": [("EUR", "1,08")],
             "cloud_price_per_gpu_hour": [("h100-sxm", "2,40")], "requirements": {"budget": "2.000.000"}}
    with i18n.use_language("de"), parser_calls() as texts:
        got = check_values(plan, typed)
        price_override_edit(plan, "dell-poweredge-xe9680", "250.000", "EUR", "2026-11-30", "quote")
    assert sorted(texts) == sorted(["5", "0,25", "1,3", "1.500", "1,08", "2,40", "2.000.000", "250.000"])
    assert got["colocation_price_per_kw_month"] == 1500.0  # a German 1.500 was 1.5 before
    assert got["requirements"].budget == 2_000_000
    with i18n.use_language("de"), parser_calls() as texts:
        from ui import units  # the app's fields: the workloads panel, the wizard, the dialogs

        assert units.parse_number("1500") == 1500  # in the app's language
    assert texts == ["1500"]


def test_the_price_import_reads_each_cell_through_the_one_parser(tmp_path):
    from planner.catalog import load_catalog
    from planner.catalog.pricelist import read_price_list

    f = tmp_path / "list.csv"
    f.write_text("slug,price,currency,date\n"
                 "dell-poweredge-xe9680,\"285.000,00\",EUR,2026-11-02\n"
                 "nvidia-quantum-2-qm9700,\"29.950,50\",EUR,2026-11-02\n", encoding="utf-8")
    with parser_calls() as texts:
        result = read_price_list(f, load_catalog())
    assert sorted(texts) == ["285.000,00", "29.950,50"]
    assert sorted(m.amount for m in result.matched) == [29950.5, 285000.0]


def _text_calls(tree: ast.AST) -> list[int]:
    """Lines where float()/int() reads a text directly (``float(s.strip().replace(",", "."))``,
    ``int(edit.text())``) or argparse takes ``type=int``/``type=float``."""
    lines = []
    text_methods = {"replace", "strip", "text", "currentText", "toPlainText"}
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        if isinstance(node.func, ast.Name) and node.func.id in ("float", "int") and node.args:
            arg = node.args[0]
            if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) and arg.func.attr in text_methods:
                lines.append(node.lineno)
        if isinstance(node.func, ast.Attribute) and node.func.attr == "add_argument":
            for kw in node.keywords:
                if kw.arg == "type" and isinstance(kw.value, ast.Name) and kw.value.id in ("int", "float"):
                    lines.append(node.lineno)
    return lines


def test_no_module_reads_typed_numbers_with_float_or_int():
    bad = []
    for path in sorted([*(ROOT / "planner").rglob("*.py"), *(ROOT / "ui").rglob("*.py")]):
        tree = source_tree(path)
        bad += [f"{path.relative_to(ROOT)}:{n}" for n in _text_calls(tree)]
    assert not bad, "numbers typed by people go through planner.i18n.parse_number: " + ", ".join(bad)
    # the scan finds what it looks for
    assert _text_calls(ast.parse("float(text.strip().replace(',', '.'))\np.add_argument('--n', type=int)")) == [1, 2]


def test_the_other_parsers_are_gone():
    from planner.base import units

    assert not hasattr(units, "parse_number")
    defs = []
    for path in sorted([*(ROOT / "planner").rglob("*.py"), *(ROOT / "ui").rglob("*.py")]):
        for node in ast.walk(source_tree(path)):
            if isinstance(node, ast.FunctionDef) and node.name == "parse_number":
                defs.append(str(path.relative_to(ROOT)))
    # the parser, and the app's thin call that passes the app's language
    assert sorted(defs) == ["planner/i18n/__init__.py", "ui/units.py"]


@pytest.mark.parametrize(("lang", "text", "value"), [
    ("de", "1.5", 1.5), ("de", "0.15", 0.15), ("de", "2.000", 2000), ("en", "0,92", 0.92), ("en", "1,500", 1500)])
def test_lenient_reads_the_other_decimal_mark_where_it_cannot_be_grouping(lang, text, value):
    assert i18n.parse_number(text, lang, lenient=True) == pytest.approx(value)
    with pytest.raises(ValueError):
        i18n.parse_number("1,500" if lang == "de" else "1.500", lang, lenient=True)  # still ambiguous
