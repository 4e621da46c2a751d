"""The page draws its text with its own font (scripts/font.py: Noto Sans SC cut to the
characters the page can show), on a machine with no Chinese font of its own.

Chromium says which font drew the glyphs of each element (DevTools' "Rendered fonts":
CSS.getPlatformFontsForNode), so the test needs no font on the machine to compare with; and
a canvas shows that distinct characters get distinct glyphs (a missing glyph is the same box
for every character).
"""

from __future__ import annotations

import sys
from pathlib import Path
from urllib.parse import urlsplit

from game_helpers import DESKTOP, PHONE, button, wait_decision

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
import font

# The font's own name (its name table), as Chromium reports a web font that drew glyphs.
SOURCE_FAMILY = "Noto Sans SC"
CHINESE = "炒地皮出牌你"

# Every rendered element with text of its own (a direct text node): tagged for the DevTools
# protocol, with that text returned.
TAG_TEXTS = """() => {
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    const own = [...el.childNodes].filter(n => n.nodeType === Node.TEXT_NODE)
      .map(n => n.data).join("").trim();
    const box = el.getBoundingClientRect();
    if (!own || !box.width || !box.height || getComputedStyle(el).visibility !== "visible") {
      continue;
    }
    el.setAttribute("data-e2e-text", String(out.length));
    out.push(own);
  }
  return out;
}"""

GLYPHS = """([chars, family]) => {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 48;
  const g = canvas.getContext("2d");
  g.font = `32px "${family}"`;
  return chars.map(ch => {
    g.clearRect(0, 0, 48, 48);
    g.fillText(ch, 6, 38);
    const alpha = g.getImageData(0, 0, 48, 48).data.filter((_, i) => i % 4 === 3);
    return {ink: alpha.reduce((a, b) => a + b, 0), bitmap: Array.from(alpha).join(","),
            width: g.measureText(ch).width};
  });
}"""


def rendered_fonts(context, page) -> list[tuple[str, list[dict]]]:
    """(text, fonts that drew it) for every rendered element with text of its own."""
    texts = page.evaluate(TAG_TEXTS)
    cdp = context.new_cdp_session(page)
    cdp.send("DOM.enable")
    cdp.send("CSS.enable")
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    nodes = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "[data-e2e-text]"})
    out = []
    for node in nodes["nodeIds"]:
        attrs = cdp.send("DOM.getAttributes", {"nodeId": node})["attributes"]
        index = int(attrs[attrs.index("data-e2e-text") + 1])
        fonts = cdp.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
        out.append((texts[index], fonts))
    cdp.detach()
    page.evaluate("document.querySelectorAll('[data-e2e-text]')"
                  ".forEach(e => e.removeAttribute('data-e2e-text'))")
    return out


def check_drawn_with_the_page_s_font(context, page, screen: str) -> int:
    """Every text is drawn by the page's font alone; returns how many Chinese glyphs it drew."""
    found = rendered_fonts(context, page)
    assert found, f"{screen}: no text found"
    chinese = 0
    for text, fonts in found:
        others = [f for f in fonts if not (f["isCustomFont"] and f["familyName"] == SOURCE_FAMILY)]
        assert not others, f"{screen}: {text!r} drawn with {others}"
        if any("\u4e00" <= ch <= "\u9fff" for ch in text):
            chinese += sum(f["glyphCount"] for f in fonts)
    return chinese


def test_the_dist_ships_and_precaches_the_font(dist):
    shipped = dist / font.FONT_FILE
    assert shipped.read_bytes()[:4] == b"wOF2"
    assert shipped.stat().st_size <= font.BUDGET
    assert f'"./{font.FONT_FILE}"' in (dist / "sw.js").read_text(encoding="utf-8")


def test_chinese_is_drawn_with_the_page_s_font(new_context, site_url, wait_ready, requests_log):
    context = new_context(viewport=DESKTOP, locale="zh-CN")
    page = context.new_page()
    page.goto(site_url + "?seed=3&speed=instant")
    wait_ready(page)
    faces = page.evaluate("document.fonts.ready.then(fs => [...fs].map(f => [f.family, "
                          "f.status]))")
    assert [font.FAMILY, "loaded"] in faces, faces
    assert page.evaluate("(f) => document.fonts.check(`16px \"${f}\"`, '炒地皮')", font.FAMILY)
    assert any(urlsplit(u).path.endswith(f"/{font.FONT_FILE}") for u in requests_log.urls)

    # distinct characters, distinct glyphs with ink: not the one box of a missing glyph
    glyphs = page.evaluate(GLYPHS, [list(CHINESE), font.FAMILY])
    assert all(g["ink"] > 0 for g in glyphs)
    assert len({g["bitmap"] for g in glyphs}) == len(CHINESE)
    assert all(abs(g["width"] - 32) < 1 for g in glyphs), glyphs  # full-width ideographs

    # every text of the table, and of a dialog with its menus, is drawn by the page's font
    assert wait_decision(page) in ("bid", "play")
    assert check_drawn_with_the_page_s_font(context, page, "table") >= 10
    button(page, "settings").click()
    assert page.locator("dialog#dialog").is_visible()
    assert check_drawn_with_the_page_s_font(context, page, "settings") >= 10
    page.locator('dialog#dialog button[data-action="close"]').click()
    page.set_viewport_size(PHONE)
    assert check_drawn_with_the_page_s_font(context, page, "phone") >= 10
