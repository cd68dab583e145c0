"""Issue 13, the rest of the planner side: every CLI command's help, messages, errors and
text output in German or English by one rule (``--lang`` anywhere, ``RACKWRIGHT_LANG``, the
system's language), the xlsx/csv tables' headers per language, the sizing notes translated
at the edge (``--json`` stays English), plurals through ngettext, and a check that fails
when a new user-visible planner text is not marked for translation."""

from __future__ import annotations

import ast
import io
import json
import os
import re
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from planner.commands.cli import main
from planner.i18n import Message, Np_, catalogs, message_text, tf, tmsg, use_language
from tests.source_trees import source_tree

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"
PLANNER = ROOT / "planner"


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as e:  # --help, argparse's own errors
            code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def run_process(*argv: str, lang: str | None = None, extra_env: dict | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, **(extra_env or {})}
    env.pop("RACKWRIGHT_LANG", None)
    if lang:
        env["RACKWRIGHT_LANG"] = lang
    env.update({"LANG": "C.UTF-8", "LC_ALL": "", "LANGUAGE": "", "LC_MESSAGES": ""})
    return subprocess.run([sys.executable, "-m", "planner", *argv], capture_output=True, text=True, cwd=ROOT,
                          env=env, timeout=120)


SIZE = ["size", "infer", "--model", "llama-3-70b", "--gpu", "h100-sxm", "--gpus", "8", "--users", "64",
        "--target-tokens-per-s-per-user", "20"]


# ------------------------------------------------------------------ the language rule

def test_one_language_rule_for_every_command():
    # RACKWRIGHT_LANG in a real process; --lang overrides it, before or after the subcommand
    de = run_process("validate", str(EXAMPLE), lang="de")
    assert de.returncode == 0 and "3 Racks, 14 Geräte, keine Probleme" in de.stdout
    en = run_process("validate", str(EXAMPLE), "--lang", "en", lang="de")
    assert en.returncode == 0 and "3 racks, 14 devices, no problems" in en.stdout
    en2 = run_process("--lang=en", "validate", str(EXAMPLE), lang="de")
    assert en2.stdout == en.stdout
    # without RACKWRIGHT_LANG: the system's language (LANG)
    env_de = {**os.environ, "LANG": "de_DE.UTF-8", "LC_ALL": "", "LANGUAGE": "", "LC_MESSAGES": ""}
    env_de.pop("RACKWRIGHT_LANG", None)
    sys_de = subprocess.run([sys.executable, "-m", "planner", "validate", str(EXAMPLE)], capture_output=True,
                            text=True, cwd=ROOT, env=env_de, timeout=120)
    assert "keine Probleme" in sys_de.stdout


def test_a_language_rackwright_does_not_speak_is_refused_in_one_line():
    code, out, err = run("--lang", "fr", "validate", str(EXAMPLE))
    assert code == 2 and out == ""
    assert err.strip() == "rackwright: error: --lang: 'fr' is not a language of Rackwright (de or en)"


def test_main_called_twice_does_not_leak_the_language():
    code, de, _ = run("--lang", "de", "validate", str(EXAMPLE))
    code, en, _ = run("validate", str(EXAMPLE))
    assert "Geräte" in de and "devices" in en and "Geräte" not in en


# ------------------------------------------------------------------ help and argparse's words

def test_help_in_german_including_argparses_own_words():
    code, out, _ = run("--lang", "de", "size", "infer", "--help")
    assert code == 0
    assert out.startswith("Aufruf: rackwright size infer")
    assert "Optionen:" in out and "diese Hilfe zeigen und beenden" in out
    assert "Katalog-Kennung des LLM, z. B. llama-3-70b" in out
    assert "Sprache der Hilfe, Meldungen und Textausgabe" in out  # --lang on every command
    assert "usage:" not in out and "show this help" not in out
    code, out, _ = run("--lang", "de", "--help")
    assert "Positionsargumente:" in out and "BEFEHL" in out
    assert "den Aufbauplan als PDF schreiben" in out  # a placeholder subcommand's HELP line
    code, en, _ = run("size", "infer", "--help")
    assert en.startswith("usage: rackwright size infer") and "options:" in en
    assert "catalog LLM slug, e.g. llama-3-70b" in en


