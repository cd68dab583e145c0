"""The shipped catalog loads cleanly and carries the figures the planner relies on."""

from __future__ import annotations

import pytest

from planner.catalog import catalog_summary, load_catalog, shipped_catalog_dir


@pytest.fixture(scope="module")
def cat():
    return load_catalog([shipped_catalog_dir()])


def test_every_shipped_file_loads_without_errors(cat):
    assert cat.errors == [], "\n".join(str(e) for e in cat.errors)
    files = [p for p in shipped_catalog_dir().rglob("*") if p.suffix in (".yaml", ".yml")]
    # every device/rack file produced an entry (none silently skipped)
    n_single = sum(1 for p in files if "components" not in p.parts)
    assert len(cat.devices) + len(cat.rack_types) == n_single


def test_default_load_uses_shipped_and_user_layers():
    c = load_catalog()
    assert [layer.name for layer in c.layers] == ["shipped", "user"]
    assert "h100-sxm" in c.gpus and c.errors == []


@pytest.mark.parametrize(
    ("slug", "mem", "bw"),
    [
        ("h100-sxm", 80, 3.35),
        ("h200", 141, 4.8),
        ("a100-80gb", 80, 2.039),
        ("l40s", 48, 0.864),
        ("b200", 180, 8.0),
        ("gb200", 186, 8.0),
        ("mi300x", 192, 5.3),
    ],
)
def test_gpu_memory_and_bandwidth(cat, slug, mem, bw):
    g = cat.gpu(slug)
    assert g.memory_gb == mem
    assert g.hbm_bandwidth_tb_per_s == pytest.approx(bw)
    assert g.sources


def test_gpu_figures_are_dense_not_sparse(cat):
    h100 = cat.gpu("h100-sxm")
    # datasheet: 1,979 BF16 / 3,958 FP8 TFLOPS "with sparsity"
    assert h100.bf16_tflops_dense == pytest.approx(1979 / 2)
    assert h100.fp8_tflops_dense == pytest.approx(3958 / 2)
    assert cat.gpu("a100-80gb").bf16_tflops_dense == 312
    assert cat.gpu("a100-80gb").fp8_tflops_dense is None
    assert cat.gpu("l40s").memory_type == "GDDR6"
    assert round(cat.gpu("a100-80gb").hbm_bandwidth_tb_per_s, 1) == 2.0


def test_required_slugs_present(cat):
    gpus = {
        "h100-sxm",
        "h100-pcie",
        "h200",
        "a100-80gb",
        "l40s",
        "b200",
        "mi300x",
        "gb200",
        "h100-nvl",
        "mi325x",
    }
    assert gpus <= set(cat.gpus)
    llms = {
        "llama-2-7b",
        "llama-2-13b",
        "llama-2-70b",
        "llama-3.1-8b",
        "llama-3-70b",
        "llama-3.1-70b",
        "llama-3.1-405b",
        "mixtral-8x7b",
        "deepseek-v3",
        "gpt-3-175b",
    }
    assert llms <= set(cat.llms)
    devices = {
        "dell-poweredge-xe9680",
        "dell-poweredge-xe9680-h200",
        "hpe-cray-xd670",
        "hpe-cray-xd675",
        "nvidia-dgx-h100",
        "nvidia-dgx-h200",
        "nvidia-dgx-b200",
        "supermicro-sys-821ge-tnhr",
        "supermicro-sys-421ge-tnhr2-lcc",
        "supermicro-sys-421ge-tnrt",
        "dell-poweredge-r660",
        "nvidia-gb200-nvl72-compute-tray",
        "nvidia-nvlink-switch",
        "nvidia-quantum-2-qm9700",
        "nvidia-spectrum-4-sn5600",
        "nvidia-sn2201",
        "ddn-ai400x2",
    }
    assert devices <= set(cat.devices)
    assert {"rack-42u-600x1200", "rack-48u-600x1200", "rack-48u-800x1200", "rack-52u-800x1200"} <= set(
        cat.rack_types
    )
    assert {"connectx-7", "bluefield-3"} <= set(cat.nics)


def test_xe9680(cat):
    d = cat.device("dell-poweredge-xe9680")
    assert d.u_height == 6 and d.kind == "server"
    assert d.gpu_slug == "h100-sxm" and d.gpu_count == 8
    assert any(n.model == "connectx-7" and n.count == 8 for n in d.planning.nics)
    assert d.planning.power.nameplate_w == 6 * 2800
    assert cat.device("dell-poweredge-xe9680-h200").gpu_slug == "h200"


def test_dgx_h100_nameplate_is_not_max_draw(cat):
    p = cat.device("nvidia-dgx-h100").planning.power
    assert p.max_w == 10200
    assert p.nameplate_w == 6 * 3300
    assert p.psus_needed == 4
    b = cat.device("nvidia-dgx-b200")
    assert b.u_height == 10 and b.mass_kg == pytest.approx(142.4) and b.max_power_w == 14300


def test_gb200_tray_and_rack(cat):
    t = cat.device("nvidia-gb200-nvl72-compute-tray")
    assert t.u_height == 1 and t.gpu_slug == "gb200" and t.gpu_count == 4
    assert t.planning.cpu.sockets == 2
    assert t.planning.cooling.method == "liquid"
    assert cat.rack_type("nvidia-gb200-nvl72-rack").outer_width_mm == 600


