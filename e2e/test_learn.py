"""Learning by playing: the guided first hand played through as a player would, the dimmed
cards against the engine's playable cards, and every kind of refusal with its reason.

The engine on CPython says what is expected (the tutorial's own script, the saved match)."""

from __future__ import annotations

import json

import pytest
from game_helpers import (
    DECISION,
    SAVE_KEY,
    acted,
    data,
    hand,
    match_of,
    notice,
    saved,
    take_decision,
    wait_decision,
)

from engine.actions import Play
from engine.errors import GameError
from engine.save import load_match
from ui.logic.i18n import cards_short
from ui.logic.tutorial import KEY, steps

STEPS = {at: (action, key) for at, action, key in steps()}
STEP_OR_RESULT = ('() => { const d = document.documentElement.dataset;'
                  ' return d.learnStep || d.phase === "result"; }')


def open_page(new_context, site_url, wait_ready, query="?speed=instant", answer_offer=True,
              **options):
    context = new_context(**options)
    page = context.new_page()
    page.goto(site_url + query)
    wait_ready(page, answer_offer=answer_offer)
    return page


def tap_cards(page, cards) -> None:
    """Tap the hand's cards (each copy once, first copies first) as a player does."""
    wanted = [str(c) for c in cards]
    shown = hand(page)
    for i, c in enumerate(shown):
        if c in wanted:
            wanted.remove(c)
            page.locator(f'#hand [data-i="{i}"]').click(position={"x": 5, "y": 20}, force=True)
    assert not wanted, f"{wanted} not in the hand"


def due_move(page):
    at = int(data(page, "learnStep"))
    return STEPS[at]


def test_guided_first_hand_played_through(new_context, site_url, wait_ready):
    page = open_page(new_context, site_url, wait_ready, answer_offer=False)
    # first visit: the guided hand is offered, and the player's match waits for the answer
    assert page.locator('#coach [data-action="learn"]').is_visible()
    page.locator('#coach [data-action="learn"]').click()
    page.wait_for_selector("html[data-tutorial]")
    main_save = saved(page)
    refused = reloaded = False
    while True:
        page.wait_for_function(STEP_OR_RESULT)
        if data(page, "phase") == "result":
            break
        action, key = due_move(page)
        lit = page.locator("#hand .card.expected").evaluate_all("e => e.map(c => c.dataset.card)")
        task = page.locator("#coach .task").inner_text()
        assert task, "the coach says what to do"
        kind = type(action).__name__
        if kind == "Bid":
            assert "Overcall" in task
            arg = " ".join(map(str, action.cards))
            acted(page, lambda arg=arg: page.locator(
                f'#controls [data-action="bid"][data-arg="{arg}"]').click())
        elif kind == "Bury":
            assert sorted(lit) == sorted(str(c) for c in action.cards)
            tap_cards(page, action.cards)
            acted(page, lambda: page.locator('#controls [data-action="bury"]').click())
            if not reloaded:  # the guided hand goes on after a reload, where it was
                reloaded = True
                page.reload()
                wait_ready(page)
                assert data(page, "tutorial") == "1"
        else:
            assert sorted(lit) == sorted(str(c) for c in action.cards), (lit, action)
            if key == "throw":  # the first lead, just after East's snatch (抄底): explained
                coach = page.locator("#coach").inner_text()
                assert "East snatched the kitty (抄底) with a pair of ♠2" in coach, coach
                assert "so ♠2 ♠2 beats your ♣2 ♣2" in coach, coach
                assert "You are still the dealer (庄家)" in coach, coach
            if not refused and key == "throw":  # another legal lead: a friendly refusal
                refused = True
                other = next(c for c in hand(page) if c not in lit)
                tap_cards(page, [page_card(other)])
                page.locator('#controls [data-action="play"]').click()
                page.wait_for_selector("#notice:not([hidden])")
                said = notice(page)  # the move due, its cards named as their faces say,
                # the card tried that is not among them, and why (a newcomer's playtest)
                assert said.startswith("Guided hand: the move now is to play "
                                       f"{cards_short(action.cards, 'en')}, not "
                                       f"{cards_short((page_card(other),), 'en')} — "), said
                assert "throw them together" in said, said
                tap_cards(page, [page_card(other)])  # unselect it again
            tap_cards(page, action.cards)
            acted(page, lambda: page.locator('#controls [data-action="play"]').click())
    assert refused and reloaded
    result = page.locator("#table .result").inner_text()
    # East's snatch made spades trump: the declarers (your side) lose this one
    assert "Your side lost this round" in result and "take the deal at 120" in result, result
    assert "count 2 times" in result  # 抠底: the kitty ×2 explained
    # a term of the result opens the glossary at its entry
    page.locator('#table .result [data-glossary="kitty"]').click()
    assert page.locator("dialog#dialog #g-kitty").is_visible()
    page.locator('dialog#dialog [data-action="close"]').click()
    tutorial = json.loads(saved(page, KEY))
    assert tutorial["state"] == "running"
    assert saved(page) == main_save, "the player's own match is never touched"
    back = page.evaluate("""(key) => {
      document.querySelector('#controls [data-action="next-round"]').click();
      return localStorage.getItem(key);  // (saved as the click is handled, before a step)
    }""", SAVE_KEY)
    page.wait_for_function("() => !document.documentElement.dataset.tutorial")
    assert json.loads(saved(page, KEY))["state"] == "done"
    # taken from the first visit's offer: the player's match, which waited, is dealt now
    assert load_match(back).seed == load_match(main_save).seed
    assert not load_match(back).history


