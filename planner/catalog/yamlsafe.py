"""Hardened YAML reading for catalog files.

Only ``yaml.SafeLoader`` is used (no Python object tags). On top of it:

* files larger than ``MAX_FILE_BYTES`` are refused before they are read;
* the text must be UTF-8 without NUL bytes (binary garbage is refused);
* documents with more than ``MAX_ALIASES`` aliases (``*name``) are refused, which
  defuses "billion laughs" alias bombs before anything is expanded;
* nesting deeper than ``MAX_DEPTH`` is refused (no RecursionError);
* every mapping key and sequence item gets its line number recorded, so that a
  validation error at ``("planning", "power", "max_w")`` can name line 14.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from planner.catalog.parsecache import ParseCache

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_ALIASES = 16
MAX_DEPTH = 64
MAX_NODES = 200_000

Path_ = tuple[str | int, ...]


class YamlRefused(Exception):
    """The file is not acceptable YAML; ``line`` is 1-based or None."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


_LOADERS: tuple[Any, Any] | None = None


def _loaders() -> tuple[Any, Any]:
    """(pure-Python line-counting loader, libyaml loader or None), built on first use: PyYAML is
    imported only when a file has to be parsed (a start that reads the catalog from
    :mod:`planner.catalog.parsecache` never imports it)."""
    global _LOADERS
    if _LOADERS is not None:
        return _LOADERS
    import yaml
    from yaml.events import AliasEvent
    from yaml.nodes import Node

    class _LineLoader(yaml.SafeLoader):
        """SafeLoader that counts aliases, depth and nodes while composing."""

        def __init__(self, stream: str) -> None:
            super().__init__(stream)
            self._aliases = 0
            self._depth = 0
            self._nodes = 0

        def compose_node(self, parent: Node | None, index: Any) -> Node:
            if self.check_event(AliasEvent):
                self._aliases += 1
                if self._aliases > MAX_ALIASES:
                    mark = self.peek_event().start_mark
                    raise YamlRefused(
                        f"too many YAML aliases (more than {MAX_ALIASES}); catalog files must not use alias tricks",
                        mark.line + 1,
                    )
            self._nodes += 1
            if self._nodes > MAX_NODES:
                raise YamlRefused(f"document too large (more than {MAX_NODES} YAML nodes)")
            self._depth += 1
            try:
                if self._depth > MAX_DEPTH:
                    mark = self.peek_event().start_mark
                    raise YamlRefused(f"nesting deeper than {MAX_DEPTH} levels", mark.line + 1)
                return super().compose_node(parent, index)
            finally:
                self._depth -= 1


    class _FastSafeLoader(getattr(yaml, "CSafeLoader", object)):  # type: ignore[misc]
        """libyaml-backed SafeLoader (same tags as SafeLoader); used after the event precheck."""


    _CLoader: Any = _FastSafeLoader if getattr(yaml, "__with_libyaml__", False) else None

    _LOADERS = (_LineLoader, _CLoader)
    return _LOADERS


@dataclass
class LineMap:
    """Line numbers (1-based) of keys and items, addressed by path tuples."""

    lines: dict[Path_, int] = field(default_factory=dict)

    def line_for(self, path: Path_) -> int | None:
        """Line of ``path`` or of its nearest recorded ancestor."""
        p = tuple(str(x) if not isinstance(x, int) else x for x in path)
        while True:
            if p in self.lines:
                return self.lines[p]
            if not p:
                return None
            p = p[:-1]


def _walk(node: Any, path: Path_, out: dict[Path_, int], seen: set[int]) -> None:
    from yaml.nodes import MappingNode, ScalarNode, SequenceNode

    def walk(node: Any, path: Path_) -> None:
        if id(node) in seen:  # an alias: already mapped where it was defined
            return
        seen.add(id(node))
        if isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                key = key_node.value if isinstance(key_node, ScalarNode) else repr(key_node)
                sub = (*path, str(key))
                out.setdefault(sub, key_node.start_mark.line + 1)
                walk(value_node, sub)
        elif isinstance(node, SequenceNode):
            for i, item in enumerate(node.value):
                sub = (*path, i)
                out.setdefault(sub, item.start_mark.line + 1)
                walk(item, sub)

    walk(node, path)