def test_every_command_has_german_help():
    from planner.commands.cli import subcommand_names

    for name in sorted(subcommand_names()):
        code, out, err = run("--lang", "de", name, "--help")
        assert code == 0, (name, err)
        assert out.startswith("Aufruf:") and "Optionen:" in out, name
        assert "show this help" not in out, name


def test_argparses_errors_in_german():
    code, out, err = run("--lang", "de", "new", "-o", "x.json")
    assert code == 2
    assert "rackwright new: Fehler: diese Argumente fehlen: --template" in err
    code, out, err = run("--lang", "de", "size", "infer", "--model", "m", "--gpu", "g", "--stack", "nope")
    assert code == 2 and "ungültige Auswahl: 'nope'" in err
    code, out, err = run("new", "-o", "x.json")
    assert "error: the following arguments are required: --template" in err


# ------------------------------------------------------------------ UserError

def test_user_errors_are_one_german_line_naming_the_field(tmp_path):
    code, out, err = run("--lang", "de", "new", "--template", "nope", "-o", str(tmp_path / "p.json"))
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert err.startswith("rackwright: Fehler: --template: unbekannte Vorlage 'nope' (eine von ")
    code, out, err = run("new", "--template", "nope", "-o", str(tmp_path / "p.json"))
    assert err.startswith("rackwright: error: --template: unknown template 'nope' (one of ")
    code, _o, err = run("--lang", "de", "size", "infer", "--model", "nope", "--gpu", "h100-sxm")
    assert code == 2 and err.startswith("rackwright: Fehler: --model: unbekanntes Modell 'nope' (bekannt: ")
    code, _o, err = run("--lang", "de", "export", str(EXAMPLE), "-f", "xlsx", "-o", str(tmp_path / "t.txt"))
    assert code == 2 and err.strip() == f"rackwright: Fehler: {tmp_path / 't.txt'}: der Name einer " \
                                         "Excel-Arbeitsmappe endet auf .xlsx"
    # a sizing error raised inside the workload model (a planner Message) reaches the user in German
    code, _o, err = run("--lang", "de", "size", "infer", "--model", "llama-3-70b", "--gpu", "h100-sxm", "--gpus",
                        "8", "--tp", "3")
    assert code == 2 and "--tp 3 muss >= 1 sein und --gpus 8 teilen" in err
    code, _o, err = run("--lang", "de", "size", "train", "--model", "llama-3-70b", "--gpu", "h100-sxm",
                        "--tokens", "1e9", "--sweep", "8:4")
    assert code == 2 and "'8:4': HI (4) muss mindestens LO (8) sein" in err


# ------------------------------------------------------------------ text output

def test_size_in_german_and_english_json_unchanged():
    code, de, _ = run("--lang", "de", *SIZE)
    assert code == 0
    assert re.search(r"\d+ Replikate? mit TP\d+ PP\d+", de) and "passt: ja" in de
    assert re.search(r"Gewichte \d+,\d GB", de) and re.search(r"KV \d{3}\.\d{3} B/Token", de)
    assert "Engpass: Speicherbandbreite" in de and "Hinweis: Knoten: dell-poweredge-xe9680" in de
    code, en, _ = run(*SIZE)
    assert re.search(r"\d+ replicas? at TP\d+ PP\d+", en) and "fits: yes" in en and "bottleneck: memory_bandwidth" in en
    assert re.search(r"KV \d{3},\d{3} B/token", en) and "note: node: dell-poweredge-xe9680" in en
    _c, j_de, _ = run("--lang", "de", *SIZE, "--json")
    _c, j_en, _ = run(*SIZE, "--json")
    assert j_de == j_en and "node: dell-poweredge-xe9680" in json.loads(j_de)["notes"]
    assert "Software auf dem Stand von MLPerf Inference" in de and "software of the MLPerf Inference" in en


