"""The page's font (scripts/font.py): within its budget, and drawing every character the
page's sources can put on the screen, collected from those sources."""

import io
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import build_site  # noqa: E402
import font  # noqa: E402

if not font.SOURCE.exists():
    if os.environ.get("CI"):
        raise RuntimeError("CI needs node_modules (make test runs npm ci): the font's source")
    pytest.skip("node_modules lacks the font's source: run `npm ci`", allow_module_level=True)

from fontTools.ttLib import TTFont  # noqa: E402


@pytest.fixture(scope="module")
def built() -> font.Font:
    return font.build(build_site.python_files())


@pytest.fixture(scope="module")
def shipped(built) -> TTFont:
    return TTFont(io.BytesIO(built.data))


def test_within_budget_as_woff2(built, shipped):
    assert built.data[:4] == b"wOF2"
    assert shipped.flavor == "woff2"
    assert len(built.data) <= font.BUDGET, built.report()
    assert built.glyphs == len(shipped.getGlyphOrder())


def test_every_collected_character_is_drawn_by_the_font(built, shipped):
    assert not built.missing, built.report()
    cmap = shipped.getBestCmap()
    glyf = shipped["glyf"]
    for ch in built.characters:
        name = cmap.get(ord(ch))
        assert name is not None and name != ".notdef", f"{ch!r} U+{ord(ch):04X}"
        if not ch.isspace():  # a real outline, not an empty glyph
            assert glyf[name].numberOfContours != 0, f"{ch!r} U+{ord(ch):04X} has no outline"


def test_the_page_s_texts_are_collected(built):
    chars = built.characters
    # Chinese from the UI, the engine's messages, the page's skeleton and boot.js; suits
    for text in ("炒地皮", "你", "出牌", "正在加载运行环境", "♠♥♣♦"):
        assert all(ch in chars for ch in text), text
    assert all(ch in chars for ch in font.ASCII)
    # only the Python files the page imports: not the command-line tools
    assert "engine/arena.py" not in build_site.python_files()


def test_aliases_are_needed_and_drawn_as_their_stand_in(built, shipped):
    source_cmap = TTFont(font.SOURCE, lazy=True).getBestCmap()
    cmap = shipped.getBestCmap()
    for ch, stand_in in font.ALIASES.items():
        assert ord(ch) not in source_cmap, f"{ch} is in the font now: drop its alias"
        assert ord(stand_in) in source_cmap
        assert ch in built.characters, f"{ch} is no longer shown: drop its alias"
        assert cmap[ord(ch)] == cmap[ord(stand_in)]
        assert built.aliased[ch] == stand_in


def test_same_sources_give_the_same_bytes(built):
    assert font.build(build_site.python_files()).data == built.data


def test_python_text_is_string_literals_without_docstrings_or_comments():
    source = '''"""模块说明"""
# 注释
def f(x):
    """函数说明"""
    return f"红{x}桃" + '黑' + "a"
class C:
    """类说明"""
    name = "梅花"
'''
    assert sorted(font.python_text(source)) == sorted("红桃黑a梅花")


def test_new_texts_are_collected_from_the_files(tmp_path, monkeypatch):
    py = tmp_path / "m.py"
    py.write_text('MESSAGES = {"new": "新加的文字", "escaped": "\\u6728"}\n', encoding="utf-8")
    page = tmp_path / "p.html"
    page.write_text("<p>页&#x9762;&hellip;</p>", encoding="utf-8")
    script = tmp_path / "s.js"
    script.write_text('const s = "\\u811a\\u{672c}"; // 注\u200b\n', encoding="utf-8")
    chars = font.collect([py, page, script])
    for ch in "新加的文字木页面…脚本注":
        assert ch in chars, ch
    assert chars["新"] == str(py)
    assert "\u200b" not in chars  # a zero-width space is drawn with no glyph
    # a character the font lacks is drawn as its stand-in when aliased (✗ as ×)
    monkeypatch.setattr(font, "ALIASES", {"\u2717": "\u00d7"})
    built = font.subset({**chars, "\u2717": str(py)})
    assert not built.missing, built.report()
    assert built.aliased == {"\u2717": "\u00d7"}


def test_a_character_the_font_lacks_is_reported(tmp_path):
    py = tmp_path / "m.py"
    py.write_text('S = "\U0001f0a1"\n', encoding="utf-8")  # 🂡 PLAYING CARD ACE OF SPADES
    built = font.subset(font.collect([py]))
    assert built.missing == {"\U0001f0a1": str(py)}
    assert "U+1F0A1" in built.report() and "warning" in built.report()


def test_index_html_preloads_the_font_before_its_scripts():
    """The font is at hand for the first layout (without it, Chinese text makes the browser
    search the system's fonts): preloaded, as a font, before any script."""
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    tag = (f'<link rel="preload" href="./{font.FONT_FILE}" as="font" type="font/woff2" '
           "crossorigin>")
    assert tag in html
    assert html.index(tag) < html.index("<script")


def test_index_html_uses_the_font_first_and_swaps():
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    face = html[html.index("@font-face"):]
    face = face[:face.index("}")]
    assert f'font-family: "{font.FAMILY}"' in face
    assert f'url("./{font.FONT_FILE}") format("woff2")' in face
    assert "font-display: swap" in face
    body = html[html.index("    body {"):]
    assert body[body.index("font:"):].split(",")[0].endswith(f'"{font.FAMILY}"')
