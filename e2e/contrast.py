"""A contrast check of every text on a page: axe-core's color-contrast rule, with the page's
own threshold (4.5:1 for every text, large or not), and a check of the pixels for what axe
cannot decide.

axe-core comes from the npm registry (node_modules/axe-core, pinned by package-lock.json) and
is injected by the test into the page under test, never shipped with the site.  For each text
element it reports a pass or a violation with the colours and the ratio, or "incomplete" when
it cannot tell (text over an image or a gradient, under another element, or text the same
colour as its background, which it takes for hidden on purpose).  Those, and any text it left
out (clipped in a scrolled box, outside the viewport: scrolled into view and asked again),
are measured here on two screenshots of the viewport: as drawn, and drawn again with their
texts made transparent, which is exactly the background under every glyph; each text's colour
(with its opacity) is put over the background pixels under its glyphs (within the rectangles
of its own text), and the ratio that 90% of them reach counts.  Text wholly under another
element is not seen, and not judged.

Texts in a disabled control are left out, as axe and WCAG 1.4.3 do ("inactive user interface
components" have no contrast requirement): a card the engine says cannot be played now
(`aria-disabled`) is dimmed on purpose. So are texts for screen readers only (`.sr-only`:
visually hidden, such as the log's line for every play).
"""

from __future__ import annotations

import functools
import io
import math
from pathlib import Path

from PIL import Image

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