def test_switches_and_views(cat):
    qm = cat.device("nvidia-quantum-2-qm9700")
    assert qm.u_height == 1 and qm.planning.switch.total_ports == 64
    assert qm.planning.switch.ports[0].speed_gbps == 400
    sn = cat.device("nvidia-spectrum-4-sn5600")
    assert (
        sn.u_height == 2
        and sn.planning.switch.ports[0].count == 64
        and sn.planning.switch.ports[0].speed_gbps == 800
    )
    assert all(d.kind == "switch" for d in cat.switches())
    assert {d.slug for d in cat.storage()} >= {"ddn-ai400x2", "weka-wekapod-nitro-node", "vast-ceres-dbox"}
    pdus = {d.slug: d for d in cat.pdus()}
    # European 400 V PDUs of 16, 32 and 63 A (IEC 60309), the APDU10350SW among them at its 400 V
    eu = {(p.planning.pdu.voltage_v, p.planning.pdu.amps) for p in pdus.values() if p.planning.pdu.site_region == "eu"}
    assert {(400, 16), (400, 32), (400, 63)} <= eu
    assert pdus["apc-apdu10350sw"].planning.pdu.voltage_v == 400
    assert any(p.planning.pdu.voltage_v == 415 and p.planning.pdu.amps == 60 for p in pdus.values())
    assert any(p.planning.pdu.wiring == "delta" and p.planning.pdu.voltage_v == 208 for p in pdus.values())
    assert all(p.u_height == 0 for p in pdus.values())
    assert cat.cdus()


def test_racks(cat):
    r = cat.rack_type("rack-42u-600x1200")
    assert r.u_height == 42 and r.outer_width_mm == 600 and r.outer_depth_mm == 1200
    assert r.max_load_kg == 1701
    assert cat.rack_type("rack-52u-800x1200").u_height == 52


def test_llm_architectures(cat):
    l70 = cat.llm("llama-2-70b")
    assert (l70.layers, l70.hidden_size, l70.kv_heads, l70.attention) == (80, 8192, 8, "gqa")
    # KV cache per token: 2 x 80 x 8 x 128 x 2 bytes
    assert l70.kv_cache_bytes_per_token() == 2 * 80 * 8 * 128 * 2
    assert cat.llm("llama-3-70b").layers == cat.llm("llama-3.1-70b").layers
    ds = cat.llm("deepseek-v3")
    assert ds.attention == "mla" and ds.kv_lora_rank == 512 and ds.qk_rope_head_dim == 64
    assert ds.kv_cache_bytes_per_token(2) == 61 * (512 + 64) * 2
    assert ds.moe.experts == 256 and ds.active_params_b == 37
    assert cat.llm("mixtral-8x7b").moe.experts_per_token == 2
    assert cat.llm("gpt-3-175b").layers == 96


def test_cables_and_cooling(cat):
    dac = cat.cable("dac-400g-osfp")
    assert dac.kind == "dac" and dac.max_reach_m <= 3
    assert cat.cable("xcvr-800g-2xfr4-osfp").max_reach_m == 2000
    assert cat.cable("xcvr-400g-dr4-osfp").max_reach_m == 500
    assert cat.cable("xcvr-400g-sr4-osfp").max_reach_m == 50
    kinds = {u.kind for u in cat.cooling_units.values()}
    assert {
        "rdhx-passive",
        "rdhx-active",
        "cdu-in-rack",
        "cdu-in-row",
        "crah",
        "inrow",
        "immersion-tank",
    } <= kinds


def test_every_entry_has_sources_and_origin(cat):
    for table, slug, entry in cat.items():
        assert entry.sources, f"{table}/{slug} has no sources"
        assert cat.origin(slug, table).layer == "shipped"


def test_summary_mentions_counts_and_no_errors(cat):
    s = catalog_summary(cat)
    assert "gpus: " in s and "No errors." in s


def test_every_shipped_cloud_price_names_a_known_gpu_and_is_indicative():
    from planner.catalog import load_catalog, shipped_catalog_dir

    cat = load_catalog([shipped_catalog_dir()])
    cloud = cat.tables["cloud"]
    assert {"h100-sxm", "h200", "b200", "a100-80gb", "l40s", "mi300x", "gb200"} <= set(cloud)
    for slug, entry in cloud.items():
        assert slug in cat.gpus, slug
        assert entry.basis == "indicative" and entry.source and entry.date
        assert 0.1 < entry.price_per_gpu_hour < 50, slug
        assert cat.cloud_price(slug) is entry
    assert cat.cloud_price("no-such-gpu") is None


def test_the_user_layer_overrides_a_cloud_price(tmp_path):
    from planner.catalog import load_catalog, shipped_catalog_dir

    user = tmp_path / "user"
    (user / "components").mkdir(parents=True)
    (user / "components" / "my-cloud.yaml").write_text(
        "table: cloud\nentries:\n  - slug: h100-sxm\n    vendor: Customer\n    model: negotiated\n"
        "    price_per_gpu_hour: 2.10\n    currency: EUR\n    date: 2026-11\n    source: framework contract\n"
        "    sources: [{title: contract, covers: [price_per_gpu_hour]}]\n", encoding="utf-8")
    cat = load_catalog([shipped_catalog_dir(), user])
    assert cat.errors == []
    got = cat.cloud_price("h100-sxm")
    assert (got.price_per_gpu_hour, got.currency) == (2.10, "EUR")
    assert cat.layer_of("h100-sxm", "cloud") == "layer1:user"
    assert cat.cloud_price("b200").vendor == "Lambda"  # the others stay shipped