def page_card(text: str):
    from engine.cards import parse_card
    return parse_card(text)


def advance(page, m) -> None:
    """The player's decision taken as the hint says (a pass where there is no hint)."""
    if m.phase in ("bid", "snatch"):
        acted(page, lambda: page.locator('#controls [data-action="pass"]').click())
        return
    page.locator('#controls [data-action="hint"]').click()
    button = "bury" if m.phase == "bury" else "play"
    acted(page, lambda: page.locator(f'#controls [data-action="{button}"]').click())


def follow_turn(page, limit: int = 40):
    """Play on (the hint's moves) until the player is to follow a lead; the match then."""
    for _ in range(limit):
        page.wait_for_function(DECISION)
        m = match_of(page)
        if m.phase == "play" and m.to_act == 0 and m.round.current_trick is not None:
            return m
        if m.phase == "result":
            return None
        advance(page, m)
    return None


def test_dimmed_cards_are_the_engines_unplayable_ones(new_context, site_url, wait_ready):
    page = open_page(new_context, site_url, wait_ready, "?speed=instant&seed=11")
    checked = 0
    for _ in range(6):
        m = follow_turn(page)
        if m is None:
            break
        playable = m.playable_cards(0)
        shown = hand(page)
        dimmed = page.locator('#hand [data-card][aria-disabled="true"]').evaluate_all(
            "e => e.map(c => c.dataset.card)")
        assert sorted(dimmed) == sorted(c for c in shown if page_card(c) not in playable)
        checked += 1
        page.locator('#controls [data-action="hint"]').click()
        acted(page, lambda: page.locator('#controls [data-action="play"]').click())
    assert checked >= 3
    # on a lead nothing is dimmed
    for _ in range(40):
        page.wait_for_function(DECISION)
        m = match_of(page)
        if m.phase == "play" and m.to_act == 0 and m.round.current_trick is None:
            assert page.locator('#hand [aria-disabled="true"]').count() == 0
            return
        advance(page, m)
    pytest.fail("no lead of the player's came")


def engine_refusal(m, cards) -> str:
    try:
        m.verify(Play(0, tuple(cards)))
    except GameError as err:
        return err.en
    raise AssertionError(f"{cards} is legal")


