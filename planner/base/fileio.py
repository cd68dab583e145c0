"""File helpers shared by every format: atomic writes and field paths in error messages.

Atomic writes: readers, and a crash or kill at any moment, see either the old file or the new one,
never a mix: the data goes to a temporary file in the same folder, is flushed and
fsynced, gets the old file's permission bits (or the umask's default for a new
file, not mkstemp's owner-only 0600), and is renamed over the target; then the
folder is fsynced so the rename itself survives a power cut.

Leftover temp files: a process killed mid-save (SIGKILL, power cut) leaves its hidden
``.<name>.<8 random chars>.tmp`` beside the target forever. After each successful save,
:func:`remove_stale_temp_files` deletes those of *that target only* (exact name pattern,
regular files) whose last write is older than :data:`STALE_TEMP_AGE_S`. Age is the only
test: a save in flight rewrites its temp file within seconds, and no lock tells us
whether another process is still writing (the plan lock file is advice for the app, and
scripts save without it), so a young temp file is always left alone.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import threading
import time
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from planner.i18n import N_, Message, Np_, tmsg

if TYPE_CHECKING:
    from pydantic_core import ErrorDetails


def printable(text: str, limit: int = 80) -> str:
    """``text`` as one line can show it: control characters (a key holding a line break) as
    escapes, and at most ``limit`` characters."""
    if not text.isprintable():
        text = "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def field_path(loc: Iterable[str | int]) -> str:
    """A validation error location as users read it: ``site.rooms[0].rows[2].x_m``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + printable(str(part))
    return out


# mkstemp's names: prefix + 8 characters of "abcdefghijklmnopqrstuvwxyz0123456789_" + suffix
_TEMP_RANDOM = r"[a-z0-9_]{8}"
STALE_TEMP_AGE_S = 600.0  # ten minutes: far longer than any save writes its temp file


# a file name holds at most 255 bytes on every file system a laptop has (ext4, APFS, NTFS)
MAX_NAME_BYTES = 255