def _precheck_events(text: str) -> None:
    """Fast guard with libyaml's event stream: alias count, depth and size limits.

    Runs before composing so the (faster) C composer never sees an alias bomb.
    """
    import yaml
    from yaml.events import AliasEvent

    _CLoader = _loaders()[1]
    aliases = depth = nodes = 0
    for ev in yaml.parse(text, Loader=_CLoader):
        if isinstance(ev, AliasEvent):
            aliases += 1
            if aliases > MAX_ALIASES:
                raise YamlRefused(
                    f"too many YAML aliases (more than {MAX_ALIASES}); catalog files must not use alias tricks",
                    ev.start_mark.line + 1,
                )
        elif isinstance(ev, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                raise YamlRefused(f"nesting deeper than {MAX_DEPTH} levels", ev.start_mark.line + 1)
        elif isinstance(ev, yaml.CollectionEndEvent):
            depth -= 1
        if isinstance(ev, yaml.NodeEvent):
            nodes += 1
            if nodes > MAX_NODES:
                raise YamlRefused(f"document too large (more than {MAX_NODES} YAML nodes)")


def parse_yaml_text(text: str) -> tuple[Any, LineMap]:
    """Parse one YAML document safely; return (data, line map)."""
    if "\x00" in text:
        raise YamlRefused("file contains NUL bytes (binary data, not YAML text)")
    import yaml

    _LineLoader, _CLoader = _loaders()
    if _CLoader is not None:
        try:
            _precheck_events(text)
            loader: Any = _CLoader(text)
        except yaml.YAMLError:
            loader = _LineLoader(text)  # let the pure-Python loader report the syntax error
    else:
        loader = _LineLoader(text)
    try:
        try:
            node = loader.get_single_node()
        except YamlRefused:
            raise
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else None
            msg = " ".join(x for x in (exc.context, exc.problem) if x) or str(exc)
            raise YamlRefused(f"YAML syntax error: {msg}", line) from None
        except yaml.YAMLError as exc:
            raise YamlRefused(f"YAML error: {exc}") from None
        except RecursionError:
            raise YamlRefused(f"nesting deeper than {MAX_DEPTH} levels") from None
        if node is None:
            return None, LineMap({(): 1})
        lines: dict[Path_, int] = {(): node.start_mark.line + 1}
        _walk(node, (), lines, set())
        try:
            data = loader.construct_document(node)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark is not None else None
            raise YamlRefused(f"YAML error: {exc.problem or exc}", line) from None
        except (yaml.YAMLError, RecursionError, TypeError, ValueError) as exc:
            raise YamlRefused(f"YAML error: {exc}") from None
        return data, LineMap(lines)
    finally:
        loader.dispose()


def read_yaml_file(path: Path, cache: ParseCache | None = None) -> tuple[Any, LineMap]:
    """Read and parse ``path`` with the size, encoding and alias limits applied; with a
    ``cache`` (:mod:`planner.catalog.parsecache`), a file parsed before is read back from it."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise YamlRefused(f"cannot read file: {exc.strerror or exc}") from None
    if size > MAX_FILE_BYTES:
        raise YamlRefused(
            f"file is {size / 1e6:.1f} MB; catalog files are limited to {MAX_FILE_BYTES // (1024 * 1024)} MB"
        )
    try:
        raw = path.read_bytes()[: MAX_FILE_BYTES + 1]
    except OSError as exc:
        raise YamlRefused(f"cannot read file: {exc.strerror or exc}") from None
    if len(raw) > MAX_FILE_BYTES:
        raise YamlRefused("file grew past the size limit while being read")
    key = cache.key(raw) if cache is not None else ""
    if cache is not None:
        hit = cache.get(key)
        if hit is not None:
            return hit
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise YamlRefused(f"file is not UTF-8 text (bad byte at offset {exc.start})") from None
    data, lines = parse_yaml_text(text)
    if cache is not None:
        cache.put(key, data, lines)
    return data, lines