def test_sweep_table_in_german():
    argv = ["size", "train", "--model", "llama-3-70b", "--gpu", "h100-sxm", "--tokens", "1e11", "--target-days",
            "30", "--sweep", "64:512:3"]
    code, de, _ = run("--lang", "de", *argv)
    assert code == 0
    assert "1e+11 Tokens" in de  # the exponent survives the German number format
    assert "Ziel: 30 Tage" in de and "Skalierung" in de and "Engpass" in de and "erfüllt" in de
    assert " days" not in de and "bottleneck" not in de
    code, en, _ = run(*argv)
    assert "1e+11 tokens" in en and "target: 30 days" in en and "bottleneck" in en


def test_brownfield_and_catalog_in_german(tmp_path):
    nb = ROOT / "tests" / "fixtures" / "netbox" / "site"
    if not (nb / "racks.csv").exists():
        pytest.skip("no NetBox site fixture")
    code, out, _ = run("--lang", "de", "brownfield", "--racks", str(nb / "racks.csv"), "--devices",
                       str(nb / "devices.csv"), "-o", str(tmp_path / "site.json"))
    assert code in (0, 1) and "in Standort" in out and " geschrieben" in out
    code, out, _ = run("--lang", "de", "catalog", "validate")
    assert out.startswith("Katalog: ") and "Einträge in" in out and "Keine Fehler." in out


def test_templates_fabric_and_new_in_german(tmp_path):
    code, out, _ = run("--lang", "de", "templates")
    assert code == 0 and out.splitlines()[0].split() == ["NAME", "GPUS", "TITEL"]
    assert "Einstiegs-Trainings-Pod: 32x H100" in out
    code, out, _ = run("templates")
    assert "Entry training pod: 32x H100" in out
    # --json stays English whatever the language
    _c, j, _ = run("--lang", "de", "templates", "--json")
    assert json.loads(j)[0]["title"] == "Entry training pod: 32x H100"
    code, out, _ = run("--lang", "de", "fabric", "--nodes", "127", "--server", "nvidia-dgx-h100", "--switch",
                       "nvidia-quantum-2-qm9700")
    assert code == 0 and "Ebenen 2: 32 Leaves, 16 Spines" in out and "Überbuchung 1:1" in out
    assert re.search(r"max\. \d+,\d+ kW", out)
    dst = tmp_path / "pod.json"
    code, out, _ = run("--lang", "de", "new", "--template", "training-enterprise", "-o", str(dst))
    assert code == 0 and f"{dst} geschrieben (training-enterprise: 16 GPUs, 1 Rack" in out
    assert "kW IT maximal, Investitionskosten " in out and "0 Fehler-Befunde" in out


def test_export_tables_in_german_xlsx_headers_and_numbers(tmp_path):
    openpyxl = pytest.importorskip("openpyxl")
    de, en = tmp_path / "de.xlsx", tmp_path / "en.xlsx"
    code, out, _ = run("--lang", "de", "export", str(EXAMPLE), "-f", "xlsx", "-o", str(de))
    assert code == 0 and out.startswith(f"{de} geschrieben (Blätter: Stückliste, Kabel, Racks,")
    assert run("export", str(EXAMPLE), "-f", "xlsx", "-o", str(en))[0] == 0
    wb_de, wb_en = openpyxl.load_workbook(de), openpyxl.load_workbook(en)
    assert wb_de.sheetnames[:3] == ["Stückliste", "Kabel", "Racks"]
    assert wb_en.sheetnames[:3] == ["BOM", "Cables", "Racks"]
    head_de = [c.value for c in wb_de["Stückliste"][1]]
    head_en = [c.value for c in wb_en["BOM"][1]]
    assert head_de[:3] == ["Kategorie", "Hersteller", "Modell"] and "Menge" in head_de
    assert head_en[:3] == ["Category", "Manufacturer", "Model"] and "Quantity" in head_en
    assert len(head_de) == len(head_en)
    q = head_de.index("Menge") + 1
    # the cells stay numbers with a number format, whatever the language
    assert isinstance(wb_de["Stückliste"].cell(2, q).value, int)
    assert wb_de["Stückliste"].cell(2, q).value == wb_en["BOM"].cell(2, q).value
    racks_de = [c.value for c in wb_de["Racks"][1]]
    assert "Höhe HE" in racks_de and "Masse kg" in racks_de
    rows = list(wb_de["Stückliste"].iter_rows(values_only=True))
    assert any(r[0] == "Summe" for r in rows)


