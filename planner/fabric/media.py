"""Cable media by length and speed, from the catalog's cables table.

Rule (docs/fabrics.md, "Media"): among the catalog entries that carry the link
speed (an exact speed match first; a faster twin-port part only if nothing at the
exact speed reaches) and whose reach window ``[min_reach_m, max_reach_m]`` holds
the length, take the first in the order passive copper (DAC), active copper
(ACC/AEC), active optical (AOC), multimode fibre + transceivers, single-mode fibre
+ transceivers; the lowest power and cost first. Twisted pair (Cat6/Cat6A) serves
links up to 10 Gb/s. Fibre needs a transceiver of that speed at each end whose
reach covers the length and whose fibre type matches (multimode ``OM*``, single
mode ``SMF``/``OS*``).

The ordered length is the smallest of the cable's orderable ``lengths_m`` that is
at least the route length, else the route length rounded up to 0.5 m (fibre is
cut to length; copper comes in fixed lengths).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from planner.catalog import Cable, Catalog

ORDER = ("dac", "acc", "aec", "aoc", "cat6", "cat6a", "mmf", "smf")
FIBRE = ("mmf", "smf")
TWISTED_PAIR = ("cat6", "cat6a")


@dataclass(frozen=True)
class Media:
    cable: str  # catalog cable slug
    kind: str
    transceiver: str | None  # catalog transceiver slug, one per end, for fibre
    length_m: float  # ordered length
    power_w_per_end: float  # transceiver or active-cable power at each end
    mass_kg: float
    max_reach_m: float

    @property
    def transceivers(self) -> int:
        return 2 if self.transceiver else 0


def _fibre_family(text: str | None) -> str | None:
    t = (text or "").upper()
    if "OM" in t or "MMF" in t or "MULTIMODE" in t:
        return "mmf"
    if "SMF" in t or "OS1" in t or "OS2" in t or "SINGLE" in t:
        return "smf"
    return None


class MediaChooser:
    """Caches the catalog's cable table sorted by preference; ``choose`` is cheap."""

    def __init__(self, catalog: Catalog | None) -> None:
        cables = dict(catalog.cables) if catalog is not None else {}
        self.cables = [c for c in cables.values() if c.kind != "transceiver" and not is_nvlink_media(c)]
        # the NVLink spine (copper cartridges) carries NVLink only: offered by nvlink_media()
        self.nvlink = sorted((c for c in cables.values() if is_nvlink_media(c)), key=lambda c: c.slug)
        self.cables.sort(key=lambda c: (ORDER.index(c.kind) if c.kind in ORDER else len(ORDER), c.max_reach_m,
                                        c.slug))
        self.transceivers = sorted((c for c in cables.values() if c.kind == "transceiver"),
                                   key=lambda c: (c.max_reach_m, c.power_w, c.slug))
        self._memo: dict[tuple[float, float], Media | None] = {}

    def _speed_ok(self, cable_speed: float, link: float, exact: bool) -> bool:
        if exact:
            return abs(cable_speed - link) < 1e-6
        return cable_speed > link

    def choose(self, speed_gbps: float, route_m: float) -> Media | None:
        key = (speed_gbps, round(route_m, 3))
        if key in self._memo:
            return self._memo[key]
        got = self._choose(speed_gbps, route_m)
        self._memo[key] = got
        return got

    def _choose(self, speed: float, length: float) -> Media | None:
        for exact in (True, False):
            for c in self.cables:
                if c.kind in TWISTED_PAIR:
                    if speed > 10 + 1e-6 or c.speed_gbps + 1e-6 < speed:
                        continue
                elif not self._speed_ok(c.speed_gbps, speed, exact):
                    continue
                if length > c.max_reach_m + 1e-9:
                    continue
                ordered = ordered_length(length, c.lengths_m)
                if ordered is None or ordered > c.max_reach_m + 1e-9:
                    continue
                ordered = max(ordered, c.min_reach_m or 0.0)
                xcvr = None
                per_end = float(c.power_w)
                reach = float(c.max_reach_m)
                if c.kind in FIBRE:
                    fam = c.kind
                    xcvr = next((x for x in self.transceivers
                                 if (abs(x.speed_gbps - speed) < 1e-6 or self._speed_ok(x.speed_gbps, speed, exact))
                                 and x.max_reach_m + 1e-9 >= length
                                 and _fibre_family(x.fibre_type) in (fam, None)),
                                None)
                    if xcvr is None:
                        continue
                    per_end += float(xcvr.power_w)
                    reach = min(reach, float(xcvr.max_reach_m))
                mass = (c.mass_kg_per_m or 0.0) * ordered
                return Media(c.slug, c.kind, xcvr.slug if xcvr else None, ordered, per_end, mass, reach)
        return None


def is_nvlink_media(cable: Cable) -> bool:
    """A cable for NVLink only (the GB200 NVL72 spine cartridge), never chosen for a
    network link."""
    return "nvlink" in cable.slug.lower() or "nvlink" in cable.connector.lower()


def nvlink_media(chooser: MediaChooser, length_m: float) -> Media | None:
    """The NVLink spine cartridge for a run of ``length_m`` (the first NVLink cable that
    reaches; the length is kept to 0.01 m: a cartridge is not ordered by length)."""
    for c in chooser.nvlink:
        if length_m <= c.max_reach_m + 1e-9:
            length = round(length_m, 2)
            return Media(c.slug, c.kind, None, length, float(c.power_w), (c.mass_kg_per_m or 0.0) * length,
                         float(c.max_reach_m))
    return None


def transceiver_for(chooser: MediaChooser, cable: Cable, speed: float, length: float) -> Cable | None:
    """The transceiver a fibre link of this cable, speed and length needs (None for other media)."""
    if cable.kind not in FIBRE:
        return None
    for exact in (True, False):
        for x in chooser.transceivers:
            if not (abs(x.speed_gbps - speed) < 1e-6 or chooser._speed_ok(x.speed_gbps, speed, exact)):
                continue
            if x.max_reach_m + 1e-9 >= length and _fibre_family(x.fibre_type) in (cable.kind, None):
                return x
    return None


def ordered_length(route_m: float, lengths_m: list[float] | None) -> float | None:
    """The orderable length for a route: smallest listed >= route, else route rounded up to 0.5 m."""
    if lengths_m:
        fits = [x for x in lengths_m if x + 1e-9 >= route_m]
        return min(fits) if fits else None
    return max(0.5, math.ceil(route_m * 2 - 1e-9) / 2.0)
