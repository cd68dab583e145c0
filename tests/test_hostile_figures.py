"""Figures far outside anything real (issue 29, item 5): a number that large or small never
crashes the formatting of check, report or the PDF; it is printed in scientific form."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from planner.commands.cli import main
from planner.i18n import format_field, format_money, format_number, format_percent, format_template

ROOT = Path(__file__).resolve().parents[1]
EXTREMES = [1e18, 1e25, 1e100, 1e300, 1.7976931348623157e308, -1e300, 1e-300, 5e-324, math.inf, -math.inf]


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("value", EXTREMES)
def test_formatting_never_raises(value, lang):
    for text in (format_number(value, lang), format_number(value, lang, 2), format_money(value, "EUR", lang),
                 format_field(value, ",.0f", lang), format_percent(value, lang)):
        assert text and len(text) < 40, text
    assert format_template("{x:.1f}", lang, x=value)  # English is str.format: long, but it never raises
    if abs(value) >= 1e18 and math.isfinite(value):
        assert "e+" in format_number(value, lang)  # not 300 digits of float noise


def test_ordinary_figures_keep_their_digits():
    assert format_number(123456789012345.0, "de", 0) == "123.456.789.012.345"
    assert format_money(1356256, "EUR", "de") == "1.356.256\xa0€"


def test_report_of_a_plan_with_an_absurd_token_count(tmp_path, capsys):
    plan = json.loads((ROOT / "examples" / "xe9680-h100-pod.json").read_text(encoding="utf-8"))
    plan["workloads"][0]["spec"]["tokens"] = 1e308
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(plan), encoding="utf-8")
    assert main(["--lang", "de", "report", str(path), "-o", str(tmp_path / "plan.pdf"), "--sections", "cover", "findings"]) == 0
    assert (tmp_path / "plan.pdf").read_bytes().startswith(b"%PDF")
    assert main(["--lang", "de", "check", str(path)]) in (0, 1)
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity"])
def test_non_finite_workload_figures_are_refused_at_the_door(tmp_path, capsys, value):
    """issue 29 item 3: NaN or Infinity in a workload spec opened, then every autosave and
    .rackplan save failed, JSON conversion wrote null and the Workloads panel failed: one line
    naming the field, exit 2, and nothing written."""
    text = (ROOT / "examples" / "xe9680-h100-pod.json").read_text(encoding="utf-8")
    plan = json.loads(text)
    plan["workloads"][0]["spec"]["tokens"] = "@@"
    path = tmp_path / "nan.json"
    path.write_text(json.dumps(plan).replace('"@@"', value), encoding="utf-8")
    out = tmp_path / "out.rackplan"
    for argv in (["check", str(path)], ["convert", str(path), str(out)], ["validate", str(path)]):
        capsys.readouterr()
        assert main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "workloads[0].spec" in err[0] and "tokens" in err[0], err
    assert not out.exists()


def _png(w: int = 400, h: int = 300) -> bytes:
    import os
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    rows = b"".join(b"\x00" + os.urandom(w * 3) for _ in range(h))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


def test_a_truncated_logo_is_refused_and_never_stops_the_pdf(tmp_path, capsys):
    """issue 29 item 10: a PNG cut in half has a valid header, was accepted as the logo, and
    then no build plan could be written. It is refused when chosen; a plan that already holds
    one prints without it."""
    import base64

    from planner.model.logo import LogoError, logo_size, read_logo

    png = _png()
    assert logo_size(png) == (400, 300)
    cut = tmp_path / "cut.png"
    cut.write_bytes(png[: len(png) // 2])
    with pytest.raises(LogoError, match="cannot be decoded"):
        read_logo(cut)
    plan = json.loads((ROOT / "examples" / "xe9680-h100-pod.json").read_text(encoding="utf-8"))
    plan["metadata"]["logo"] = {"media_type": "image/png", "name": "cut.png",
                                "data": base64.b64encode(png[: len(png) // 2]).decode("ascii")}
    path = tmp_path / "logo.json"
    path.write_text(json.dumps(plan), encoding="utf-8")
    assert main(["report", str(path), "-o", str(tmp_path / "p.pdf"), "--sections", "cover"]) == 0
    assert (tmp_path / "p.pdf").read_bytes().startswith(b"%PDF")
