"""The page's own font: Noto Sans SC, cut to exactly the characters the page can show.

    python3 scripts/font.py [--out FILE]     (scripts/build_site.py calls build())

Without a font of its own the page depends on the system's: on a machine with no Chinese font
every Chinese glyph is a box.  So the build cuts a subset of Noto Sans SC (Regular, SIL Open
Font License 1.1; the static instance from the npm package @expo-google-fonts/noto-sans-sc,
pinned by package-lock.json) with fontTools into one WOFF2 file:

- the characters are collected from the sources that reach the screen, every time, so that
  a text added anywhere is in the next build without anyone editing a list: the string
  literals of the Python the page runs (engine/ and ui/, docstrings and comments left out:
  they never reach the screen), and all of index.html (after its character references) and
  boot.js (after its \\u escapes);
- plus printable ASCII, so that Latin letters and digits look the same in every browser
  (it costs about 5 KB);
- a character the font lacks is reported; those in ALIASES are drawn with the glyph of a
  look-alike the font has (added to the subset's cmap), and any other is left to the system's
  fonts (the page's font stack goes on after this font): tests/test_font.py fails on such a
  character until it is handled here on purpose.

One weight only (Regular): bold text (names, buttons, cards) is emboldened by the browser.
A second weight would double the file.  The name table keeps the copyright and the license
(IDs 0, 13, 14), as the OFL asks.
"""

from __future__ import annotations

import argparse
import ast
import html
import io
import re
import sys
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "node_modules" / "@expo-google-fonts" / "noto-sans-sc"
SOURCE = PACKAGE / "400Regular" / "NotoSansSC_400Regular.ttf"
FONT_FILE = "fonts/noto-sans-sc.woff2"  # site-relative; index.html's @font-face names it
FAMILY = "Chao Di Pi Sans"  # the @font-face family: never a locally installed font's name
BUDGET = 80 * 1024  # bytes of the shipped WOFF2
PAGE_SOURCES = ("index.html", "boot.js")
ASCII = "".join(chr(c) for c in range(0x20, 0x7F))
# Characters Noto Sans SC lacks, drawn with the glyph of a character it has.
ALIASES: dict[str, str] = {}
# The OpenType features kept: Latin kerning.  The others (ligatures, fractions, vertical
# forms, ...) are unused here and would add glyphs.
FEATURES = ["kern"]
NAME_IDS = [0, 1, 2, 3, 4, 5, 6, 13, 14]  # copyright, names, version, license (and its URL)


def python_text(source: str) -> str:
    """Every string literal of a Python module (f-strings' literal parts too), without its
    docstrings."""
    tree = ast.parse(source)
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                docstrings.add(id(first.value))
    return "".join(node.value for node in ast.walk(tree)
                   if isinstance(node, ast.Constant) and isinstance(node.value, str)
                   and id(node) not in docstrings)


JS_ESCAPE = re.compile(r"\\u\{([0-9a-fA-F]+)\}|\\u([0-9a-fA-F]{4})")


def js_text(source: str) -> str:
    """A script's text with its \\uXXXX and \\u{X...} escapes decoded (the rest as it is)."""
    return JS_ESCAPE.sub(lambda m: chr(int(m[1] or m[2], 16)), source)


