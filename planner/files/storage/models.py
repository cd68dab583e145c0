"""SQLAlchemy 2 ORM models of the ``.rackplan`` project file (the schema of :data:`planner.files.storage.migrations.SCHEMA_VERSION`).

These are *storage* classes, separate from the domain classes in
:mod:`planner.model.plan`: one table per kind of plan entity, so that other tools can
query a project file with plain SQL (``SELECT device, count(*) FROM placements
GROUP BY device``). Conversion between the two is in :mod:`planner.files.storage.convert`
and is exact: every field of the domain model has a column here (a test checks
that the two stay in step).

Rules for this module, so the schema stays portable to PostgreSQL:

- only generic SQLAlchemy types (String, Text, Integer, Float, Boolean, JSON);
- order within a parent list is the ``seq`` column (SQL tables have no order);
- entity ids are the plan's own string ids; references are foreign keys;
- nothing SQLite-specific here (pragmas and file handling live in
  :mod:`planner.files.storage.sqlite`).

Changing anything here means a new schema version: bump
:data:`planner.files.storage.migrations.SCHEMA_VERSION`, add a migration from the
previous version and a fixture file of the released version under
``tests/fixtures/rackplan/``.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import JSON, Boolean, Float, ForeignKey, Integer, String, Table, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

ID = String(64)
NAME = String(200)
SLUG = String(100)


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[str]: JSON}


class Meta(Base):
    """Key/value facts about the file: format, schema_version, app version, saved_at."""

    __tablename__ = "rackwright_meta"
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    value: Mapped[str] = mapped_column(Text)


class PlanMetadata(Base):
    __tablename__ = "plan_metadata"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)  # always 1
    customer: Mapped[str] = mapped_column(NAME)
    project: Mapped[str] = mapped_column(NAME)
    author: Mapped[str] = mapped_column(NAME)
    revision: Mapped[str] = mapped_column(NAME)
    currency: Mapped[str] = mapped_column(String(3))
    electricity_price_per_kwh: Mapped[float] = mapped_column(Float)
    pue: Mapped[float] = mapped_column(Float)
    notes: Mapped[str] = mapped_column(Text)
    exchange_rates: Mapped[dict[str, Any]] = mapped_column(JSON)
    exchange_rates_date: Mapped[str] = mapped_column(String(10))
    utilisation: Mapped[float] = mapped_column(Float)
    naming: Mapped[dict[str, Any]] = mapped_column(JSON)
    years_of_use: Mapped[float] = mapped_column(Float)
    support_fraction_per_year: Mapped[float] = mapped_column(Float)
    colocation_price_per_kw_month: Mapped[float] = mapped_column(Float)
    cloud_price_per_gpu_hour: Mapped[dict[str, Any]] = mapped_column(JSON)
    price_overrides: Mapped[dict[str, Any]] = mapped_column(JSON)
    logo: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)  # schema 4; NULL: none
    internal_notes: Mapped[str] = mapped_column(Text)  # schema 5
    site_region: Mapped[str] = mapped_column(String(2))  # schema 5
    requirements: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)  # schema 5; NULL: none
    # schema 6: the energy settings (docs/energy.md); "" and NULL: not stated
    site_country: Mapped[str] = mapped_column(String(2))
    operation_start: Mapped[str] = mapped_column(String(10))
    grid_co2_g_per_kwh: Mapped[float | None] = mapped_column(Float, nullable=True)
    renewable_share: Mapped[float | None] = mapped_column(Float, nullable=True)
    heat_customer: Mapped[str] = mapped_column(NAME)
    heat_reuse_share: Mapped[float | None] = mapped_column(Float, nullable=True)
    heat_reuse_mwh_per_year: Mapped[float | None] = mapped_column(Float, nullable=True)
    wue_l_per_kwh: Mapped[float | None] = mapped_column(Float, nullable=True)


class SiteRow(Base):
    __tablename__ = "site"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)  # always 1
    name: Mapped[str] = mapped_column(NAME)


class GrowthPhaseRow(Base):
    """A growth phase (schema 7; docs/phases.md), in build order (``seq``)."""

    __tablename__ = "growth_phases"
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(NAME)
    start: Mapped[str] = mapped_column(String(10))


def _phase_column() -> Mapped[str | None]:
    """The growth phase that adds a rack, device, link, feed or loop (schema 7); NULL: the first."""
    return mapped_column(ID, ForeignKey("growth_phases.id"), nullable=True)


class RoomRow(Base):
    __tablename__ = "rooms"
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(NAME)
    width_m: Mapped[float] = mapped_column(Float)
    depth_m: Mapped[float] = mapped_column(Float)
    tile_m: Mapped[float] = mapped_column(Float)
    floor_load_limit_kg_per_m2: Mapped[float] = mapped_column(Float)
    raised_floor: Mapped[bool] = mapped_column(Boolean)


class _CoolingColumns:
    """A CoolingChoice inlined into its rack or row; ``cooling_method`` NULL = no choice."""

    cooling_method: Mapped[str | None] = mapped_column(String(32))
    cooling_unit: Mapped[str | None] = mapped_column(SLUG)
    cooling_loop_id: Mapped[str | None] = mapped_column(ID)
    cooling_supply_temp_c: Mapped[float | None] = mapped_column(Float)
    cooling_delta_t_k: Mapped[float | None] = mapped_column(Float)


class RackRowRow(_CoolingColumns, Base):
    """A row of racks (``rack_rows``: ``rows`` is a keyword in several SQL dialects)."""

    __tablename__ = "rack_rows"
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    room_id: Mapped[str] = mapped_column(ID, ForeignKey("rooms.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(NAME)
    x_m: Mapped[float] = mapped_column(Float)
    y_m: Mapped[float] = mapped_column(Float)
    orientation_deg: Mapped[int] = mapped_column(Integer)
    cold_aisle_side: Mapped[str] = mapped_column(String(8))


class RackRow(_CoolingColumns, Base):
    __tablename__ = "racks"
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    row_id: Mapped[str] = mapped_column(ID, ForeignKey("rack_rows.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(NAME)
    rack_type: Mapped[str] = mapped_column(SLUG, index=True)
    position: Mapped[int] = mapped_column(Integer)
    gap_before_m: Mapped[float] = mapped_column(Float)
    tags: Mapped[list[str]] = mapped_column(JSON)
    growth_phase_id: Mapped[str | None] = _phase_column()


class PowerSourceRow(Base):
    __tablename__ = "power_sources"
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(NAME)
    kind: Mapped[str] = mapped_column(String(16))
    capacity_kw: Mapped[float] = mapped_column(Float)
    side: Mapped[str | None] = mapped_column(String(1))
    upstream_id: Mapped[str | None] = mapped_column(ID, ForeignKey("power_sources.id"))


class PowerFeedRow(Base):
    __tablename__ = "power_feeds"
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(NAME)
    side: Mapped[str] = mapped_column(String(1))
    voltage_v: Mapped[float] = mapped_column(Float)
    phases: Mapped[int] = mapped_column(Integer)
    breaker_a: Mapped[float] = mapped_column(Float)
    power_factor: Mapped[float] = mapped_column(Float)
    continuous_derating: Mapped[float | None] = mapped_column(Float)
    source: Mapped[str] = mapped_column(NAME)
    upstream_id: Mapped[str | None] = mapped_column(ID, ForeignKey("power_sources.id"))
    growth_phase_id: Mapped[str | None] = _phase_column()


class PlacementRow(Base):
    __tablename__ = "placements"
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    rack_id: Mapped[str] = mapped_column(ID, ForeignKey("racks.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    device: Mapped[str] = mapped_column(SLUG, index=True)
    name: Mapped[str] = mapped_column(NAME)
    u: Mapped[int | None] = mapped_column(Integer)
    face: Mapped[str] = mapped_column(String(8))
    side: Mapped[str | None] = mapped_column(String(8))
    full_depth: Mapped[bool | None] = mapped_column(Boolean)
    feed_id: Mapped[str | None] = mapped_column(ID, ForeignKey("power_feeds.id"))
    tags: Mapped[list[str]] = mapped_column(JSON)
    asset_tag: Mapped[str] = mapped_column(String(50))
    serial: Mapped[str] = mapped_column(String(50))
    growth_phase_id: Mapped[str | None] = _phase_column()


class PowerConnectionRow(Base):
    __tablename__ = "power_connections"
    placement_id: Mapped[str] = mapped_column(ID, ForeignKey("placements.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    pdu_id: Mapped[str] = mapped_column(ID, ForeignKey("placements.id"))
    outlet: Mapped[int | None] = mapped_column(Integer)


class CoolingLoopRow(Base):
    __tablename__ = "cooling_loops"
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(NAME)
    kind: Mapped[str] = mapped_column(String(16))
    cdu: Mapped[str | None] = mapped_column(SLUG)
    cdu_count: Mapped[int] = mapped_column(Integer)
    coolant: Mapped[str] = mapped_column(String(16))
    supply_temp_c: Mapped[float] = mapped_column(Float)
    delta_t_k: Mapped[float] = mapped_column(Float)
    capacity_kw: Mapped[float | None] = mapped_column(Float)
    flow_l_per_min: Mapped[float | None] = mapped_column(Float)
    growth_phase_id: Mapped[str | None] = _phase_column()


class FabricRow(Base):
    __tablename__ = "fabrics"
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(NAME)
    kind: Mapped[str] = mapped_column(String(16))
    technology: Mapped[str] = mapped_column(String(16))
    speed_gbps: Mapped[float] = mapped_column(Float)
    oversubscription: Mapped[float] = mapped_column(Float)
    rail_optimised: Mapped[bool] = mapped_column(Boolean)


class LinkRow(Base):
    __tablename__ = "links"
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    fabric_id: Mapped[str] = mapped_column(ID, ForeignKey("fabrics.id"), index=True)
    a_placement_id: Mapped[str] = mapped_column(ID, ForeignKey("placements.id"))
    a_port: Mapped[str] = mapped_column(NAME)
    b_placement_id: Mapped[str] = mapped_column(ID, ForeignKey("placements.id"))
    b_port: Mapped[str] = mapped_column(NAME)
    cable: Mapped[str | None] = mapped_column(SLUG)
    length_m: Mapped[float | None] = mapped_column(Float)
    label: Mapped[str] = mapped_column(NAME)
    growth_phase_id: Mapped[str | None] = _phase_column()


class ServerGroupRow(Base):
    __tablename__ = "server_groups"
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(NAME)


class GroupMemberRow(Base):
    __tablename__ = "group_members"
    group_id: Mapped[str] = mapped_column(ID, ForeignKey("server_groups.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    placement_id: Mapped[str] = mapped_column(ID, ForeignKey("placements.id"))


class WorkloadRow(Base):
    __tablename__ = "workloads"
    id: Mapped[str] = mapped_column(ID, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(NAME)
    kind: Mapped[str] = mapped_column(String(16))
    group_id: Mapped[str | None] = mapped_column(ID, ForeignKey("server_groups.id"))
    spec: Mapped[dict[str, Any]] = mapped_column(JSON)
    growth_phase_id: Mapped[str | None] = _phase_column()  # schema 8; NULL: the first phase


class CatalogEntryRow(Base):
    """A catalog entry the plan uses, as its validated data (JSON of the catalog model).

    ``table_name`` is the catalog table: device-types, rack-types, gpus, nics, cables,
    cooling, llms. ``layer`` and ``source_file`` say where the entry came from when the
    plan was saved.
    """

    __tablename__ = "catalog_entries"
    table_name: Mapped[str] = mapped_column(String(32), primary_key=True)
    slug: Mapped[str] = mapped_column(SLUG, primary_key=True)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    layer: Mapped[str] = mapped_column(String(100))
    source_file: Mapped[str] = mapped_column(Text)


def table_of(cls: type[Base]) -> Table:
    """The Table a mapped class declares (SQLAlchemy types ``__table__`` as any FromClause)."""
    t = cls.__table__
    if not isinstance(t, Table):  # pragma: no cover - every class here declares a __tablename__
        raise TypeError(f"{cls.__name__} is not mapped to a table")
    return t


# Parents before children: the insert order; reverse it to delete.
TABLES_IN_ORDER: list[Table] = [
    table_of(m)
    for m in (
        Meta,
        PlanMetadata,
        SiteRow,
        GrowthPhaseRow,
        RoomRow,
        RackRowRow,
        RackRow,
        PowerSourceRow,
        PowerFeedRow,
        PlacementRow,
        PowerConnectionRow,
        CoolingLoopRow,
        FabricRow,
        LinkRow,
        ServerGroupRow,
        GroupMemberRow,
        WorkloadRow,
        CatalogEntryRow,
    )
]