# axe's color-contrast rule over the page, or over the elements of the selectors `context`; each
# node as [tag index, result, data, selector].
AXE_RUN = """async ([attr, context]) => {
  const result = await axe.run(context ? {include: context.map(c => [c])} : document, {
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

# For each tagged element of `indices`: its text colour (with every opacity on the way to the
# root), whether any of its text is on top where it is drawn (not wholly under another element),
# the rectangles of its own text (viewport pixels) and whether they are all in the viewport.
TEXTS = """async ([attr, indices, scroll]) => {
  if (scroll !== null) {
    // (to the top: the texts after it come into view with it, to be measured together),
    // and drawn there before anything is measured or a screenshot taken
    document.querySelector(`[${attr}="${scroll}"]`)
      .scrollIntoView({block: "start", inline: "nearest"});
    await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  }
  const canvas = document.createElement("canvas").getContext("2d");
  const width = innerWidth, height = innerHeight;
  const out = {};
  for (const index of indices) {
    const el = document.querySelector(`[${attr}="${index}"]`);
    canvas.fillStyle = getComputedStyle(el).color;  // any CSS colour -> #rrggbb or rgba()
    let opacity = 1;
    for (let e = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
    const rects = [];
    if (el.matches("select")) {  // its text is inside it, drawn by the element itself
      const r = el.getBoundingClientRect();
      rects.push([r.left, r.top, r.width, r.height]);
    }
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.data.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) {
        if (r.width && r.height) rects.push([r.left, r.top, r.width, r.height]);
      }
    }
    let shown = false;
    for (const [x, y, w, h] of rects) {
      for (const [fx, fy] of [[.5, .5], [.2, .5], [.8, .5], [.5, .3], [.5, .7]]) {
        const hit = document.elementFromPoint(x + fx * w, y + fy * h);
        shown ||= !!hit && (hit === el || el.contains(hit));
      }
    }
    // inside the viewport and no box that clips its content (a scrolled one) cuts it
    const boxes = [[0, 0, width, height]];
    for (let e = el.parentElement; e; e = e.parentElement) {
      if (getComputedStyle(e).overflow !== "visible") {
        const r = e.getBoundingClientRect();
        boxes.push([r.left, r.top, r.right, r.bottom]);
      }
    }
    const inside = rects.every(([x, y, w, h]) => boxes.every(
      ([left, top, right, bottom]) => x >= left && y >= top && x + w <= right
                                      && y + h <= bottom));
    out[index] = [canvas.fillStyle, opacity, shown, rects, inside];
  }
  return out;
}"""

# The text of the tagged elements `indices` made transparent (hide), or given back (!hide).
HIDE = """([attr, indices, hide]) => {
  for (const index of indices) {
    const el = document.querySelector(`[${attr}="${index}"]`);
    if (hide) {
      el.dataset.e2eColour = el.style.getPropertyValue("color");
      el.dataset.e2ePriority = el.style.getPropertyPriority("color");
      el.style.setProperty("color", "transparent", "important");
    } else {
      el.style.setProperty("color", el.dataset.e2eColour, el.dataset.e2ePriority);
      delete el.dataset.e2eColour;
      delete el.dataset.e2ePriority;
    }
  }
}"""


def png_pixels(data: bytes) -> Image.Image:
    """A screenshot (PNG) as an RGB image."""
    return Image.open(io.BytesIO(data)).convert("RGB")


def rgb_pixels(image: Image.Image) -> list[tuple[int, ...]]:
    data = image.tobytes()
    return [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]


def luminance(rgb) -> float:
    def channel(v: float) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@functools.cache  # a screen has few colours: the same pairs come back for every glyph
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


def glyph_ratio(colour: str, opacity: float, drawn: Image.Image, behind: Image.Image,
                boxes: list[tuple[int, int, int, int]]) -> float:
    """The ratio that SHARE of the pixels under the glyphs (at least half covered) reach, in
    `boxes` of two screenshots, the text as drawn and made transparent (exactly what is
    behind it); 1 if no glyph shows (the text is the colour of what is behind it)."""
    rgb, alpha = parse_colour(colour)
    alpha *= opacity
    ratios, cores = [], []
    for box in boxes:
        for drawn_px, bg in zip(rgb_pixels(drawn.crop(box)), rgb_pixels(behind.crop(box)),
                                strict=True):
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


def screenshot(page) -> Image.Image:
    return png_pixels(page.screenshot(animations="disabled", caret="hide"))


def measured_ratios(page, indices: list[str]) -> dict[str, float | None]:
    """The contrast of tagged elements' texts over the pixels behind their glyphs (see
    glyph_ratio); None for a text wholly under another element, where no one sees it.

    Two screenshots of the viewport measure every text that is in it: as drawn, and with
    all their texts made transparent. A text outside the viewport (or clipped in a scrolled
    box) is scrolled into view first, and measured with those that are then in view."""
    out: dict[str, float | None] = {}
    pending = list(indices)
    while pending:
        texts = page.evaluate(TEXTS, [ATTR, pending, pending[0]])
        # decided: the texts wholly in view (or the one scrolled to, if it cannot be)
        decided = [i for i in pending if texts[i][4] or i == pending[0]]
        out.update({i: None for i in decided if not texts[i][2]})
        batch = [i for i in decided if texts[i][2]]
        if batch:
            drawn = screenshot(page)
            page.evaluate(HIDE, [ATTR, batch, True])
            try:
                behind = screenshot(page)
            finally:
                page.evaluate(HIDE, [ATTR, batch, False])
            scale = drawn.width / page.evaluate("innerWidth")
            for index in batch:
                colour, opacity, _, rects, _ = texts[index]
                boxes = [box for x, y, w, h in rects
                         if (box := clip_box(x, y, w, h, scale, drawn.size))]
                out[index] = glyph_ratio(colour, opacity, drawn, behind, boxes)
        pending = [i for i in pending if i not in out]
    return out


def clip_box(x, y, w, h, scale, size) -> tuple[int, int, int, int] | None:
    """A text's rectangle (CSS px) in a screenshot's pixels, within the screenshot; None if
    nothing of it is there."""
    left, top = max(0, int(x * scale)), max(0, int(y * scale))
    right = min(size[0], math.ceil((x + w) * scale))
    bottom = min(size[1], math.ceil((y + h) * scale))
    return (left, top, right, bottom) if right > left and bottom > top else None


def measured_ratio(page, index: str) -> float | None:
    """measured_ratios for one text."""
    return measured_ratios(page, [index])[index]


def contrast_problems(page, screen: str) -> list[str]:
    """Every text of the page below MIN_RATIO, in words ([] when all pass)."""
    load_axe(page)
    page.evaluate(SETTLED)
    texts = page.evaluate(TAG, ATTR)
    assert texts, f"{screen}: no text on the page"
    rows = page.evaluate(AXE_RUN, [ATTR, None])
    reported = {row[0] for row in rows}
    # Left out by axe: in view (under another element, such as a card's index under the next
    # card of a fan), measured as they are; outside the viewport or clipped in a scrolled box,
    # the first scrolled into view, and axe asked again about all of them; until each is
    # reported or was scrolled to.
    left_out = [i for i in map(str, range(len(texts))) if i not in reported]
    in_view = page.evaluate(TEXTS, [ATTR, left_out, None])
    rows += [[i, "unreported", {}, f'[{ATTR}="{i}"]'] for i in left_out if in_view[i][4]]
    pending = [i for i in left_out if not in_view[i][4]]
    while pending:
        page.evaluate("([a, i]) => document.querySelector(`[${a}=\"${i}\"]`)"
                      ".scrollIntoView({block: 'center'})", [ATTR, pending[0]])
        again = [r for r in page.evaluate(AXE_RUN, [ATTR, [f'[{ATTR}="{i}"]' for i in pending]])
                 if r[0] in pending]
        rows += again
        if pending[0] not in {r[0] for r in again}:
            rows.append([pending[0], "unreported", {}, f'[{ATTR}="{pending[0]}"]'])
        pending = [i for i in pending[1:] if i not in {r[0] for r in again}]
    undecided = [row[0] for row in rows
                 if row[0] is not None and row[1] in ("incomplete", "unreported")]
    measured_all = measured_ratios(page, list(dict.fromkeys(undecided)))
    problems = []
    for index, kind, data, selector in rows:
        if index is None:
            continue  # a node axe found that has no text of its own (its children have)
        text = texts[int(index)]
        if kind in ("incomplete", "unreported"):
            measured = measured_all[index]
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
