"""What the example generators share: write the plan's JSON, or with --check only
say whether the committed file is current (tests call that)."""

from __future__ import annotations

import sys
from pathlib import Path

from planner.files.plan_io import plan_to_json
from planner.model.plan import Plan


def write_or_check(script: str, out: Path, plan: Plan, catalog, argv: list[str]) -> int:
    text = plan_to_json(Plan.model_validate(plan.model_dump()))  # round-trip through validation
    if "--check" in argv:
        current = out.read_text(encoding="utf-8") if out.exists() else ""
        if current != text:
            print(f"{out.name} is out of date: run python examples/{script}", file=sys.stderr)
            return 1
        return 0
    out.write_text(text, encoding="utf-8")
    gpus = sum(catalog.device(p.device).gpu_count for p, _ in plan.index.iter_placements())
    print(f"wrote {out} ({len(list(plan.racks()))} racks, {gpus} GPUs, {len(plan.links)} links)")
    return 0