def page_text(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".py":
        return python_text(text)
    if path.suffix in (".html", ".htm"):
        return html.unescape(text)
    return js_text(text)


def drawable(ch: str) -> bool:
    """Whether a character is drawn with a glyph (not a control, format or line character)."""
    return unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


def collect(paths: list[Path]) -> dict[str, str]:
    """The characters to draw: each non-ASCII one of these files (with the first file it was
    found in), and printable ASCII ("" as its file)."""
    found = dict.fromkeys(ASCII, "")
    for path in paths:
        rel = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else str(path)
        for ch in page_text(path):
            if ord(ch) > 0x7F and drawable(ch):
                found.setdefault(ch, rel)
    return found


def shown_sources(python_files: list[str]) -> list[Path]:
    """The files whose text may reach the screen: the page's Python (site-relative paths,
    from scripts/build_site.py) and PAGE_SOURCES."""
    return [ROOT / f for f in python_files] + [ROOT / f for f in PAGE_SOURCES]


@dataclass
class Font:
    data: bytes  # the WOFF2 file
    glyphs: int  # glyphs in it (with .notdef)
    characters: dict[str, str]  # every collected character -> the file it came from
    covered: set[str]  # the characters its cmap maps (aliases included)
    aliased: dict[str, str] = field(default_factory=dict)  # lacking character -> stand-in

    @property
    def missing(self) -> dict[str, str]:
        """Collected characters the font does not draw -> the file they came from."""
        return {ch: f for ch, f in self.characters.items() if ch not in self.covered}

    def report(self) -> str:
        lines = [f"font {FONT_FILE}: {len(self.data):,} bytes (budget {BUDGET:,}), "
                 f"{self.glyphs} glyphs for {len(self.characters)} characters"]
        for ch, stand_in in self.aliased.items():
            lines.append(f"  {ch} U+{ord(ch):04X} not in Noto Sans SC: drawn as {stand_in} "
                         f"U+{ord(stand_in):04X} (ALIASES in scripts/font.py)")
        for ch, where in self.missing.items():
            lines.append(f"  warning: {ch} U+{ord(ch):04X} ({unicodedata.name(ch, '?')}, in "
                         f"{where or 'ASCII'}) is not in the font: the system's fonts draw it; "
                         "add an alias to scripts/font.py or use another character")
        if len(self.data) > BUDGET:
            lines.append(f"  warning: over the budget of {BUDGET:,} bytes")
        return "\n".join(lines)


def subset(characters: dict[str, str], source: Path = SOURCE) -> Font:
    """Cut `source` to `characters` (plus .notdef), with ALIASES mapped, as WOFF2."""
    try:
        import brotli  # noqa: F401 (fontTools compresses WOFF2 with it)
        from fontTools import subset as ft_subset
        from fontTools.ttLib import TTFont
    except ImportError as err:
        raise SystemExit(f"{err}: the build cuts the page's font with fontTools and brotli; "
                         "`make site` or `make dist` installs them into .venv (or: pip "
                         "install -e '.[build]')") from err

    if not source.exists():
        raise SystemExit(f"{source.relative_to(ROOT)} is missing: run `npm ci` first")
    options = ft_subset.Options()
    options.layout_features = FEATURES
    options.name_IDs = NAME_IDS
    options.notdef_outline = True
    options.flavor = "woff2"
    font = TTFont(source, recalcTimestamp=False)  # the same bytes from the same sources
    cmap = font.getBestCmap()
    aliased = {ch: stand_in for ch, stand_in in ALIASES.items()
               if ch in characters and ord(ch) not in cmap and ord(stand_in) in cmap}
    wanted = [ch for ch in characters if ord(ch) in cmap] + list(aliased.values())
    subsetter = ft_subset.Subsetter(options)
    subsetter.populate(unicodes=sorted({ord(ch) for ch in wanted}))
    subsetter.subset(font)
    for table in font["cmap"].tables:
        if table.isUnicode():
            for ch, stand_in in aliased.items():
                if ord(stand_in) in table.cmap:
                    table.cmap[ord(ch)] = table.cmap[ord(stand_in)]
    font.flavor = "woff2"
    out = io.BytesIO()
    font.save(out)
    covered = {chr(c) for c in font.getBestCmap()}
    return Font(out.getvalue(), len(font.getGlyphOrder()), characters, covered, aliased)


def build(python_files: list[str]) -> Font:
    """The page's font for these Python files (and PAGE_SOURCES)."""
    return subset(collect(shown_sources(python_files)))


def main(argv: list[str] | None = None) -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import build_site  # (here: it imports this module)

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, help="write the WOFF2 file there")
    args = ap.parse_args(argv)
    font = build(build_site.python_files())
    if args.out:
        args.out.write_bytes(font.data)
    print(font.report())


if __name__ == "__main__":
    main()
