"""Translation sources for ``ui/``: extract the marked strings and write Qt ``.ts`` files.

Standard library only, so ``dev.py`` can run it before anything is installed. Why not
``pyside6-lupdate``: its Python parser missed whole files (every ``self.tr`` in a class
whose body it could not follow), gave ``tr = QCoreApplication.translate`` aliases an
empty context and does not know the module-level wrappers (``def _tr(text): return
QCoreApplication.translate("Power", text)``). This reads the code with :mod:`ast`:

- ``self.tr("text")`` / ``cls.tr("text")`` (or ``tr("text")`` after ``tr = self.tr``) inside
  ``class Name`` -> context ``Name``
  (PySide6's ``QObject.tr`` uses the Python class name);
- ``QCoreApplication.translate("Ctx", "text")``, ``QT_TRANSLATE_NOOP("Ctx", "text")`` (marks
  a table's text, translated where it is shown) and any local alias of it
  (``tr = QCoreApplication.translate``) -> context ``Ctx``;
- module-level one-argument wrappers ``def f(text): return QCoreApplication.translate("Ctx", text)``
  -> every ``f("text")`` in that module is context ``Ctx``.

The ``.ts`` keeps the translations already written (matched by context and source; a
source text already translated in another context gets that translation), drops obsolete entries and sorts contexts and messages, so the file is stable.
``lrelease`` (PySide6's) compiles it to ``.qm``. docs/i18n-app.md.
"""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from collections.abc import Iterable
from pathlib import Path

Key = tuple[str, str]  # (context, source)
Found = dict[Key, tuple[list[tuple[str, int]], bool]]  # -> (locations, plural)


def _const_str(node: ast.AST) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def _is_translate(func: ast.AST, aliases: set[str]) -> bool:
    if isinstance(func, ast.Attribute) and func.attr == "translate":
        return True
    return isinstance(func, ast.Name) and (func.id in aliases or func.id == "QT_TRANSLATE_NOOP")


def _wrappers(tree: ast.Module) -> dict[str, str]:
    """Module-level ``def f(text): return QCoreApplication.translate("Ctx", text)``."""
    out: dict[str, str] = {}
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or not node.args.args:
            continue
        for sub in ast.walk(node):
            if (isinstance(sub, ast.Call) and _is_translate(sub.func, set()) and len(sub.args) >= 2
                    and _const_str(sub.args[0]) is not None and isinstance(sub.args[1], ast.Name)
                    and sub.args[1].id == node.args.args[0].arg):
                out[node.name] = _const_str(sub.args[0]) or ""
    return out


class _Visitor(ast.NodeVisitor):
    def __init__(self, path: str, wrappers: dict[str, str]) -> None:
        self.path = path
        self.wrappers = wrappers
        self.classes: list[str] = []
        self.aliases: set[str] = set()
        self.tr_aliases: set[str] = set()  # tr = self.tr
        self.found: list[tuple[str, str, str, int, bool]] = []  # context, source, file, line, plural

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self.classes.append(node.name)
        self.generic_visit(node)
        self.classes.pop()

    def visit_Assign(self, node: ast.Assign) -> None:
        if isinstance(node.value, ast.Attribute) and node.value.attr in ("translate", "tr"):
            own = node.value.attr == "tr" and isinstance(node.value.value, ast.Name) and node.value.value.id == "self"
            for t in node.targets:
                if isinstance(t, ast.Name):
                    (self.tr_aliases if own else self.aliases).add(t.id)
        self.generic_visit(node)

    def visit_Call(self, node: ast.Call) -> None:
        f = node.func
        own_tr = isinstance(f, ast.Name) and f.id in self.tr_aliases
        if ((own_tr or (isinstance(f, ast.Attribute) and f.attr == "tr" and isinstance(f.value, ast.Name)
                        and f.value.id in ("self", "cls"))) and node.args and self.classes):
            src = _const_str(node.args[0])
            if src is not None:
                self.found.append((self.classes[-1], src, self.path, node.lineno, len(node.args) >= 3))
        elif _is_translate(f, self.aliases) and len(node.args) >= 2:
            ctx, src = _const_str(node.args[0]), _const_str(node.args[1])
            if ctx is not None and src is not None:
                self.found.append((ctx, src, self.path, node.lineno, len(node.args) >= 4))
        elif isinstance(f, ast.Name) and f.id in self.wrappers and node.args:
            src = _const_str(node.args[0])
            if src is not None:
                self.found.append((self.wrappers[f.id], src, self.path, node.lineno, False))
        self.generic_visit(node)


