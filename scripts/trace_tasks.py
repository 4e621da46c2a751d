"""Main-thread tasks read from a Chromium trace: how much of a long task was the page's own work.

On a loaded machine a task's wall time (what the Long Tasks API reports) includes the time
its thread waited for a core; the thread time in the trace is the page's own work. Used by
the e2e test of long tasks and by scripts/bench_boot.py.

    chromium.start_tracing(page=page, categories=TRACE_CATEGORIES)
    mark_at = page.evaluate(f"performance.mark({CLOCK_MARK!r}).startTime")
    ...
    thread_times(chromium.stop_tracing(), mark_at, long_tasks)
"""

from __future__ import annotations

import json

TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "blink.user_timing"]
CLOCK_MARK = "e2e-clock"
TASK_EVENTS = ("ThreadControllerImpl::RunTask", "RunTask")  # a main-thread task, by version


def traced_from(trace: bytes, mark_at: float) -> float | None:
    """The page time from which the trace holds the renderer's main-thread tasks (tracing
    reaches the renderer a moment after it is started): no task before it can be judged."""
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    mark = next((e for e in events if e.get("name") == CLOCK_MARK), None)
    mains = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M"
             and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    runs = [e["ts"] for e in events if e.get("ph") == "X" and e.get("name") in TASK_EVENTS
            and (e["pid"], e["tid"]) in mains]
    if mark is None or not runs:
        return None
    return min(runs) / 1000 - (mark["ts"] / 1000 - mark_at)


def thread_times(trace: bytes, mark_at: float, tasks: list) -> list[tuple[float | None, str]]:
    """For each long task [start, duration] (page clock, ms): the main thread's CPU time in
    that task (from a Chromium trace that holds performance.mark(CLOCK_MARK), made at page
    time `mark_at`), and what took most of it; (None, "") where the trace has no such task.

    On a loaded machine a task's wall time includes the time its thread waited for a core;
    the thread time is the page's own work."""
    data = json.loads(trace)
    events = data["traceEvents"] if isinstance(data, dict) else data
    mark = next((e for e in events if e.get("name") == CLOCK_MARK), None)
    if mark is None:
        return [(None, "")] * len(tasks)
    offset = mark["ts"] / 1000 - mark_at  # trace ms = page ms + offset
    mains = {(e["pid"], e["tid"]) for e in events if e.get("ph") == "M"
             and e.get("name") == "thread_name" and e["args"].get("name") == "CrRendererMain"}
    runs = [e for e in events if e.get("ph") == "X" and e.get("name") in TASK_EVENTS
            and (e["pid"], e["tid"]) in mains and e.get("dur", 0) >= 30_000]
    out = []
    for start, duration in tasks:
        lo, hi = start + offset, start + offset + duration

        def overlap(e, lo=lo, hi=hi):
            return min(hi, (e["ts"] + e["dur"]) / 1000) - max(lo, e["ts"] / 1000)

        best = max(runs, key=overlap, default=None)
        if best is None or overlap(best) < duration / 2 or "tdur" not in best:
            out.append((None, ""))
            continue
        inner: dict[str, float] = {}
        for e in events:
            if (e.get("ph") == "X" and e is not best and e.get("tid") == best["tid"]
                    and e.get("pid") == best["pid"] and best["ts"] <= e.get("ts", -1)
                    < best["ts"] + best["dur"] and e["name"] not in TASK_EVENTS):
                inner[e["name"]] = inner.get(e["name"], 0) + e.get("dur", 0) / 1000
        top = ", ".join(f"{k} {v:.0f}" for k, v in sorted(inner.items(), key=lambda kv: -kv[1])[:3])
        out.append((best["tdur"] / 1000, top))
    return out
