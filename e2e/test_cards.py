"""The cards and the table as a player sees them: every hand card's index (rank over suit)
readable at phone sizes, wide enough strips to tap, cards that grow on a desktop, the trumps
marked exactly as the engine counts them, the four-colour option, the light and dark tables.

Positions come from saves built on CPython with the page's own table (same bots, same seed)
and put into localStorage before the page loads.  Screenshots of the deal, a bid, burying,
play and a result at 1280x800, 360x640 and the blog embed (360x480), in the light and the dark
scheme, are left in e2e/artifacts/cards-*.png, to be looked at.
"""

from __future__ import annotations

import json

import pytest
from contrast import contrast_problems
from game_helpers import (
    ARTIFACTS,
    DESKTOP,
    PHONE,
    SAVE_KEY,
    SETTINGS_KEY,
    acted,
    button,
    check_layout,
    find_seed,
    match_of,
    new_table,
    player_becomes_dealer,
    saved,
    wait_decision,
)

from engine.actions import Bid
from engine.bots import make_bot
from engine.cards import parse_card

EMBED = {"width": 360, "height": 480}
SCHEMES = ("light", "dark")
MIN_STRIP = 24  # px of each overlapped hand card a finger can press at phone sizes
MIN_DESKTOP_WIDTH = 56  # px of a hand card at 1280x800
OLD_TABLE_WIDTH = 32  # px of a trick's card at 1280x800 before this change


@pytest.fixture(scope="module")
def saves() -> dict[str, str]:
    """Saves of one match at the player's decisions: a bid, burying (48 cards in hand), a
    follow with trumps among the cards on the table, and the round's result."""
    start = 1
    while True:  # the first seed whose round has all of these
        seed = find_seed(player_becomes_dealer, start)
        found = _saves_of(seed)
        if "play" in found:
            return found
        start = seed + 1


def _saves_of(seed: int) -> dict[str, str]:
    table = new_table(seed, adviser="normal")
    table.run_until_player()
    out = {"seed": str(seed), "bid": table.save()}
    table.act(Bid(0, table.bid_choices()[0]))
    table.run_until_player()
    assert table.phase == "bury" and len(table.view().hand) == 48
    out["bury"] = table.save()
    table.act(table.hint())
    table.run_until_player()
    while table.phase != "result":
        trick = table.match.round.current_trick
        trump = table.match.round.trump
        if "play" not in out and table.phase == "play" and trick is not None:
            shown = [c for _, cards in trick.plays for c in cards] + list(table.view().hand)
            if {trump.is_trump(c) for c in shown} == {True, False} and any(
                    trump.is_trump(c) for _, cards in trick.plays for c in cards):
                out["play"] = table.save()
        table.act(table.hint())
        table.run_until_player()
    out["result"] = table.save()
    return out


def open_save(new_context, site_url, wait_ready, save: str, query: str = "?speed=instant",
              **options):
    context = new_context(viewport=options.pop("viewport", DESKTOP), service_workers="block",
                          **options)
    context.add_init_script(f"localStorage.setItem({json.dumps(SAVE_KEY)}, {json.dumps(save)})")
    page = context.new_page()
    page.goto(site_url + query)
    wait_ready(page)
    wait_decision(page)
    page.evaluate("document.fonts.ready.then(() => true)")
    return page


def screenshots(page, state: str) -> None:
    """cards-<state>-<size>-<scheme>.png at the three sizes and both schemes (the embed's size
    with html.embed, which is all ?embed=1 sets), then back to the desktop in light."""
    ARTIFACTS.mkdir(exist_ok=True)
    embedded = page.evaluate("document.documentElement.classList.contains('embed')")
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        for name, size, embed in (("1280x800", DESKTOP, False), ("360x640", PHONE, False),
                                  ("embed-360x480", EMBED, True)):
            page.evaluate("(on) => document.documentElement.classList.toggle('embed', on)", embed)
            page.set_viewport_size(size)
            page.screenshot(path=str(ARTIFACTS / f"cards-{state}-{name}-{scheme}.png"),
                            animations="disabled")  # as the player sees it settle
    page.evaluate("(on) => document.documentElement.classList.toggle('embed', on)", embedded)
    page.emulate_media(color_scheme="light")
    page.set_viewport_size(DESKTOP)


# Each hand card: its box, how much of it shows left of the next card on its line (its strip),
# whether a press in the middle of that strip reaches it, and whether each end of its rank
# ("10" whole) and its suit symbol are visible (the card itself is the topmost element there).
HAND_GEOMETRY = """() => {
  const own = (el, x, y) => { const hit = document.elementFromPoint(x, y);
                              return !!hit && (hit === el || el.contains(hit)); };
  const cards = [...document.querySelectorAll('#hand [data-card]')];
  return cards.map((el, k) => {
    const r = el.getBoundingClientRect();
    const next = cards[k + 1];
    const n = next && next.getBoundingClientRect();
    // the next card lies over this one where it starts on the same line, to its right
    const over = n && Math.abs(n.top - r.top) < 2 && n.left > r.left && n.left < r.right;
    const strip = over ? n.left - r.left : r.width;
    const rank = el.querySelector('.rank').getBoundingClientRect();
    const suit = el.querySelector('.suit').getBoundingClientRect();
    const ry = rank.top + rank.height / 2;
    return {card: el.dataset.card, width: r.width, height: r.height, strip,
            press: own(el, r.left + strip / 2, r.top + Math.min(r.height / 2, 20)),
            rank: own(el, rank.left + 1, ry) && own(el, rank.right - 1, ry),
            rankInStrip: rank.right <= r.left + strip + 0.5,
            suit: own(el, suit.left + suit.width / 2, suit.top + suit.height / 2)};
  });
}"""


