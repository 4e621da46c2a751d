"""Find (or install) the Chromium that the e2e tests and the boot benchmark drive.

    python3 scripts/browser.py            # print the path, exit 1 if there is none
    python3 scripts/browser.py --install  # the same, installing Debian's chromium if needed

Order: the system's /usr/bin/chromium (or $CHROMIUM), then Playwright's own browser if it is
installed, then (with --install, as root where apt-get exists) ``apt-get install chromium``.
Playwright cannot download its own browsers on these machines.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

SYSTEM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")

# Every launch: no sandbox (root in CI), and no background traffic to Google's hosts.
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


def _playwright_chromium() -> str | None:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return None
    try:
        with sync_playwright() as p:
            path = p.chromium.executable_path
    except Exception:
        return None
    return path if path and Path(path).exists() else None


def find_chromium() -> str | None:
    for path in (os.environ.get("CHROMIUM"), *SYSTEM):
        if path and Path(path).exists():
            return path
    return _playwright_chromium()


def install_chromium() -> None:
    if shutil.which("apt-get") is None or os.geteuid() != 0:
        raise SystemExit("no Chromium found, and cannot install one (needs root and apt-get): "
                         "install Debian's chromium, or set CHROMIUM=/path/to/chrome")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-q"], check=True, env=env)
    subprocess.run(["apt-get", "install", "-y", "-q", "chromium"],
                   check=True, env=env)


def main(argv: list[str]) -> int:
    path = find_chromium()
    if path is None and "--install" in argv:
        install_chromium()
        path = find_chromium()
    if path is None:
        print("no Chromium found", file=sys.stderr)
        return 1
    print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
