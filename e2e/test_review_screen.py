"""The review of a round (issue 12, item 2): from the result screen, `data-action="review"`
opens `html[data-phase="review"]`, which steps trick by trick (buttons and arrow keys) with all
four hands face up, the bids, the kitty before and after burying, the points as won and the
result; Back to result (or Escape) returns to it, and the save is never touched."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from contrast import contrast_problems
from game_helpers import (
    DESKTOP,
    PHONE,
    SAVE_KEY,
    SETTINGS_KEY,
    button,
    check_layout,
    data,
    saved,
)

from engine.actions import NextRound
from engine.bots import make_bot
from engine.driver import next_action, play_round
from engine.match import Match
from engine.phase import Phase
from engine.save import save_match
from ui.logic.review import Review

SEED = 23
LONG_LAST_TRICK = Path(__file__).parent / "long_last_trick.save.json"
# Trick 6 of seed 31846's first round, six cards a hand, just won by East (a helper's playtest):
# looked back at while the hand still holds 22 cards, the table is short
LONG_TRICK_MID_ROUND = Path(__file__).parent / "long_trick_mid_round.save.json"


@pytest.fixture(scope="module")
def finished() -> Match:
    """A match whose first round has just been played (its result on the screen)."""
    m = Match(SEED)
    play_round(m, [make_bot("normal", s, SEED) for s in range(4)])
    return m


def open_at(new_context, site_url, wait_ready, text: str, viewport, lang: str = "en",
            query: str = "?speed=instant", **options):
    """The page opened (at `query`) on the match saved as `text`."""
    page = new_context(viewport=viewport, **options).new_page()
    # the save and settings put in storage from the site's origin without a game running:
    # the game starts once, from them
    page.goto(site_url + "manifest.webmanifest")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, text])
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [SETTINGS_KEY, json.dumps({"lang": lang})])
    page.goto(site_url + query)
    wait_ready(page)
    return page


def open_result(new_context, site_url, wait_ready, text: str, viewport, lang: str = "en",
                **options):
    page = open_at(new_context, site_url, wait_ready, text, viewport, lang, **options)
    page.wait_for_selector('html[data-phase="result"] #table .result')
    return page


def seat_cards(page, seat: str) -> list[str]:
    return page.locator(f"#seat-{seat} [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")


def cards_of(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)")


def step_text(page) -> str:
    return page.locator("#status").inner_text()


def wait_step(page, k: int, total: int, lang: str = "en") -> None:
    page.wait_for_function("(s) => document.getElementById('status').textContent.includes(s)",
                           arg=f"Step {k} of {total}" if lang == "en" else f"第 {k}/{total} 步")


def check_step(page, review: Review, lang: str = "en") -> None:
    """The page shows the model's step: every hand, and the trick or the kitty."""
    step = review.step
    for seat, where in ((0, "south"), (1, "east"), (2, "north"), (3, "west")):
        want = [str(c) for c in step.hands[seat]]
        got = cards_of(page, "#hand [data-card]") if seat == 0 else seat_cards(page, where)
        assert got == want, (where, step.kind)
    if step.kind == "trick":
        plays = [str(c) for _, cards in step.trick.plays for c in cards]
        assert cards_of(page, "#table .play [data-card]") == plays
        points = f"Attackers {step.points}" if lang == "en" else f"抓分 {step.points}"
        assert points in page.locator("#table .caption").inner_text()