def hand_problems(page, name: str) -> list[str]:
    cards = page.evaluate(HAND_GEOMETRY)
    assert cards, f"{name}: no hand"
    problems = []
    for c in cards:
        where = f"{name} {c['card']}"
        if c["strip"] < MIN_STRIP:
            problems.append(f"{where}: a strip of {c['strip']:.1f} px")
        if not c["press"]:
            problems.append(f"{where}: a press on its strip reaches another element")
        if not (c["rank"] and c["rankInStrip"]):
            problems.append(f"{where}: its rank is covered")
        if not c["suit"]:
            problems.append(f"{where}: its suit symbol is covered")
    return problems


def test_a_hand_of_48_reads_whole_at_phone_sizes(new_context, site_url, wait_ready, saves):
    """Burying, the hand holds 48 cards: at 360x640 and in the 360x480 embed each shows its
    whole index (a 10 too), a strip of 24 px or more to press, and nothing scrolls sideways."""
    page = open_save(new_context, site_url, wait_ready, saves["bury"], viewport=PHONE)
    assert page.locator("#hand [data-card]").count() == 48
    assert page.locator('#hand [data-card$="10"]').count() > 0
    problems = []
    for scheme in SCHEMES:
        page.emulate_media(color_scheme=scheme)
        problems += hand_problems(page, f"360x640 {scheme}")
    check_layout(page, "cards-bury")  # no sideways scroll, controls inside, none covered
    assert not problems, "\n".join(problems)
    screenshots(page, "bury")

    embed = open_save(new_context, site_url, wait_ready, saves["bury"],
                      query="?speed=instant&embed=1", viewport=EMBED)
    assert embed.evaluate("document.documentElement.classList.contains('embed')")
    assert not hand_problems(embed, "embed 360x480"), hand_problems(embed, "embed 360x480")
    check_layout(embed, "cards-bury-embed")


def marks(page, zone: str) -> list[tuple[str, bool]]:
    return page.locator(f"{zone} .card[data-card]").evaluate_all(
        "els => els.map(e => [e.dataset.card, e.classList.contains('trump')])")


def check_trumps(page, trump) -> int:
    """`.card.trump` on exactly the engine's trumps in the hand and on the table; returns
    how many trumps are shown."""
    shown = marks(page, "#hand") + marks(page, "#table")
    assert shown
    wrong = [(c, m) for c, m in shown if m != trump.is_trump(parse_card(c))]
    assert not wrong, f"marked wrongly (card, marked): {wrong}; trump {trump}"
    return sum(m for _, m in shown)


def test_trumps_are_marked_as_the_engine_counts_them(new_context, site_url, wait_ready, saves):
    bidding = open_save(new_context, site_url, wait_ready, saves["bid"])
    view = match_of(bidding).view(0)
    assert view.trump is None and view.sort_trump is not None
    assert check_trumps(bidding, view.sort_trump) > 0  # while bidding: as the bid stands
    screenshots(bidding, "bid")

    page = open_save(new_context, site_url, wait_ready, saves["play"])
    trump = match_of(page).round.trump
    assert marks(page, "#table") and any(m for _, m in marks(page, "#table"))
    assert check_trumps(page, trump) > 0
    # and the trumps stay together in the hand: one group, the last
    groups = page.locator("#hand .group").evaluate_all("els => els.map(e => e.dataset.suit)")
    assert groups[-1] == "T" and groups.count("T") == 1
    trumps = page.locator('#hand .group[data-suit="T"] .card')
    assert trumps.count() == sum(m for _, m in marks(page, "#hand"))
    # the mark is visible: a trump's face is not a plain card's
    faces = page.evaluate("""() => [...document.querySelectorAll('#hand .card')].map(
        e => [e.classList.contains('trump'), getComputedStyle(e).backgroundColor])""")
    assert {f for t, f in faces if t}.isdisjoint({f for t, f in faces if not t}), faces


def test_cards_grow_with_a_desktop_and_read_on_a_phone(new_context, site_url, wait_ready, saves):
    page = open_save(new_context, site_url, wait_ready, saves["play"])
    hand_widths = page.locator("#hand .card").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width)")
    assert min(hand_widths) >= MIN_DESKTOP_WIDTH, hand_widths
    table_widths = page.locator("#table .card").evaluate_all(
        "els => els.map(e => e.getBoundingClientRect().width)")
    assert table_widths and min(table_widths) >= 1.5 * OLD_TABLE_WIDTH, table_widths
    check_layout(page, "cards-play")  # and the trick stays inside the table
    screenshots(page, "play")

    page.set_viewport_size(PHONE)
    problems = hand_problems(page, "360x640 play")
    assert not problems, "\n".join(problems)
    check_layout(page, "cards-play")