def test_export_csv_headers_follow_the_language_numbers_and_names_do_not(tmp_path):
    out_de, out_en = tmp_path / "de", tmp_path / "en"
    code, printed, _ = run("--lang", "de", "export", str(EXAMPLE), "-f", "csv", "-o", str(out_de))
    assert code == 0 and "10 Dateien nach" in printed and "Dezimalpunkt, ',' zwischen Feldern" in printed
    code, printed, _ = run("export", str(EXAMPLE), "-f", "csv", "-o", str(out_en))
    assert "wrote 10 files to" in printed
    assert sorted(p.name for p in out_de.iterdir()) == sorted(p.name for p in out_en.iterdir())
    de = (out_de / "bom.csv").read_text(encoding="utf-8-sig").splitlines()
    en = (out_en / "bom.csv").read_text(encoding="utf-8-sig").splitlines()
    assert de[0].startswith("Kategorie,Hersteller,Modell") and en[0].startswith("Category,Manufacturer,Model")
    # machine-readable figures: the same numbers in both languages (--locale chooses the marks)
    assert [r.split(",")[5:9] for r in de[1:]] == [r.split(",")[5:9] for r in en[1:]]


# ------------------------------------------------------------------ sizing notes and plurals

def test_workload_notes_are_english_text_translated_at_the_edge():
    from planner.catalog import load_catalog
    from planner.workloads.arch import ModelArch
    from planner.workloads.cluster import cluster_from_catalog
    from planner.workloads.inference import infer

    cat = load_catalog()
    cl = cluster_from_catalog(cat, "h100-sxm", 8, server=None)
    r = infer(ModelArch.from_llm(cat.get("llms", "llama-3-70b")), cl, batch=4000, tp=8)
    note = next(n for n in r.notes if "do not fit" in n)
    assert isinstance(note, Message) and note.startswith("4000 sequences per replica do not fit: the KV cache holds")
    de = message_text(note, "de")
    assert de.startswith("4000 Sequenzen je Replikat passen nicht: der KV-Cache fasst")
    assert message_text(note, "en") == note
    assert json.loads(json.dumps(r.to_dict()))["notes"] == [str(n) for n in r.notes]  # JSON: English


def test_plurals_go_through_ngettext():
    pair = Np_("wrote {n} file to {path}: {files}", "wrote {n} files to {path}: {files}")
    with use_language("de"):
        assert tf(pair, n=1, path="x", files="a") == "1 Datei nach x geschrieben: a"
        assert tf(pair, n=7, path="x", files="a") == "7 Dateien nach x geschrieben: a"
    with use_language("en"):
        assert tf(pair, n=1, path="x", files="a") == "wrote 1 file to x: a"
    m = tmsg(Np_("cancelled after {n} point", "cancelled after {n} points"), n=1)
    assert m == "cancelled after 1 point" and message_text(m, "de") == "abgebrochen nach 1 Punkt"
    assert message_text(tmsg(Np_("cancelled after {n} point", "cancelled after {n} points"), n=3), "de") \
        == "abgebrochen nach 3 Punkten"


def test_no_count_is_written_with_parenthesised_s():
    """"(s)" plurals ("3 problem(s)") read wrong in both languages: counts go through
    ngettext/Np_ (the English "(s)" has no German form)."""
    bad = []
    for path in sorted(PLANNER.rglob("*.py")):
        tree = source_tree(path)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.search(r"[a-z]\(s\)", node.value):
                if not isinstance(_parent_expr(tree, node), ast.Expr):  # docstrings may say "finding(s)"
                    bad.append(f"{path.relative_to(ROOT)}:{node.lineno}: {node.value[:70]!r}")
    assert bad == [], "\n".join(bad)


