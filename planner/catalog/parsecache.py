"""A cache of parsed catalog files, so that a start does not parse the same YAML again.

Parsing the shipped catalog's YAML (with the alias/depth pre-check and the line map that
lets an error name its line) was most of what loading the catalog cost, and loading the
catalog was a third of ``rackwright check`` on a small plan. The result of
:func:`planner.catalog.yamlsafe.read_yaml_file` (the data and its line map) is kept in one
JSON file, keyed by the SHA-256 of the file's bytes: a changed file is parsed again, an
unchanged one (whatever its path or time stamp, in any worktree or bundle) is read back.

* Only what JSON gives back exactly is cached: mappings with string keys, lists, strings,
  numbers, booleans and null (the shipped catalog is nothing else). A file whose YAML gives
  anything else (a date, a set) or that is refused is simply parsed every time, so errors
  are reported as before.
* What is read back is validated by the same pydantic models as freshly parsed data; the
  cache is plain JSON (never pickled or eval'd), limited in size, and anything wrong with it
  (missing, unreadable, another version, malformed) makes it empty, never an error.
* Where: ``$RACKWRIGHT_CACHE`` (a folder; ``off`` turns the cache off), else
  ``platformdirs.user_cache_dir("Rackwright")``. Written atomically, only when something
  new was parsed; a cache that cannot be written is skipped silently.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

from planner.catalog.yamlsafe import LineMap

CACHE_ENV = "RACKWRIGHT_CACHE"
CACHE_FILE = "catalog-parse-v1.json"
FORMAT = "rackwright-catalog-parse"
VERSION = 1
MAX_CACHE_BYTES = 64 * 1024 * 1024
MAX_ENTRIES = 4000  # files kept (the shipped catalog has about 40, several versions of it fit)


def cache_dir() -> Path | None:
    """The folder of the cache, or None when it is turned off."""
    env = os.environ.get(CACHE_ENV)
    if env is not None and env.strip():
        return None if env.strip().lower() == "off" else Path(env)
    import platformdirs

    return Path(platformdirs.user_cache_dir("Rackwright", appauthor=False))


def _plain(x: Any, depth: int = 0) -> bool:
    """True when JSON gives ``x`` back exactly (str-keyed dicts, lists, str, int, float, bool, None)."""
    if depth > 100:
        return False
    t = type(x)
    if t is str or t is int or t is float or t is bool or x is None:
        return True
    if t is list:
        return all(_plain(v, depth + 1) for v in x)
    if t is dict:
        return all(type(k) is str and _plain(v, depth + 1) for k, v in x.items())
    return False


class ParseCache:
    """Parsed catalog files by content hash; :meth:`get`, :meth:`put`, then :meth:`save`."""

    def __init__(self, folder: Path | None) -> None:
        self.path = folder / CACHE_FILE if folder is not None else None
        self.entries: dict[str, Any] = {}
        self.used: set[str] = set()
        self.dirty = False
        if self.path is None:
            return
        try:
            if self.path.stat().st_size > MAX_CACHE_BYTES:
                return
            doc = json.loads(self.path.read_bytes())
        except (OSError, ValueError, RecursionError):
            return
        if isinstance(doc, dict) and doc.get("format") == FORMAT and doc.get("version") == VERSION \
                and isinstance(doc.get("files"), dict):
            self.entries = doc["files"]

    @staticmethod
    def key(raw: bytes) -> str:
        return hashlib.sha256(raw).hexdigest()

    def get(self, key: str) -> tuple[Any, LineMap] | None:
        """(data, line map) of the file with this hash, or None."""
        e = self.entries.get(key)
        if not isinstance(e, dict) or not isinstance(e.get("lines"), list):
            return None
        try:
            lines = {tuple(p): int(n) for p, n in e["lines"]}
        except (TypeError, ValueError):
            return None
        self.used.add(key)
        return e.get("data"), LineMap(lines)

    def put(self, key: str, data: Any, lines: LineMap) -> None:
        """Keep a freshly parsed file (when JSON gives its data back exactly)."""
        if self.path is None or not _plain(data):
            return
        self.entries[key] = {"data": data, "lines": [[list(p), n] for p, n in lines.lines.items()]}
        self.used.add(key)
        self.dirty = True

    def save(self) -> None:
        """Write the cache if a file was parsed anew (the files of this load first when it is full)."""
        if self.path is None or not self.dirty:
            return
        files = self.entries
        if len(files) > MAX_ENTRIES:
            keep = [k for k in files if k in self.used] + [k for k in files if k not in self.used]
            files = {k: files[k] for k in keep[:MAX_ENTRIES]}
        from planner.base.fileio import atomic_write_bytes

        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            atomic_write_bytes(self.path, json.dumps({"format": FORMAT, "version": VERSION, "files": files},
                                                     ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
        except (OSError, ValueError):
            return
        self.dirty = False
