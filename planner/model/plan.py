"""The plan model: what a user builds.

Site -> rooms -> rows -> racks -> placements, plus power feeds, cooling loops,
fabrics and links, server groups and workload targets, and plan metadata.

The model holds *choices* (which device at which U, which feed, which cooling),
never derived figures: those come from the engine. Hardware is referenced by
catalog slug. Entities carry string ids that are unique within a plan; links,
feeds, loops and groups refer to each other by id.

All mutation goes through :mod:`planner.model.edits` (apply/revert). The few mutating
helpers here keep the id index consistent and are used only by edits and by
loaders.

The JSON form of this model (``docs/plan-format.md``) is produced by pydantic
from these classes; bump :data:`FORMAT_VERSION` on any incompatible change and add
a migration in :mod:`planner.files.plan_io`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Annotated, Any, Final, Literal, TypeVar, get_args

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PrivateAttr,
    field_validator,
    model_validator,
)

from planner.i18n import N_, active_language, gettext, tmsg

FORMAT_VERSION: Final = 5

Face = Literal["front", "rear"]
Side = Literal["left", "right"]
CoolingMethod = Literal["air", "air-containment", "rdhx", "direct-liquid", "immersion"]
# the one wording of each cooling method, for the app, the PDF and the engine's messages
# (which use it in lower case: cooling_method_name(m, lower=True))
COOLING_METHOD_NAMES: dict[str, str] = {
    "air": N_("Air"), "air-containment": N_("Air with containment"), "rdhx": N_("Rear-door heat exchanger"),
    "direct-liquid": N_("Direct liquid"), "immersion": N_("Immersion"),
}


def cooling_method_name(method: str, lower: bool = False, translate: bool = False) -> str:
    """The name of a cooling method ('Rear-door heat exchanger'); ``lower`` for the middle
    of a sentence. An unknown method is shown as it is. ``translate``: in the active
    language (planner.i18n; the reports), else English (the engine's messages)."""
    name = COOLING_METHOD_NAMES.get(method, method)
    if translate and method in COOLING_METHOD_NAMES:
        name = gettext(name)
        if active_language() == "de":  # German nouns keep their capital
            return name
    return name[:1].lower() + name[1:] if lower else name
Coolant = Literal["water", "pg25"]
# the coolants as the printed outputs name them (translated where shown)
COOLANT_NAMES: dict[str, str] = {"water": N_("water"), "pg25": N_("PG25 (propylene glycol 25 %)")}


def coolant_name(code: str) -> str:
    """A loop's coolant in the active language; an unknown code as it is."""
    return gettext(COOLANT_NAMES[code]) if code in COOLANT_NAMES else code
FabricKind = Literal["compute", "storage", "frontend", "management", "nvlink"]
FabricTechnology = Literal["infiniband", "ethernet", "nvlink"]
WorkloadKind = Literal["pretrain", "finetune", "inference", "storage", "vision", "recommendation", "analytics"]
PowerSourceKind = Literal["ups", "panel", "switchboard", "generator"]
CoolingLoopKind = Literal["in-row", "facility"]
CurrencyCode = Annotated[str, Field(pattern=r"^[A-Z]{3}$")]
# A country as ISO 3166-1 alpha-2 ("DE", "AT"), or empty: not stated.
CountryCode = Annotated[str, Field(pattern=r"^([A-Z]{2})?$")]
# Where the site is, for its power (docs/engine.md "Site region"): "eu" 230/400 V 50 Hz,
# 16/32/63 A three-phase on IEC 60309 plugs; "na" 208/415 V 60 Hz (North America).
SiteRegion = Literal["eu", "na"]
SITE_REGIONS: tuple[str, ...] = ("eu", "na")
SITE_REGION_NAMES: dict[str, str] = {"eu": N_("Europe (230/400 V, 50 Hz)"), "na": N_("North America (208/415 V, 60 Hz)")}
# The cooling a customer has, as the requirements, plan-for and the generated designs name it
# (the one list of these codes; a rack's cooling is a CoolingMethod), and the rack methods
# each allows (air: with or without containment).
RequirementCooling = Literal["air", "rdhx", "dlc", "immersion"]
COOLING_OPTIONS: tuple[RequirementCooling, ...] = get_args(RequirementCooling)
COOLING_OPTION_METHODS: dict[str, tuple[str, ...]] = {
    "air": ("air", "air-containment"), "rdhx": ("rdhx",), "dlc": ("direct-liquid",), "immersion": ("immersion",)}
# What a naming pattern may name: racks, rows, rooms, and devices by catalog kind.
NAMING_KINDS = ("room", "row", "rack", "server", "switch", "storage", "pdu", "power", "cooling", "other")

_ID_RE = r"^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$"
Id = Annotated[str, Field(pattern=_ID_RE, description="Plan-unique identifier")]
Name = Annotated[str, Field(max_length=200)]
Slug = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9._+-]{0,99}$", description="Catalog slug")]
# Every number the model accepts is bounded to what storage and the engine hold (a
# 1e308 m room would make its area infinite; a U of 1e30 does not fit an SQL integer).
Coord = Annotated[float, Field(ge=-10_000, le=10_000)]  # metres within a room's frame
RoomSize = Annotated[float, Field(gt=0, le=10_000)]
MAX_SPEC_DEPTH = 16


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", validate_assignment=False, str_strip_whitespace=True,
                              allow_inf_nan=False)


