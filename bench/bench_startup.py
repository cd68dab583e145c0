"""Start-up of the desktop bundle (or the source tree): `rackwright --version`, `rackwright check`
of the example plan (the first run with an empty cache folder, then with the parsed catalog
cached: planner/catalog/parsecache.py), and the time until the main window is on a real X
server (Xvfb, Qt's xcb platform; found with xdotool).

    python bench/bench_startup.py                              # dist/rackwright/rackwright
    python bench/bench_startup.py --exe "python -m rackwright"  # the source tree, for comparison
    python bench/bench_startup.py --repeat 5
    python bench/bench_startup.py --exe "python -m rackwright" --cli   # no window

Both are wall-clock times and CPU times (user + system, from /proc): on a shared, loaded
machine the wall time grows with the load, the CPU time much less.

Each run is a fresh process with a fresh settings folder and a copy of the example plan
(the app locks what it opens). .ci/bundle runs it after building the bundle.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "xe9680-h100-pod.json"


def _env(tmp: Path, **extra: str) -> dict[str, str]:
    # PYTHONDONTWRITEBYTECODE (set in some shells and CI) makes every run compile all ~200
    # modules from source again; an installed app or bundle has its bytecode compiled
    env = {k: v for k, v in os.environ.items() if not k.startswith("RACKWRIGHT_") and k != "PYTHONDONTWRITEBYTECODE"}
    env.update(XDG_CONFIG_HOME=str(tmp / "config"), XDG_DATA_HOME=str(tmp / "data"),
               RACKWRIGHT_USER_CATALOG=str(tmp / "no-user-catalog"), **extra)
    return env


def time_version(cmd: list[str], tmp: Path) -> float:
    t0 = time.perf_counter()
    r0 = os.times()
    proc = subprocess.run([*cmd, "--version"], capture_output=True, text=True, env=_env(tmp))
    took = time.perf_counter() - t0
    r1 = os.times()
    if proc.returncode != 0:
        raise SystemExit(f"--version failed: {proc.stderr}")
    return took, (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)


def time_check(cmd: list[str], tmp: Path) -> tuple[float, float]:
    """`check` of a copy of the example plan (exit 0 or 1: findings are not a failure)."""
    plan = tmp / "check.json"
    shutil.copy(EXAMPLE, plan)
    env = _env(tmp, XDG_CACHE_HOME=str(tmp / "cache"))
    t0 = time.perf_counter()
    r0 = os.times()
    proc = subprocess.run([*cmd, "check", str(plan)], capture_output=True, text=True, env=env)
    took = time.perf_counter() - t0
    r1 = os.times()
    if proc.returncode not in (0, 1):
        raise SystemExit(f"check failed: {proc.stderr}")
    return took, (r1.children_user - r0.children_user) + (r1.children_system - r0.children_system)


def _display_answers(display: str) -> bool:
    env = {**os.environ, "DISPLAY": display}
    return subprocess.run(["xdotool", "getdisplaygeometry"], env=env, capture_output=True).returncode == 0


def start_xvfb(attempts: int = 3) -> tuple[subprocess.Popen, str]:
    """A fresh Xvfb on a free display, checked to answer before it is used. ``-noreset``: an
    X server resets when its last client leaves, and a client connecting during the reset
    is refused; here the check's xdotool was that last client, and the app that followed
    it failed now and then with "could not connect to display :0" (.ci/bundle, 4 times)."""
    for _ in range(attempts):
        r, w = os.pipe()
        proc = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1920x1080x24", "-nolisten", "tcp",
                                 "-noreset"],
                                pass_fds=(w,), stderr=subprocess.DEVNULL)
        os.close(w)
        with os.fdopen(r) as fh:
            display = ":" + fh.readline().strip()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            if _display_answers(display):
                return proc, display
            time.sleep(0.1)
        print(f"Xvfb on {display} does not answer; starting another one", file=sys.stderr)
        proc.terminate()
        proc.wait(timeout=20)
    raise SystemExit("no Xvfb display answered")


def _cpu_s(pid: int) -> float:
    """User + system CPU seconds of a running process (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return float("nan")
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def time_window(cmd: list[str], tmp: Path, display: str, timeout_s: float = 60) -> tuple[float, float]:
    plan = tmp / "pod.json"
    shutil.copy(EXAMPLE, plan)
    env = _env(tmp, DISPLAY=display, QT_QPA_PLATFORM="xcb")
    t0 = time.perf_counter()
    app = subprocess.Popen([*cmd, str(plan)], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        while time.perf_counter() - t0 < timeout_s:
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.pid), "--name", "pod"],
                                   capture_output=True, text=True, env=env)
            if found.stdout.strip():
                return time.perf_counter() - t0, _cpu_s(app.pid)
            if app.poll() is not None:
                raise SystemExit(f"the app exited ({app.returncode}) before showing a window:\n{app.stderr.read()}")
            time.sleep(0.02)
        raise SystemExit(f"no window within {timeout_s:.0f} s")
    finally:
        app.terminate()
        try:
            app.wait(timeout=20)
        except subprocess.TimeoutExpired:
            app.kill()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--exe", default=str(ROOT / "dist" / "rackwright" / "rackwright"),
                    help="command that starts Rackwright (default: the bundle in dist/)")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--cli", action="store_true", help="only --version and check (no window)")
    args = ap.parse_args()
    cmd = shlex.split(args.exe)
    if cmd[0] == "python":
        cmd[0] = sys.executable
    if shutil.which(cmd[0]) is None:
        print(f"bench_startup: {cmd[0]} not found (build the bundle with .ci/bundle, or pass "
              "--exe \"python -m rackwright\" for the source tree)", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as t:
        tmp = Path(t)
        runs = [time_version(cmd, tmp) for _ in range(args.repeat)]
        times = [w for w, _ in runs]
        print(f"{args.exe} --version: median {statistics.median(times):.3f} s, min {min(times):.3f} s, "
              f"max {max(times):.3f} s over {args.repeat} runs; CPU median "
              f"{statistics.median(c for _, c in runs):.3f} s; load average {os.getloadavg()[0]:.1f}")
        cold = time_check(cmd, tmp)  # an empty cache folder: parses the catalog and fills the cache
        runs = [time_check(cmd, tmp) for _ in range(args.repeat)]
        times = [w for w, _ in runs]
        print(f"{args.exe} check {EXAMPLE.name}: median {statistics.median(times):.3f} s, min {min(times):.3f} s, "
              f"max {max(times):.3f} s over {args.repeat} runs; CPU median {statistics.median(c for _, c in runs):.3f} s "
              f"(first run, empty cache: {cold[0]:.3f} s, CPU {cold[1]:.3f} s); load average {os.getloadavg()[0]:.1f}")
        if args.cli:
            return 0
        if not (shutil.which("Xvfb") and shutil.which("xdotool")):
            print("first window: not measured (needs Xvfb and xdotool)")
            return 0
        xvfb, display = start_xvfb()
        try:
            wins = []
            for i in range(args.repeat):
                run = tmp / f"run{i}"
                run.mkdir()
                wins.append(time_window(cmd, run, display))
        finally:
            xvfb.terminate()
            xvfb.wait(timeout=20)
        walls = [w for w, _ in wins]
        print(f"{args.exe} first window (Xvfb, xcb, example plan): median {statistics.median(walls):.2f} s, "
              f"min {min(walls):.2f} s, max {max(walls):.2f} s over {args.repeat} runs; CPU median "
              f"{statistics.median(c for _, c in wins):.2f} s; load average {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
