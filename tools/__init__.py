"""Command-line tools and benchmarks for the engine: not shipped with the page.

    python -m tools.log         a match between random bots, as a readable log
    python -m tools.record      a match's record (a PGN for 炒地皮), or one read back
    python -m tools.arena       duplicate deals between bot tiers
    python -m tools.bench       engine speed, with a same-process baseline
    python -m tools.bots_bench  latency per bot decision (also under Pyodide:
                                node bench/pyodide_bench.mjs)
    python -m tools.sim_bench   hard's simulator against an earlier commit's
"""
