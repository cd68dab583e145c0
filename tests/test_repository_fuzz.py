"""Bounded fuzzing of the team repository (issue 29: the attack's repository class) against
the real PostgreSQL server of tests/pgserver.py.

Two clients, each with its own connection (and its own revision cache), pull, edit device
names and the plan's notes with hostile text, and push with hostile messages in random
order. After every step the repository must hold exactly what the clients were told: an
accepted push is the next revision and stores each side's changes (what only the other
side changed is kept, what both changed differently is refused, never settled silently);
a refused push changes nothing; every revision still opens as it was stored, with its
message. Fixed examples in the suite (derandomized); RACKWRIGHT_FUZZ_EXAMPLES=200 explores
further."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.files.plan_io import plan_to_json
from planner.files.repository import RepoConflict, RepoError, Repository
from planner.model.plan import Plan

ROOT = Path(__file__).resolve().parents[1]
N = int(os.environ.get("RACKWRIGHT_FUZZ_EXAMPLES", "4"))
FUZZ = settings(max_examples=N, derandomize="RACKWRIGHT_FUZZ_EXAMPLES" not in os.environ, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
DEVICES = 3  # the devices the clients rename (few, so that their edits collide)

hostile = st.one_of(st.text(max_size=16), st.sampled_from(
    ["", "'; DROP TABLE repo_plans; --", "\x00", "\u202e", "x" * 200, "\ud800", "%_\\"]))
# what a plan can hold: a few values, so both sides often agree or collide, and hostile text (lone
# surrogates never reach a plan: a plan file holding one is refused when read)
value = st.one_of(st.sampled_from(["a", "b"]), st.sampled_from(["a", "b", "Ω"]),
                  hostile.filter(lambda t: "\ud800" not in t))
message = st.one_of(st.sampled_from(["", "edit"]), st.sampled_from(["", "edit"]), hostile, st.just("m" * 10_001))
edit = st.tuples(st.integers(0, DEVICES), value)  # DEVICES: the plan's notes
push = st.tuples(st.just("push"), st.integers(0, 1), st.lists(edit, max_size=2), message)
step = st.one_of(push, push, push, st.tuples(st.just("pull"), st.integers(0, 1)))  # pushes from old bases


@dataclass
class Client:
    repo: Repository
    plan: Plan
    base: int
    base_plan: Plan  # the plan at ``base``, as pulled


def _names(plan: Plan, devices: list[str]) -> list[str]:
    return [plan.index.placements[d].name for d in devices]


def _pull(repo: Repository, name: str, rev: int | None = None) -> Plan:
    return repo.pull(name, rev).opened.plan


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


_names_used = itertools.count()


@FUZZ
@given(steps=st.lists(step, min_size=1, max_size=7))
@example(steps=[("push", 0, [(0, "a")], "one"), ("push", 1, [(1, "b")], "two")])  # merged
@example(steps=[("push", 0, [(0, "a")], ""), ("push", 1, [(0, "b")], ""), ("pull", 1),  # refused, then pushed
                ("push", 1, [(DEVICES, "after the pull")], "three")])
@example(steps=[("push", 0, [(0, "a")], ""), ("push", 1, [(0, "a"), (DEVICES, "b")], "")])  # the same change twice
def test_two_clients_editing_at_random_lose_nothing(pg_url, catalog, steps):
    name = f"fuzz-{next(_names_used)}"
    with Repository(pg_url) as a, Repository(pg_url) as b:
        a.init()
        first = a.push(name, synthetic_plan(8, catalog), base=None, message="start", catalog=catalog)
        devices = sorted(first.plan.index.placements)[:DEVICES]
        stored = {1: plan_to_json(_pull(a, name, 1))}  # revision -> the plan as stored
        messages = {1: "start"}
        clients = [Client(r, _pull(r, name), 1, _pull(r, name)) for r in (a, b)]
        head = 1
        for st_ in steps:
            c = clients[st_[1]]
            if st_[0] == "pull":
                c.plan, c.base, c.base_plan = _pull(c.repo, name), head, _pull(c.repo, name)
            else:
                for what, text in st_[2]:
                    if what == DEVICES:
                        c.plan.metadata.notes = text
                    else:
                        c.plan.index.placements[devices[what]].name = text
                before = _pull(a, name)
                mine = [(x, y) for x, y in zip(_names(c.base_plan, devices) + [c.base_plan.metadata.notes],
                                               _names(c.plan, devices) + [c.plan.metadata.notes], strict=True)]
                theirs = _names(before, devices) + [before.metadata.notes]
                collide = any(o != base and t != base and o != t for (base, o), t in zip(mine, theirs, strict=True))
                try:
                    res = c.repo.push(name, c.plan, base=c.base, message=st_[3], embedded=None)
                except RepoConflict as e:
                    event("push refused: changes collide")
                    assert collide, f"refused without a collision: {e}"
                    assert str(e).strip() and "\n" not in str(e)
                except RepoError as e:  # hostile text: one line, nothing pushed
                    event("push refused: not text")
                    assert str(e).strip() and "\n" not in str(e)
                    assert len(st_[3]) > 10_000 or "\x00" in st_[3] or "\ud800" in st_[3], e
                else:
                    assert not collide, "a change on both sides was settled silently"
                    event("push: unchanged" if res.unchanged else "push: merged" if res.merged_with else "push: stored")
                    if res.unchanged:
                        assert res.revision == head
                    else:
                        assert res.revision == head + 1
                        head = res.revision
                        now = _pull(b if c.repo is a else a, name)  # read by the other connection
                        want = [o if o != base else t for (base, o), t in zip(mine, theirs, strict=True)]
                        assert _names(now, devices) + [now.metadata.notes] == want
                        stored[head] = plan_to_json(now)
                        messages[head] = st_[3]
                        assert stored[head] == plan_to_json(res.plan)  # what the client was told is stored
                        if res.merged_with is None:
                            assert stored[head] == plan_to_json(c.plan)
                        c.plan, c.base, c.base_plan = res.plan, head, _pull(c.repo, name)
            # after every step: the history is whole and nothing was half written
            info, = [p for p in a.list() if p.name == name]
            assert info.head == head
        log = b.log(name)
        assert [r.number for r in log] == list(range(head, 0, -1))
        assert {r.number: r.message for r in log} == messages
        for rev, text in stored.items():
            assert plan_to_json(_pull(b, name, rev)) == text


def test_names_and_messages_that_are_not_text_are_one_line_not_a_traceback(pg_url, tmp_path, capsys):
    """A plan name given on the command line in another encoding arrives as lone surrogates
    (surrogateescape): the driver raised UnicodeEncodeError from inside the query. A NUL in
    a message was refused by the driver as "cannot reach the repository"."""
    from planner.commands.cli import main

    assert main(["repo", "init", pg_url]) == 0
    plan = tmp_path / "p.rackplan"
    assert main(["convert", str(ROOT / "examples" / "xe9680-h100-pod.json"), str(plan)]) == 0
    capsys.readouterr()
    bad = os.fsdecode(b"pod-\xff")  # what sys.argv holds for those bytes
    for argv, says in ((["repo", "push", str(plan), pg_url, "--name", bad], "is not text"),
                       (["repo", "log", pg_url, bad], "no plan named"),
                       (["repo", "pull", pg_url, bad, "-o", str(tmp_path / "x.rackplan")], "no plan named"),
                       (["repo", "list", pg_url, "--search", bad], None),
                       (["repo", "push", str(plan), pg_url, "--name", "pod", "-m", os.fsdecode(b"\xfe")], "not UTF-8"),
                       (["repo", "push", str(plan), pg_url, "--name", "pod", "-m", "a\x00b"], "NUL character")):
        rc = main(argv)
        err = capsys.readouterr().err
        if says is None:
            assert rc == 0 and not err
            continue
        assert rc == 2 and len(err.strip().splitlines()) == 1 and says in err, (argv, err)
        assert "cannot reach" not in err
    with Repository(pg_url) as repo:
        assert repo.list() == []  # nothing was pushed
    # and through a real command line, where the bytes arrive as the shell passes them
    env = {**os.environ, "PYTHONPATH": str(ROOT), "LC_ALL": "C.UTF-8"}
    r = subprocess.run([sys.executable.encode(), b"-m", b"planner", b"repo", b"push", str(plan).encode(),
                        pg_url.encode(), b"--name", b"pod-\xff"], cwd=ROOT, capture_output=True, env=env, timeout=120)
    err = r.stderr.decode("utf-8", "replace")
    assert r.returncode == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
