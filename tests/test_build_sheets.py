"""The build sheets the installation crew works from (issue 14): every device on its rack
sheet, cable labels and ports printed whole, in-rack NVLink summarised, the pull list per
rack, the cable label sheet. Checked on the bundled examples through pdftotext."""

from __future__ import annotations

import math
import re
import shutil
import subprocess
from collections import Counter
from pathlib import Path

import pytest

from planner.catalog import load_catalog
from planner.commands.cli import main as cli_main
from planner.engine import Engine
from planner.fabric.schedule import cable_schedule
from planner.files.documents import load_plan
from planner.model.naming import display_name
from planner.reports import ReportOptions, render_plan_pdf
from planner.reports.labels import LABEL_STOCK

ROOT = Path(__file__).resolve().parent.parent
GB200 = ROOT / "examples" / "gb200-nvl72.json"
H100 = ROOT / "examples" / "xe9680-h100-pod.json"

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None or shutil.which("pdfinfo") is None,
                                reason="needs poppler-utils (pdftotext, pdfinfo)")


@pytest.fixture(scope="module")
def catalog():
    return load_catalog()


def render(tmp_path: Path, plan, catalog, name: str, **kw) -> tuple[Path, object]:
    results = Engine(catalog).compute(plan)
    kw.setdefault("date", "2026-12-01")
    kw.setdefault("toc", False)
    data, summary = render_plan_pdf(plan, catalog, results, ReportOptions(**kw))
    out = tmp_path / name
    out.write_bytes(data)
    return out, summary


def pages(path: Path, layout: bool = True) -> list[str]:
    args = ["pdftotext"] + (["-layout"] if layout else []) + [str(path), "-"]
    text = subprocess.run(args, capture_output=True, check=True, text=True).stdout
    return text.split("\f")[:-1]


def in_rack_nvlink(plan) -> dict[str, int]:
    """NVLink links per rack whose both ends are in that rack, from the plan itself."""
    nvl = {f.id for f in plan.fabrics if f.kind == "nvlink"}
    where = plan.index.placement_rack
    names = {r.id: r.name for r in plan.racks()}
    out: Counter = Counter()
    for lk in plan.links:
        ra, rb = where[lk.a.placement], where[lk.b.placement]
        if lk.fabric in nvl and ra == rb:
            out[names[ra]] += 1
    return dict(out)


def test_every_device_of_the_gb200_racks_is_on_its_rack_sheet(tmp_path, catalog):
    plan = load_plan(GB200)
    out, _ = render(tmp_path, plan, catalog, "racks.pdf", sections=("racks",))
    text = pages(out)
    assert "more" not in " ".join(text).replace("more on the next page", "")  # no "… 26 more" any longer
    big = [r for r in plan.racks() if len(r.placements) > 40]
    assert big, "the example has a rack of 43 devices"
    for rack in plan.racks():
        # the rack's sheet: the page with its title and the continuation page after it
        sheet = "\n".join(p for p in text if re.search(rf"(?<!\S){re.escape(rack.name)}(?!\S)", p))
        words = set(re.split(r"\s{2,}|\n", sheet))
        names = [display_name(p, catalog) for p in rack.placements]
        missing = [n for n in names if not any(n == w.strip() for w in words)]
        assert not missing, (rack.name, missing)
    for rack in big:
        assert any(f"{rack.name}: devices, continued" in p for p in text)


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("example", [GB200, H100])
def test_cable_labels_and_ports_print_whole(tmp_path, catalog, example, lang):
    plan = load_plan(example)
    out, summary = render(tmp_path, plan, catalog, "cables.pdf", sections=("cables", "pull"), lang=lang)
    text = "\n".join(pages(out))
    assert "\u2026" not in text  # nothing cut with an ellipsis
    words = set(text.split())
    skip = set().union(*[{lk.id for lk in plan.links if lk.fabric == f.id} for f in plan.fabrics
                         if f.kind == "nvlink"]) if in_rack_nvlink(plan) else set()
    for c in cable_schedule(plan, catalog):
        if c.id in skip:
            continue
        for value in (c.label, c.from_port, c.to_port):
            assert value in words or value in text, value


