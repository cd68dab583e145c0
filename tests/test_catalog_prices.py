"""Prices in the shipped catalog: honest bases, dated, sourced, complete for the plans we ship,
and listed in docs/catalog.md so an architect can see how old and how solid each one is."""

from __future__ import annotations

import datetime as dt
import re
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.design.synthetic import synthetic_plan
from planner.engine import Engine

DOC = Path(__file__).resolve().parents[1] / "docs" / "catalog.md"


@pytest.fixture(scope="module")
def cat():
    c = load_catalog()
    assert not c.errors, [str(e) for e in c.errors]
    return c


def priced(cat):
    return [(t, s, e.price) for t, s, e in cat.items() if getattr(e, "price", None) is not None]


def test_every_price_is_dated_sourced_and_says_how_it_was_made(cat):
    today = dt.date.today()
    rows = priced(cat)
    assert len(rows) >= 20
    for table, slug, p in rows:
        where = f"{table}/{slug}"
        year, month = (int(x) for x in p.date.split("-")[:2])
        assert dt.date(year, month, 1) <= today, f"{where}: price dated in the future ({p.date})"
        assert year >= 2023, f"{where}: price older than 2023 ({p.date}); re-source it"
        assert p.currency == "USD" or p.note, f"{where}: non-USD price needs a note"
        if p.basis in ("list", "street-estimate"):
            # a vendor list or a reseller/press price must name where it was read
            assert "http" in p.source, f"{where}: {p.basis} price without a URL in its source"
        if p.basis == "estimate":
            assert p.note and len(p.note) > 40, f"{where}: estimate price must explain its derivation in note"


def test_derived_prices_match_their_stated_arithmetic(cat):
    # XE9680 H200 = HGX H100 node + 8 x (H200 - H100 GPU street price); DGX H200 likewise from DGX H100
    gpu_delta = cat.gpu("h200").price.amount - cat.gpu("h100-sxm").price.amount
    base = cat.device("dell-poweredge-xe9680").planning.price.amount
    assert cat.device("dell-poweredge-xe9680-h200").planning.price.amount == base + 8 * gpu_delta
    dgx = cat.device("nvidia-dgx-h100").planning.price.amount
    assert cat.device("nvidia-dgx-h200").planning.price.amount == dgx + 8 * gpu_delta
    # XD675 = the HGX H100 node with its 8 H100 swapped for 8 MI300X at street prices
    swap = 8 * (cat.gpu("mi300x").price.amount - cat.gpu("h100-sxm").price.amount)
    assert cat.device("hpe-cray-xd675").planning.price.amount == base + swap
    # larger racks scale from the AR3300 street price by height (and x1.25 for 800 mm wide)
    ar3300 = cat.get("rack-types", "rack-42u-600x1200").price.amount
    for slug, factor in (("rack-48u-600x1200", 48 / 42), ("rack-48u-800x1200", 48 / 42 * 1.25),
                         ("rack-52u-800x1200", 52 / 42 * 1.25)):
        assert cat.get("rack-types", slug).price.amount == pytest.approx(ar3300 * factor, rel=0.01), slug


NVL72_RACK_USD = 3_000_000  # NT$96M (TweakTown citing UDN, 2024-05), the figure the split uses


def test_gb200_nvl72_tray_prices_split_the_rack_price_by_draw(cat):
    # the rack price over its 18 compute and 9 NVLink switch trays in proportion to their maximum draw
    tray = cat.device("nvidia-gb200-nvl72-compute-tray")
    switch = cat.device("nvidia-nvlink-switch")
    tray_w, switch_w = tray.planning.power.max_w, switch.planning.power.max_w
    rack_w = 18 * tray_w + 9 * switch_w
    assert tray.planning.price.amount == pytest.approx(NVL72_RACK_USD * tray_w / rack_w, abs=100)
    assert switch.planning.price.amount == pytest.approx(NVL72_RACK_USD * switch_w / rack_w, abs=100)
    per_rack = 18 * tray.planning.price.amount + 9 * switch.planning.price.amount
    assert per_rack == pytest.approx(NVL72_RACK_USD, rel=0.001)
    # what the trays' price already includes is priced at 0 as included in it, so no rack is
    # counted twice and its BOM lines are not left without a price
    for p in (cat.device("nvidia-gb200-power-shelf").planning.price,
              cat.get("rack-types", "nvidia-gb200-nvl72-rack").price,
              cat.get("cables", "nvlink-spine-cartridge").price):
        assert p is not None and p.basis == "included" and p.amount == 0
        assert p.included_in == "nvidia-gb200-nvl72-compute-tray"


def test_an_included_price_names_a_priced_entry(cat):
    for table, slug, p in priced(cat):
        if p.basis == "included":
            carrier = cat.get("device-types", p.included_in)
            assert carrier is not None, f"{table}/{slug}: included in unknown {p.included_in!r}"
            assert carrier.planning.price is not None and carrier.planning.price.amount > 0, (table, slug)


