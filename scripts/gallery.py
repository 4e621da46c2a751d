"""Write gallery/index.html: every screenshot the e2e tests left in e2e/artifacts/, on one page,
so that a person can look at the whole table at once.

    make gallery          # runs e2e/test_sizes.py first (every phase and dialog, every size)
    .venv/bin/python scripts/gallery.py [--artifacts e2e/artifacts] [--out gallery]

The screenshots of e2e/test_sizes.py (artifacts/sizes/<screen>-<lang>-<W>x<H>-<scheme>.png)
come first, a table per screen (the page's, then the same in a blog's frame, embed-<screen>):
a row per size, a column per language and scheme. Every other
PNG follows, by name. The page links to the images where they are (no copies).
"""

from __future__ import annotations

import argparse
import os
import re
from html import escape
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NAME = re.compile(r"(?P<screen>.+)-(?P<lang>zh|en)-(?P<size>\d+x\d+)-(?P<scheme>light|dark)\.png")
STYLE = """
body { font: 14px/1.4 sans-serif; margin: 12px; background: #eee; color: #111; }
h2 { margin: 24px 0 6px; } table { border-collapse: collapse; }
td, th { padding: 4px; vertical-align: top; text-align: left; }
img { max-width: 100%; border: 1px solid #999; background: #fff; display: block; }
td img { max-height: 420px; width: auto; }
.others img { max-width: 480px; } .others figure { display: inline-block; margin: 6px; }
figcaption { font-size: 12px; }
"""


# the screens in the order a round reaches them, then the dialogs (any other after them)
ORDER = ("bid", "bury", "bury-chosen", "snatch", "lead", "follow", "last-trick", "result",
         "dialog-settings", "dialog-help", "dialog-trumps", "dialog-stats", "dialog-new-game")
EMBED = "embed-"  # e2e/test_sizes.py's screens in a blog's frame (360x480, 360x640, 480x640)


def screen_key(screen: str) -> tuple[bool, int, str]:
    """The page's screens in ORDER, then a blog's frame's (embed-<screen>) in the same order."""
    embed = screen.startswith(EMBED)
    name = screen.removeprefix(EMBED)
    return (embed, ORDER.index(name) if name in ORDER else len(ORDER), name)


def size_key(size: str) -> tuple[int, int]:
    w, h = (int(n) for n in size.split("x"))
    return (w * h >= 1_000_000, w)  # phones first (by width), the desktop last


def page(artifacts: Path, out: Path) -> str:
    sizes_dir = artifacts / "sizes"
    shots: dict[str, dict[tuple[str, str, str], Path]] = {}
    for png in sorted(sizes_dir.glob("*.png")) if sizes_dir.is_dir() else []:
        m = NAME.fullmatch(png.name)
        if m:
            shots.setdefault(m["screen"], {})[m["size"], m["lang"], m["scheme"]] = png
    shots = dict(sorted(shots.items(), key=lambda item: screen_key(item[0])))
    rel = lambda p: escape(os.path.relpath(p, out))  # noqa: E731
    parts = [f"<!doctype html><meta charset='utf-8'><title>Chao Di Pi: every screen</title>"
             f"<style>{STYLE}</style><h1>Chao Di Pi: every screen, every size</h1>"
             f"<p>From {escape(str(artifacts))}. Screens: "
             + " · ".join(f"<a href='#{escape(s)}'>{escape(s)}</a>" for s in shots) + "</p>"]
    columns = [(lang, scheme) for lang in ("zh", "en") for scheme in ("light", "dark")]
    for screen, found in shots.items():
        sizes = sorted({size for size, _, _ in found}, key=size_key)
        head = "".join(f"<th>{lang} · {scheme}</th>" for lang, scheme in columns)
        rows = []
        for size in sizes:
            cells = "".join(
                f"<td><a href='{rel(found[size, lang, scheme])}'>"
                f"<img loading='lazy' src='{rel(found[size, lang, scheme])}' "
                f"alt='{escape(screen)} {size} {lang} {scheme}'></a></td>"
                if (size, lang, scheme) in found else "<td></td>"
                for lang, scheme in columns)
            rows.append(f"<tr><th>{size}</th>{cells}</tr>")
        parts.append(f"<h2 id='{escape(screen)}'>{escape(screen)}</h2>"
                     f"<table><tr><th></th>{head}</tr>{''.join(rows)}</table>")
    others = sorted(p for p in artifacts.glob("*.png"))
    if others:
        figures = "".join(f"<figure><a href='{rel(p)}'><img loading='lazy' src='{rel(p)}' "
                          f"alt='{escape(p.stem)}'></a><figcaption>{escape(p.name)}"
                          f"</figcaption></figure>" for p in others)
        parts.append(f"<h2 id='others'>Other screenshots of the e2e tests</h2>"
                     f"<div class='others'>{figures}</div>")
    return "\n".join(parts) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--artifacts", default=str(ROOT / "e2e" / "artifacts"))
    parser.add_argument("--out", default=str(ROOT / "gallery"))
    args = parser.parse_args()
    artifacts, out = Path(args.artifacts).resolve(), Path(args.out).resolve()
    out.mkdir(parents=True, exist_ok=True)
    (out / "index.html").write_text(page(artifacts, out), encoding="utf-8")
    print(f"wrote {out / 'index.html'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