def test_each_kind_of_refusal_says_why(new_context, site_url, wait_ready):
    """A wrong number of cards, a card that does not follow suit, a mixed lead: each refusal
    shows the engine's reason for it."""
    page = open_page(new_context, site_url, wait_ready, "?speed=instant&seed=11")
    kinds = set()
    for _ in range(12):
        m = follow_turn(page)
        if m is None:
            break
        lead = m.round.current_trick.plays[0][1]
        trump = m.round.decided_trump
        mine = m.hand(0)
        led = trump.suit_of(lead[0])
        tries = []
        if len(mine) > len(lead):
            tries.append(("count", mine[:len(lead) + 1]))
        off = [c for c in mine if trump.suit_of(c) != led]
        if off and any(trump.suit_of(c) == led for c in mine) and len(lead) == 1:
            tries.append(("suit", off[:1]))
        for kind, cards in tries:
            if kind in kinds:
                continue
            reason = engine_refusal(m, cards)
            tap_cards(page, cards)
            page.locator('#controls [data-action="play"]').click()
            page.wait_for_selector("#notice:not([hidden])")
            assert reason in notice(page), (reason, notice(page))
            tap_cards(page, cards)
            kinds.add(kind)
        page.locator('#controls [data-action="hint"]').click()
        acted(page, lambda: page.locator('#controls [data-action="play"]').click())
        if {"count", "suit"} <= kinds:
            break
    assert {"count", "suit"} <= kinds, kinds


FRAMES = """(n) => new Promise(done => { const tick = () => --n ? requestAnimationFrame(tick)
                                                           : done(); tick(); })"""


def test_the_deal_waits_while_a_dialog_is_open_and_trumps_are_one_tap_away(
        new_context, site_url, wait_ready):
    page = open_page(new_context, site_url, wait_ready, "?speed=slow&seed=5")
    page.locator('#controls [data-action="trumps"]').click()
    dialog = page.locator("dialog#dialog")
    assert dialog.is_visible()
    text = dialog.inner_text()
    assert "This round's trumps" in text and "jokers and every level card are trumps" in text
    page.wait_for_selector('html[data-paused="1"]')
    before = int(data(page, "actions"))
    page.evaluate(FRAMES, 60)  # about a second of frames: the slow deal would have moved
    assert int(data(page, "actions")) == before and dialog.is_visible()
    dialog.locator('[data-action="close"]').click()
    page.wait_for_function("(n) => Number(document.documentElement.dataset.actions) > n",
                           arg=before)
    # the direction of play is on the table, in words
    assert "Counter-clockwise" in page.locator("#direction").inner_text()


# Every trick's reason seen on the table while it lingers there (not in the Last trick view),
# with whether it was drawn and whether it covered one of the trick's plays.
SEEN_REASONS = """
window.__reasons = [];
new MutationObserver(() => {
  const reason = document.querySelector('#table .caption:not(.back) .reason');
  if (!reason) return;
  const box = reason.getBoundingClientRect();
  const covers = [...document.querySelectorAll('#table .play')].some((play) => {
    const p = play.getBoundingClientRect();
    return box.left < p.right && p.left < box.right && box.top < p.bottom && p.top < box.bottom;
  });
  const text = reason.textContent.trim();
  const last = window.__reasons[window.__reasons.length - 1];
  const shown = box.width > 0 && box.height > 0;
  if (!last || last[0] !== text) window.__reasons.push([text, shown, covers]);
}).observe(document, {childList: true, subtree: true});
"""


def test_a_phone_shows_why_each_trick_went_as_it_did(new_context, site_url, wait_ready):
    """At 360×640, each finished trick says why on the table while it stays there (normal
    speed), readable and clear of the plays, not only in the Last trick view."""
    context = new_context(viewport={"width": 360, "height": 640}, has_touch=True,
                          is_mobile=True)
    context.add_init_script(SEEN_REASONS)
    page = context.new_page()
    page.goto(site_url + "?seed=6")
    wait_ready(page)
    played = 0
    while played < 3:
        phase = wait_decision(page)
        take_decision(page, phase)
        played += phase == "play"
    page.wait_for_function("() => window.__reasons.length >= 2", timeout=60_000)
    seen = page.evaluate("window.__reasons")
    assert all(shown for _, shown, _ in seen), seen
    assert not any(covers for _, _, covers in seen), f"a reason covered a play: {seen}"


