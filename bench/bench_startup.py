"""CLI start-up: `rackwright --version`, `--help` and `check` on the example JSON plan.

Each command runs ``--repeat`` times in a fresh interpreter (``python -m rackwright``,
what the console script runs), hyperfine-style: prints the median and the fastest wall
time, the median CPU time of the child (user + sys, steadier than wall time on a busy
machine) and which heavy libraries the command imported (from ``python -X importtime``).

    python bench/bench_startup.py [--repeat 10] [--root OTHER_CHECKOUT]

``--root`` times another checkout of Rackwright (e.g. a ``git worktree`` of an older
commit) with the same interpreter, for before/after figures.

Targets (issue #16): ``--version`` within 0.15 s, ``check`` of a JSON plan within 0.6 s.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("sqlalchemy", "reportlab", "PySide6", "pydantic", "numpy", "yaml")
COMMANDS = {
    "--version": ["--version"],
    "--help": ["--help"],
    "check (JSON plan)": ["check", "examples/xe9680-h100-pod.json"],
}


def _env(root: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(root))  # before the editable install on the path
    env.pop("PYTHONIMPORTTIME", None)
    return env


def time_command(root: Path, args: list[str], repeat: int) -> tuple[list[float], list[float]]:
    """(wall s, child CPU s) of each run."""
    walls, cpus = [], []
    cmd = [sys.executable, "-m", "rackwright", *args]
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        subprocess.run(cmd, cwd=root, env=_env(root), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        walls.append(time.perf_counter() - t)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return walls, cpus


def heavy_imports(root: Path, args: list[str]) -> list[str]:
    out = subprocess.run([sys.executable, "-X", "importtime", "-m", "rackwright", *args], cwd=root, env=_env(root),
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True).stderr
    top = {line.rsplit("|", 1)[-1].strip().split(".")[0] for line in out.splitlines() if line.startswith("import time:")}
    return [h for h in HEAVY if h in top]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=10)
    ap.add_argument("--root", type=Path, default=ROOT, help="the Rackwright checkout to time (default: this one)")
    args = ap.parse_args()
    root = args.root.resolve()
    print(f"{root}: {args.repeat} runs each, python {sys.version.split()[0]}")
    print("| command | wall median s | wall min s | CPU median s | heavy imports |")
    print("|---|--:|--:|--:|---|")
    for name, cmd in COMMANDS.items():
        walls, cpus = time_command(root, cmd, args.repeat)
        heavy = ", ".join(heavy_imports(root, cmd)) or "none"
        print(f"| {name} | {statistics.median(walls):.3f} | {min(walls):.3f} | {statistics.median(cpus):.3f} "
              f"| {heavy} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
