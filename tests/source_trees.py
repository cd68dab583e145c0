"""The parsed source of a Python file, once per test process.

About ten tests read the code itself (vocabulary, number parsers, lazy packages, typed seams,
marked texts, ...), each walking every module of planner/ and ui/: parsing them is about 1 s
of CPU a time. The tree is cached by the file's path, size and modification time, so a test
that writes a file gets the tree of what it wrote. Nobody may change a tree it is given.
"""

from __future__ import annotations

import ast
import os
from functools import cache
from pathlib import Path


def source_tree(path: Path) -> ast.Module:
    st = os.stat(path)
    return _parse(str(path), st.st_size, st.st_mtime_ns)


@cache
def _parse(path: str, _size: int, _mtime_ns: int) -> ast.Module:
    return ast.parse(Path(path).read_text(encoding="utf-8"), path)