DateText = Annotated[str, Field(pattern=r"^(\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$")]
Money = Annotated[float, Field(ge=0, le=1e12)]
# Cloud prices per GPU-hour (any currency); the dearest published on-demand rates are tens.
GpuHourPrice = Annotated[float, Field(gt=0, le=10_000)]
MAX_PRICE_ENTRIES = 10_000


class PriceOverride(_Model):
    """A price for one catalog item in this plan only (a distributor's quote, a negotiated
    price): the engine uses it before the catalog's price, and the BOM line says so.
    ``currency`` may differ from the plan's (converted at the plan's exchange rates)."""

    amount: Money
    currency: CurrencyCode
    date: DateText = ""  # YYYY-MM-DD or YYYY-MM, or empty
    source: Name = ""  # who quoted it (e.g. "Distributor quote Q-2291")
    note: Annotated[str, Field(max_length=2000)] = ""


MAX_LOGO_BYTES = 512 * 1024  # a customer logo embedded in the plan (PNG or JPEG), before base64
LOGO_MAGIC = {"image/png": b"\x89PNG\r\n\x1a\n", "image/jpeg": b"\xff\xd8\xff"}


class Logo(_Model):
    """The customer's logo for the build plan's cover, embedded in the plan (a plan sent by
    email carries it): the image file's bytes in base64, PNG or JPEG, at most
    MAX_LOGO_BYTES. ``name`` is the file it came from, shown in Plan Settings."""

    media_type: Literal["image/png", "image/jpeg"]
    name: Annotated[str, Field(max_length=200)] = ""
    data: Annotated[str, Field(min_length=4, max_length=(MAX_LOGO_BYTES + 2) // 3 * 4)]

    @model_validator(mode="after")
    def _image(self) -> Logo:
        import base64
        import binascii

        try:
            raw = base64.b64decode(self.data, validate=True)
        except (binascii.Error, ValueError):
            raise ValueError("logo data is not base64") from None
        if len(raw) > MAX_LOGO_BYTES:
            raise ValueError(f"logo is {len(raw) // 1024} KiB; at most {MAX_LOGO_BYTES // 1024} KiB")
        if not raw.startswith(LOGO_MAGIC[self.media_type]):
            raise ValueError(f"logo data is not a {self.media_type.split('/')[1].upper()} image")
        return self

    def image_bytes(self) -> bytes:
        import base64

        return base64.b64decode(self.data)


class Requirements(_Model):
    """What the customer asked for, as stated, beside the plan's workload targets: the limits of
    the room and the money. The build plan's first section lists them with the result against
    each, and its sign-off signs against that list. plan-for and the wizard write them from their
    constraints; the user can edit them (Plan Settings). Empty fields: not stated."""

    budget: Annotated[float, Field(gt=0, le=1e13)] | None = None  # capex limit, in ``currency``
    currency: CurrencyCode = "USD"
    max_rack_kw: Annotated[float, Field(gt=0, le=10_000)] | None = None
    cooling: list[RequirementCooling] = Field(default_factory=list, max_length=4)  # empty: any
    max_racks: Annotated[int, Field(ge=1, le=100_000)] | None = None
    floor_m2: Annotated[float, Field(gt=0, le=1e8)] | None = None
    vendors: list[Name] = Field(default_factory=list, max_length=100)
    gpu_models: list[Slug] = Field(default_factory=list, max_length=100)
    years: Annotated[float, Field(gt=0, le=50)] | None = None
    # the ask in the customer's words ("500 employees, chat assistant, answers within 2 s")
    statement: Annotated[str, Field(max_length=5000)] = ""


class Metadata(_Model):
    """Who and what the plan is for, and the economic assumptions."""

    customer: Name = ""
    project: Name = ""
    author: Name = ""
    revision: Name = "A"
    currency: CurrencyCode = "USD"
    # How many units of the plan currency one unit of another currency buys (plan currency
    # EUR: {"USD": 0.92}), set by the user with the date the rates are from; catalog prices
    # in a currency without a rate are reported as unconverted, never dropped.
    exchange_rates: dict[CurrencyCode, Annotated[float, Field(gt=0, le=1e6)]] = Field(default_factory=dict)
    exchange_rates_date: Annotated[str, Field(pattern=r"^(\d{4}-\d{2}-\d{2})?$")] = ""
    electricity_price_per_kwh: Annotated[float, Field(ge=0, le=100)] = 0.12
    pue: Annotated[float, Field(ge=1.0, le=5.0)] = 1.3
    # Share of the year the IT load runs at its typical draw, for opex (energy per year).
    utilisation: Annotated[float, Field(ge=0, le=1)] = 1.0
    # Naming pattern per kind (NAMING_KINDS), e.g. {"rack": "R{row}{n:02}", "server": "gpu{n:02}"};
    # placeholders: {n} (a running number), {row}, {rack}, {room} (names). planner.model.naming applies them.
    naming: dict[str, Annotated[str, Field(min_length=1, max_length=100)]] = Field(default_factory=dict)
    notes: Annotated[str, Field(max_length=20000)] = ""
    # Notes for the planner only (prices still to get, checks to do): printed on the internal
    # checklist, never in the customer's build plan unless the user asks for it.
    internal_notes: Annotated[str, Field(max_length=20000)] = ""
    site_region: SiteRegion = "na"
    requirements: Requirements | None = None
    # Rent or own (planner.engine.economics, docs/engine.md "Rent or own"): years the build is used
    # (capex written off over them), support and maintenance per year as a share of capex,
    # and space and power in a colocation per kW (committed, the maximum IT draw) and month
    # in the plan currency (0: the customer's own hall).
    years_of_use: Annotated[float, Field(gt=0, le=50)] = 4.0
    support_fraction_per_year: Annotated[float, Field(ge=0, le=1)] = 0.10
    colocation_price_per_kw_month: Annotated[float, Field(ge=0, le=100_000)] = 0.0
    # Cloud price per GPU-hour by GPU slug, in the plan currency: wins over the catalog's
    # indicative price (Catalog.cloud_price) for this plan.
    cloud_price_per_gpu_hour: dict[Slug, GpuHourPrice] = Field(default_factory=dict,
                                                               max_length=MAX_PRICE_ENTRIES)
    # Per-plan prices by catalog slug (device, rack, cooling unit, cable), used before the
    # catalog's price.
    price_overrides: dict[Slug, PriceOverride] = Field(default_factory=dict, max_length=MAX_PRICE_ENTRIES)
    # The customer's logo on the build plan's cover (format 3), embedded: planner.model.logo.read_logo.
    logo: Logo | None = None
    # Energy figures (docs/energy.md), each as the user states it; empty / None: not stated.
    # The country the site is in (ISO 3166-1 alpha-2, "DE"): its grid emission factor, and
    # the EnEfG checks for a German site.
    site_country: CountryCode = ""
    # The data centre's start of operation (YYYY-MM-DD or YYYY-MM): which EnEfG thresholds apply.
    operation_start: DateText = ""
    # Grid emission factor in g CO2 per kWh: wins over the country's shipped default.
    grid_co2_g_per_kwh: Annotated[float, Field(ge=0, le=2000)] | None = None
    # Share of the electricity from renewable sources (0..1, e.g. a green tariff or PPA).
    renewable_share: Annotated[float, Field(ge=0, le=1)] | None = None
    # Who takes the waste heat (a district heating network, a neighbour), and how much: either
    # a share of the heat the liquid cooling captures (0..1) or the energy delivered per year.
    heat_customer: Name = ""
    heat_reuse_share: Annotated[float, Field(ge=0, le=1)] | None = None
    heat_reuse_mwh_per_year: Annotated[float, Field(ge=0, le=1e8)] | None = None
    # The site's water use effectiveness in litres per kWh of IT energy, as its cooling states it.
    wue_l_per_kwh: Annotated[float, Field(ge=0, le=100)] | None = None

    @model_validator(mode="after")
    def _one_heat_reuse(self) -> Metadata:
        if self.heat_reuse_share is not None and self.heat_reuse_mwh_per_year is not None:
            raise ValueError("heat reuse: give either heat_reuse_share or heat_reuse_mwh_per_year, not both")
        return self

    @field_validator("naming")
    @classmethod
    def _naming_kinds(cls, v: dict[str, str]) -> dict[str, str]:
        for kind, pattern in v.items():
            if kind not in NAMING_KINDS:
                raise ValueError(f"unknown naming kind {kind!r} (one of {', '.join(NAMING_KINDS)})")
            from planner.model.naming import pattern_error  # planner.model.naming does not import the model

            reason = pattern_error(pattern)
            if reason is not None:
                raise ValueError(f"naming pattern {pattern!r} for {kind}: {reason}")
        return v


# "<kind> 'id': unknown growth phase 'x'", whole sentences so a translation can inflect the noun
_UNKNOWN_PHASE = {
    "rack": N_("rack {id!r}: unknown growth phase {phase!r}"),
    "placement": N_("device {id!r}: unknown growth phase {phase!r}"),
    "feed": N_("feed {id!r}: unknown growth phase {phase!r}"),
    "loop": N_("cooling loop {id!r}: unknown growth phase {phase!r}"),
    "link": N_("link {id!r}: unknown growth phase {phase!r}"),
    "workload": N_("workload {id!r}: unknown growth phase {phase!r}"),
}
# A phase's start as an architect writes it (issue 32: "Q3 2027" was refused with pydantic's
# pattern text): English and German month names, full or short, with or without a dot
_MONTHS = {name: k for k, names in enumerate((
    ("january", "jan", "januar", "jänner", "jaenner"), ("february", "feb", "februar"),
    ("march", "mar", "märz", "maerz", "mär", "mrz"), ("april", "apr"), ("may", "mai"),
    ("june", "jun", "juni"), ("july", "jul", "juli"), ("august", "aug"), ("september", "sep", "sept"),
    ("october", "oct", "oktober", "okt"), ("november", "nov"), ("december", "dec", "dezember", "dez")), start=1)
    for name in names}
_QUARTER = (re.compile(r"q([1-4])[\s/-]*(\d{4})"), re.compile(r"(\d{4})[\s/-]*q([1-4])"),
            re.compile(r"([1-4])\.?\s*(?:quartal|quarter)\s*(\d{4})"))
_HALF = (re.compile(r"h([12])[\s/-]*(\d{4})"), re.compile(r"(\d{4})[\s/-]*h([12])"))


def phase_start(text: object) -> str:
    """A growth phase's start as typed -> ``YYYY-MM`` or ``YYYY-MM-DD`` (``""`` for blank).
    Takes ISO (``2027-07``, ``2027-07-15``), a quarter (``Q3 2027``, ``2027-Q3``, ``3. Quartal
    2027``: its first month, 2027-07), a half-year (``H2 2027``: 2027-07), a month and year
    (``07.2027``, ``7/2027``, ``July 2027``, ``Juli 2027``, ``Jul. 2027``) or a German date
    (``15.07.2027``), in either language. Raises ValueError (a translated one-line
    :class:`~planner.i18n.Message` that says which forms are taken) for anything else: a year
    alone, a day that does not exist, an ambiguous 07/15/2027."""
    import datetime as dt

    if not isinstance(text, str):
        raise ValueError(tmsg("a phase start is text such as 2027-07 or Q3 2027"))
    t = " ".join(text.strip().lower().split())
    if not t:
        return ""
    month: tuple[int, int] | None = None
    m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", t) or re.fullmatch(r"(\d{1,2})\.(\d{1,2})\.(\d{4})", t)
    if m:
        y, mo, d = (int(g) for g in (m.groups() if t[4:5] == "-" else m.groups()[::-1]))
        try:
            return dt.date(y, mo, d).isoformat()
        except ValueError:
            pass
    elif m := re.fullmatch(r"(\d{4})-(\d{1,2})", t):
        month = int(m.group(1)), int(m.group(2))
    elif m := re.fullmatch(r"(\d{1,2})\s*[./]\s*(\d{4})", t):
        month = int(m.group(2)), int(m.group(1))
    elif m := re.fullmatch(r"([a-zäö]+)\.?\s*(\d{4})", t):
        if m.group(1) in _MONTHS:
            month = int(m.group(2)), _MONTHS[m.group(1)]
    else:
        for pat in _QUARTER + _HALF:
            if q := pat.fullmatch(t):
                a, b = q.groups()
                year, part = (int(a), int(b)) if len(a) == 4 else (int(b), int(a))
                month = year, 1 + (part - 1) * (3 if pat in _QUARTER else 6)
                break
    if month is not None and 1 <= month[1] <= 12 and 1900 <= month[0] <= 2999:
        return f"{month[0]:04d}-{month[1]:02d}"
    raise ValueError(tmsg("{text!r} is not a month or a date: write 2027-07, 2027-07-15, Q3 2027, 07.2027 or "
                          "July 2027", text=text.strip()))


PhaseStart = Annotated[str, BeforeValidator(phase_start)]
PhaseRef = Annotated[Id | None, Field(description="The growth phase that adds it (absent: the first)")]
MAX_GROWTH_PHASES = 50


class GrowthPhase(_Model):
    """A growth phase of the build (docs/phases.md): "Pilot Q1", "Production Q3". The plan's
    list is in build order; racks, devices, links, feeds and cooling loops name the phase that
    adds them (``growth_phase``; absent: the first). Phase k is everything of phases 1..k."""

    id: Id
    name: Annotated[str, Field(min_length=1, max_length=200)]
    # when the phase goes into operation, stored as YYYY-MM-DD or YYYY-MM (a quarter as its
    # first month), or empty; typed or read as any form phase_start() takes
    start: PhaseStart = ""


class PowerConnection(_Model):
    """One PSU cord of a device plugged into a PDU outlet (outlet numbers from 1)."""

    pdu: Id
    outlet: Annotated[int, Field(ge=1, le=10_000)] | None = None


class Placement(_Model):
    """A device mounted in a rack.

    ``u`` is the lowest U the device occupies (1-based, bottom of the rack).
    ``u`` is None for 0U side-mounted equipment (PDUs), which then has a ``side``.
    Full or half depth comes from the device type (NetBox ``is_full_depth``) and can
    be overridden with ``full_depth``.
    """

    id: Id
    device: Slug
    name: Name = ""
    u: Annotated[int, Field(ge=1, le=100)] | None = None
    face: Face = "front"
    side: Side | None = None
    full_depth: bool | None = None
    feed: Id | None = Field(default=None, description="For PDUs: the power feed they hang on")
    power: list[PowerConnection] = Field(default_factory=list)
    tags: list[Name] = Field(default_factory=list)
    asset_tag: Annotated[str, Field(max_length=50)] = ""  # NetBox limits both to 50 characters
    serial: Annotated[str, Field(max_length=50)] = ""
    growth_phase: PhaseRef = None

    @model_validator(mode="after")
    def _zero_u_needs_side(self) -> Placement:
        if self.u is None and self.side is None:
            raise ValueError("a placement needs a U position, or a side for 0U mounting")
        if self.u is not None and self.side is not None:
            raise ValueError("a placement has either a U position or a 0U side, not both")
        return self


class CoolingChoice(_Model):
    """How a rack (or a row, as default for its racks) is cooled.

    ``unit`` is a catalog cooling-equipment slug (rear-door HX, in-row unit, tank);
    ``loop`` names the plan's CDU loop for direct liquid cooling.
    """

    method: CoolingMethod = "air"
    unit: Slug | None = None
    loop: Id | None = None
    supply_temp_c: Annotated[float, Field(ge=-10, le=70)] | None = None
    delta_t_k: Annotated[float, Field(gt=0, le=40)] | None = None


class Rack(_Model):
    id: Id
    name: Name
    rack_type: Slug
    position: Annotated[int, Field(ge=0, le=100_000)] = 0
    gap_before_m: Annotated[float, Field(ge=0, le=100)] = 0.0
    placements: list[Placement] = Field(default_factory=list)
    cooling: CoolingChoice | None = None
    tags: list[Name] = Field(default_factory=list)
    growth_phase: PhaseRef = None


class Row(_Model):
    """A row of racks. (x_m, y_m) is the front-left corner of the first rack seen from
    the cold aisle; ``orientation_deg`` turns the row (0: racks face +y, i.e. their
    fronts look toward increasing y ... see planner.model.geometry)."""

    id: Id
    name: Name
    x_m: Coord = 0.0
    y_m: Coord = 0.0
    orientation_deg: Literal[0, 90, 180, 270] = 0
    cold_aisle_side: Face = "front"
    racks: list[Rack] = Field(default_factory=list)
    cooling: CoolingChoice | None = None


class Room(_Model):
    id: Id
    name: Name
    width_m: RoomSize = 10.0
    depth_m: RoomSize = 8.0
    tile_m: Annotated[float, Field(gt=0, le=2)] = 0.6
    floor_load_limit_kg_per_m2: Annotated[float, Field(gt=0, le=100_000)] = 1200.0
    raised_floor: bool = False
    rows: list[Row] = Field(default_factory=list)


class Site(_Model):
    name: Name = "Site"
    rooms: list[Room] = Field(default_factory=list)


class PowerFeed(_Model):
    """A power feed (a whip from a UPS/PDU panel) that rack PDUs hang on.

    ``side`` groups feeds for redundancy: with A and B, each must carry the whole
    load when the other fails (2N); with k sides, N+1.
    """

    id: Id
    name: Name
    side: Annotated[str, Field(pattern=r"^[A-Z]$")] = "A"
    voltage_v: Annotated[float, Field(gt=0, le=1000)] = 415.0
    phases: Literal[1, 3] = 3
    breaker_a: Annotated[float, Field(gt=0, le=5000)] = 32.0
    power_factor: Annotated[float, Field(gt=0, le=1)] = 0.95
    continuous_derating: Annotated[float, Field(gt=0, le=1)] | None = None
    source: Name = ""
    upstream: Id | None = Field(default=None, description="The power source (UPS, panel) the feed hangs off")
    growth_phase: PhaseRef = None


class PowerSource(_Model):
    """Upstream of feeds: a UPS, distribution panel, switchboard or generator with its own
    capacity. Feeds roll up to it (``PowerFeed.upstream``); a source can itself hang off
    another (a panel off a UPS)."""

    id: Id
    name: Name
    kind: PowerSourceKind = "ups"
    capacity_kw: Annotated[float, Field(gt=0, le=1e6)] = 500.0
    side: Annotated[str, Field(pattern=r"^[A-Z]$")] | None = None
    upstream: Id | None = None


class CoolingLoop(_Model):
    """A liquid loop. ``in-row``: a secondary loop served by CDUs (catalog cooling slug
    ``cdu``, ``cdu_count`` of them). ``facility``: the building's chilled/warm water (for
    rear doors or CDUs), with its capacity given by ``capacity_kw``. ``capacity_kw`` and
    ``flow_l_per_min`` override the catalog figures when set (design values)."""

    id: Id
    name: Name
    kind: CoolingLoopKind = "in-row"
    cdu: Slug | None = None
    cdu_count: Annotated[int, Field(ge=1, le=1000)] = 1
    coolant: Coolant = "water"
    supply_temp_c: Annotated[float, Field(ge=5, le=70)] = 32.0
    delta_t_k: Annotated[float, Field(gt=0, le=40)] = 10.0
    capacity_kw: Annotated[float, Field(gt=0, le=1e6)] | None = None
    flow_l_per_min: Annotated[float, Field(gt=0, le=1e7)] | None = None
    growth_phase: PhaseRef = None

    @model_validator(mode="after")
    def _capacity_known(self) -> CoolingLoop:
        if self.cdu is None and self.capacity_kw is None:
            raise ValueError("a cooling loop needs a CDU model or a capacity (capacity_kw)")
        return self


class Fabric(_Model):
    id: Id
    name: Name
    kind: FabricKind = "compute"
    technology: FabricTechnology = "infiniband"
    speed_gbps: Annotated[float, Field(gt=0, le=100_000)] = 400.0
    oversubscription: Annotated[float, Field(ge=1, le=1000)] = 1.0
    rail_optimised: bool = True


class Endpoint(_Model):
    placement: Id
    port: Name


class Link(_Model):
    id: Id
    fabric: Id
    a: Endpoint
    b: Endpoint
    cable: Slug | None = None
    length_m: Annotated[float, Field(ge=0, le=100_000)] | None = None
    label: Name = ""
    growth_phase: PhaseRef = None


class ServerGroup(_Model):
    id: Id
    name: Name
    members: list[Id] = Field(default_factory=list)


class Workload(_Model):
    """A workload target. ``spec`` holds the kind-specific inputs (model, tokens,
    precision, users, ...), validated by :mod:`planner.workloads`. ``group`` limits it
    to a server group; None means the whole plan. ``growth_phase`` names the phase whose
    target it is (absent: the first); it applies from that phase on (docs/phases.md)."""

    id: Id
    name: Name
    kind: WorkloadKind
    group: Id | None = None
    spec: dict[str, Any] = Field(default_factory=dict)
    # format 5: the phase whose target it is (absent: the first), checked from that phase on
    growth_phase: Annotated[Id | None, Field(
        description="The growth phase whose target it is, checked from that phase on (absent: the first)")] = None

    @field_validator("spec")
    @classmethod
    def _shallow(cls, v: dict[str, Any]) -> dict[str, Any]:
        if _depth(v) > MAX_SPEC_DEPTH:
            raise ValueError(f"nested deeper than {MAX_SPEC_DEPTH} levels")
        bad = _non_finite(v)
        if bad is not None:  # NaN/Infinity: the plan opened, then every save failed (issue 29)
            raise ValueError(tmsg("{field} is {value}: a workload figure must be a finite number",
                                  field=bad[0], value=bad[1]))
        return v


class Plan(_Model):
    format: Literal["rackwright-plan"] = "rackwright-plan"
    format_version: Literal[5] = FORMAT_VERSION
    metadata: Metadata = Field(default_factory=Metadata)
    # the growth phases in build order (format 4; docs/phases.md); empty: one build
    growth_phases: list[GrowthPhase] = Field(default_factory=list, max_length=MAX_GROWTH_PHASES)
    site: Site = Field(default_factory=Site)
    power_sources: list[PowerSource] = Field(default_factory=list)
    feeds: list[PowerFeed] = Field(default_factory=list)
    cooling_loops: list[CoolingLoop] = Field(default_factory=list)
    fabrics: list[Fabric] = Field(default_factory=list)
    links: list[Link] = Field(default_factory=list)
    groups: list[ServerGroup] = Field(default_factory=list)
    workloads: list[Workload] = Field(default_factory=list)

    _index: PlanIndex | None = PrivateAttr(default=None)

    @field_validator("growth_phases")
    @classmethod
    def _unique_phase_names(cls, items: list[GrowthPhase]) -> list[GrowthPhase]:
        seen: dict[str, int] = {}
        for i, ph in enumerate(items):
            key = ph.name.casefold()
            if key in seen:
                raise ValueError(tmsg("duplicate phase name {name!r}: entries [{first}] and [{second}] both use it",
                                      name=ph.name, first=seen[key], second=i))
            seen[key] = i
        return items

    @field_validator("growth_phases", "power_sources", "feeds", "cooling_loops", "fabrics", "links", "groups",
                     "workloads")
    @classmethod
    def _unique_ids(cls, items: list[Any]) -> list[Any]:
        seen: dict[str, int] = {}
        for i, item in enumerate(items):
            if item.id in seen:
                raise ValueError(tmsg("duplicate id {id!r}: entries [{first}] and [{second}] both use it",
                                      id=item.id, first=seen[item.id], second=i))
            seen[item.id] = i
        return items

    @model_validator(mode="after")
    def _references(self) -> Plan:
        try:
            idx = PlanIndex(self)
        except DuplicateIdError as e:  # one line naming both places in the file
            paths = _id_paths(self, e.entity_id)
            raise ValueError(tmsg("{path}: duplicate id {id!r}, already used at {first}", path=paths[-1] + ".id",
                                  id=e.entity_id, first=paths[0])) from None
        feeds = {f.id for f in self.feeds}
        sources = {s.id: s for s in self.power_sources}
        for f in self.feeds:
            if f.upstream is not None and f.upstream not in sources:
                raise ValueError(f"feed {f.id!r}: unknown power source {f.upstream!r}")
        for src in self.power_sources:
            seen, up = {src.id}, src.upstream
            while up is not None:
                if up not in sources:
                    raise ValueError(f"power source {src.id!r}: unknown upstream {up!r}")
                if up in seen:
                    raise ValueError(f"power source {src.id!r}: its upstream chain loops back to {up!r}")
                seen.add(up)
                up = sources[up].upstream
        loops = {c.id for c in self.cooling_loops}
        fabrics = {f.id for f in self.fabrics}
        groups = {g.id for g in self.groups}
        phases = {ph.id for ph in self.growth_phases}
        for what, items in (("rack", idx.racks.values()), ("placement", idx.placements.values()),
                            ("feed", self.feeds), ("loop", self.cooling_loops), ("link", self.links),
                            ("workload", self.workloads)):
            for item in items:
                ph = item.growth_phase
                if ph is not None and ph not in phases:
                    raise ValueError(tmsg(_UNKNOWN_PHASE[what], id=item.id, phase=ph))
        for p, _ in idx.iter_placements():
            if p.feed is not None and p.feed not in feeds:
                raise ValueError(f"placement {p.id!r}: unknown feed {p.feed!r}")
            for c in p.power:
                if c.pdu not in idx.placements:
                    raise ValueError(f"placement {p.id!r}: power connection to unknown PDU {c.pdu!r}")
        for rack in idx.racks.values():
            if rack.cooling and rack.cooling.loop and rack.cooling.loop not in loops:
                raise ValueError(f"rack {rack.id!r}: unknown cooling loop {rack.cooling.loop!r}")
        for row in idx.rows.values():
            if row.cooling and row.cooling.loop and row.cooling.loop not in loops:
                raise ValueError(f"row {row.id!r}: unknown cooling loop {row.cooling.loop!r}")
        for link in self.links:
            if link.fabric not in fabrics:
                raise ValueError(f"link {link.id!r}: unknown fabric {link.fabric!r}")
            for end in (link.a, link.b):
                if end.placement not in idx.placements:
                    raise ValueError(f"link {link.id!r}: unknown placement {end.placement!r}")
        for g in self.groups:
            for m in g.members:
                if m not in idx.placements:
                    raise ValueError(f"group {g.id!r}: unknown member {m!r}")
        for w in self.workloads:
            if w.group is not None and w.group not in groups:
                raise ValueError(f"workload {w.id!r}: unknown group {w.group!r}")
        self._index = idx
        return self

    def __eq__(self, other: object) -> bool:
        """Plans are equal when their content is; the id index is not content."""
        if not isinstance(other, Plan):
            return NotImplemented
        return self.__dict__ == other.__dict__

    __hash__ = None  # type: ignore[assignment]

    # -- lookups ----------------------------------------------------------------
    @property
    def index(self) -> PlanIndex:
        if self._index is None:
            self._index = PlanIndex(self)
        return self._index

    def reindex(self) -> None:
        self._index = PlanIndex(self)

    def snapshot(self) -> Plan:
        """An independent deep copy with its own index, for work off the GUI thread.

        Same result as ``model_copy(deep=True)`` + ``reindex()``, about 4x faster
        (bench/bench_snapshot.py; 16k GPUs: ~0.4 s instead of ~1.5-2.5 s, paid on the GUI
        thread before every background job): the
        plan holds only pydantic models, lists, dicts and immutable scalars, so each
        model is rebuilt from its field values without ``copy.deepcopy``'s memo, with
        the cyclic GC paused (planner.base.gcpause)."""
        from planner.base.gcpause import no_gc

        with no_gc():
            new = _clone_model(self)
            new.reindex()
        return new

    def new_id(self, prefix: str) -> str:
        return self.index.new_id(prefix)

    def rack(self, rack_id: str) -> Rack:
        return self.index.racks[rack_id]

    def placement(self, placement_id: str) -> Placement:
        return self.index.placements[placement_id]

    def rack_of(self, placement_id: str) -> Rack:
        return self.index.racks[self.index.placement_rack[placement_id]]

    def row_of(self, rack_id: str) -> Row:
        return self.index.rows[self.index.rack_row[rack_id]]

    def room_of(self, row_id: str) -> Room:
        return self.index.rooms[self.index.row_room[row_id]]

    def racks(self) -> Iterator[Rack]:
        for room in self.site.rooms:
            for row in room.rows:
                yield from row.racks

    def feed(self, feed_id: str) -> PowerFeed:
        for f in self.feeds:
            if f.id == feed_id:
                return f
        raise KeyError(feed_id)

    def power_source(self, source_id: str) -> PowerSource:
        for s in self.power_sources:
            if s.id == source_id:
                return s
        raise KeyError(source_id)

    def cooling_loop(self, loop_id: str) -> CoolingLoop:
        for c in self.cooling_loops:
            if c.id == loop_id:
                return c
        raise KeyError(loop_id)

    def effective_cooling(self, rack: Rack) -> CoolingChoice:
        """The rack's own choice, else its row's, else plain air."""
        if rack.cooling is not None:
            return rack.cooling
        row = self.row_of(rack.id)
        return row.cooling if row.cooling is not None else CoolingChoice()


def _depth(v: Any, limit: int = MAX_SPEC_DEPTH + 1) -> int:
    """Nesting depth of a JSON value, counted no further than ``limit`` (no recursion)."""
    deepest, todo = 0, [(v, 1)]
    while todo:
        x, d = todo.pop()
        if isinstance(x, dict | list):
            deepest = max(deepest, d)
            if d >= limit:
                return d
            todo.extend((y, d + 1) for y in (x.values() if isinstance(x, dict) else x))
    return deepest


def _non_finite(v: Any) -> tuple[str, str] | None:
    """(path, value) of the first NaN or infinite number in a JSON value, or None."""
    import math

    todo: list[tuple[Any, str]] = [(v, "")]
    while todo:
        x, path = todo.pop()
        if isinstance(x, float) and not math.isfinite(x):
            return path or "value", repr(x)
        if isinstance(x, dict):
            todo.extend((y, f"{path}.{k}" if path else str(k)) for k, y in x.items())
        elif isinstance(x, list):
            todo.extend((y, f"{path}[{i}]") for i, y in enumerate(x))
    return None


class DuplicateIdError(ValueError):
    """Two entities of a plan have the same id (``entity_id``)."""

    def __init__(self, entity_id: str, what: str) -> None:
        super().__init__(tmsg("duplicate id {id!r}", id=entity_id))
        self.what = what  # room, row, rack, placement or entity
        self.entity_id = entity_id


def _id_paths(plan: Plan, entity_id: str) -> list[str]:
    """Where in the plan file ``entity_id`` is used as an id (``site.rooms[0].rows[1]...``), in file order."""
    out: list[str] = []
    for i, room in enumerate(plan.site.rooms):
        rp = f"site.rooms[{i}]"
        out += [rp] if room.id == entity_id else []
        for j, row in enumerate(room.rows):
            wp = f"{rp}.rows[{j}]"
            out += [wp] if row.id == entity_id else []
            for k, rack in enumerate(row.racks):
                kp = f"{wp}.racks[{k}]"
                out += [kp] if rack.id == entity_id else []
                out += [f"{kp}.placements[{m}]" for m, p in enumerate(rack.placements) if p.id == entity_id]
    for name in ("growth_phases", "power_sources", "feeds", "cooling_loops", "fabrics", "links", "groups",
                 "workloads"):
        out += [f"{name}[{i}]" for i, item in enumerate(getattr(plan, name)) if item.id == entity_id]
    return out or ["id"]


class PlanIndex:
    """Id lookups over a plan. Rebuilt on load; kept current by :mod:`planner.model.edits`."""

    def __init__(self, plan: Plan) -> None:
        self.rooms: dict[str, Room] = {}
        self.rows: dict[str, Row] = {}
        self.racks: dict[str, Rack] = {}
        self.placements: dict[str, Placement] = {}
        self.row_room: dict[str, str] = {}
        self.rack_row: dict[str, str] = {}
        self.placement_rack: dict[str, str] = {}
        self._ids: set[str] = set()
        self._counters: dict[str, int] = {}
        # the order of the dicts above for views that keep results in it (planner.engine.core
        # _Order): each room, rack and placement's latest insertion (a dict keeps insertion
        # order; one taken out and put back goes last), and how many went in again after
        # being in before, the only way an edit reorders what stays
        self.seq: dict[str, int] = {}
        self.readds = 0
        self._seq_n = 0
        for room in plan.site.rooms:
            self._claim(room.id, "room")
            self._order(room.id)
            self.rooms[room.id] = room
            for row in room.rows:
                self._claim(row.id, "row")
                self.rows[row.id] = row
                self.row_room[row.id] = room.id
                for rack in row.racks:
                    self.add_rack(rack, row.id)
        for coll in (plan.growth_phases, plan.power_sources, plan.feeds, plan.cooling_loops, plan.fabrics, plan.links,
                     plan.groups, plan.workloads):
            for item in coll:
                self._ids.add(item.id)
                self._bump(item.id)

    def _order(self, entity_id: str) -> None:
        if entity_id in self.seq:
            self.readds += 1
        self.seq[entity_id] = self._seq_n = self._seq_n + 1

    def _claim(self, entity_id: str, what: str) -> None:
        if entity_id in self._ids:
            raise DuplicateIdError(entity_id, what)
        self._ids.add(entity_id)
        self._bump(entity_id)

    _NUM_RE = re.compile(r"^(.*?)(\d+)$")

    def _bump(self, entity_id: str) -> None:
        m = self._NUM_RE.match(entity_id)
        if m:
            prefix, n = m.group(1), int(m.group(2))
            if n >= self._counters.get(prefix, 0):
                self._counters[prefix] = n

    def new_id(self, prefix: str) -> str:
        """A fresh id like ``rack-12``; never reuses one that exists."""
        stem = prefix if prefix.endswith("-") else prefix + "-"
        n = self._counters.get(stem, 0) + 1
        while f"{stem}{n}" in self._ids:
            n += 1
        self._counters[stem] = n
        return f"{stem}{n}"

    def id_exists(self, entity_id: str) -> bool:
        return entity_id in self._ids

    def add_rack(self, rack: Rack, row_id: str) -> None:
        self._claim(rack.id, "rack")
        self._order(rack.id)
        self.racks[rack.id] = rack
        self.rack_row[rack.id] = row_id
        for p in rack.placements:
            self.add_placement(p, rack.id)

    def remove_rack(self, rack_id: str) -> None:
        rack = self.racks.pop(rack_id)
        self.rack_row.pop(rack_id)
        self._ids.discard(rack_id)
        for p in rack.placements:
            self.remove_placement(p.id)

    def add_placement(self, p: Placement, rack_id: str) -> None:
        self._claim(p.id, "placement")
        self._order(p.id)
        self.placements[p.id] = p
        self.placement_rack[p.id] = rack_id

    def remove_placement(self, placement_id: str) -> None:
        self.placements.pop(placement_id)
        self.placement_rack.pop(placement_id)
        self._ids.discard(placement_id)

    def add_row(self, row: Row, room_id: str) -> None:
        self._claim(row.id, "row")
        self.rows[row.id] = row
        self.row_room[row.id] = room_id
        for rack in row.racks:
            self.add_rack(rack, row.id)

    def remove_row(self, row_id: str) -> None:
        row = self.rows.pop(row_id)
        self.row_room.pop(row_id)
        self._ids.discard(row_id)
        for rack in row.racks:
            self.remove_rack(rack.id)

    def add_room(self, room: Room) -> None:
        self._claim(room.id, "room")
        self._order(room.id)
        self.rooms[room.id] = room
        for row in room.rows:
            self.add_row(row, room.id)

    def remove_room(self, room_id: str) -> None:
        room = self.rooms.pop(room_id)
        self._ids.discard(room_id)
        for row in room.rows:
            self.remove_row(row.id)

    def add_id(self, entity_id: str) -> None:
        self._claim(entity_id, "entity")

    def remove_id(self, entity_id: str) -> None:
        self._ids.discard(entity_id)

    def iter_placements(self) -> Iterator[tuple[Placement, str]]:
        for pid, p in self.placements.items():
            yield p, self.placement_rack[pid]


# ------------------------------------------------------------------------------- snapshots

_LEAF = frozenset((str, int, float, bool, type(None)))
_new_object = object.__new__
_set_attr = object.__setattr__


def _clone_value(v: Any) -> Any:
    t = type(v)
    if t in _LEAF:
        return v
    if t is list:
        return [x if type(x) in _LEAF else _clone_value(x) for x in v]
    if isinstance(v, BaseModel):
        return _clone_model(v)
    if t is dict:
        return {k: x if type(x) in _LEAF else _clone_value(x) for k, x in v.items()}
    if t is tuple:
        return tuple(_clone_value(x) for x in v)
    import copy

    return copy.deepcopy(v)  # nothing in the model today; kept correct for tomorrow's fields


_Model_T = TypeVar("_Model_T", bound=BaseModel)


def _clone_model(m: _Model_T) -> _Model_T:
    """``m`` rebuilt from copies of its field values; private attributes (the plan's
    index) start unset, as pydantic's deep copy would not share them either."""
    new = _new_object(type(m))
    _set_attr(new, "__dict__", {k: v if type(v) in _LEAF else _clone_value(v) for k, v in m.__dict__.items()})
    _set_attr(new, "__pydantic_fields_set__", set(m.__pydantic_fields_set__))
    extra = m.__pydantic_extra__
    _set_attr(new, "__pydantic_extra__", None if extra is None else _clone_value(extra))
    private = m.__pydantic_private__
    if private is not None:
        private = {k: a.get_default() for k, a in type(m).__private_attributes__.items()}
    _set_attr(new, "__pydantic_private__", private)
    return new