def test_an_included_price_is_zero_and_only_then(cat):
    from pydantic import ValidationError

    from planner.catalog.models import Price

    base = {"currency": "USD", "date": "2024-05", "source": "x"}
    Price(amount=0, basis="included", included_in="nvidia-gb200-nvl72-compute-tray", **base)
    for bad in ({"amount": 0, "basis": "estimate"}, {"amount": 5, "basis": "included", "included_in": "a"},
                {"amount": 0, "basis": "included"}, {"amount": 5, "basis": "quote", "included_in": "a"}):
        with pytest.raises(ValidationError):
            Price(**bad, **base)


def test_sn4700_is_priced_per_tbps_from_the_qm9700(cat):
    from planner.fabric.ports import device_ports

    def tbps(slug):  # port bandwidth, one way (the catalog's switching_capacity mixes conventions)
        return sum(p.speed_gbps for p in device_ports(cat, slug).ports if p.role == "fabric") / 1000

    rate = cat.device("nvidia-quantum-2-qm9700").planning.price.amount / tbps("nvidia-quantum-2-qm9700")
    assert tbps("nvidia-sn4700") == 12.8
    assert cat.device("nvidia-sn4700").planning.price.amount == pytest.approx(rate * tbps("nvidia-sn4700"))


def test_copper_cables_are_priced_from_the_links_they_stand_for(cat):
    def price(slug):
        return cat.get("cables", slug).price.amount

    optical_800g = 2 * price("xcvr-800g-2xsr4-osfp") + 2 * price("fibre-mmf-om4-mpo12")
    assert price("acc-800g-osfp") == 0.5 * optical_800g
    assert price("dac-800g-osfp-2x400") == 2 * price("dac-400g-osfp")
    # copper stays cheaper than the optics it avoids
    assert price("dac-400g-osfp") < price("acc-800g-osfp") < optical_800g


PCIE_SERVER_BASE_USD = 25_000  # the placeholder for a PCIe GPU server without its GPUs


@pytest.mark.parametrize("slug", ["dell-poweredge-r760-l40s", "dell-poweredge-r760xa-l40s",
                                  "dell-poweredge-r760xa-l40s-100gbe", "hpe-proliant-dl380a-gen11",
                                  "supermicro-sys-421ge-tnrt"])
def test_pcie_l40s_servers_are_their_gpus_and_a_placeholder_server(cat, slug):
    d = cat.device(slug)
    assert d.gpu_slug == "l40s"
    assert d.planning.price.amount == PCIE_SERVER_BASE_USD + d.gpu_count * cat.gpu("l40s").price.amount


COOLING_USD_PER_KW = 150  # one placeholder rate for CDUs and rear doors (docs/catalog.md, Prices)


def test_cdus_and_rear_doors_share_one_rate_per_kw(cat):
    units = [(u.slug, u.capacity_kw, u.price.amount) for u in cat.tables["cooling"].values()
             if u.kind.startswith(("cdu", "rdhx"))]
    assert len(units) == 5
    for slug, kw, amount in units:
        # the 1,350 kW CDU keeps its rounded 2025 figure (within 2 %)
        assert amount == pytest.approx(kw * COOLING_USD_PER_KW, rel=0.02), slug
    scdu = cat.device("supermicro-lcs-scdu-250l4001")
    assert scdu.planning.price.amount == 250 * COOLING_USD_PER_KW


def test_aoc_is_priced_as_the_optical_link_it_replaces(cat):
    link = 2 * cat.get("cables", "xcvr-400g-sr4-osfp").price.amount + cat.get("cables", "fibre-mmf-om4-mpo12").price.amount
    assert cat.get("cables", "aoc-400g-qsfp112").price.amount == link


@pytest.mark.parametrize("gpus", [256, 2048])
def test_synthetic_plan_capex_is_complete(cat, gpus):
    res = Engine(cat).compute(synthetic_plan(gpus, cat))
    unpriced = [f"{b.table}/{b.slug}" for b in res.bom if b.unit_price is None]
    assert unpriced == []
    assert res.totals.capex_complete
    assert res.totals.capex == pytest.approx(sum(b.extended for b in res.bom))


def test_short_depth_devices_are_short(cat):
    # a device marked not full depth must fit in the front or rear half of a 1200 mm cabinet
    for _t, slug, d in cat.items():
        if getattr(d, "is_full_depth", True) is False and d.depth_mm is not None:
            assert d.depth_mm <= 600, f"{slug}: is_full_depth false but {d.depth_mm} mm deep"
    assert cat.device("nvidia-sn2201").is_full_depth is False
    for slug in ("raritan-px3-415v-60a", "apc-apdu10350sw", "server-technology-pro3x-208v-60a-delta"):
        assert cat.device(slug).is_full_depth is False, slug


def doc_price_rows() -> dict[str, tuple[str, str, str]]:
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"<!-- prices-table:start -->(.*?)<!-- prices-table:end -->", text, re.S)
    assert block, "docs/catalog.md has no prices table"
    rows = {}
    for line in block.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 5 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = (cells[2], cells[3], cells[4])
    return rows


def test_docs_prices_table_matches_catalog(cat):
    rows = doc_price_rows()
    want = {}
    for _t, slug, p in priced(cat):
        want[slug] = (f"{p.amount:,.0f} {p.currency}", p.basis, p.date)
    assert rows == want
