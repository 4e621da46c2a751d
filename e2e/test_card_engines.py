"""Card faces the same in every engine (Chromium, Firefox ESR, WebKitGTK; e2e/drivers.py):
the jokers' labels (大王 / 小王) on one horizontal line in the page's own font, whatever fonts
the system has (Firefox used to draw a vertical 大 over 王), and every hand card's whole index
visible, with a strip of 24 px or more, in a 48-card hand at a phone's width: 360x640 where
the engine's window can be that narrow (headless Firefox and WebKitGTK stop at about 450-500
px: the phone layout still, and 360 px itself is checked in Chromium by e2e/test_cards.py).
A screenshot of the hand in each engine: e2e/artifacts/cards-engine-<engine>.png.
"""

from __future__ import annotations

import json

from game_helpers import SAVE_KEY, SETTINGS_KEY, find_seed, new_table, player_becomes_dealer
from player import wait_decision, wait_ready
from test_cards import HAND_GEOMETRY, MIN_STRIP
from test_engines import ARTIFACTS, serve_page  # noqa: F401  (serve_page: a fixture)

from engine.actions import Bid

PHONE = (360, 640)
# Each joker's label: its box, its font size, and whether the page's font is the one used.
JOKERS = """() => [...document.querySelectorAll('#hand .card.joker .rank')].map(e => {
  const r = e.getBoundingClientRect();
  const style = getComputedStyle(e);
  return {text: e.textContent, width: r.width, height: r.height,
          size: parseFloat(style.fontSize), writing: style.writingMode,
          font: document.fonts.check(`${style.fontSize} "Chao Di Pi Sans"`, e.textContent)};
})"""


def bury_save() -> str:
    """The player burying: 48 cards in hand, jokers among them."""
    table = new_table(find_seed(player_becomes_dealer))
    table.run_until_player()
    table.act(Bid(0, table.bid_choices()[0]))
    table.run_until_player()
    return table.save()


def test_card_faces_are_the_same_in_every_engine(open_page, serve_page, engine_name):  # noqa: F811
    save = bury_save()
    settings = {"lang": "zh"}
    url = serve_page(f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(save)});"
                     f"localStorage.setItem({json.dumps(SETTINGS_KEY)}, "
                     f"{json.dumps(json.dumps(settings))});")
    page = open_page(viewport=PHONE)
    page.goto(url + "?speed=instant")
    wait_ready(page)
    assert wait_decision(page)["phase"] == "bury"
    page.eval("document.fonts.ready.then(() => true)")

    jokers = page.eval(JOKERS)
    assert {j["text"] for j in jokers} <= {"大王", "小王"} and jokers, jokers
    for j in jokers:
        # horizontal, on one line: two glyphs side by side, one glyph high
        assert j["writing"] == "horizontal-tb", (engine_name, j)
        assert j["width"] > 1.5 * j["size"] and j["height"] < 1.6 * j["size"], (engine_name, j)
        assert j["font"], (engine_name, "the joker's label is not in the page's font", j)

    cards = page.eval(HAND_GEOMETRY)
    assert len(cards) == 48
    width = page.viewport[0]
    assert width < 720, f"{engine_name}: no phone layout at a {width} px wide viewport"
    problems = [f"{engine_name} at {width} px: {c['card']}: strip {c['strip']:.1f}, rank "
                f"{'ok' if c['rank'] and c['rankInStrip'] else 'covered'}, suit "
                f"{'ok' if c['suit'] else 'covered'}"
                for c in cards if c["strip"] < MIN_STRIP or not (
                    c["rank"] and c["rankInStrip"] and c["suit"])]
    assert not problems, "\n".join(problems)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(ARTIFACTS / f"cards-engine-{engine_name}.png")
