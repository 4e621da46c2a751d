"""What a first visit costs on the wire, and how long it takes on emulated phone networks.

    python3 scripts/bench_wire.py [--loads 3] [--networks 10/40,1.6/150]   (or: make bench-wire)

The site (site/, built with --bench) is served as a static host serves it (gzip for what
compresses: scripts/serve.py --gzip) and every byte is counted at the server, headers
included.

Bytes, each page in a fresh browser context (an empty cache, no service worker):
- game: a first visit until ready, and with all that follows it (the service worker's
  install, the device's snapshot: interpreter.mjs);
- embed: a blog post with the game embedded (?embed=1), untouched, until the network is idle;
- bare: the bare Pyodide page with Pyodide as its npm package ships it (bench/bare.html),
  until ready.

Networks: Chromium's emulation (CDP Network.emulateNetworkConditions: a throughput and a
latency for every request, the page's workers included), for each network of --networks
(Mbit/s/ms of latency: 10/40 is a good phone network, 1.6/150 "slow 4G"), --loads loads of
the game and of the bare page alternated (ABBA), each in a fresh context: the time from
navigation to ready, as the page reads it (performance.now() when <html data-ready="1"> is
set), its first contentful paint (for the game: the table's skeleton with the start's
progress), and the medians' ratio game/bare (goal: ≤ 0.7; the game's first paint ≤ 1 s).

Prints the figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import collections
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_boot
import browser
import serve

ROOT = Path(__file__).resolve().parent.parent
PAGES = {"game": "index.html", "bare": "bench/bare.html"}
HOST_PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>A blog post</title></head>
<body><p>A blog post with the game in it:</p>
<iframe src="{src}" loading="lazy" title="炒地皮 Chao Di Pi" width="360" height="480"
        style="border:0"></iframe></body></html>"""
TIMEOUT_MS = 600_000  # 1.6 Mbit/s: a bare page of 6.7 MB takes most of a minute


def sent_bytes(server: serve.Server, since: int = 0) -> int:
    return sum(response.bytes for response in server.sent[since:])


def by_path(sent: list[serve.Sent]) -> str:
    sizes: collections.Counter[str] = collections.Counter()
    for response in sent:
        sizes[response.path.split("?")[0]] += response.bytes
    return "\n".join(f"      {size:>10,} {path}" for path, size in sizes.most_common(8))


def bytes_of_visits(chromium, server: serve.Server, base: str, host: str) -> None:
    print("bytes on the wire (gzip host), a fresh browser each:")
    start = len(server.sent)
    context = chromium.new_context()
    page = context.new_page()
    page.goto(base + PAGES["game"], timeout=TIMEOUT_MS)
    page.wait_for_selector(bench_boot.READY, state="attached", timeout=TIMEOUT_MS)
    ready = sent_bytes(server, start)
    page.wait_for_function("document.documentElement.dataset.snapshot", timeout=TIMEOUT_MS)
    total = sent_bytes(server, start)
    print(f"  game, first visit: {ready:,} bytes until ready, {total:,} with the service "
          f"worker's install and the device's snapshot "
          f"({page.evaluate('document.documentElement.dataset.snapshot')})")
    print(by_path(server.sent[start:]))
    context.close()

    start = len(server.sent)
    context = chromium.new_context()
    page = context.new_page()
    page.goto(host + "blog.html", timeout=TIMEOUT_MS)
    page.wait_for_load_state("networkidle", timeout=TIMEOUT_MS)
    print(f"  embed, untouched: {sent_bytes(server, start):,} bytes")
    print(by_path(server.sent[start:]))
    context.close()

    start = len(server.sent)
    context = chromium.new_context()
    page = context.new_page()
    page.goto(base + PAGES["bare"], timeout=TIMEOUT_MS)
    page.wait_for_selector(bench_boot.READY, state="attached", timeout=TIMEOUT_MS)
    print(f"  bare Pyodide page (npm): {sent_bytes(server, start):,} bytes until ready")
    print(by_path(server.sent[start:]))
    context.close()


def emulated_load(chromium, url: str, mbps: float, latency_ms: float) -> tuple[float, float]:
    """(time to ready, first contentful paint) of one load of `url` in a fresh context."""
    context = chromium.new_context()
    context.add_init_script(bench_boot.RECORD_READY)
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    rate = mbps * 1e6 / 8  # bytes per second
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency_ms,
        "downloadThroughput": rate, "uploadThroughput": rate})
    with page.expect_console_message(lambda m: m.text.startswith(bench_boot.READY_MESSAGE),
                                     timeout=TIMEOUT_MS) as message:
        page.goto(url, wait_until="commit", timeout=TIMEOUT_MS)
    context.close()
    ready, paint, *_ = message.value.text.removeprefix(bench_boot.READY_MESSAGE).split()
    return float(ready), float(paint)


def networks(chromium, base: str, specs: list[tuple[float, float]], loads: int) -> None:
    for mbps, latency in specs:
        times: dict[str, list[float]] = {name: [] for name in PAGES}
        paints: dict[str, list[float]] = {name: [] for name in PAGES}
        for order in bench_boot.orders(loads, list(PAGES)):
            for name in order:
                ready, paint = emulated_load(chromium, base + PAGES[name], mbps, latency)
                times[name].append(ready)
                paints[name].append(paint)
        med = {name: statistics.median(t) for name, t in times.items()}
        print(f"{mbps:g} Mbit/s, {latency:g} ms a request ({loads} loads each):")
        for name in PAGES:
            runs = ", ".join(f"{t / 1000:.1f}" for t in times[name])
            print(f"  {name:5} ready: median {med[name] / 1000:6.2f} s (runs: {runs});"
                  f" first paint median {statistics.median(paints[name]):.0f} ms")
        print(f"  ratio game/bare: {med['game'] / med['bare']:.3f} (goal ≤ 0.7)")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", default=str(ROOT / "site"), help="a site built with --bench")
    ap.add_argument("--loads", type=int, default=3, help="loads of each page per network")
    ap.add_argument("--networks", default="10/40,1.6/150",
                    help="Mbit/s/latency ms, comma-separated (none: bytes only)")
    args = ap.parse_args(argv)
    site = Path(args.site)
    if not (site / "bench" / "bare.html").exists():
        raise SystemExit(f"{site} has no bench/: build it with scripts/build_site.py --bench")
    specs = [tuple(float(x) for x in spec.split("/")) for spec in args.networks.split(",")
             if spec]
    server, base = serve.start(site, gzip=True)
    host_dir = site / "bench" / "blog"
    host_dir.mkdir(exist_ok=True)
    (host_dir / "blog.html").write_text(
        HOST_PAGE.format(src=base + "index.html?embed=1"), encoding="utf-8")
    host_server, host = serve.start(host_dir)
    host = host.replace("127.0.0.1", "localhost")  # another site than the game's
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=browser.find_chromium(),
                                     args=browser.LAUNCH_ARGS)
        bytes_of_visits(chromium, server, base, host)
        networks(chromium, base, specs, args.loads)
        chromium.close()
    server.shutdown()
    host_server.shutdown()


if __name__ == "__main__":
    main()
