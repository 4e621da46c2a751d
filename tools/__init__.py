"""Command-line tools and benchmarks for the engine: not shipped with the page.

    python -m tools.arena       duplicate deals between bot tiers
    python -m tools.bench       engine speed, with a same-process baseline
    python -m tools.bots_bench  latency per bot decision (also under Pyodide:
                                node bench/pyodide_bench.mjs)
"""
