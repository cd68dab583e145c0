"""Brownfield at its limits (planner.netbox.site, issue 29 item 10): seconds and peak memory
for `rackwright brownfield` refusing a million-rack export (it ran 108 s and 3.8 GB before
the line limit), and for importing and writing the largest export it accepts
(MAX_ROWS: 20,000 racks, 250,000 devices), each in its own process.

    python bench/bench_brownfield.py
"""

from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from planner.netbox.site import MAX_ROWS  # noqa: E402


def run(argv: list[str]) -> tuple[float, float, int, str]:
    """(seconds, peak MB of the child, exit code, last line)."""
    t0 = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "planner", *argv], cwd=ROOT, capture_output=True, text=True)
    dt = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    lines = (r.stderr or r.stdout).strip().splitlines()
    return dt, peak, r.returncode, lines[-1][:110] if lines else ""


def main() -> None:
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        big = tmp / "million.csv"
        with big.open("w", encoding="utf-8") as f:
            f.write("Name,Site,Height (U)\n")
            f.writelines(f"R{i},DC1,42\n" for i in range(1_000_000))
        dt, peak, rc, line = run(["brownfield", "--racks", str(big), "-o", str(tmp / "a.json")])
        print(f"1,000,000 racks refused: {dt:.2f} s, peak {peak:.0f} MB, exit {rc}: {line}")

        racks, devices = tmp / "racks.csv", tmp / "devices.csv"
        n_racks, n_dev = MAX_ROWS["racks"], MAX_ROWS["devices"]
        with racks.open("w", encoding="utf-8") as f:
            f.write("Name,Site,Location,Facility ID,Height (U)\n")
            f.writelines(f"R{i},DC1,Hall {i // 1000},Row {i // 50 % 20}/{i % 50},42\n" for i in range(n_racks))
        with devices.open("w", encoding="utf-8") as f:
            f.write("Name,Rack,Manufacturer,Device Type,Position,Face,Serial\n")
            f.writelines(f"sw{k},R{k % n_racks},Nvidia,SN2201,{k // n_racks + 1},front,S{k}\n" for k in range(n_dev))
        for out in ("largest.rackplan", "largest.json"):
            dt, peak, rc, line = run(["brownfield", "--racks", str(racks), "--devices", str(devices), "-o",
                                      str(tmp / out)])
            print(f"{n_racks:,} racks and {n_dev:,} devices to {out}: {dt:.1f} s, peak {peak:.0f} MB (largest "
                  f"child so far), exit {rc}: {line}")


if __name__ == "__main__":
    main()