def _temp_prefix(name: str) -> str:
    """The start of a temp file's name for a target called ``name``: ``.<name>.``, or for a name
    too long to take 14 more bytes (242 to 255 bytes could be opened but never saved: issue 29)
    the name cut to fit plus a hash of the whole name, so no other target's temp files match."""
    import hashlib

    room = MAX_NAME_BYTES - len(".") - len(".") - 8 - len(".tmp")
    raw = os.fsencode(name)
    if len(raw) <= room:
        return f".{name}."
    digest = hashlib.sha1(raw).hexdigest()[:8]
    cut = raw[: room - 9].decode("utf-8", errors="ignore") if os.name != "nt" else name[: (room - 9) // 2]
    while len(os.fsencode(cut)) > room - 9:
        cut = cut[:-1]
    return f".{cut}~{digest}."


def temp_name_pattern(target: str | os.PathLike[str]) -> re.Pattern[str]:
    """The names :func:`atomic_write_bytes` gives its temp files for ``target`` (and no other target's)."""
    return re.compile(rf"{re.escape(_temp_prefix(Path(target).name))}{_TEMP_RANDOM}\.tmp")


def remove_stale_temp_files(target: str | os.PathLike[str], *, max_age_s: float = STALE_TEMP_AGE_S,
                            now: float | None = None) -> list[Path]:
    """Delete the temp files a killed save of ``target`` left beside it, if older than ``max_age_s``.

    Only regular files whose whole name matches :func:`temp_name_pattern` are touched; a
    younger one may be another process's save in flight and is kept; any error (a file
    gone meanwhile, no permission, open on Windows) leaves that file alone. Returns what
    was removed."""
    path = Path(target)
    pattern = temp_name_pattern(path)
    now = time.time() if now is None else now
    removed: list[Path] = []
    try:
        names = os.listdir(path.parent)
    except OSError:
        return removed
    for name in names:
        if not pattern.fullmatch(name):
            continue
        leftover = path.parent / name
        try:
            st = leftover.lstat()
            if not stat.S_ISREG(st.st_mode) or now - st.st_mtime <= max_age_s:
                continue  # not a plain file, or young (maybe in flight), or dated in the future
            leftover.unlink()
        except OSError:
            continue
        removed.append(leftover)
    return removed


_umask_lock = threading.Lock()


def current_umask() -> int:
    """The process's umask, read without changing it where the OS tells (Linux's
    /proc/self/status); elsewhere set and restored under a lock. (``os.umask`` alone
    would leave it 0 for a moment, and a file another thread created in that moment,
    an export running off the GUI thread beside an autosave, would be world-writable.)"""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as f:
            for line in f:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    with _umask_lock:
        umask = os.umask(0o077)  # the safe value meanwhile: a stray file is owner-only, not world-writable
        os.umask(umask)
    return umask


def _new_file_mode(target: Path) -> int:
    """The permission bits a written document gets: the old file's, or for a new file
    what ``open()`` would give it (0666 less the umask: 0644 with the usual 022), never
    mkstemp's owner-only 0600."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o666 & ~current_umask()


def regular_file_problem(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot be read as a plan file without blocking (a FIFO waits forever for
    a writer, a device never ends), or None for a regular file (or a link to one) or a
    path that does not exist (the caller's open reports that)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    if stat.S_ISDIR(st.st_mode):
        return tmsg("is a folder, not a plan file")
    if stat.S_ISFIFO(st.st_mode):
        return tmsg("not a regular file (a named pipe (FIFO))")
    if stat.S_ISSOCK(st.st_mode):
        return tmsg("not a regular file (a socket)")
    if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode):
        return tmsg("not a regular file (a device)")
    if not stat.S_ISREG(st.st_mode):
        return tmsg("not a regular file (a special file)")
    return None


def write_target(path: str | os.PathLike[str]) -> Path:
    """Where a save of ``path`` goes: through symbolic links to the file they name, so a link
    (a plan shared from another folder) stays a link and its target gets the new content."""
    p = Path(path)
    return Path(os.path.realpath(p)) if p.is_symlink() else p


def _write_temp(target: Path, data: bytes) -> str:
    """``data`` in a new temp file beside ``target`` (flushed, fsynced, with the mode the
    document will have); its path. Nothing is left behind if this fails."""
    mode = _new_file_mode(target)
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(target.name), suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        try:
            os.chmod(tmp, mode)
        except OSError:
            pass
    except BaseException:
        _unlink_quietly(tmp)
        raise
    return tmp


def _unlink_quietly(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _fsync_folder(folder: Path) -> None:
    if os.name == "posix":
        try:
            dfd = os.open(folder, os.O_RDONLY)
            try:
                os.fsync(dfd)
            finally:
                os.close(dfd)
        except OSError:
            pass


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> None:
    """Write ``data`` to ``path`` atomically, with the permissions of an ordinary document
    (the old file's, or 0666 less the umask for a new one)."""
    target = write_target(path)
    tmp = _write_temp(target, data)
    try:
        os.replace(tmp, target)
    except BaseException:
        _unlink_quietly(tmp)
        raise
    remove_stale_temp_files(target)
    _fsync_folder(target.parent)


def atomic_write_files(files: Iterable[tuple[str | os.PathLike[str], bytes]]) -> list[Path]:
    """Write several documents as one: all of them or none (a CSV export's files).

    Every file's data first goes to its own temp file beside its target (as
    :func:`atomic_write_bytes`); only when all of them are written and fsynced are they
    renamed over their targets. A failure while writing (disk full, no permission, a
    cancel raised from elsewhere) removes the temp files and leaves every target as it
    was. The renames themselves need no space and do not fail on a working file
    system; should one fail anyway, the remaining temp files are removed and the error
    raised (the targets renamed before it have their new content). Returns the targets."""
    staged: list[tuple[str, Path]] = []
    try:
        for path, data in files:
            target = write_target(path)
            staged.append((_write_temp(target, data), target))
        for tmp, target in staged:
            os.replace(tmp, target)
    except BaseException:
        for tmp, _target in staged:
            _unlink_quietly(tmp)  # those already renamed are gone: nothing to remove
        raise
    for folder in dict.fromkeys(t.parent for _tmp, t in staged):
        _fsync_folder(folder)
    for _tmp, target in staged:
        remove_stale_temp_files(target)
    return [t for _tmp, t in staged]


# ------------------------------------------------------------------------------- validation errors

# pydantic's error messages by their ``type`` code, as whole sentences the catalog translates
# (its own texts are English only). The English is pydantic's own wording (the message itself
# is kept as the English text, so English output does not change); the ``ctx`` values fill
# the placeholders. Types not listed keep pydantic's English message.
_VALIDATION_TEXTS: dict[str, Any] = {
    "missing": N_("Field required"),
    "extra_forbidden": N_("Extra inputs are not permitted"),
    "greater_than": N_("Input should be greater than {gt}"),
    "greater_than_equal": N_("Input should be greater than or equal to {ge}"),
    "less_than": N_("Input should be less than {lt}"),
    "less_than_equal": N_("Input should be less than or equal to {le}"),
    "multiple_of": N_("Input should be a multiple of {multiple_of}"),
    "finite_number": N_("Input should be a finite number"),
    "int_type": N_("Input should be a valid integer"),
    "int_parsing": N_("Input should be a valid integer, unable to parse string as an integer"),
    "int_from_float": N_("Input should be a valid integer, got a number with a fractional part"),
    "float_type": N_("Input should be a valid number"),
    "float_parsing": N_("Input should be a valid number, unable to parse string as a number"),
    "bool_type": N_("Input should be a valid boolean"),
    "bool_parsing": N_("Input should be a valid boolean, unable to interpret input"),
    "string_type": N_("Input should be a valid string"),
    "string_too_short": Np_("String should have at least {n} character", "String should have at least {n} characters"),
    "string_too_long": Np_("String should have at most {n} character", "String should have at most {n} characters"),
    "string_pattern_mismatch": N_("String should match pattern '{pattern}'"),
    "too_short": Np_("{field_type} should have at least {n} item after validation, not {actual_length}",
                     "{field_type} should have at least {n} items after validation, not {actual_length}"),
    "too_long": Np_("{field_type} should have at most {n} item after validation, not {actual_length}",
                    "{field_type} should have at most {n} items after validation, not {actual_length}"),
    "literal_error": N_("Input should be {expected}"),
    "enum": N_("Input should be {expected}"),
    "dict_type": N_("Input should be a valid dictionary"),
    "model_type": N_("Input should be a valid dictionary or instance of {class_name}"),
    "list_type": N_("Input should be a valid list"),
    "tuple_type": N_("Input should be a valid tuple"),
    "none_required": N_("Input should be None"),
}
# pydantic's names of the collection in too_short/too_long, as the messages say them
_FIELD_TYPES = {"List": N_("List"), "Tuple": N_("Tuple"), "Set": N_("Set"), "Dictionary": N_("Dictionary")}
# one repr'd literal ('air', "x", 3, True) as pydantic lists them in ``expected``
_LITERAL = re.compile(r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|[-+\w.]+")


def _choices(expected: str) -> str:
    """pydantic's ``'a', 'b' or 'c'`` as a list the language joins (``'a', 'b' oder 'c'``);
    the English text as it is when it is not such a list."""
    items: list[str] = []
    pos = 0
    while pos < len(expected):
        m = _LITERAL.match(expected, pos)
        if m is None:
            return expected
        items.append(m.group())
        pos = m.end()
        for sep in (", ", " or "):
            if expected.startswith(sep, pos):
                pos += len(sep)
                break
    if len(items) < 2:
        return expected
    english = ", ".join(items[:-1]) + " or " + items[-1]
    if english != expected:
        return expected
    return ChoiceList(items, expected)


class ChoiceList(Message):
    """``'a', 'b' or 'c'``: pydantic's English text, joined with the language's "or" where a
    message holding it is translated (:func:`planner.i18n.message_text`)."""

    items: list[str]

    def __new__(cls, items: list[str], english: str) -> ChoiceList:
        self = str.__new__(cls, english)
        self.items = list(items)
        self.template, self.params = english, ()
        return self

    def translated(self, lang: str | None = None) -> str:
        from planner.i18n import active_language, format_list

        if (lang or active_language()) == "en":
            return str(self)
        return format_list(self.items, "or", lang)

    def __reduce__(self) -> tuple[Any, ...]:
        return (ChoiceList, (self.items, str(self)))


def validation_message(err: ErrorDetails) -> str:
    """One pydantic error (an item of ``ValidationError.errors()``) as the user reads it: a
    :class:`planner.i18n.Message` whose English is pydantic's own message and whose German
    comes from the catalog, with the error's limits (``gt``, ``min_length``, the allowed
    values) filled in; pydantic's English message for a type this does not know."""
    from planner.i18n import _message

    msg = str(err.get("msg", ""))
    typ = err.get("type", "")
    ctx = dict(err.get("ctx") or {})
    if typ == "value_error":  # our own validators' texts: a Message inside is translated as it is
        inner = ctx.get("error")
        arg = inner.args[0] if isinstance(inner, Exception) and len(inner.args) == 1 else None
        return arg if isinstance(arg, str) and type(arg) is not str else msg
    template = _VALIDATION_TEXTS.get(typ)
    if template is None:
        return msg
    params: dict[str, Any] = {k: v for k, v in ctx.items() if isinstance(v, int | float | str)}
    if isinstance(template, tuple):
        key = "min_length" if typ in ("string_too_short", "too_short") else "max_length"
        if not isinstance(ctx.get(key), int):
            return msg
        params["n"] = ctx[key]
        field_type = params.get("field_type")
        if field_type in _FIELD_TYPES:
            params["field_type"] = _message(field_type, _FIELD_TYPES[field_type], ())
    if typ in ("literal_error", "enum") and isinstance(ctx.get("expected"), str):
        params["expected"] = _choices(ctx["expected"])
    try:
        src = template if isinstance(template, str) else template[0 if params.get("n") == 1 else 1]
        src.format(**params)
    except (KeyError, IndexError, ValueError):
        return msg  # pydantic's context changed: its English rather than a broken sentence
    return _message(msg, template, tuple(params.items()))


def first_validation_problem(errors: list[Any], bare_value_errors: bool = False) -> str:
    """The first of pydantic's ``errors()`` as :func:`validation_message` says it, with how
    many more there are: ``Field required (and 2 more problems)``, translated where shown;
    ``bare_value_errors`` leaves out pydantic's "Value error, " before our validators' texts."""
    from planner.i18n import tmsg

    first = validation_message(errors[0]) if errors else ""
    if bare_value_errors and type(first) is str:
        first = first.removeprefix("Value error, ")
    more = len(errors) - 1
    if more <= 0:
        return first
    return tmsg(Np_("{message} (and {n} more problem)", "{message} (and {n} more problems)"), message=first, n=more)


# ------------------------------------------------------------------ system error texts

_ERRNO_TEXTS = {
    "ENOENT": N_("no such file or folder"), "EACCES": N_("permission denied"), "EPERM": N_("not permitted"),
    "EISDIR": N_("is a folder"), "ENOTDIR": N_("a part of the path is not a folder"),
    "ENOSPC": N_("no space left on the disk"), "EROFS": N_("the disk is read-only"),
    "EEXIST": N_("already exists"), "ENAMETOOLONG": N_("the file name is too long"),
    "EBUSY": N_("in use by another program"), "EDQUOT": N_("disk quota exceeded"),
    "EIO": N_("input/output error (the disk or the network drive failed)"),
    "ELOOP": N_("the path runs in a loop of symbolic links"),
}


def os_error_text(error: OSError | str) -> str:
    """Why an operation on a file failed, as the user reads it: a translatable Message for the
    common errors (no such file, permission denied, disk full, ...), else the system's own text
    (``strerror``), which Python gives in English."""
    import errno

    if isinstance(error, str):
        return error
    name = errno.errorcode.get(error.errno or -1, "")
    template = _ERRNO_TEXTS.get(name)
    if template is not None:
        return tmsg(template)
    return error.strerror or str(error)


# json's messages (json.decoder) that a hand-edited file runs into, as sentences of their own
_JSON_TEXTS = {
    "Expecting value": N_("a value is missing or misspelt"),
    "Expecting property name enclosed in double quotes": N_("expected a key in double quotes"),
    "Expecting ',' delimiter": N_("a comma is missing"),
    "Expecting ':' delimiter": N_("a colon is missing"),
    "Unterminated string starting at": N_("a text is not closed with a double quote"),
    "Extra data": N_("more text after the end of the JSON document"),
    "Invalid control character at": N_("a control character (e.g. a line break) inside a text"),
    "Invalid \\escape": N_("an invalid backslash escape in a text"),
    "Illegal trailing comma before end of object": N_("a comma before the closing brace"),
    "Illegal trailing comma before end of array": N_("a comma before the closing bracket"),
}


def json_error_text(error: ValueError) -> str:
    """What is wrong in a JSON text (``json.JSONDecodeError.msg``) as a translatable Message;
    json's English for a message this does not know."""
    msg = str(getattr(error, "msg", error))
    template = _JSON_TEXTS.get(msg)
    return tmsg(template) if template is not None else msg