def colour(page, selector: str) -> str:
    return page.locator(selector).first.evaluate("e => getComputedStyle(e).color")


def test_four_colour_suits_apply_and_are_remembered(new_context, site_url, wait_ready, saves):
    page = open_save(new_context, site_url, wait_ready, saves["bury"])
    black, red = "rgb(27, 27, 27)", "rgb(173, 21, 32)"
    assert [colour(page, f"#hand .card.{s}") for s in ("spades", "hearts", "clubs", "diamonds")
            ] == [black, red, black, red]
    button(page, "settings").click()
    dialog = page.locator("dialog#dialog")
    box = dialog.locator('input[data-setting="four_colour"]')
    assert not box.is_checked()  # off by default
    box.check()
    dialog.locator('button[data-action="close"]').click()
    four = [black, red, "rgb(17, 98, 42)", "rgb(20, 80, 180)"]
    assert [colour(page, f"#hand .card.{s}") for s in ("spades", "hearts", "clubs", "diamonds")
            ] == four
    assert json.loads(saved(page, SETTINGS_KEY))["four_colour"] is True
    problems = []
    for scheme in SCHEMES:  # green and blue read as well as red and black, trumps' faces too
        page.emulate_media(color_scheme=scheme)
        problems += contrast_problems(page, f"four-colour {scheme}")
    assert not problems, "\n".join(problems)

    page.reload()
    wait_ready(page)
    wait_decision(page)
    assert [colour(page, f"#hand .card.{s}") for s in ("spades", "hearts", "clubs", "diamonds")
            ] == four
    button(page, "settings").click()
    assert dialog.locator('input[data-setting="four_colour"]').is_checked()


def luminance(rgb: str) -> float:
    parts = [float(x) / 255 for x in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    lin = [p / 12.92 if p <= 0.03928 else ((p + 0.055) / 1.055) ** 2.4 for p in parts]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def test_light_and_dark_tables_follow_the_system(new_context, site_url, wait_ready, saves):
    """The scheme the system asks for picks the table's colours (axe checks their contrast in
    both: e2e/test_contrast.py); a card's face stays a light card in both."""
    looks = {}
    for scheme in SCHEMES:
        page = open_save(new_context, site_url, wait_ready, saves["result"],
                         color_scheme=scheme)
        looks[scheme] = page.evaluate("""() => ({
            body: getComputedStyle(document.body).backgroundColor,
            ink: getComputedStyle(document.body).color,
            table: getComputedStyle(document.querySelector('#table')).backgroundColor,
            card: getComputedStyle(document.querySelector('#kitty .card')).backgroundColor})""")
        screenshots(page, "result")
    light, dark = looks["light"], looks["dark"]
    assert luminance(light["body"]) > 0.5 > luminance(light["ink"]), light
    assert luminance(dark["body"]) < 0.1 < luminance(dark["ink"]), dark
    assert luminance(light["table"]) > 0.4 and luminance(dark["table"]) < 0.15, looks
    assert luminance(light["card"]) > 0.8 and luminance(dark["card"]) > 0.8, looks


DEALT = "() => document.querySelectorAll('#hand [data-i]').length >= 20"


def test_screenshots_of_the_deal(new_context, site_url, wait_ready, saves):
    """The deal, with the cards arriving (at its slow pace, so that it is still on)."""
    context = new_context(viewport=DESKTOP, service_workers="block")
    page = context.new_page()
    page.goto(site_url + f"?seed={saves['seed']}&speed=slow")
    wait_ready(page)
    page.wait_for_function(DEALT)
    assert page.evaluate("document.documentElement.dataset.phase") == "deal"
    screenshots(page, "deal")


def last_card_save() -> str:
    """A round at the player's turn with one card left (its bids and plays normal's)."""
    for seed in range(1, 40):
        table = new_table(seed)
        me = make_bot("normal", 0, seed)
        while True:
            table.run_until_player()
            view = table.view()
            if view.phase.round_over:
                break
            if view.phase == "play" and len(view.hand) == 1:
                return table.save()
            table.act(me.choose(view))
    raise AssertionError("no round whose player plays a last card alone")


def test_play_with_nothing_chosen_plays_the_last_card(new_context, site_url, wait_ready):
    """A daily player, one card left, pressed Play and read "choose some cards first": where
    the hand leaves no choice (engine: Match.only_play), Play plays it."""
    page = open_save(new_context, site_url, wait_ready, last_card_save())
    assert page.locator("#hand [data-card]").count() == 1
    assert not page.locator("#hand [aria-selected=true]").count()
    acted(page, button(page, "play").click)
    page.wait_for_function("document.querySelectorAll('#hand [data-card]').length === 0")
    assert "choose some cards" not in page.locator("body").inner_text()