def _parent_expr(tree, target):
    for node in ast.walk(tree):
        for ch in ast.iter_child_nodes(node):
            if ch is target:
                return node
    return None


# ------------------------------------------------------------------ the marking check

WORDS = re.compile(r"[A-Za-z]{2,}[^<>]*\s+[A-Za-z]{2,}")
MARKERS = {"_", "N_", "ngettext", "Np_", "gettext", "tf", "tmsg", "render"}
# calls whose text arguments the user reads: printed lines, errors, notes, table columns,
# argparse's help and descriptions
SINK_CALLS = {"print", "UserError", "ArgumentTypeError", "SpecError", "PlanHardwareError", "Column", "Sheet"}
SINK_KEYWORDS = {"add_argument": {"help"}, "add_parser": {"help", "description"},
                 "add_subparsers": {"help", "description", "title"}}
SINK_LISTS = {"notes", "lines", "problems"}  # notes.append(...), lines.append(...)
CHECKED = ["commands", "reports/tables.py", "reports/xlsx.py", "reports/csvout.py", "workloads",
           "design/search.py", "design/templates.py", "design/generate.py", "netbox/site.py", "engine/workloads.py"]
NOT_CHECKED = {"workloads/validation.py", "workloads/fit.py"}  # developer tools  # writes docs/validation.md for developers


def unmarked_user_texts(path: Path) -> list[tuple[int, str]]:
    """String literals with words that reach the user through a sink call without a
    translation marker around them."""
    tree = source_tree(path)
    parents = {ch: node for node in ast.walk(tree) for ch in ast.iter_child_nodes(node)}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if isinstance(parents.get(node), ast.JoinedStr | ast.Expr):
                continue
            lit = node.value
        elif isinstance(node, ast.JoinedStr):
            lit = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        else:
            continue
        if not WORDS.search(lit):
            continue
        child, q = node, parents.get(node)
        while q is not None:
            if isinstance(q, ast.Call) and isinstance(q.func, ast.Name) and q.func.id in MARKERS:
                break
            if isinstance(q, ast.keyword) and q.arg == "key":  # Sheet(key=...): a file name, not a text
                break
            if isinstance(q, ast.Call) and child is not q.func:
                f = q.func
                if isinstance(f, ast.Name) and f.id in SINK_CALLS:
                    out.append((node.lineno, lit))
                    break
                if isinstance(f, ast.Attribute):
                    kw = child if isinstance(child, ast.keyword) and child in q.keywords else None
                    if kw is not None and kw.arg in SINK_KEYWORDS.get(f.attr, ()):
                        out.append((node.lineno, lit))
                        break
                    owner = f.value.attr if isinstance(f.value, ast.Attribute) else getattr(f.value, "id", None)
                    if f.attr in ("append", "extend") and owner in SINK_LISTS:
                        out.append((node.lineno, lit))
                        break
            child, q = q, parents.get(q)
    return out


def _checked_files() -> list[Path]:
    files = []
    for rel in CHECKED:
        p = PLANNER / rel
        files += sorted(p.rglob("*.py")) if p.is_dir() else [p]
    return [f for f in files if str(f.relative_to(PLANNER)) not in NOT_CHECKED]


def test_no_unmarked_user_text_in_commands_tables_and_workloads():
    bad = [f"{f.relative_to(ROOT)}:{n}: {t!r}" for f in _checked_files() for n, t in unmarked_user_texts(f)]
    assert bad == [], "\n".join(bad)


def test_the_user_text_check_can_fail(tmp_path):
    src = tmp_path / "cmd.py"
    src.write_text(
        "from planner.i18n import _, tf\n"
        "def run(args, p, notes):\n"
        "    p.add_argument('--x', help='the thing to do')\n"
        "    p.add_argument('--y', help=_('the other thing'))\n"
        "    notes.append(f'{args.n} racks are too heavy')\n"
        "    print(tf('{n} racks written', n=1))\n"
        "    raise UserError(f'{args.plan}: no such file')\n", encoding="utf-8")
    assert sorted(t for _n, t in unmarked_user_texts(src)) == [" racks are too heavy", ": no such file", "the thing to do"]


