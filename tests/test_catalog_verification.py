"""The verification-status table in docs/catalog.md must match the shipped catalog.

Architects read that table to know how far they can trust a figure; if a source is
re-checked (or a new unchecked entry is added) the table has to change with it.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

import pytest

from planner.catalog import load_catalog, shipped_catalog_dir

DOC = Path(__file__).resolve().parents[1] / "docs" / "catalog.md"
STATES = ("checked", "partly checked", "unchecked", "estimate only")


def entry_sources(entry):
    return entry.sources  # device and rack types expose planning.sources here too


def state_of(entry) -> str:
    kinds = {s.verification for s in entry_sources(entry)}
    if kinds == {"checked"}:
        return "checked"
    if "checked" in kinds:
        return "partly checked"
    if kinds == {"estimate"}:
        return "estimate only"
    return "unchecked"


def catalog_counts(cat) -> dict[str, Counter]:
    counts: dict[str, Counter] = defaultdict(Counter)
    for table, _slug, entry in cat.items():
        counts[table][state_of(entry)] += 1
    return counts


def doc_counts(text: str) -> dict[str, Counter]:
    block = text.split("<!-- verification-table:start -->", 1)[1].split("<!-- verification-table:end -->", 1)[
        0
    ]
    counts: dict[str, Counter] = {}
    for line in block.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 6 or not all(c.isdigit() for c in cells[1:]):
            continue
        table, *numbers = cells
        counts[table] = Counter({s: int(n) for s, n in zip(STATES, numbers[:4]) if int(n)})
        assert int(numbers[4]) == sum(int(n) for n in numbers[:4]), f"{table}: total column is not the sum"
    return counts


@pytest.fixture(scope="module")
def shipped():
    return load_catalog([shipped_catalog_dir()])


def test_doc_table_matches_shipped_catalog(shipped):
    # a malformed or missing table fails here too (KeyError/IndexError on the markers)
    assert doc_counts(DOC.read_text(encoding="utf-8")) == catalog_counts(shipped)


def test_doc_table_notices_a_change(shipped):
    """Demoting one checked source must make the table wrong (the check can fail)."""
    cat = load_catalog([shipped_catalog_dir()])  # own copy: the module fixture stays intact
    counts = catalog_counts(cat)
    for s in cat.gpu("h200").sources:
        if s.verification == "checked":
            s.verification = "unchecked"
    assert catalog_counts(cat) != counts


def test_checked_sources_name_a_document(shipped):
    """A 'checked' claim must say where: a URL and a note quoting what was compared."""
    for table, slug, entry in shipped.items():
        for s in entry_sources(entry):
            if s.verification == "checked":
                assert s.url, f"{table}/{slug}: checked source {s.title!r} has no url"
                assert s.note, f"{table}/{slug}: checked source {s.title!r} quotes nothing"


def test_issue_figures_stay_asserted(shipped):
    assert (shipped.gpu("h200").memory_gb, shipped.gpu("h200").hbm_bandwidth_tb_per_s) == (141, 4.8)
    assert (shipped.gpu("h100-sxm").memory_gb, shipped.gpu("h100-sxm").hbm_bandwidth_tb_per_s) == (80, 3.35)
    assert round(shipped.gpu("a100-80gb").hbm_bandwidth_tb_per_s, 1) == 2.0
    assert (shipped.gpu("l40s").memory_gb, shipped.gpu("l40s").hbm_bandwidth_tb_per_s) == (48, 0.864)
    xe = shipped.device("dell-poweredge-xe9680")
    assert xe.u_height == 6 and xe.gpu_count == 8 and xe.gpu_slug == "h100-sxm"
    assert (
        shipped.llm("deepseek-v3").kv_lora_rank == 512 and shipped.llm("deepseek-v3").qk_rope_head_dim == 64
    )
