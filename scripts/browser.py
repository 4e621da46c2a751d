"""Find (or install) the browsers that the e2e tests and the boot benchmark drive.

    python3 scripts/browser.py                    # Chromium's path, exit 1 if there is none
    python3 scripts/browser.py --install          # the same, installing Debian's chromium
    python3 scripts/browser.py --install chromium firefox webkit

Engines:

- ``chromium``: the system's /usr/bin/chromium (or $CHROMIUM), then Playwright's own browser
  if it is installed, then (with --install) Debian's ``chromium``. Every e2e test needs it:
  without it this exits 1.
- ``firefox``: Firefox ESR, $FIREFOX or /usr/bin/firefox-esr (or firefox), driven through
  Marionette (no geckodriver is packaged); Debian's ``firefox-esr``.
- ``webkit``: WebKitGTK's WebDriver, $WEBKIT_WEBDRIVER or /usr/bin/WebKitWebDriver, with the
  MiniBrowser it drives and an X server to show it in (Xvfb, unless $DISPLAY is set); Debian's
  ``webkit2gtk-driver`` and ``xvfb``.

Firefox and WebKit run only the smoke suite; on a machine that cannot have them (no apt-get,
not root, or no such package in its apt sources) this says so and exits 0, and their tests
are skipped with that reason.  Where they can be installed and the install fails, it exits 1.
Playwright cannot download its own browsers on these machines, nor drive Debian's Firefox
or WebKitGTK (it needs its own patched builds).
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
import sys
from pathlib import Path

SYSTEM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
FIREFOXES = ("/usr/bin/firefox-esr", "/usr/bin/firefox")
WEBKIT_DRIVERS = ("/usr/bin/WebKitWebDriver",)
MINIBROWSERS = ("/usr/lib/*/webkit2gtk-4.1/MiniBrowser", "/usr/lib/*/webkit2gtk-4.0/MiniBrowser",
                "/usr/libexec/webkit2gtk-4.*/MiniBrowser")

# Debian packages of each engine.  Firefox's and WebKit's are installed without their
# recommends (no extra fonts: the page must look right with the fonts it ships).
PACKAGES = {
    "chromium": ["chromium"],
    "firefox": ["firefox-esr"],
    "webkit": ["webkit2gtk-driver", "xvfb"],
}
ENGINES = tuple(PACKAGES)
REQUIRED = {"chromium"}

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


def _first(*paths: str | None) -> str | None:
    return next((p for p in paths if p and Path(p).exists()), None)


def find_chromium() -> str | None:
    return _first(os.environ.get("CHROMIUM"), *SYSTEM) or _playwright_chromium()


def find_firefox() -> str | None:
    return _first(os.environ.get("FIREFOX"), *FIREFOXES)


def find_minibrowser() -> str | None:
    found = [p for pattern in MINIBROWSERS for p in sorted(glob.glob(pattern))]
    return _first(os.environ.get("WEBKIT_BROWSER"), *found)


def find_xvfb() -> str | None:
    return shutil.which("Xvfb")


def find_webkit() -> str | None:
    """WebKitWebDriver, if the MiniBrowser it drives and a display (Xvfb or $DISPLAY) are
    there too."""
    driver = _first(os.environ.get("WEBKIT_WEBDRIVER"), *WEBKIT_DRIVERS)
    if driver and find_minibrowser() and (find_xvfb() or os.environ.get("DISPLAY")):
        return driver
    return None


FIND = {"chromium": find_chromium, "firefox": find_firefox, "webkit": find_webkit}


def find(engine: str) -> str | None:
    return FIND[engine]()


def missing_reason(engine: str) -> str:
    """Why `engine` is not here, and how to get it: the message of its skipped tests."""
    how = {
        "chromium": "install Debian's chromium, or set CHROMIUM=/path/to/chrome",
        "firefox": "install Debian's firefox-esr, or set FIREFOX=/path/to/firefox",
        "webkit": "install Debian's webkit2gtk-driver and xvfb (or set WEBKIT_WEBDRIVER, "
                  "WEBKIT_BROWSER=/path/to/MiniBrowser and DISPLAY)",
    }[engine]
    why = cannot_install(PACKAGES[engine])
    if why:
        return f"{engine} is not installed and {why}: {how}"
    return f"{engine} is not installed: `python3 scripts/browser.py --install {engine}` " \
           f"(make test runs it) or {how}"


def cannot_install(packages: list[str]) -> str | None:
    """Why this machine cannot install `packages` from its apt sources, or None if it can."""
    if shutil.which("apt-get") is None:
        return "this machine has no apt-get"
    if os.geteuid() != 0:
        return "installing it needs root"
    for package in packages:
        policy = subprocess.run(["apt-cache", "policy", package], capture_output=True,
                                text=True, check=False).stdout
        if "Candidate:" not in policy or "Candidate: (none)" in policy:
            return f"the apt sources have no package {package}"
    return None


def install(packages: list[str], recommends: bool = False) -> None:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    options = [] if recommends else ["--no-install-recommends"]
    subprocess.run(["apt-get", "install", "-y", "-q", *options, *packages], check=True, env=env)


def apt_update() -> None:
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    subprocess.run(["apt-get", "update", "-q"], check=True, env=env)


def main(argv: list[str]) -> int:
    names = [a for a in argv if not a.startswith("-")] or ["chromium"]
    unknown = [n for n in names if n not in ENGINES]
    if unknown:
        print(f"unknown engine {', '.join(unknown)}: choose from {', '.join(ENGINES)}",
              file=sys.stderr)
        return 2
    missing = [n for n in names if find(n) is None]
    if missing and "--install" in argv:
        if shutil.which("apt-get") and os.geteuid() == 0:
            apt_update()  # once, before apt-cache says which packages there are
        wanted = [n for n in missing if cannot_install(PACKAGES[n]) is None]
        required = [n for n in missing if n in REQUIRED and n not in wanted]
        if required:
            raise SystemExit(f"no Chromium found, and cannot install one "
                             f"({cannot_install(PACKAGES['chromium'])}): install Debian's "
                             "chromium, or set CHROMIUM=/path/to/chrome")
        if "chromium" in wanted:  # as it always was installed, with its recommends
            install(PACKAGES["chromium"], recommends=True)
        others = [p for n in wanted if n != "chromium" for p in PACKAGES[n]]
        if others:
            install(others)
    status = 0
    for name in names:
        path = find(name)
        if path is not None:
            print(f"{path}" if names == ["chromium"] else f"{name}: {path}")
        elif name in REQUIRED:
            print(f"no {name} found", file=sys.stderr)
            status = 1
        else:
            print(f"{name}: not available, its e2e tests will be skipped: "
                  f"{missing_reason(name)}", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
