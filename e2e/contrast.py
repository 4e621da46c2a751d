"""A contrast check of every text on a page: axe-core's color-contrast rule, with the page's
own threshold (4.5:1 for every text, large or not), and a check of the pixels for what axe
cannot decide.

axe-core comes from the npm registry (node_modules/axe-core, pinned by package-lock.json) and
is injected by the test into the page under test, never shipped with the site.  For each text
element it reports a pass or a violation with the colours and the ratio, or "incomplete" when
it cannot tell (text over an image or a gradient, under another element, or text the same
colour as its background, which it takes for hidden on purpose).  Those, and any text it left
out (clipped in a scrolled box, outside the viewport: scrolled into view and asked again),
are measured here on screenshots: the element as drawn, and drawn again with its text made
transparent, which is exactly its background under every glyph; the text's colour (with its
opacity) is put over each of those background pixels, and the ratio that 90% of them reach
counts.  Text wholly under another element is not seen, and not judged.

Texts in a disabled control are left out, as axe and WCAG 1.4.3 do ("inactive user interface
components" have no contrast requirement): a card the engine says cannot be played now
(`aria-disabled`) is dimmed on purpose. So are texts for screen readers only (`.sr-only`:
visually hidden, such as the log's line for every play).
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"


def load_axe(page) -> None:
    """axe-core in the page, once. Evaluated through the browser's debugging protocol: the
    page's Content-Security-Policy (hashes for its own inline scripts only) rightly refuses
    an injected <script> tag (page.add_script_tag)."""
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
MIN_RATIO = 4.5
ATTR = "data-e2e-contrast"

# Tag every rendered element with text of its own (not in a disabled control; only in the
# modal dialog while one is open: the rest of the page is inert behind it); return them.
TAG = """(attr) => {
  const out = [];
  const modal = document.querySelector("dialog:modal");
  for (const el of document.querySelectorAll("body *")) {
    el.removeAttribute(attr);
    // (a menu shows its chosen option's text, drawn by the <select> itself)
    const own = el.matches("select") ? (el.selectedOptions[0] || {text: ""}).text.trim()
      : [...el.childNodes].filter(n => n.nodeType === Node.TEXT_NODE)
        .map(n => n.data).join("").trim();
    if (!own || el.closest(":disabled, [aria-disabled='true']")
        || el.closest("option, script, style, template, .sr-only")
        || (modal && !modal.contains(el))) {
      continue;
    }
    const box = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    if (!box.width || !box.height || style.visibility !== "visible") continue;
    el.setAttribute(attr, String(out.length));
    out.push(own.replace(/\\s+/g, " ").slice(0, 60));
  }
  return out;
}"""

# Until the cards moving (ui/page/motion.py: dealt, taken up, gathered) have arrived: a card on its
# way is faded on purpose, and judged where it lands (mid-flight, a big joker taken up from the
# kitty read 3.17:1). Shared with e2e/test_axe.py.
SETTLED = """() => Promise.all(document.getAnimations()
  .filter(a => a.playState === "running" && a.effect.getTiming().iterations !== Infinity)
  .map(a => a.finished.catch(() => null))).then(() => true)"""

# axe's color-contrast rule over `context`; each node as [tag index, result, data, selector].
AXE_RUN = """async ([attr, context]) => {
  const result = await axe.run(context ? {include: [[context]]} : document, {
    runOnly: {type: "rule", values: ["color-contrast"]},
    resultTypes: ["violations", "incomplete", "passes"],
  });
  const rows = [];
  for (const kind of ["violations", "incomplete", "passes"]) {
    for (const rule of result[kind]) {
      for (const node of rule.nodes) {
        const selector = node.target[node.target.length - 1];
        const el = document.querySelector(selector);
        const data = (node.any[0] || node.all[0] || node.none[0] || {}).data || {};
        rows.push([el ? el.getAttribute(attr) : null, kind, data, selector]);
      }
    }
  }
  return rows;
}"""

# The text colour (with every opacity on the way to the root) of a tagged element; or, with
# `hide`, its text made transparent (and undone with hide === null).
TEXT_COLOUR = """([attr, index, hide]) => {
  const el = document.querySelector(`[${attr}="${index}"]`);
  if (hide === true) {
    el.dataset.e2eColour = el.style.getPropertyValue("color");
    el.dataset.e2ePriority = el.style.getPropertyPriority("color");
    el.style.setProperty("color", "transparent", "important");
    return null;
  }
  if (hide === null) {
    el.style.setProperty("color", el.dataset.e2eColour, el.dataset.e2ePriority);
    delete el.dataset.e2eColour;
    delete el.dataset.e2ePriority;
    return null;
  }
  el.scrollIntoView({block: "nearest", inline: "nearest"});
  const canvas = document.createElement("canvas").getContext("2d");
  canvas.fillStyle = getComputedStyle(el).color;  // any CSS colour -> #rrggbb or rgba()
  let opacity = 1;
  for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
  // whether any of its text is on top where it is drawn (not wholly under another element)
  let shown = false;
  if (el.matches("select")) {  // its text is inside it, drawn by the element itself
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    shown = !!hit && (hit === el || el.contains(hit));
  }
  for (const node of el.childNodes) {
    if (node.nodeType !== Node.TEXT_NODE || !node.data.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    for (const r of range.getClientRects()) {
      for (const [fx, fy] of [[.5, .5], [.2, .5], [.8, .5], [.5, .3], [.5, .7]]) {
        const hit = document.elementFromPoint(r.left + fx * r.width, r.top + fy * r.height);
        shown ||= !!hit && (hit === el || el.contains(hit));
      }
    }
  }
  return [canvas.fillStyle, opacity, shown];
}"""


def png_pixels(data: bytes) -> tuple[int, int, list[tuple[int, int, int]]]:
    """Width, height and RGB pixels of an 8-bit RGB or RGBA, non-interlaced PNG (what
    Chromium's screenshots are)."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    assert depth == 8 and colour in (2, 6) and not interlace, header
    channels = 3 if colour == 2 else 4
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, prev = [], bytearray(stride)
    for y in range(height):
        start = y * (stride + 1)
        kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = prev[i]
            c = prev[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + b) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                nearest = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + nearest) & 0xFF
        rows.append(line)
        prev = line
    pixels = [tuple(row[x * channels:x * channels + 3]) for row in rows for x in range(width)]
    return width, height, pixels


def luminance(rgb) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def parse_colour(text: str) -> tuple[tuple[int, int, int], float]:
    """A canvas fillStyle ("#rrggbb" or "rgba(r, g, b, a)") -> (rgb, alpha)."""
    if text.startswith("#"):
        return tuple(int(text[i:i + 2], 16) for i in (1, 3, 5)), 1.0
    *rgb, alpha = (float(v) for v in text[text.index("(") + 1:-1].split(","))
    return tuple(round(v) for v in rgb), alpha


SHARE = 0.9  # of a text's glyph pixels must reach the ratio (an edge pixel may touch a border)


def measured_ratio(page, index: str) -> float | None:
    """The contrast of a tagged element's text over the pixels behind its glyphs: the ratio
    that SHARE of the pixels its glyphs cover (at least half of each) reach; 1 if no glyph
    shows (the text is the colour of what is behind it); None if the text is wholly under
    another element, where no one sees it."""
    colour, opacity, shown = page.evaluate(TEXT_COLOUR, [ATTR, index, False])
    if not shown:
        return None
    rgb, alpha = parse_colour(colour)
    alpha *= opacity
    element = page.locator(f'[{ATTR}="{index}"]')
    drawn = element.screenshot(animations="disabled", caret="hide")
    page.evaluate(TEXT_COLOUR, [ATTR, index, True])
    try:
        behind = element.screenshot(animations="disabled", caret="hide")
    finally:
        page.evaluate(TEXT_COLOUR, [ATTR, index, None])
    _, _, with_text = png_pixels(drawn)
    _, _, background = png_pixels(behind)
    if len(with_text) != len(background):
        raise AssertionError(f"the element moved while measured: {index}")
    ratios, cores = [], []
    for drawn_px, bg in zip(with_text, background, strict=True):
        seen = max(abs(x - y) for x, y in zip(drawn_px, bg, strict=True))
        if seen <= 2:
            continue  # not under a glyph
        text = tuple(alpha * t + (1 - alpha) * b for t, b in zip(rgb, bg, strict=True))
        full = max(abs(x - y) for x, y in zip(text, bg, strict=True))
        ratios.append(ratio(text, bg))
        if seen >= full / 2:
            cores.append(ratios[-1])
    if not ratios:  # nothing of the text shows: it is the colour of what is behind it
        return 1.0
    ranked = sorted(cores or ratios)
    return ranked[int((1 - SHARE) * len(ranked))]


def contrast_problems(page, screen: str) -> list[str]:
    """Every text of the page below MIN_RATIO, in words ([] when all pass)."""
    load_axe(page)
    page.evaluate(SETTLED)
    texts = page.evaluate(TAG, ATTR)
    assert texts, f"{screen}: no text on the page"
    rows = page.evaluate(AXE_RUN, [ATTR, None])
    reported = {row[0] for row in rows}
    for index in (str(i) for i in range(len(texts))):
        if index not in reported:  # left out by axe (clipped, outside the viewport): scrolled
            page.evaluate("([a, i]) => document.querySelector(`[${a}=\"${i}\"]`)"
                          ".scrollIntoView({block: 'center'})", [ATTR, index])
            again = [r for r in page.evaluate(AXE_RUN, [ATTR, f'[{ATTR}="{index}"]'])
                     if r[0] == index]
            rows += again or [[index, "unreported", {}, f'[{ATTR}="{index}"]']]
    problems = []
    for index, kind, data, selector in rows:
        if index is None:
            continue  # a node axe found that has no text of its own (its children have)
        text = texts[int(index)]
        if kind in ("incomplete", "unreported"):
            measured = measured_ratio(page, index)
            if measured is not None and measured < MIN_RATIO:
                problems.append(f"{screen}: {text!r} ({selector}) {measured:.2f}:1 measured on "
                                f"the screen (axe: {kind} {data.get('messageKey')})")
        elif kind == "violations" or data.get("contrastRatio", 0) < MIN_RATIO:
            problems.append(f"{screen}: {text!r} ({selector}) {data.get('fgColor')} on "
                            f"{data.get('bgColor')}: {data.get('contrastRatio')}:1")
    checked = {row[0] for row in rows}
    unchecked = [texts[int(i)] for i in map(str, range(len(texts))) if i not in checked]
    assert not unchecked, f"{screen}: texts left unchecked: {unchecked}"
    return problems