@pytest.mark.parametrize("size", [(1280, 800), (360, 640)])
def test_a_first_visit_deals_once_the_offer_is_answered(new_context, site_url, wait_ready,
                                                        size):
    """Two playtesters read the offer while their own match was dealt behind it, and a
    newcomer lost their first bid to it: the match now waits for the answer."""
    page = open_page(new_context, site_url, wait_ready, "?speed=fast", answer_offer=False,
                     viewport={"width": size[0], "height": size[1]})
    no_thanks = page.locator('#coach [data-action="learn-no"]')
    assert no_thanks.is_visible() and page.locator('#coach [data-action="learn"]').is_visible()
    assert data(page, "offer") == "1"
    page.wait_for_selector('html[data-paused="1"]')  # (set by the loop that deals, waiting)
    page.evaluate(FRAMES, 60)  # about a second of frames: a fast deal would have moved
    assert data(page, "actions") == "0", "no card is dealt before the answer"
    assert hand(page) == []
    prompt = page.locator("#prompt").inner_text()
    assert prompt.startswith("The cards are dealt once you choose"), prompt
    assert page.locator('#controls [data-action="skip"]').count() == 0, "nothing to skip"
    box = no_thanks.bounding_box()
    assert box is not None and box["y"] + box["height"] <= size[1], "the answer is in view"
    no_thanks.click()
    page.wait_for_function("() => document.getElementById('coach').hidden")
    page.wait_for_function("() => Number(document.documentElement.dataset.actions) > 0")
    assert data(page, "offer") is None, "the offer has had its answer"
    assert json.loads(saved(page, KEY)) == {"state": "skipped"}
    assert page.locator('#controls [data-action="learn"]').is_visible(), "the menu keeps it"
    page.reload()
    wait_ready(page, answer_offer=False)
    assert page.locator("#coach").is_hidden(), "a later visit was answered: no offer"
    # opened from the menu over the player's match: said to be kept, and the word leaves
    # with the guided hand
    page.locator('#controls [data-action="learn"]').click()
    page.wait_for_selector("html[data-tutorial]")
    assert "Your own match is kept" in (notice(page) or ""), notice(page)
    page.locator('#coach [data-action="learn-skip"]').click()
    page.wait_for_function("() => !document.documentElement.dataset.tutorial")
    assert "kept" not in (notice(page) or "")


def test_a_blog_frames_match_that_ran_on_behind_the_offer_is_dealt_again_after_the_guide(
        new_context, site_url, wait_ready):
    """A blog's frame deals at once (its reader pressed Play on the look-alike), so its match
    runs on behind the offer, which the Learn button keeps once the play begins. Taken from
    there and left, the guided hand gives back a match on which the reader made no decision
    from its deal: the same cards and bots, so it comes back to the same moment, this time
    seen (a newcomer came back to trick 1 under way, its bids and bury unseen)."""
    page = open_page(new_context, site_url, wait_ready, "?embed=1&seed=3&speed=instant",
                     viewport={"width": 360, "height": 640})
    assert wait_decision(page) == "play"
    assert data(page, "offer") == "1", "the offer stands until the first decision"
    before = match_of(page)
    assert before.round.tricks and any(getattr(a, "seat", None) == 0 for a in before.history)
    page.locator('#controls [data-action="learn"]').click()
    page.wait_for_selector("html[data-tutorial]")
    back = page.evaluate("""(key) => {
      document.querySelector('#coach [data-action="learn-skip"]').click();
      return localStorage.getItem(key);  // (saved as the click is handled, before a step)
    }""", SAVE_KEY)
    page.wait_for_function("() => !document.documentElement.dataset.tutorial")
    again = load_match(back)
    assert again.seed == before.seed and not again.history, "dealt again from the start"
    assert wait_decision(page) == "play"
    assert match_of(page).history == before.history, "the same moment, come again"
    # opened from the menu once the player has played: their match is kept as it was
    take_decision(page, "play")
    page.wait_for_function("() => !document.documentElement.dataset.offer")
    played = saved(page)
    page.locator('#controls [data-action="learn"]').click()
    page.wait_for_selector("html[data-tutorial]")
    page.locator('#coach [data-action="learn-skip"]').click()
    page.wait_for_function("() => !document.documentElement.dataset.tutorial")
    assert match_of(page).history[:len(load_match(played).history)] == \
        load_match(played).history