def test_every_marked_text_reaches_the_catalog():
    """Babel's extractor skips a marked call nested in another marked call's arguments and
    calls inside f-strings: such a text is marked but never translated."""
    keys = set(catalogs.extract())
    missing = []
    single = {"_", "tf", "tmsg", "N_", "gettext"}
    for path in sorted(PLANNER.rglob("*.py")):
        for node in ast.walk(source_tree(path)):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
                continue
            args = node.args
            if node.func.id in single and isinstance(args[0], ast.Constant) and isinstance(args[0].value, str):
                key: object = args[0].value
            elif node.func.id in ("Np_", "ngettext") and len(args) >= 2 \
                    and all(isinstance(a, ast.Constant) for a in args[:2]):
                key = (args[0].value, args[1].value)
            else:
                continue
            if key and key not in keys:
                missing.append(f"{path.relative_to(ROOT)}:{node.lineno}: {key!r}")
    assert missing == [], "\n".join(missing)


# ------------------------------------------------------------------ validation errors (pydantic's texts)

def _spec_with(tmp_path, name: str, edit) -> Path:
    data = json.loads((ROOT / "examples" / "plan-for" / "serve-70b.json").read_text(encoding="utf-8"))
    edit(data)
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_plan_for_spec_errors_are_one_german_line_naming_the_field(tmp_path):
    def users_zero(d):
        d["workloads"][0]["spec"]["users"] = 0

    def users_text(d):
        d["workloads"][0]["spec"]["users"] = "viele"

    def bad_precision(d):
        d["workloads"][0]["spec"]["precision"] = "fp7"

    def rack_kw(d):
        d["constraints"]["max_rack_kw"] = -1

    def missing_name(d):
        del d["workloads"][0]["spec"]["model"]

    cases = [
        (users_zero, "workloads[0].spec.users: Der Wert muss mindestens 1 sein",
         "workloads[0].spec.users: Input should be greater than or equal to 1"),
        (users_text, "workloads[0].spec.users: Der Wert muss eine ganze Zahl sein",
         "workloads[0].spec.users: Input should be a valid integer, unable to parse string as an integer"),
        (bad_precision, "workloads[0].spec.precision: Der Wert muss 'bf16', 'fp16', 'fp8', 'int8', 'int4' oder "
                        "'fp4' sein",
         "workloads[0].spec.precision: Input should be 'bf16', 'fp16', 'fp8', 'int8', 'int4' or 'fp4'"),
        (rack_kw, "constraints.max_rack_kw: Der Wert muss größer als 0 sein",
         "constraints.max_rack_kw: Input should be greater than 0"),
        (missing_name, "workloads[0].spec.model: Pflichtfeld fehlt", "workloads[0].spec.model: Field required"),
    ]
    for i, (edit, german, english) in enumerate(cases):
        spec = _spec_with(tmp_path, f"s{i}.json", edit)
        code, out, err = run("--lang", "de", "plan-for", str(spec))
        assert code == 2 and out == "" and err.count("\n") == 1, err
        assert err.startswith(f"rackwright: Fehler: {spec}: {german}"), err
        assert "Input should" not in err and "Field required" not in err
        code, _o, err = run("--lang", "en", "plan-for", str(spec))
        assert code == 2 and err.strip() == f"rackwright: error: {spec}: {english}", err