def test_in_rack_nvlink_is_summarised_per_rack(tmp_path, catalog):
    plan = load_plan(GB200)
    out, summary = render(tmp_path, plan, catalog, "cables.pdf", sections=("cables",))
    rows = cable_schedule(plan, catalog)
    per_rack = in_rack_nvlink(plan)
    assert sum(per_rack.values()) == 2592  # the figure: of 2,992 rows
    listed = len(rows) - sum(per_rack.values())
    # about 50 rows a page: the 2,592 cartridge links would be 50 pages more
    assert summary.pages <= math.ceil(listed / 40) + 2 < math.ceil(len(rows) / 60)
    text = "\n".join(pages(out))
    assert "NVLink inside the racks (not listed)" in text
    for rack, n in per_rack.items():
        m = re.search(rf"^\s*{re.escape(rack)}\s+NVLink \S+\s+([\d,]+)\s", text, re.M)
        assert m and int(m.group(1).replace(",", "")) == n, (rack, n)
    # the cartridge links are counted, not listed; the compute fabric's are listed
    nvl_labels = [c.label for c in rows if c.fabric.startswith("NVLink")]
    assert not any(lbl in text for lbl in nvl_labels[:50])
    assert all(c.label in text for c in rows if not c.fabric.startswith("NVLink"))