def test_review_steps_through_the_round_with_all_hands_face_up(new_context, site_url,
                                                               wait_ready, finished):
    text = save_match(finished)
    page = open_result(new_context, site_url, wait_ready, text, DESKTOP)
    review = Review(finished)
    total = len(review.steps)
    button(page, "review").click()
    page.wait_for_selector('html[data-phase="review"]')
    wait_step(page, 1, total)  # (the browser asks for English: the page's words are English)
    # the deal: 38 cards in each hand, the bids, the kitty as dealt
    check_step(page, review)
    assert len(seat_cards(page, "north")) == 38
    assert cards_of(page, "#kitty [data-card]") == [str(c) for c in review.kitty_dealt]
    auction = page.locator("#table .review-info li").all_inner_texts()
    assert len(auction) >= 4 and any(" bid " in a or "passed" in a for a in auction)
    assert button(page, "prev").is_disabled()
    check_layout(page, "review-deal")
    assert not contrast_problems(page, "review-deal")
    # the kitty: taken up and buried; the kitty as buried
    button(page, "next").click()
    wait_step(page, 2, total)
    review.go(1)
    check_step(page, review)
    assert cards_of(page, "#kitty [data-card]") == [str(c) for c in review.turns[-1].buried]
    assert "buried" in page.locator("#table").inner_text()
    # the tricks, by the arrow keys
    page.keyboard.press("ArrowRight")
    wait_step(page, 3, total)
    review.go(1)
    check_step(page, review)
    # what the hint would have played in this trick, once asked (or that it agrees)
    hint = page.wait_for_selector("#table .caption .hint-line").inner_text()
    assert hint.startswith("The hint would have played"), hint
    check_layout(page, "review-trick")
    assert not contrast_problems(page, "review-trick")
    page.keyboard.press("ArrowLeft")
    wait_step(page, 2, total)
    page.keyboard.press("ArrowRight")
    for k in range(4, total + 1):
        page.keyboard.press("ArrowRight")
        wait_step(page, k, total)
    review.at = total - 1
    page.wait_for_selector("#table .result")
    assert button(page, "next").is_disabled()
    assert all(not seat_cards(page, s) for s in ("north", "east", "west"))
    check_layout(page, "review-result")
    # back to the result: the round as it was, the save untouched
    button(page, "close-review").click()
    page.wait_for_selector('html[data-phase="result"] #table .result')
    assert data(page, "phase") == "result"
    assert saved(page) == text
    button(page, "review").click()
    page.wait_for_selector('html[data-phase="review"]')
    page.keyboard.press("Escape")
    page.wait_for_selector('html[data-phase="result"]')


@pytest.mark.parametrize("viewport", [PHONE, {"width": 844, "height": 390}],
                         ids=["upright", "sideways"])
def test_review_fits_a_phone_in_chinese(new_context, site_url, wait_ready, finished, viewport):
    """Held upright or sideways (sideways, the hands face up once squeezed North's into a
    column one card wide)."""
    page = open_result(new_context, site_url, wait_ready, save_match(finished), viewport, "zh")
    review = Review(finished)
    total = len(review.steps)
    button(page, "review").click()
    page.wait_for_selector('html[data-phase="review"]')
    for k, name in enumerate(("deal", "kitty", "trick"), start=1):
        wait_step(page, k, total, "zh")
        check_step(page, review, "zh")
        check_layout(page, f"review-{name}")
        button(page, "next").click()
        review.go(1)


@pytest.mark.parametrize("seed, lang, viewport, did", [
    (40, "en", PHONE, "You snatched with ♣2 ♣2; "),
    (40, "zh", DESKTOP, "你用 ♣2 ♣2 抄底；"),
    (11, "zh", PHONE, "你扣了 "),
])
def test_the_kitty_step_tells_the_hints_choice_where_the_player_buried_or_could_snatch(
        new_context, site_url, wait_ready, seed, lang, viewport, did):
    """Seed 40's first round: the player snatched (抄底) with ♣2 ♣2; seed 11's: the player,
    庄家, buried. The review's kitty step asks the hint about that decision (the page's own
    hard bot, in slices) and says what the player did and what the hint would have done, and
    the step still fits the screen."""
    m = Match(seed)
    play_round(m, [make_bot("normal", s, seed) for s in range(4)])
    review = Review(m)
    assert review.steps[1].kind == "kitty" and review.steps[1].kitty_at is not None
    page = open_result(new_context, site_url, wait_ready, save_match(m), viewport, lang)
    button(page, "review").click()
    page.wait_for_selector('html[data-phase="review"]')
    button(page, "next").click()
    wait_step(page, 2, len(review.steps), lang)
    line = page.locator("#table .review-info .hint-line")
    line.wait_for()
    said = line.inner_text()
    assert said.startswith(did), said
    check_layout(page, f"review-kitty-hint-{seed}-{lang}")


