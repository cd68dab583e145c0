"""Bounded fuzzing of the inputs a user hands Rackwright (issue 29): price lists, plan-for
specs, logos and plan files through the commands. Each input ends in a result or in one line
naming the file, never a traceback, and nothing is written for a refused input. Fixed
examples in the suite (derandomized); RACKWRIGHT_FUZZ_EXAMPLES=500 explores further."""

from __future__ import annotations

import contextlib
import io
import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from planner.commands.cli import main

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"
N = int(os.environ.get("RACKWRIGHT_FUZZ_EXAMPLES", "25"))
FUZZ = settings(max_examples=N, derandomize="RACKWRIGHT_FUZZ_EXAMPLES" not in os.environ, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])

json_leaf = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70),
                      st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=30))
json_value = st.recursive(json_leaf, lambda kids: st.one_of(st.lists(kids, max_size=4),
                                                            st.dictionaries(st.text(max_size=12), kids, max_size=4)),
                          max_leaves=12)
hostile_text = st.text(alphabet=st.characters(codec="utf-8"), max_size=60)


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main(argv)
        except SystemExit as e:  # argparse
            rc = int(e.code or 0)
    return rc, out.getvalue(), err.getvalue()


def _one_clean_line(rc: int, err: str, name: str) -> None:
    assert "Traceback" not in err, err
    if rc == 2:
        lines = [ln for ln in err.splitlines() if ln.strip()]
        assert len(lines) == 1 and name in lines[0], err


@pytest.fixture
def user_data(tmp_path, monkeypatch):
    monkeypatch.setenv("RACKWRIGHT_USER_DATA", str(tmp_path / "user"))
    return tmp_path / "user"


@FUZZ
@given(rows=st.lists(st.lists(st.one_of(hostile_text, st.sampled_from(
    ["dell-poweredge-xe9680", "1.234,56", "1e400", "USD", "EUR", "2026-11-31", "=cmd|x", "\x00", "9" * 400])),
    min_size=0, max_size=6), min_size=0, max_size=6), delim=st.sampled_from([",", ";", "\t", "|"]))
def test_price_lists(tmp_path, user_data, rows, delim):
    f = tmp_path / "list.csv"
    f.write_text("slug,price,currency,date\n" + "\n".join(delim.join(r) for r in rows), encoding="utf-8",
                 errors="surrogatepass")
    rc, out, err = _run(["catalog", "import-prices", str(f)])
    assert rc in (0, 1, 2)
    _one_clean_line(rc, err, "list.csv")


@FUZZ
@given(spec=st.one_of(json_value, st.fixed_dictionaries({"workloads": json_value}),
                      st.fixed_dictionaries({"workloads": st.just([{"name": "a", "kind": "inference",
                                                                    "spec": {"model": "llama-3-70b", "users": 5}}]),
                                             "constraints": json_value})))
def test_plan_for_specs_are_read_or_refused_in_one_line(tmp_path, spec):
    from planner.commands.cli import UserError
    from planner.commands.plan_for import read_spec

    f = tmp_path / "spec.json"
    f.write_text(json.dumps(spec), encoding="utf-8")
    try:
        read_spec(f)
    except UserError as e:
        assert "spec.json" in str(e) and "\n" not in str(e)


@FUZZ
@given(body=st.binary(max_size=400), magic=st.sampled_from([b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b""]))
def test_logos_are_decoded_whole_or_refused(tmp_path, body, magic):
    from planner.model.logo import LogoError, logo_size, read_logo

    f = tmp_path / "logo.png"
    f.write_bytes(magic + body)
    try:
        logo = read_logo(f)
    except LogoError as e:
        assert "logo.png" in str(e)
    else:
        assert logo_size(logo.image_bytes()) is not None


def _paths(d, prefix=()):
    if isinstance(d, dict):
        for k, v in d.items():
            yield prefix + (k,)
            yield from _paths(v, prefix + (k,))
    elif isinstance(d, list):
        for i, v in enumerate(d[:3]):
            yield prefix + (i,)
            yield from _paths(v, prefix + (i,))


PLAN = json.loads(EXAMPLE.read_text(encoding="utf-8"))
PLAN_PATHS = list(_paths(PLAN))


@FUZZ
@given(where=st.lists(st.sampled_from(PLAN_PATHS), min_size=1, max_size=3), value=json_value,
       command=st.sampled_from(["check", "validate", "convert", "report", "export"]))
def test_damaged_plans_through_every_command(tmp_path, where, value, command):
    plan = json.loads(json.dumps(PLAN))
    for path in where:
        node = plan
        try:
            for key in path[:-1]:
                node = node[key]
            node[path[-1]] = json.loads(json.dumps(value))  # a fresh copy: no cycles
        except (KeyError, IndexError, TypeError):
            continue
    import tempfile

    here = Path(tempfile.mkdtemp(dir=tmp_path))  # tmp_path is shared by all examples of one run
    f = here / "damaged.json"
    f.write_text(json.dumps(plan), encoding="utf-8")
    out = here / "out"
    argv = {"check": ["check", str(f)], "validate": ["validate", str(f)],
            "convert": ["convert", str(f), str(out) + ".rackplan"],
            "report": ["report", str(f), "-o", str(out) + ".pdf", "--sections", "cover", "findings"],
            "export": ["export", str(f), "--format", "csv", "-o", str(out)]}[command]
    rc, _stdout, err = _run(argv)
    assert rc in (0, 1, 2), err
    _one_clean_line(rc, err, "damaged.json")
    if rc == 2:
        assert not any(here.glob("out*")), "a refused plan wrote output"