def test_bad_plan_file_is_one_german_line_naming_the_field(tmp_path):
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["feeds"][0]["breaker_a"] = -5
    data["feeds"][1]["phases"] = "drei"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, out, err = run("--lang", "de", "check", str(bad))
    assert code == 2 and out == ""
    assert err.strip() == f"rackwright: Fehler: {bad}: feeds[0].breaker_a: Der Wert muss größer als 0 sein " \
                          "(und 1 weiteres Problem)"
    code, _o, err = run("--lang", "en", "check", str(bad))
    assert code == 2 and err.strip() == f"rackwright: error: {bad}: feeds[0].breaker_a: Input should be greater " \
                                        "than 0 (and 1 more problem)"
    # what is not a plan at all
    other = tmp_path / "other.json"
    other.write_text('{"format": "x"}', encoding="utf-8")
    code, _o, err = run("--lang", "de", "check", str(other))
    assert code == 2 and err.strip() == f"rackwright: Fehler: {other}: format: kein Rackwright-Plan " \
                                        '("format": "rackwright-plan" fehlt)'
    code, _o, err = run("--lang", "en", "check", str(other))
    assert err.strip() == f'rackwright: error: {other}: format: not a Rackwright plan (missing "format": ' \
                          '"rackwright-plan")'
    # engine settings on the command line
    code, _o, err = run("--lang", "de", "check", str(EXAMPLE), "--set", "power_factor=abc")
    assert code == 2 and "--set power_factor: Der Wert muss eine Zahl sein" in err


def test_validation_messages_keep_pydantics_english_and_translate_by_type():
    from typing import Literal

    from pydantic import BaseModel, Field, ValidationError

    from planner.base.fileio import validation_message

    class M(BaseModel, extra="forbid"):
        a: int = Field(gt=0)
        b: float = Field(le=2.5)
        c: str = Field(min_length=3)
        d: Literal["air", "liquid"]
        e: list[int] = Field(min_length=2)
        f: bool

    with pytest.raises(ValidationError) as info:
        M.model_validate({"a": 0, "b": 3, "c": "x", "d": "gas", "e": [1], "f": "vielleicht", "z": 1})
    errors = info.value.errors()
    msgs = [validation_message(err) for err in errors]
    assert [str(m) for m in msgs] == [err["msg"] for err in errors]  # English exactly as pydantic writes it
    german = [message_text(m, "de") for m in msgs]
    assert german == [
        "Der Wert muss größer als 0 sein",
        "Der Wert darf höchstens 2,5 sein",
        "Der Text muss mindestens 3 Zeichen lang sein",
        "Der Wert muss 'air' oder 'liquid' sein",
        "Die Liste muss mindestens 2 Einträge haben, nicht 1",
        "Der Wert muss true oder false sein; die Angabe ist keins von beiden",
        "Zusätzliche Angaben sind nicht erlaubt",
    ]
    # an error type without a German text keeps pydantic's English
    unknown = {"type": "some_new_type", "msg": "Something pydantic says", "ctx": {}}
    assert message_text(validation_message(unknown), "de") == "Something pydantic says"


def test_plan_for_cooling_names_and_left_out_note_in_german(tmp_path):
    spec = _spec_with(tmp_path, "rdhx.json", lambda d: d.update(constraints={"cooling": ["rdhx"], "max_rack_kw": 40}))
    code, de, _e = run("--lang", "de", "plan-for", str(spec), "--top", "3")
    assert code == 0
    assert "brauchen Kühlung dlc oder immersion, die Randbedingungen erlauben rdhx" in de, de
    assert " or " not in de
    rows = [ln for ln in de.splitlines() if re.match(r"\s+\d+\s+ja\s", ln)]
    assert rows and all(" Rückkühltür " in ln and " rdhx " not in ln for ln in rows), rows
    code, en, _e = run("plan-for", str(spec), "--top", "3")
    assert "they need dlc or immersion cooling and the constraints allow rdhx" in en
    rows = [ln for ln in en.splitlines() if re.match(r"\s+\d+\s+yes\s", ln)]
    assert rows and all(" rdhx " in ln for ln in rows), rows


def test_fabric_calculator_refusals_in_german():
    """The fabric calculator's bad-input lines are German in German, English otherwise."""
    code, _out, err = run("--lang", "de", "fabric", "--nodes", "4", "--server", "bogus", "--switch", "bogus")
    assert code == 2 and "unbekannter Server 'bogus' (nicht im Katalog)" in err
    code, _out, err = run("fabric", "--nodes", "4", "--server", "bogus", "--switch", "bogus")
    assert code == 2 and "unknown server 'bogus' (not in the catalog)" in err
