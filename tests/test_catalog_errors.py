"""Broken catalog files give CatalogError(file, line, field, message); the rest still loads."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from planner.catalog import CatalogError, load_catalog

GOOD_GPU = """\
table: gpus
entries:
  - slug: gpu-x
    vendor: V
    model: X
    family: hopper
    form_factor: SXM5
    memory_gb: 80
    memory_type: HBM3
    hbm_bandwidth_tb_per_s: 3.35
    bf16_tflops_dense: 989.5
    fp16_tflops_dense: 989.5
    tdp_w: 700
    sources:
      - title: ds
        covers: [family, form_factor, memory_gb, memory_type, hbm_bandwidth_tb_per_s, bf16_tflops_dense, fp16_tflops_dense, tdp_w]
"""

GOOD_DEVICE = """\
manufacturer: Acme
model: Box
slug: {slug}
u_height: 2
is_full_depth: true
weight: 20
weight_unit: kg
planning:
  kind: server
  depth_mm: 800
  accelerators: {{model: gpu-x, count: 8}}
  power:
    idle_w: 100
    typical_w: 300
    max_w: 500
  sources:
    - title: spec
      covers: [weight, u_height, depth_mm, accelerators, power]
"""


def make(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "cat"
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(textwrap.dedent(text))
    return root


def only_error(cat) -> CatalogError:
    assert len(cat.errors) == 1, [str(e) for e in cat.errors]
    return cat.errors[0]


def test_good_files_load(tmp_path):
    root = make(
        tmp_path,
        {"components/gpus.yaml": GOOD_GPU, "device-types/Acme/ok.yaml": GOOD_DEVICE.format(slug="acme-ok")},
    )
    cat = load_catalog([root])
    assert cat.errors == []
    assert cat.device("acme-ok").mass_kg == 20


def _broken(tmp_path, device_text, name="bad.yaml"):
    root = make(
        tmp_path,
        {
            "components/gpus.yaml": GOOD_GPU,
            "device-types/Acme/ok.yaml": GOOD_DEVICE.format(slug="acme-ok"),
            f"device-types/Acme/{name}": device_text,
        },
    )
    cat = load_catalog([root])
    assert "acme-ok" in cat.devices, "the rest of the catalog must still load"
    return cat


def test_max_below_typical_names_file_line_field(tmp_path):
    text = GOOD_DEVICE.format(slug="acme-bad").replace("max_w: 500", "max_w: 100")
    cat = _broken(tmp_path, text)
    e = only_error(cat)
    assert e.file.endswith("device-types/Acme/bad.yaml")
    assert e.line == 15
    assert e.field == "planning.power.max_w"
    assert "must be >= typical_w (got 100)" in e.message
    assert str(e) == f"{e.file}:15: planning.power.max_w: must be >= typical_w (got 100)"
    assert "acme-bad" not in cat.devices
    assert cat.failed_files == [e.file]


@pytest.mark.parametrize(
    ("old", "new", "field", "needle"),
    [
        ("    idle_w: 100", "    idle_w: -5", "planning.power.idle_w", "greater than or equal to 0"),
        ("  depth_mm: 800", "  depht_mm: 800", "planning.depht_mm", "unknown key"),
        ("model: gpu-x", "model: gpu-nope", "planning.accelerators.model", "unknown GPU slug 'gpu-nope'"),
        (
            "      covers: [weight, u_height, depth_mm, accelerators, power]",
            "      covers: [weight, u_height, depth_mm, accelerators]",
            "planning.power",
            "no source",
        ),
        (
            "      covers: [weight, u_height, depth_mm, accelerators, power]",
            "      covers: [weight, depth_mm, accelerators, power]",
            "u_height",
            "no source",
        ),
        (
            "      covers: [weight, u_height, depth_mm, accelerators, power]",
            "      covers: [weight, u_height, depth_mm, accelerators, power, pwoer]",
            "planning.sources[0].covers[5]",
            "unknown key 'pwoer'",
        ),
        ("u_height: 2", "u_height: two", "u_height", "valid number"),
        ("manufacturer: Acme\n", "", "manufacturer", "required"),
        ("  kind: server", "  kind: toaster", "planning.kind", "Input should be"),
        ("weight_unit: kg", "weight_unit: stone", "weight_unit", "kg, g, lb, oz"),
    ],
)
def test_bad_fields(tmp_path, old, new, field, needle):
    text = GOOD_DEVICE.format(slug="acme-bad")
    assert old in text
    cat = _broken(tmp_path, text.replace(old, new))
    e = only_error(cat)
    assert e.field == field, str(e)
    assert needle in e.message, str(e)
    assert e.line is not None and e.line >= 1
    assert e.file.endswith("bad.yaml")


def test_liquid_fraction_out_of_range(tmp_path):
    text = (
        GOOD_DEVICE.format(slug="acme-bad")
        .replace("  power:", "  cooling: {method: liquid, liquid_fraction: 1.5}\n  power:")
        .replace("power]", "power, cooling]")
    )
    e = only_error(_broken(tmp_path, text))
    assert e.field == "planning.cooling.liquid_fraction" and e.line == 12


def test_yaml_syntax_error_has_line(tmp_path):
    cat = _broken(tmp_path, "manufacturer: Acme\nmodel: [unclosed\nslug: x\n")
    e = only_error(cat)
    assert e.line is not None and "YAML syntax error" in e.message


def test_top_level_not_a_mapping(tmp_path):
    e = only_error(_broken(tmp_path, "- just\n- a list\n"))
    assert "mapping" in e.message


def test_duplicate_slug_in_one_layer(tmp_path):
    cat = _broken(tmp_path, GOOD_DEVICE.format(slug="acme-ok"), name="zz-dup.yaml")
    e = only_error(cat)
    assert "duplicate slug 'acme-ok'" in e.message and e.file.endswith("zz-dup.yaml")
    assert cat.origin("acme-ok").file.endswith("ok.yaml")


def test_bad_entry_in_table_keeps_other_entries(tmp_path):
    bad = GOOD_GPU + GOOD_GPU.split("entries:\n", 1)[1].replace("gpu-x", "gpu-y").replace(
        "tdp_w: 700", "tdp_w: -1"
    )
    root = make(tmp_path, {"components/gpus.yaml": bad})
    cat = load_catalog([root])
    e = only_error(cat)
    assert e.field == "entries[1].tdp_w" and e.line == 27
    assert "gpu-x" in cat.gpus and "gpu-y" not in cat.gpus


def test_unknown_table(tmp_path):
    root = make(tmp_path, {"components/x.yaml": "table: gpuz\nentries: []\n"})
    e = only_error(load_catalog([root]))
    assert e.field == "table" and e.line == 1


def test_mla_requires_kv_lora_rank(tmp_path):
    llm = """\
    table: llms
    entries:
      - slug: m
        vendor: v
        model: m
        family: f
        params_b: 1
        layers: 2
        hidden_size: 64
        heads: 4
        kv_heads: 4
        head_dim: 16
        ffn_size: 128
        vocab_size: 100
        attention: mla
        max_context: 128
        license: MIT
        sources: [{title: cfg, covers: [family, params_b, layers, hidden_size, heads, kv_heads, head_dim, ffn_size, vocab_size, attention, max_context, license]}]
    """
    root = make(tmp_path, {"components/llms.yaml": llm})
    e = only_error(load_catalog([root]))
    assert "kv_lora_rank" in e.message


def test_shipped_file_with_injected_error(tmp_path):
    """Copy the real shipped catalog, break one figure, and check everything else survives."""
    from planner.catalog import shipped_catalog_dir

    root = tmp_path / "catalogs"
    shutil.copytree(shipped_catalog_dir(), root)
    f = root / "device-types" / "Nvidia" / "nvidia-dgx-h100.yaml"
    f.write_text(f.read_text().replace("max_w: 10200", "max_w: -10200"))
    cat = load_catalog([root])
    e = only_error(cat)
    assert e.field == "planning.power.max_w" and "nvidia-dgx-h100.yaml" in e.file
    assert "nvidia-dgx-h100" not in cat.devices and "nvidia-dgx-b200" in cat.devices