# What a phone's screen shows of the guided hand: the coach's words whole (the page scrolls,
# not a box inside it: a nested scroller hid the snatch's story below a fold), and the
# buttons in reach at the screen's foot.
COACH_ON_A_PHONE = """() => {
  const coach = document.getElementById('coach');
  const button = document.querySelector('#controls [data-action="play"], '
                                        + '#controls [data-action="bury"], '
                                        + '#controls [data-action="bid"]');
  const box = button && button.getBoundingClientRect();
  return {cut: coach.scrollHeight - coach.clientHeight,
          words: coach.innerText.length,
          button: box ? [box.top, box.bottom] : null, height: innerHeight,
          prompt: document.getElementById('prompt').getBoundingClientRect().bottom,
          controls: document.getElementById('controls').getBoundingClientRect().top,
          hand: document.getElementById('seat-south').getBoundingClientRect().top,
          trick: document.querySelector('#table .play')
                 ? document.getElementById('table').getBoundingClientRect().top : null};
}"""


def test_a_phone_shows_the_guided_hands_lessons_whole(new_context, site_url, wait_ready):
    """At 360×640 (touch), the bid, the bury and the throw after East's snatch (the longest
    lessons), then the next lead and the follow to a pair: nothing of the coach is cut inside
    its box, and the move's button is on the screen without scrolling; a trick on the table
    keeps its top on the screen (a newcomer found trick 1 cut off there)."""
    page = open_page(new_context, site_url, wait_ready, viewport={"width": 360, "height": 640},
                     has_touch=True, is_mobile=True)
    page.locator('#controls [data-action="learn"]').tap()
    page.wait_for_selector("html[data-tutorial]")
    seen = []
    while len(seen) < 5:
        page.wait_for_function(STEP_OR_RESULT)
        action, key = due_move(page)
        shown = page.evaluate(COACH_ON_A_PHONE)
        seen.append(key)
        assert shown["cut"] <= 1, (key, shown)
        assert shown["words"] > (100 if len(seen) <= 3 else 20), (key, shown)  # (to read)
        top, bottom = shown["button"]
        assert top >= 0 and bottom <= shown["height"], (key, shown)
        # the lesson's end, the trump (the status bar) and the prompt clear the buttons, the
        # page scrolled as far as the hand's top allows (a newcomer missed the words below)
        # (at the page's end the prompt's line sits on the bar: a subpixel apart)
        if shown["trick"] is None:
            assert shown["prompt"] <= shown["controls"] + 1 or -1 <= shown["hand"] <= 1, \
                (key, shown)
        else:  # (the trick's top first: the lesson's last lines may lie under the buttons)
            assert shown["trick"] >= -1, (key, shown)
        assert shown["hand"] >= -1, (key, shown)
        kind = type(action).__name__
        if kind == "Bid":
            arg = " ".join(map(str, action.cards))
            acted(page, lambda arg=arg: page.locator(
                f'#controls [data-action="bid"][data-arg="{arg}"]').tap())
        else:
            tap_cards(page, action.cards)
            button = "bury" if kind == "Bury" else "play"
            # the asked cards chosen, the coach says what is left: the button, as it reads
            words = page.locator(f'#controls [data-action="{button}"]').inner_text()
            assert f"now press {words}" in page.locator("#coach .task").inner_text().replace(
                '"', "")
            assert key != "throw" or words.startswith("Throw:"), words
            acted(page, lambda button=button: page.locator(
                f'#controls [data-action="{button}"]').tap())
    assert seen == ["bid", "bury", "throw", "lead", "follow-pair"], seen
