"""A project file (.rackplan) that cannot be opened says why in one line in the user's
language (CLI exit 2), while the exception's English text (``args[0]``, logs) stays English."""

from __future__ import annotations

import io
import os
import sqlite3
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from planner.commands.cli import main
from planner.files.plan_io import PlanFormatError
from planner.files.storage import open_rackplan
from planner.i18n import use_language

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(argv))
    return code, out.getvalue(), err.getvalue()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    p = tmp_path / "plan.rackplan"
    code, _, err = run("convert", str(EXAMPLE), str(p))
    assert code == 0, err
    return p


def set_meta(path: Path, key: str, value: str) -> None:
    with sqlite3.connect(path) as c:
        c.execute("UPDATE rackwright_meta SET value = ? WHERE key = ?", (value, key))


def one_error_line(*argv: str) -> str:
    code, out, err = run(*argv)
    assert code == 2, (out, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in err, err
    return lines[0]


def test_newer_schema_is_one_german_line(project):
    set_meta(project, "schema_version", "99")
    de = one_error_line("--lang", "de", "validate", str(project))
    assert de.startswith("rackwright: Fehler: ") and "rackwright_meta.schema_version" in de
    assert "Projektdatei-Schema 99" in de and "Aktualisieren Sie Rackwright" in de
    en = one_error_line("--lang", "en", "validate", str(project))
    assert "with project file schema 99; this build reads up to schema" in en


def test_newer_plan_format_and_bad_schema_number_in_german(project):
    set_meta(project, "plan_format_version", "99")
    assert "Planformat 99 ist neuer" in one_error_line("--lang", "de", "validate", str(project))
    set_meta(project, "schema_version", "vier")
    de = one_error_line("--lang", "de", "validate", str(project))
    assert "schema_version muss eine ganze Zahl sein (gefunden: 'vier')" in de


def test_damaged_files_in_german(project, tmp_path):
    cut = tmp_path / "cut.rackplan"
    cut.write_bytes(project.read_bytes()[:5000])
    assert "die Datei ist abgeschnitten (5000 von" in one_error_line("--lang", "de", "validate", str(cut))
    rand = tmp_path / "random.rackplan"
    rand.write_bytes(b"SQLite format 3\x00" + os.urandom(4080))
    de = one_error_line("--lang", "de", "validate", str(rand))
    reason = de.split(str(rand) + ": ", 1)[1]
    assert "beschädigt" in reason and "damaged" not in reason
    foreign = tmp_path / "foreign.rackplan"
    with sqlite3.connect(foreign) as c:
        c.execute("CREATE TABLE t (x)")
    de = one_error_line("--lang", "de", "validate", str(foreign))
    assert "aber keine Rackwright-Projektdatei (keine Tabelle rackwright_meta; ihre Tabellen: t)" in de


def test_str_follows_the_language_and_the_english_text_stays(project):
    set_meta(project, "schema_version", "99")
    with use_language("de"), pytest.raises(PlanFormatError) as info:
        open_rackplan(project)
    with use_language("de"):
        assert "Projektdatei-Schema 99" in str(info.value)
    assert "with project file schema 99" in info.value.args[0]
    with use_language("en"):
        assert "with project file schema 99" in str(info.value)