def test_pull_list_per_rack_matches_the_cable_schedule(tmp_path, catalog):
    plan = load_plan(GB200)
    out, _ = render(tmp_path, plan, catalog, "pull.pdf", sections=("pull",))
    text = pages(out)
    rows = [c for c in cable_schedule(plan, catalog) if not c.fabric.startswith("NVLink")]
    by_rack = Counter(c.from_rack for c in rows)
    found: Counter = Counter()
    rack = None
    for page in text:
        m = re.search(r"^\s*(\S+) ([\d,]+) cables? to pull", page, re.M)
        if m:  # a rack's first page; its table may continue on the next
            rack, n = m.group(1), int(m.group(2).replace(",", ""))
            assert n == by_rack[rack] and rack not in found
        assert rack is not None
        found[rack] += sum(1 for line in page.splitlines()
                           if re.match(r"^\s*CMP-\d+\s", line))
    assert found == by_rack  # every pulled cable once, on its rack's page
    # grouped by destination with the group's count and the lengths
    for dest in {c.to_rack for c in rows if c.from_rack == "NVL72-1"}:
        n = sum(1 for c in rows if c.from_rack == "NVL72-1" and c.to_rack == dest)
        assert re.search(rf"(To|Within) {re.escape(dest)}: {n} cables?, [\d.]+ m", "\n".join(
            p for p in text if "NVL72-1 " in p))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_label_sheet_has_one_label_per_cable_end(tmp_path, catalog, paper):
    plan = load_plan(H100)
    out, summary = render(tmp_path, plan, catalog, "labels.pdf", sections=("labels",), page_size=paper)
    rows = cable_schedule(plan, catalog)
    stock = LABEL_STOCK[paper]
    per = stock.cols * stock.rows
    sheets = math.ceil(2 * len(rows) / per)
    assert summary.pages == 1 + sheets  # the instruction page, then the stock
    text = pages(out)
    labels = Counter()
    for page in text[1:]:
        for line in page.splitlines():  # a row of labels: "LABEL   A   LABEL   B ..."
            for label, end in re.findall(r"(\S(?:.*?\S)?)\s+([AB])(?=\s{2,}|$)", line.strip()):
                labels[(label, end)] += 1
    for c in rows:  # each cable: its A end and its B end, once each
        assert labels[(c.label, "A")] == 1 and labels[(c.label, "B")] == 1, c.label
    assert sum(labels.values()) == 2 * len(rows)
    # label stock pages: portrait at the stock's size, no running header or footer
    info = subprocess.run(["pdfinfo", "-f", "1", "-l", str(summary.pages), str(out)], capture_output=True,
                          text=True, check=True).stdout
    sizes = re.findall(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", info)
    assert all(abs(float(w) - stock.page_w) < 1 and abs(float(h) - stock.page_h) < 1 for w, h in sizes[1:])
    assert float(sizes[0][0]) > float(sizes[0][1])  # the instruction page is landscape like the rest
    assert all("Page " not in p and "Generated by" not in p for p in text[1:])
    assert stock.name in text[0]


def test_label_sheet_in_german(tmp_path, catalog):
    plan = load_plan(GB200)
    out, summary = render(tmp_path, plan, catalog, "de.pdf", sections=("labels", "pull"), lang="de")
    text = pages(out)
    assert any("Kabeletiketten" in p for p in text)
    assert any("Kabelzugliste je Rack" in p for p in text)
    assert any("Avery L7651" in p for p in text)  # A4 stock for German (A4 paper)
    assert any(re.search(r"\bnach NET-1\b", p) for p in text)


def test_cli_sections_pull_and_labels(tmp_path, capsys):
    out = tmp_path / "crew.pdf"
    assert cli_main(["report", str(H100), "-o", str(out), "--sections", "pull,labels"]) == 0
    msg = capsys.readouterr().out
    assert "pull, labels" in msg
    assert cli_main(["report", str(H100), "-o", str(tmp_path / "all.pdf")]) == 0
    assert "labels" not in capsys.readouterr().out.split("sections:")[1]  # on label stock: asked for


def test_logo_on_the_cover_and_bad_logos_refused(tmp_path, catalog):
    from PIL import Image

    from planner.files.plan_io import plan_from_dict, plan_to_dict
    from planner.model.logo import LogoError, read_logo
    from planner.model.plan import MAX_LOGO_BYTES, Logo

    png = tmp_path / "logo.png"
    Image.new("RGB", (300, 100), (20, 90, 200)).save(png)
    jpg = tmp_path / "logo.jpg"
    Image.new("RGB", (200, 200), (20, 90, 200)).save(jpg, "JPEG")
    plan = load_plan(GB200)
    out, _ = render(tmp_path, plan, catalog, "plain.pdf", sections=("cover",))
    listing = subprocess.run(["pdfimages", "-list", str(out)], capture_output=True, text=True).stdout
    assert len(listing.splitlines()) == 2  # header lines only: no image without a logo
    for path, (w, h) in ((png, (300, 100)), (jpg, (200, 200))):
        plan.metadata = plan.metadata.model_copy(update={"logo": read_logo(path)})
        again = plan_from_dict(plan_to_dict(plan))  # the JSON form carries it
        out, _ = render(tmp_path, again, catalog, "logo.pdf", sections=("cover",))
        if shutil.which("pdfimages"):
            rows = subprocess.run(["pdfimages", "-list", str(out)], capture_output=True, text=True).stdout.splitlines()
            assert len(rows) == 3 and rows[2].split()[3:5] == [str(w), str(h)], rows
        else:
            assert b"/Subtype /Image" in out.read_bytes() or b"/Image" in out.read_bytes()
    # refused: not an image, too large, a PNG named as JPEG in the plan file
    txt = tmp_path / "x.png"
    txt.write_bytes(b"hello")
    with pytest.raises(LogoError, match="not a PNG or JPEG"):
        read_logo(txt)
    big = tmp_path / "big.png"
    big.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\0" * MAX_LOGO_BYTES)
    with pytest.raises(LogoError, match="at most 512 KiB"):
        read_logo(big)
    good = read_logo(png)
    with pytest.raises(ValueError, match="not a JPEG"):
        Logo(media_type="image/jpeg", name="x", data=good.data)


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_big_plans_schedule_and_pull_list_count_per_rack_pair_and_say_so(tmp_path, catalog, lang):
    """Above ``cable_schedule_limit`` cables to pull (issue 30: 1,949 pages for 16k GPUs), the
    schedule and the pull list count cables per pair of racks, every count adds up to the
    plan's, and the page says where each cable is listed; at the limit or below, every cable
    is listed as before."""
    plan = load_plan(H100)
    rows = cable_schedule(plan, catalog)
    out, summary = render(tmp_path, plan, catalog, "big.pdf", sections=("cables", "pull"), lang=lang,
                          cable_schedule_limit=len(rows) - 1)
    assert summary.cables_summarised
    text = "\n".join(pages(out))
    assert ("Schedule by pair of racks" if lang == "en" else "Kabelplan je Rackpaar") in text
    assert ("cable table" if lang == "en" else "Kabeltabelle") in text
    assert not any(c.label in text.split() for c in rows)  # no cable listed one by one
    pairs = Counter((c.from_rack, c.to_rack) for c in rows)
    listed: Counter = Counter()
    for line in text.splitlines():
        m = re.match(r"^\s*(\S+)\s{2,}(\S+)\s{2,}.*?\s(\d+)\s+[\d.,]+\s*$", line)  # ... cables, length
        if m and (m.group(1), m.group(2)) in pairs:
            listed[(m.group(1), m.group(2))] += int(m.group(3))
    assert listed == pairs  # the schedule's counts per pair of racks add up to every cable
    # the pull list: each rack's count of cables to pull, as many as start there
    starts = Counter(c.from_rack for c in rows)
    for rack, n in starts.items():
        assert re.search(rf"^\s*{re.escape(rack)}: {n} (cables to pull|Kabel zu ziehen)", text, re.M), rack
    full, summary = render(tmp_path, plan, catalog, "full.pdf", sections=("cables", "pull"), lang=lang,
                           cable_schedule_limit=len(rows))
    assert not summary.cables_summarised
    assert all(c.label in "\n".join(pages(full)) for c in rows)
