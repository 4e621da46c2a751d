"""Hard's simulator now against an earlier version, decision by decision on the same positions.

    python -m tools.sim_bench --before REV [--seeds 5,9,13] [--positions 40]
    python -m tools.sim_bench --before-dir DIR ...   (DIR/engine: an earlier engine package)

`--before REV` extracts that commit's engine/ (git archive) into a scratch directory (an
engine from before `engine.driver`, such as issue 11's baseline b6c0c69, is driven by the
protocol it documented). Both
engines are loaded side by side (the earlier one as the package `engine_before`); for each
seed a round is played by normal bots in both, and at each of its first `--positions` card
plays the hard bot of each engine decides (the default 2500 simulated plays spent whole: no
time cap, no early stop), the two engines taking turns on every position. So a loaded machine
slows both alike, which back-to-back runs of `tools.bots_bench` cannot promise (its figure
moved by ±20% between runs on a shared machine). It prints the simulated card plays per
second of each (process time; wall time under Pyodide, bench/pyodide_bench.mjs runs this as
`sim`), with the sampled worlds and the rollouts (a candidate played out in one world; from
engines that count them) per second, and how many decisions and search figures (worlds,
plays, choice) were the same: a speed-up must keep them all.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

NOW = "engine"
BEFORE = "engine_before"


def load_before(engine_dir: Path) -> None:
    """Import the package at `engine_dir` as `engine_before` (its imports are relative)."""
    if not (engine_dir / "__init__.py").is_file():
        raise SystemExit(f"no engine package at {engine_dir}")
    spec = importlib.util.spec_from_file_location(
        BEFORE, engine_dir / "__init__.py", submodule_search_locations=[str(engine_dir)])
    if spec is None or spec.loader is None:
        raise SystemExit(f"no engine package at {engine_dir}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[BEFORE] = module
    spec.loader.exec_module(module)


def extract(rev: str, into: Path) -> Path:
    """The engine/ of commit `rev`, written under `into`."""
    archive = subprocess.run(["git", "archive", rev, "engine"], capture_output=True, check=False)
    if archive.returncode:
        raise SystemExit(f"git archive {rev}: {archive.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into / "engine"


def positions(pkg: str, seed: int, count: int) -> tuple[ModuleType, list[Any]]:
    """The views of the seat to act at the first `count` card plays of a normal bots' round."""
    bots = importlib.import_module(pkg + ".bots")
    match = importlib.import_module(pkg + ".match")
    m = match.Match(seed)
    normal = [bots.make_bot("normal", s, seed) for s in range(4)]
    try:
        next_action = importlib.import_module(pkg + ".driver").next_action
    except ModuleNotFoundError:  # an engine from before the driver (issue 11's baseline)
        next_action = _next_action_before_driver(pkg)
    views = []
    while m.phase not in ("result", "match-over") and len(views) < count:
        if m.phase == "play" and m.to_act is not None:
            views.append(m.view(m.to_act))
        m.apply(next_action(m, normal))
    return bots, views


def _next_action_before_driver(pkg: str) -> Any:
    """The table's next action by the protocol engines before `driver` documented: during
    the deal, deal a card, then ask each seat from the one that just got it for a bid."""
    actions = importlib.import_module(pkg + ".actions")
    asked: list[int] = []  # the seats still to ask about the card just dealt

    def next_action(m: Any, bots: list[Any]) -> Any:
        if m.phase != "deal":
            return bots[m.to_act].choose(m.view(m.to_act))
        while asked:
            seat = asked.pop(0)
            bid = bots[seat].choose(m.view(seat))
            if bid is not None:
                return bid
        asked.extend((m.round.first_seat + m.round.dealt + k) % 4 for k in range(4))
        return actions.Deal(1)
    return next_action


def whole_budget(bots: ModuleType) -> dict[str, Any]:
    """Hard's options that make it spend its whole budget (no early stop, where the engine
    has one), so that both engines simulate the same plays."""
    params = getattr(importlib.import_module(bots.__name__ + ".hard"), "SearchParams", None)
    fields = getattr(params, "__dataclass_fields__", {})
    return {"settle_k": None} if "settle_k" in fields else {}


def same_decision(a: tuple[str, dict], b: tuple[str, dict]) -> bool:
    """The same action and the same search figures (those both engines report)."""
    common = a[1].keys() & b[1].keys()
    return a[0] == b[0] and all(a[1][k] == b[1][k] for k in common)


def run(seeds: list[int], count: int, out=sys.stdout) -> None:
    cpu = {BEFORE: 0.0, NOW: 0.0}
    plays = {BEFORE: 0, NOW: 0}
    worlds = {BEFORE: 0, NOW: 0}
    rollouts = {BEFORE: 0, NOW: 0}  # (candidates played out; 0 from engines that lack it)
    same = total = 0
    for seed in seeds:
        data = {pkg: positions(pkg, seed, count) for pkg in cpu}
        for i in range(len(data[NOW][1])):
            got = {}
            for pkg in (BEFORE, NOW) if i % 2 == 0 else (NOW, BEFORE):  # either goes first
                bots, views = data[pkg]
                view = views[i]
                bot = bots.make_bot("hard", view.seat, seed, **whole_budget(bots))
                t = time.process_time()
                action = bot.choose(view)
                cpu[pkg] += time.process_time() - t
                plays[pkg] += bot.last_stats.get("plays", 0)
                worlds[pkg] += bot.last_stats.get("worlds", 0)
                rollouts[pkg] += bot.last_stats.get("rollouts", 0)
                got[pkg] = (str(action), bot.last_stats)
            total += 1
            same += same_decision(got[NOW], got[BEFORE])
    for pkg, name in ((BEFORE, "before"), (NOW, "now")):
        per_s = 1 / cpu[pkg] if cpu[pkg] else 0.0
        line = (f"{name:7} {plays[pkg]:8d} simulated plays in {cpu[pkg]:7.2f} s: "
                f"{plays[pkg] * per_s:6.0f} plays/s, {worlds[pkg] * per_s:5.0f} worlds/s")
        if rollouts[pkg]:
            line += f", {rollouts[pkg] * per_s:5.0f} rollouts/s"
        print(line, file=out)
    if cpu[NOW] and plays[BEFORE]:
        # plays per second, not time: an earlier engine may spend its budget differently
        speed_up = (plays[NOW] / cpu[NOW]) / (plays[BEFORE] / cpu[BEFORE])
        print(f"speed-up {speed_up:.3f}x in plays/s; the same decisions and search figures "
              f"in {same} of {total} positions", file=out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.sim_bench")
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--before", metavar="REV", help="a git commit of this repository")
    where.add_argument("--before-dir", metavar="DIR", type=Path,
                       help="a directory holding the earlier engine/ package")
    ap.add_argument("--seeds", default="5,9,13")
    ap.add_argument("--positions", type=int, default=40)
    args = ap.parse_args(argv)
    try:
        seeds = [int(s) for s in args.seeds.split(",")]
    except ValueError:
        ap.error(f"--seeds takes integers separated by commas, not {args.seeds!r}")
    with tempfile.TemporaryDirectory() as scratch:
        engine_dir = (extract(args.before, Path(scratch)) if args.before
                      else args.before_dir / "engine")
        load_before(engine_dir)
        print(f"python {sys.version.split()[0]}; before: {args.before or engine_dir}")
        run(seeds, args.positions)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