def extract(files: Iterable[Path], root: Path) -> Found:
    """Every marked string: (context, source) -> (its locations (path relative to root,
    line), whether it has plural forms: ``tr(text, "", n)``)."""
    out: Found = {}
    for path in sorted(files):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        v = _Visitor(path.relative_to(root).as_posix(), _wrappers(tree))
        v.visit(tree)
        for ctx, src, rel, line, plural in v.found:
            locs, was = out.get((ctx, src), ([], False))
            locs.append((rel, line))
            out[(ctx, src)] = (locs, was or plural)
    return out


def ui_sources(root: Path) -> list[Path]:
    return [p for p in (root / "ui").rglob("*.py") if "__pycache__" not in p.parts]


def read_ts(path: Path) -> dict[Key, tuple[str, bool]]:
    """(context, source) -> (translation, finished) of an existing .ts file; plural forms
    joined by U+001F."""
    if not path.exists():
        return {}
    out: dict[Key, tuple[str, bool]] = {}
    for ctx in ET.parse(path).getroot().findall("context"):
        name = ctx.findtext("name") or ""
        for m in ctx.findall("message"):
            t = m.find("translation")
            if t is None:
                continue
            forms = [f.text or "" for f in t.findall("numerusform")]
            text = "\x1f".join(forms) if forms else (t.text or "")
            finished = (t.get("type") not in ("unfinished", "obsolete", "vanished")
                        and all(forms or [text]))
            out[(name, m.findtext("source") or "")] = (text, finished)
    return out


def build_ts(found: Found, old: dict[Key, tuple[str, bool]],
             language: str, ts_dir: str = "resources/translations") -> str:
    """The .ts text for ``found`` with the translations of ``old`` kept (see module doc).
    English is the source language: its file holds only the texts with plural forms."""
    if language == "en":
        found = {k: v for k, v in found.items() if v[1]}
    by_source: dict[str, str] = {src: t for (_c, src), (t, ok) in old.items() if ok}
    root = ET.Element("TS", version="2.1", language=language)
    contexts: dict[str, list[Key]] = {}
    for key in found:
        contexts.setdefault(key[0], []).append(key)
    up = "../" * len(Path(ts_dir).parts)
    for ctx in sorted(contexts):
        c = ET.SubElement(root, "context")
        ET.SubElement(c, "name").text = ctx
        for key in sorted(contexts[ctx], key=lambda k: k[1]):
            locs, plural = found[key]
            m = ET.SubElement(c, "message", numerus="yes") if plural else ET.SubElement(c, "message")
            for rel, line in locs:
                ET.SubElement(m, "location", filename=up + rel, line=str(line))
            ET.SubElement(m, "source").text = key[1]
            text, ok = old.get(key, ("", False))
            if not ok and key[1] in by_source:
                text, ok = by_source[key[1]], True
            t = ET.SubElement(m, "translation")
            if plural:
                forms = (text.split("\x1f") + ["", ""])[:2]
                for form in forms:
                    ET.SubElement(t, "numerusform").text = form
            else:
                t.text = text
            if not ok:
                t.set("type", "unfinished")
    ET.indent(root, space="    ")
    body = ET.tostring(root, encoding="unicode")
    return '<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n"


def unfinished(path: Path) -> list[Key]:
    return [k for k, (_t, ok) in read_ts(path).items() if not ok]


def update(root: Path, language: str) -> Path:
    """Rewrite resources/translations/rackwright_<language>.ts from the code."""
    ts = root / "resources" / "translations" / f"rackwright_{language}.ts"
    ts.parent.mkdir(parents=True, exist_ok=True)
    text = build_ts(extract(ui_sources(root), root), read_ts(ts), language)
    ts.write_text(text, encoding="utf-8")
    return ts


def update_all(root: Path) -> list[Path]:
    return [update(root, lang) for lang in ("de", "en")]
