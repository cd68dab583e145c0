"""Names for new, copied and renamed items: the plan's naming patterns (``metadata.naming``).

A pattern is a Python format string over four placeholders: ``{n}`` a running number
(with a format spec: ``{n:02}`` gives 01, 02, ...), ``{row}``, ``{rack}`` and ``{room}``
the names of the row, rack and room the item goes into. ``R{row}{n:02}`` names the racks
of row "A" RA01, RA02, ...; ``{rack}-gpu{n}`` names servers after their rack.

One :class:`Namer` hands out the names of one gesture (a drop, a paste, Duplicate Rack
x N, an auto-wire run): every name it returns is free in the plan and among the names it
returned before, so the items of one undo step never share a name. With a pattern, the
running number continues after the highest one the plan already uses for the same
pattern and place (gaps are not refilled: a deleted gpu03 is not reissued to the next
drop). Without a pattern a device gets a readable default: its short model name and a
number (``XE9680-01``; a PDU ``PDU R01-1`` after its rack), never its internal id. A copy
without a pattern keeps its source's name with the next free number (gpu04 -> gpu09),
or, when the source's name contains the source rack's name (``PDU NVL72-1 A1``), the
same name with the copy's rack name in its place (``PDU NVL72-3 A1``).

Pure Python (no Qt); used by :mod:`planner.gestures.builders` and open to other code (auto-wire).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from planner.catalog import Catalog
    from planner.model.plan import Placement, Plan

from planner.i18n import N_, gettext

PLACEHOLDERS = ("n", "row", "rack", "room")
# NAMING_KINDS of planner.model.plan, repeated here so this module does not import the model
DEVICE_KINDS = ("server", "switch", "storage", "pdu", "power", "cooling", "other")
_FORMATTER = string.Formatter()
_NAME = attrgetter("name")


class PatternError(ValueError):
    """A naming pattern that cannot be used; ``str(e)`` says why, for the user."""


# a name is at most this long (planner.model.plan.Name)
MAX_NAME_LENGTH = 200


def pattern_error(pattern: str, need_n: bool = True) -> str | None:
    """Why ``pattern`` cannot be used as a naming pattern, or None when it can.

    ``need_n``: the pattern must contain ``{n}`` (a pattern that names many items needs
    the running number to keep them apart)."""
    if not pattern or not pattern.strip():
        return "the pattern is empty"
    try:
        parts = list(_FORMATTER.parse(pattern))
    except ValueError as e:
        return f"{e} (write {{{{ and }}}} for a literal brace)"
    has_n = False
    for _literal, field, spec, conversion in parts:
        if field is None:
            continue
        if field == "":
            return "an empty placeholder {}: use {n} for the running number"
        if field not in PLACEHOLDERS:
            return f"unknown placeholder {{{field}}} (use {{n}}, {{row}}, {{rack}} or {{room}})"
        if conversion:
            return f"{{{field}!{conversion}}}: conversions are not allowed"
        if spec and ("{" in spec or "}" in spec):
            return f"{{{field}:{spec}}}: nested placeholders are not allowed"
        widths = [int(d) for d in re.findall(r"\d+", spec or "")]
        if any(w > MAX_NAME_LENGTH for w in widths):  # {n:4000000000} would build a 4 GB string first
            return f"{{{field}:{spec}}}: a width over {MAX_NAME_LENGTH} (names are at most {MAX_NAME_LENGTH} characters)"
        try:
            format(1 if field == "n" else "A", spec or "")
        except ValueError as e:
            return f"{{{field}:{spec}}}: {e}"
        has_n |= field == "n"
    if need_n and not has_n:
        return "the pattern needs {n} (the running number) so the names differ"
    return None


def check_pattern(pattern: str, need_n: bool = True) -> None:
    """Raises :class:`PatternError` when ``pattern`` cannot be used."""
    reason = pattern_error(pattern, need_n)
    if reason is not None:
        raise PatternError(reason)


@dataclass(frozen=True)
class Place:
    """Where a named item goes: the names of its room, row and rack ('' when none)."""

    room: str = ""
    row: str = ""
    rack: str = ""


def render(pattern: str, n: int, place: Place = Place()) -> str:
    """``pattern`` filled in (no checks beyond Python's own; see :func:`check_pattern`)."""
    return pattern.format(n=n, row=place.row, rack=place.rack, room=place.room)


def _number_regex(pattern: str, place: Place) -> re.Pattern[str] | None:
    """A regex matching the names ``pattern`` gives at ``place`` with group 1 the number,
    or None when the pattern has no {n}."""
    out = []
    has_n = False
    values = {"row": place.row, "rack": place.rack, "room": place.room}
    for literal, field, spec, _conv in _FORMATTER.parse(pattern):
        out.append(re.escape(literal))
        if field is None:
            continue
        if field == "n":
            out.append(r"(-?\d+)" if not has_n else r"-?\d+")
            has_n = True
        else:
            out.append(re.escape(format(values[field], spec or "")))
    if not has_n:
        return None
    return re.compile("".join(out))


_MODEL_NUMBER = re.compile(r"^[A-Za-z][\w.+-]*$")


def unique_name(taken: Iterable[str], name: str) -> str:
    """``name``, or ``name 2``, ``name 3``, ... when taken: a new item's name that no item of
    its kind has (feeds, power sources, workloads, server groups)."""
    used = taken if isinstance(taken, set | frozenset) else set(taken)
    if name not in used:
        return name
    n = 2
    while f"{name} {n}" in used:
        n += 1
    return f"{name} {n}"


def short_model(model: str) -> str:
    """A short, readable model name for default device names: the model number of a
    catalog model ('PowerEdge XE9680 (8x H100 SXM5 80GB)' -> 'XE9680', 'DGX B200' ->
    'DGX-B200', 'Quantum-2 QM9700' -> 'QM9700'): the token that starts with a letter and
    has the most digits (at least two), with an acronym before it joined on; else the
    first all-capitals word ('In-rack CDU 250 kW' -> 'CDU'), else the first word."""
    base = model.split(" (")[0].split(",")[0].strip()
    tokens = base.split()
    if not tokens:
        return "device"
    best, best_i, best_d = None, -1, 1
    for i, t in enumerate(tokens):
        d = sum(c.isdigit() for c in t)
        if d > best_d and _MODEL_NUMBER.match(t):
            best, best_i, best_d = t, i, d
    if best is not None:
        prev = tokens[best_i - 1] if best_i > 0 else ""
        if prev.isalpha() and prev.isupper() and 2 <= len(prev) <= 4:
            return f"{prev}-{best}"
        return best
    for t in tokens:
        if t.isalpha() and t.isupper() and len(t) >= 2:
            return t
    return tokens[0]


def display_name(p: Placement, catalog: Catalog | None = None) -> str:
    """What to call a placement where it has no name (plans made elsewhere): its short
    model ('XE9680'), else its device slug; never its internal id."""
    if p.name:
        return p.name
    dev = catalog.get("device-types", p.device) if catalog is not None else None
    return short_model(dev.model) if dev is not None else p.device


def device_kind(catalog: Catalog | None, slug: str) -> str:
    """The naming kind of a catalog device type: its catalog kind (server, switch,
    storage, pdu), 'power' for a power shelf, 'cooling' for a CDU, else 'other'."""
    dev = catalog.get("device-types", slug) if catalog is not None else None
    if dev is None:
        return "other"
    planning = getattr(dev, "planning", None)
    if planning is not None and getattr(planning, "busbar", None) is not None:
        return "power"
    kind = dev.kind
    if kind in ("cdu", "cooling"):
        return "cooling"
    return kind if kind in DEVICE_KINDS else "other"


def default_device_pattern(catalog: Catalog | None, slug: str) -> str:
    """The pattern a device gets when the plan has none for its kind."""
    kind = device_kind(catalog, slug)
    if kind == "pdu":
        return "PDU {rack}-{n}"
    dev = catalog.get("device-types", slug) if catalog is not None else None
    short = short_model(dev.model) if dev is not None else slug
    return short.replace("{", "").replace("}", "") + "-{n:02}"


_TRAILING_NUMBER = re.compile(r"^(.*?)(\d+)$")


def letters(i: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA (spreadsheet columns, for row names)."""
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(65 + r) + s
    return s


class Namer:
    """Hands out unique names for the items of one gesture (see the module doc).

    Names are unique per class: rooms among rooms, rows among rows, racks among racks,
    devices among all devices of the plan. The plan is read once, when a class is first
    asked for; the namer does not notice later edits, so make one per gesture."""

    def __init__(self, plan: Plan, catalog: Catalog | None = None) -> None:
        self.plan = plan
        self.catalog = catalog
        self.patterns: dict[str, str] = dict(plan.metadata.naming)
        self._taken: dict[str, set[str]] = {}
        self._highest: dict[tuple[str, str], tuple[re.Pattern[str], int]] = {}
        self._stems: dict[tuple[str, str, int], int] = {}

    # -- bookkeeping ---------------------------------------------------------------------
    def taken(self, cls: str) -> set[str]:
        """The names in use for ``cls`` ('room', 'row', 'rack', 'device' or 'feed')."""
        names = self._taken.get(cls)
        if names is None:
            idx = self.plan.index
            src: Iterable[Any] = {"room": idx.rooms.values(), "row": idx.rows.values(), "rack": idx.racks.values(),
                                  "device": idx.placements.values(), "feed": self.plan.feeds}[cls]
            names = self._taken[cls] = set(map(_NAME, src))  # ~3x faster than a set comprehension
            names.discard("")
        return names

    def claim(self, cls: str, name: str) -> str:
        """Marks ``name`` as used (also for names chosen elsewhere) and returns it."""
        self.taken(cls).add(name)
        for (c, _key), (rx, high) in list(self._highest.items()):
            if c == cls:
                m = rx.fullmatch(name)
                if m and int(m.group(1)) > high:
                    self._highest[(c, _key)] = (rx, int(m.group(1)))
        return name

    def release(self, cls: str, name: str) -> None:
        """``name`` is free again (its item is being renamed)."""
        self.taken(cls).discard(name)

    # -- places ----------------------------------------------------------------------------
    def place_of_rack(self, rack_id: str) -> Place:
        idx = self.plan.index
        rack = idx.racks[rack_id]
        row = idx.rows[idx.rack_row[rack_id]]
        room = idx.rooms[idx.row_room[row.id]]
        return Place(room=room.name, row=row.name, rack=rack.name)

    def place_in_row(self, row_id: str, rack_name: str = "") -> Place:
        idx = self.plan.index
        row = idx.rows[row_id]
        room = idx.rooms[idx.row_room[row_id]]
        return Place(room=room.name, row=row.name, rack=rack_name)

    def place_in_room(self, room_id: str) -> Place:
        return Place(room=self.plan.index.rooms[room_id].name)

    # -- names -------------------------------------------------------------------------------
    def from_pattern(self, cls: str, pattern: str, place: Place = Place()) -> str:
        """The next name ``pattern`` gives at ``place``: after the highest number in use
        for it, skipping names taken otherwise. Raises PatternError for a bad pattern."""
        check_pattern(pattern, need_n=False)
        taken = self.taken(cls)
        rx = _number_regex(pattern, place)
        if rx is None:  # no running number: the name itself, made unique with a suffix
            return self.claim(cls, self._unique(cls, render(pattern, 1, place)))
        key = (cls, rx.pattern)
        hit = self._highest.get(key)
        if hit is None:
            high = 0
            for name in taken:
                m = rx.fullmatch(name)
                if m:
                    high = max(high, int(m.group(1)))
            hit = self._highest[key] = (rx, high)
        n = hit[1] + 1
        name = render(pattern, n, place)
        while name in taken:
            n += 1
            name = render(pattern, n, place)
        return self.claim(cls, name)

    def _unique(self, cls: str, name: str) -> str:
        taken = self.taken(cls)
        if name not in taken:
            return name
        return self.next_numbered(cls, name if _TRAILING_NUMBER.match(name) else f"{name} 1")

    def next_numbered(self, cls: str, name: str) -> str:
        """'gpu04' -> the name after the highest in use with the same stem ('gpu09' when
        gpu08 is the highest; gaps are not refilled, as with patterns), same number width;
        'Rack' -> 'Rack 2'. Not claimed."""
        taken = self.taken(cls)
        m = _TRAILING_NUMBER.match(name)
        stem, width, n = (m.group(1), len(m.group(2)), int(m.group(2))) if m else (f"{name} ", 1, 1)
        key = (cls, stem, width)
        if key not in self._stems:
            rx = re.compile(re.escape(stem) + r"(\d+)")
            self._stems[key] = max((int(m2.group(1)) for t in taken if (m2 := rx.fullmatch(t))), default=0)
        n = max(n, self._stems[key])
        while True:
            n += 1
            cand = f"{stem}{n:0{width}d}"
            if cand not in taken:
                self._stems[key] = n
                return cand

    def pattern_for(self, kind: str) -> str | None:
        return self.patterns.get(kind)

    def room(self) -> str:
        pattern = self.pattern_for("room")
        if pattern:
            return self.from_pattern("room", pattern)
        # a new room or row is named in the active language ("Raum 1", "Reihe A" in German)
        return self.claim("room", self.next_numbered("room", gettext(N_("Room {n}")).format(n=0)))

    def row(self, room_id: str, after: str | None = None) -> str:
        """A new row's name in ``room_id``: the row pattern, else the next after ``after``,
        else the first free 'Row A', 'Row B', ... 'Row AA'."""
        pattern = self.pattern_for("row")
        if pattern:
            return self.from_pattern("row", pattern, self.place_in_room(room_id))
        if after:
            return self.claim("row", self.next_numbered("row", after))
        i = 0
        while True:
            name = gettext(N_("Row {letters}")).format(letters=letters(i))
            if name not in self.taken("row"):
                return self.claim("row", name)
            i += 1

    def rack(self, row_id: str | None, after: str | None = None, place: Place | None = None) -> str:
        """A new rack's name in ``row_id`` (or at ``place``, for a row not in the plan yet):
        the rack pattern, else the next after ``after`` (the row's last rack, or the copied
        rack), else R01."""
        pattern = self.pattern_for("rack")
        if pattern:
            return self.from_pattern("rack", pattern, place or self.place_in_row(row_id or ""))
        return self.claim("rack", self.next_numbered("rack", after or "R00"))

    def rack_copy(self, row_id: str, old_name: str) -> str:
        """A pasted rack's name: the rack pattern, else its own name while that is free (a
        cut rack pasted back), else the next after it."""
        if not self.pattern_for("rack") and old_name and old_name not in self.taken("rack"):
            return self.claim("rack", old_name)
        return self.rack(row_id, after=old_name)

    def device(self, slug: str, place: Place) -> str:
        """A new device's name: the pattern of its kind, else the default (short model and
        number; PDUs after their rack)."""
        pattern = self.pattern_for(device_kind(self.catalog, slug)) or default_device_pattern(self.catalog, slug)
        return self.from_pattern("device", pattern, place)

    def device_copy(self, slug: str, old_name: str, place: Place, old_rack: str = "") -> str:
        """A copied device's name at ``place``: its kind's pattern if the plan has one; else
        the source name with the copy's rack name for the source's (``old_rack``) when it
        contains it; else the source name with the next free number; else a new name."""
        if self.pattern_for(device_kind(self.catalog, slug)):
            return self.device(slug, place)
        if not old_name:
            return self.device(slug, place)
        if old_rack and place.rack and old_rack != place.rack and old_rack in old_name:
            cand = old_name.replace(old_rack, place.rack)
            if cand not in self.taken("device"):
                return self.claim("device", cand)
        if old_name not in self.taken("device"):
            return self.claim("device", old_name)
        return self.claim("device", self.next_numbered("device", old_name))


def rename_names(pattern: str, places: list[Place], start: int = 1) -> list[str]:
    """The names Rename Selection gives to items at ``places`` (in selection order):
    ``{n}`` runs from ``start``. Raises PatternError for a bad pattern, or one without
    {n} for several items."""
    check_pattern(pattern, need_n=len(places) > 1)
    return [render(pattern, start + i, place) for i, place in enumerate(places)]