def test_an_earlier_round_of_the_match_is_reviewed_too(new_context, site_url, wait_ready):
    m = Match(SEED)
    players = [make_bot("normal", s, SEED) for s in range(4)]
    play_round(m, players)
    m.apply(NextRound())
    play_round(m, players)
    text = save_match(m)
    page = open_result(new_context, site_url, wait_ready, text, PHONE)
    button(page, "review").click()
    page.wait_for_selector('html[data-phase="review"]')
    assert "Review of round 2" in step_text(page)
    assert button(page, "review-later").is_disabled()
    button(page, "review-earlier").click()
    page.wait_for_function("() => document.getElementById('status').textContent"
                           ".includes('Review of round 1')")
    earlier = Review(m, round_no=1)
    wait_step(page, 1, len(earlier.steps))
    check_step(page, earlier)
    assert cards_of(page, "#kitty [data-card]") == [str(c) for c in earlier.kitty_dealt]
    check_layout(page, "review-earlier-round")
    assert button(page, "review-earlier").is_disabled()
    button(page, "close-review").click()
    page.wait_for_selector('html[data-phase="result"] #table .result')
    assert saved(page) == text


def swipe(page, dx: int, dy: int = 0) -> None:
    """A finger across the middle of the table, as the touch screen reports it (CDP)."""
    box = page.locator("#table").bounding_box()
    x, y = box["x"] + box["width"] / 2 - dx / 2, box["y"] + box["height"] / 2 - dy / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for k in range(1, 9):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [
            {"x": x + dx * k / 8, "y": y + dy * k / 8}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


def review_on_a_phone(new_context, site_url, wait_ready, finished):
    """The review of `finished` opened on a touch phone: the page, the model, its steps."""
    page = open_result(new_context, site_url, wait_ready, save_match(finished), PHONE,
                       has_touch=True, is_mobile=True)
    review = Review(finished)
    button(page, "review").click()
    page.wait_for_selector('html[data-phase="review"]')
    return page, review, len(review.steps)


def test_a_swipe_steps_through_the_review_on_a_phone(new_context, site_url, wait_ready,
                                                      finished):
    """Issue 12: "steps trick by trick — buttons, arrow keys, swipe". To the left is the next
    step, to the right the one before; scrolling up or down does not step."""
    page, review, total = review_on_a_phone(new_context, site_url, wait_ready, finished)
    wait_step(page, 1, total)
    swipe(page, -150)
    wait_step(page, 2, total)
    swipe(page, -150)
    wait_step(page, 3, total)
    review.go(2)
    check_step(page, review)
    swipe(page, 150)
    wait_step(page, 2, total)
    swipe(page, 10, -150)  # a scroll, not a step: the next swipe finds the same step
    swipe(page, -150)
    wait_step(page, 3, total)


# Each caption on the table: whether lines are hidden below its foot, whether it says so
# (`data-more`, ui/page/dom.py) and what its ::after draws there.
CAPTIONS = """() => [...document.querySelectorAll('#table .caption')].map((c) => ({
  hidden: c.scrollHeight - c.scrollTop - c.clientHeight,
  more: c.hasAttribute('data-more'),
  mark: getComputedStyle(c, '::after').content,
}))"""


def test_a_phones_review_shows_each_tricks_why_whole(new_context, site_url, wait_ready,
                                                    finished):
    """A daily player found a trick's why cut in a narrow column between West's and East's
    plays in a phone's review: it now runs across the table under them, whole, and the
    table grows to hold it (the page scrolls)."""
    page, _, total = review_on_a_phone(new_context, site_url, wait_ready, finished)
    for k in range(1, total + 1):
        wait_step(page, k, total)
        page.wait_for_function(
            "() => document.documentElement.dataset.hint !== 'thinking'")
        for caption in page.evaluate(CAPTIONS):
            assert caption["hidden"] <= 1 and not caption["more"], (k, caption)
        boxes = page.evaluate("""() => [...document.querySelectorAll(
            '#table > .play, #table > .caption')].map((e) => {
              const r = e.getBoundingClientRect();
              return [e.className, r.top, r.bottom, r.left, r.right]; })""")
        for i, a in enumerate(boxes):  # nothing on the table overlaps anything else
            for b in boxes[i + 1:]:
                apart = a[2] <= b[1] + 1 or b[2] <= a[1] + 1 or a[4] <= b[3] + 1 or b[4] <= a[3] + 1
                assert apart, (k, a, b)
        if k == 3:
            check_layout(page, "review-trick-whole")
        if k < total:
            button(page, "next").click()


def test_a_caption_with_lines_below_its_foot_says_so_until_scrolled(new_context, site_url,
                                                                   wait_ready):
    """A playtest read a cut-off caption as whole (a long trick's why, which scrolls in its
    place with no scroll bar on a touch screen): a caption with hidden lines shows a ▼ at
    its foot, which goes once it is scrolled to its end. The case: a trick of six-card plays
    looked back at on a phone while the hand is big (the table short)."""
    page = open_at(new_context, site_url, wait_ready, LONG_TRICK_MID_ROUND.read_text().strip(),
                   PHONE, has_touch=True, is_mobile=True)
    page.wait_for_selector('html[data-turn="0"]')
    button(page, "last-trick").click()
    page.wait_for_selector("#table .caption.back", state="attached")
    [caption] = page.evaluate(CAPTIONS)
    assert caption["hidden"] > 5, "the trick's why fits a phone's table: no case left"
    assert caption["more"] and caption["mark"] == '"▼"', caption
    check_layout(page, "last-trick-caption-more")
    page.locator("#table .caption").evaluate("(c) => c.scrollTo(0, c.scrollHeight)")
    page.wait_for_function("() => !document.querySelector('#table .caption[data-more]')")
    [caption] = page.evaluate(CAPTIONS)
    assert caption["mark"] == "none", caption


# Where a trick's why lies against the side plays: its box, and West's and East's.
CAPTION_AND_SIDES = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const c = box('#table .caption'), w = box('#table .play.west'), e = box('#table .play.east');
  return {width: c.width, top: c.top, sides_bottom: Math.max(w.bottom, e.bottom)};
}"""


@pytest.mark.parametrize("embed", [False, True])
def test_a_phones_last_trick_looked_back_at_from_the_result_shows_its_why_whole(
        new_context, site_url, wait_ready, embed):
    """A playtest found a long last trick's why in a column a word wide between West's and
    East's plays of four cards, looked back at from the result on a phone (and in a blog's
    frame laid out as one): it now runs under them, across the table, whole."""
    query = "?embed=1&speed=instant" if embed else "?speed=instant"
    page = open_at(new_context, site_url, wait_ready, LONG_LAST_TRICK.read_text().strip(),
                   PHONE, query=query, has_touch=True, is_mobile=True)
    page.wait_for_selector('html[data-phase="result"] #table .result')
    button(page, "last-trick").click()
    page.wait_for_selector("#table .caption.back", state="attached")
    [caption] = page.evaluate(CAPTIONS)
    assert caption["hidden"] <= 1 and not caption["more"], caption
    where = page.evaluate(CAPTION_AND_SIDES)
    assert where["top"] >= where["sides_bottom"] - 1, where
    assert where["width"] >= PHONE["width"] * .8, where
    assert "your ♦8 ♦10 ♣J ♣Q are not trumps" in page.locator("#table .caption").inner_text()
    check_layout(page, f"last-trick-whole{'-embed' if embed else ''}")


SHOWN_LOG_LINES = "els => els.filter(e => e.getClientRects().length).map(e => e.innerText)"
LOG_LINES = "#log li:not(.sr-only)"  # (the others are for screen readers)


def test_the_live_log_is_not_shown_beside_the_reviews_steps(new_context, site_url,
                                                            wait_ready):
    """A newcomer stepping through trick 2 of a review read the log's lines below the table,
    which were the round's last tricks, as about it: a review hides them."""
    m = Match(SEED)
    bots = [make_bot("normal", s, SEED) for s in range(4)]
    while not (m.phase == Phase.PLAY and m.to_act == 0 and len(m.round.hands[0]) == 1):
        m.apply(next_action(m, bots))
    page = open_at(new_context, site_url, wait_ready, save_match(m), DESKTOP)
    page.locator("#hand [data-i]").first.click()
    button(page, "play").click()
    page.wait_for_selector('html[data-phase="result"] #table .result')
    assert page.locator(LOG_LINES).evaluate_all(SHOWN_LOG_LINES), "the log tells the end"
    button(page, "review").click()
    page.wait_for_selector('html[data-phase="review"]')
    assert not page.locator(LOG_LINES).evaluate_all(SHOWN_LOG_LINES)
    button(page, "close-review").click()
    page.wait_for_selector('html[data-phase="result"] #table .result')
    assert page.locator(LOG_LINES).evaluate_all(SHOWN_LOG_LINES), "back: the log as it was"
