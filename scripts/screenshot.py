"""Take the README's screenshot (docs/images/table.png) from a built site.

    make site && .venv/bin/python scripts/screenshot.py [--site site] [--out docs/images/table.png]

Plays seat 0 in Chromium (the one scripts/browser.py finds) with the page's own hint, as
e2e/player.py does, a few tricks into the first round, then photographs the table when the
player is to act with two plays on it and no card moving.  Needs Playwright
(`make .venv/.e2e-installed`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "e2e"), str(ROOT / "scripts")]

import browser  # noqa: E402
import serve  # noqa: E402
from drivers import ChromiumEngine  # noqa: E402
from player import Player, wait_decision, wait_ready  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402

# The player's card plays before the picture; then it is taken once a trick is on the table.
PLAYS = 3
# at least two seats' plays on the table, the cards come to rest
ON_TABLE = "document.querySelectorAll('#table .play').length >= 2"
AT_REST = "document.getAnimations().length === 0"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", default="site")
    parser.add_argument("--out", default="docs/images/table.png")
    parser.add_argument("--size", default="1280x800", help="the window, WIDTHxHEIGHT")
    args = parser.parse_args()
    width, height = (int(n) for n in args.size.split("x"))
    server, url = serve.start(Path(args.site).resolve())
    try:
        with sync_playwright() as pw:
            chromium = pw.chromium.launch(executable_path=browser.find_chromium(),
                                          args=browser.LAUNCH_ARGS)
            page = ChromiumEngine(chromium).new_context((width, height))
            page.goto(url)
            wait_ready(page)
            player, plays = Player(page), 0
            while True:
                decision = wait_decision(page)
                if decision["phase"] == "play" and "play" in decision["buttons"]:
                    if plays >= PLAYS and page.eval(ON_TABLE):
                        break
                    plays += 1
                player.decide(decision)
            page.wait_for(AT_REST)
            page.screenshot(Path(args.out))
            chromium.close()
    finally:
        server.shutdown()
    print(f"wrote {args.out} ({width}x{height})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
