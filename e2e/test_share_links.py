"""Share, replay and embed links (issue 12, items 3, 4, 5 and 8).

`data-action="share"` puts a `#replay=<code>` link into `#share-link`; opened in a fresh
browser context it shows the review of that round; opened over a running match it leaves the
match's save byte for byte as it was; `?embed=1#replay=` in a 360×480 frame is a read-only
viewer that writes no save; a `#deal=` link (and Replay this deal) asks first and then starts
the deal from its start; bad links get a message in #notice and inject nothing."""

from __future__ import annotations

import json
import re
import time
from collections import Counter
from urllib.parse import quote

import pytest
from game_helpers import (
    ARTIFACTS,
    DECISION,
    DESKTOP,
    PHONE,
    SAVE_KEY,
    SETTINGS_KEY,
    acted,
    button,
    check_layout,
    data,
    match_of,
    notice,
    saved,
)

from engine.actions import Deal, Play
from engine.bots import make_bot
from engine.codec import encode_actions
from engine.driver import play_round
from engine.match import Match
from engine.phase import Phase
from engine.record import RecordInfo, record_code
from engine.save import save_match
from ui.logic.review import Review
from ui.logic.review import table_html as review_table_html

SEED = 23
REVIEW = 'html[data-phase="review"]'


@pytest.fixture(scope="module")
def finished() -> Match:
    m = Match(SEED)
    play_round(m, [make_bot("normal", s, SEED) for s in range(4)])
    return m


def storage_with(page, text: str, lang: str = "en") -> None:
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, text])
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [SETTINGS_KEY, json.dumps({"lang": lang})])


def open_with_save(new_context, site_url, wait_ready, text: str, viewport=DESKTOP,
                   fragment: str = ""):
    """A page whose running match is `text` (then loaded again, at `fragment`)."""
    page = new_context(viewport=viewport).new_page()
    page.goto(site_url + "manifest.webmanifest")  # the site's origin, without a game running
    storage_with(page, text)
    page.goto(site_url + "?speed=instant" + fragment)
    wait_ready(page)
    return page


def cards_of(page, selector: str) -> list[str]:
    return page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)")


def shows_step(page, review: Review) -> None:
    step = review.step
    for seat, where in ((0, "#hand"), (1, "#seat-east"), (2, "#seat-north"), (3, "#seat-west")):
        assert cards_of(page, f"{where} [data-card]") == [str(c) for c in step.hands[seat]]


def wait_step(target, k: int, total: int) -> None:
    target.wait_for_function("(s) => document.getElementById('status').textContent.includes(s)",
                             arg=f"Step {k} of {total}")


def caption_length(match: Match, step: int) -> int:
    """The length of the English caption the review shows at `step` (its text, no tags)."""
    review = Review(match)
    review.go(step)
    html = review_table_html(review, "en")
    return len(re.sub(r"<[^>]+>", "", html.split('class="caption"', 1)[-1]))


def set_hash(page, fragment: str) -> None:
    page.evaluate("(f) => { location.hash = f; }", fragment)


def test_a_shared_round_opens_in_a_fresh_browser(new_context, site_url, wait_ready, finished):
    text = save_match(finished)
    page = open_with_save(new_context, site_url, wait_ready, text)
    page.wait_for_selector('html[data-phase="result"] #table .result')
    button(page, "share").click()
    field = page.locator("#share-link")
    field.wait_for(state="visible")
    url = field.input_value()
    assert url.startswith(site_url + "#replay=c1.23.")  # this visit's ?speed= is not shared
    assert field.evaluate("e => e.readOnly && e === document.activeElement")
    notice_text = notice(page) or ""  # copied, or (headless: no clipboard) how to copy it
    assert "copied" in notice_text or "Select the link" in notice_text
    check_layout(page, "share-result")
    assert saved(page) == text
    # the notice follows a language switch (drawn again, issue 28), and leaves after the
    # player's next action (it was about that moment)
    button(page, "settings").click()
    dialog = page.locator("dialog#dialog")
    dialog.locator('select[data-setting="lang"]').select_option("zh")
    dialog.locator('button[data-action="close"]').click()
    assert (notice(page) or "") in ("链接已复制。", "请选中链接后复制。"), notice(page)
    button(page, "settings").click()
    dialog.locator('select[data-setting="lang"]').select_option("en")
    dialog.locator('button[data-action="close"]').click()
    assert (notice(page) or "") in ("Link copied.", "Select the link to copy it.")
    # in a fresh context (no save, another browser): the review of that round
    other = new_context(viewport=PHONE).new_page()
    errors: list[str] = []
    other.on("pageerror", lambda err: errors.append(str(err)))
    other.goto(url)
    wait_ready(other)
    other.wait_for_selector(REVIEW)
    review = Review(finished)
    wait_step(other, 1, len(review.steps))
    assert "Shared replay, round 1" in other.locator("#status").inner_text()
    shows_step(other, review)
    # a phone, every hand full: the step buttons stay on the screen (the page scrolls under
    # them), and the first visit's offer of the guided hand waits for the table
    step_on = other.locator('#controls [data-action="next"]')
    box = step_on.bounding_box()
    assert box is not None and box["y"] + box["height"] <= PHONE["height"], box
    assert other.locator("#coach").is_hidden()
    button(other, "next").click()
    review.go(1)
    wait_step(other, 2, len(review.steps))
    shows_step(other, review)
    check_layout(other, "share-opened")
    # a trick's why and the hint's line sit between North's and South's plays, over none:
    # the trick whose caption says the most (as this engine writes it)
    wordiest = max((i for i, step in enumerate(review.steps) if step.kind == "trick"),
                   key=lambda i: caption_length(finished, i))
    while review.at < wordiest:
        button(other, "next").click()
        review.go(1)
    wait_step(other, wordiest + 1, len(review.steps))
    other.wait_for_selector("#table .caption .hint-line")
    covered = other.evaluate("""() => {
        const box = e => e.getBoundingClientRect();
        const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom
                               && b.top < a.bottom;
        const caption = box(document.querySelector('#table .caption'));
        return [...document.querySelectorAll('#table .play')].filter(p => over(caption, box(p)))
            .map(p => p.className); }""")
    assert not covered, covered
    check_layout(other, "share-trick")
    # leaving it: this browser's own match, and the address without the link
    button(other, "close-review").click()
    other.wait_for_function("document.documentElement.dataset.phase !== 'review'")
    assert "#" not in other.url
    assert not errors
    # back on the first page: the player's next action (the next round) takes the notice away
    acted(page, lambda: button(page, "next-round").click())
    assert "copied" not in (notice(page) or "") and "Select the link" not in (notice(page) or "")


def test_a_replay_link_leaves_the_running_save_untouched(new_context, site_url, wait_ready,
                                                         finished):
    running = Match(SEED + 1)
    for _ in range(30):  # a match being dealt: its bots would go on if nothing held them
        running.apply(running.a_legal_action())
    text = save_match(running)
    code = record_code(finished, RecordInfo(("you", "hard", "hard", "hard")))
    page = open_with_save(new_context, site_url, wait_ready, text, fragment="#replay=" + code)
    page.wait_for_selector(REVIEW)
    review = Review(finished)
    total = len(review.steps)
    for k in range(2, 6):
        page.keyboard.press("ArrowRight")
        wait_step(page, k, total)
    review.at = 4
    shows_step(page, review)
    assert saved(page) == text  # byte for byte
    # the shared review offers its deal to share, and to play (after asking)
    button(page, "share-deal").click()
    page.locator("#share-link").wait_for(state="visible")
    assert "#deal=c1.23." in page.locator("#share-link").input_value()
    assert saved(page) == text
    # back to the running match: it goes on from its save
    button(page, "close-review").click()
    page.wait_for_function("document.documentElement.dataset.phase !== 'review'")
    assert "#" not in page.url
    page.wait_for_function("(t) => localStorage.getItem('chaodipi.match') !== t", arg=text)
    went_on = match_of(page).history  # the same match, dealt further (deals are merged)
    assert isinstance(went_on[0], Deal) and went_on[0].count > 30
    # a link followed while the match runs (hashchange): the review, the save kept
    page.wait_for_function(DECISION)  # (nothing in flight: the page waits for the player)
    before = saved(page)
    set_hash(page, "#replay=" + code)
    page.wait_for_selector(REVIEW)
    button(page, "next").click()
    wait_step(page, 2, total)
    assert saved(page) == before
    page.go_back()  # the browser's Back: the fragment goes, and the review with it
    page.wait_for_function("document.documentElement.dataset.phase !== 'review'")


def test_a_replay_opened_beside_the_games_tab_is_not_shown_as_paused(new_context, site_url,
                                                                      wait_ready, finished):
    """A shared link opened in a new tab while the game runs in another: the replay's step
    buttons were dimmed as if paused, and the "open in another tab" box stood below the fold
    of a review that plays nothing. The box comes back once the review is closed."""
    context = new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    game = context.new_page()
    game.goto(site_url + "?speed=instant")
    wait_ready(game)
    code = record_code(finished, RecordInfo(("you", "hard", "hard", "hard")))
    replay = context.new_page()
    replay.goto(site_url + "?speed=instant#replay=" + code)
    wait_ready(replay)
    replay.wait_for_selector(REVIEW)
    assert replay.evaluate("document.documentElement.dataset.tab") == "elsewhere"
    assert not replay.locator("#elsewhere").is_visible()
    next_button = replay.locator('#controls [data-action="next"]')
    assert next_button.evaluate("(b) => getComputedStyle(b.closest('#controls')).opacity") == "1"
    next_button.tap()
    wait_step(replay, 2, len(Review(finished).steps))
    button(replay, "close-review").tap()
    replay.wait_for_function("document.documentElement.dataset.phase !== 'review'")
    assert replay.locator("#elsewhere").is_visible()
    replay.locator('#elsewhere [data-action="take-over"]').tap()  # and the game comes here
    replay.wait_for_selector('html[data-tab="holding"]')
    game.wait_for_selector('html[data-tab="elsewhere"]')


def test_a_replay_embedded_in_a_blog_is_a_read_only_viewer(new_context, site_url, host_dir,
                                                           serve_dir, wait_ready, finished):
    _, host = serve_dir(host_dir)  # same site, another origin: storage works in the frame
    code = record_code(finished)
    page = new_context(viewport={"width": 400, "height": 560}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(f"{host}host.html?src={quote(site_url + 'index.html?embed=1#replay=' + code)}")
    handle = page.wait_for_selector("#game", state="attached")
    frame = handle.content_frame()
    deadline = time.monotonic() + 60
    while frame is None or not frame.url.startswith(site_url):
        assert time.monotonic() < deadline, "the viewer's frame never loaded"
        page.wait_for_timeout(50)  # polling for the navigation to commit, not a fixed wait
        frame = handle.content_frame()
    wait_ready(frame)
    frame.wait_for_selector(REVIEW)
    review = Review(finished)
    total = len(review.steps)
    wait_step(frame, 1, total)
    game = page.frame_locator("#game")
    actions = game.locator("#controls button").evaluate_all(
        "els => els.map(e => e.dataset.action)")
    assert actions == ["prev", "next"], actions  # no new game, no back to a match, no share
    game.locator('#controls [data-action="next"]').click()
    wait_step(frame, 2, total)
    game.locator('#controls [data-action="next"]').click()
    wait_step(frame, 3, total)
    review.go(2)
    shows_step(frame, review)
    frame.press("body", "Escape")  # nothing to go back to: the viewer stays
    assert frame.evaluate("document.documentElement.dataset.phase") == "review"
    fits = frame.evaluate("""() => {
        const d = document.documentElement, out = [];
        for (const b of document.querySelectorAll('#controls button, #status, #table')) {
            const r = b.getBoundingClientRect();
            if (r.right > innerWidth + 1 || r.bottom > innerHeight + 1)
                out.push(b.id || b.textContent);
        }
        return {scroll: d.scrollWidth <= innerWidth && d.scrollHeight <= innerHeight, out,
                w: innerWidth, h: innerHeight};
    }""")
    assert fits["scroll"] and not fits["out"] and (fits["w"], fits["h"]) == (360, 480), fits
    assert frame.evaluate("localStorage.getItem('chaodipi.match')") is None  # no save written
    ARTIFACTS.mkdir(exist_ok=True)
    handle.screenshot(path=str(ARTIFACTS / "game-360x480-embed-replay.png"))
    assert not errors


def dealt_the_same(played: Match, finished: Match) -> bool:
    """The player's cards in `played` (not yet played from: the page waits for them) are
    among those the finished round dealt them, with the kitty."""
    deal = Review(finished)
    dealt = Counter(deal.steps[0].hands[0]) + Counter(deal.kitty_dealt)
    hand = Counter(played.round.hands[0])
    return sum(hand.values()) > 0 and not hand - dealt


def test_a_deal_link_is_played_after_confirming(new_context, site_url, wait_ready, finished):
    text = save_match(finished)
    m2 = Match(finished.seed)
    code = record_code(m2, RecordInfo(("you", "easy", "random", "easy")))
    page = open_with_save(new_context, site_url, wait_ready, text, fragment="#deal=" + code)
    dialog = page.locator("#dialog")
    dialog.locator('[data-action="confirm-deal"]').wait_for(state="visible")
    assert "play this deal" in dialog.inner_text()
    assert "Bots: East Easy · North Random · West Easy" in dialog.inner_text()
    dialog.locator('[data-action="close"]').click()  # no: the match stays
    page.wait_for_function("!document.getElementById('dialog').open")
    assert saved(page) == text and "#" not in page.url
    assert data(page, "phase") == "result"
    # yes: a match from the deal's start
    set_hash(page, "#deal=" + code)
    dialog.locator('[data-action="confirm-deal"]').click()
    page.wait_for_function("(t) => localStorage.getItem('chaodipi.match') !== t", arg=text)
    played = match_of(page)
    assert played.seed == SEED and played.start == m2.start
    assert dealt_the_same(played, finished)
    # the link's bots are the settings' now, so a reload keeps them in their seats
    tiers = json.loads(saved(page, SETTINGS_KEY))["tiers"]
    assert tiers == {"1": "easy", "2": "normal", "3": "easy"}  # (random: this match only)


def test_replay_this_deal_asks_then_deals_it_again(new_context, site_url, wait_ready, finished):
    text = save_match(finished)
    page = open_with_save(new_context, site_url, wait_ready, text, viewport=PHONE)
    page.wait_for_selector('html[data-phase="result"] #table .result')
    button(page, "review").click()
    page.wait_for_selector(REVIEW)
    check_layout(page, "share-review")
    button(page, "replay-deal").click()
    page.locator('#dialog [data-action="confirm-deal"]').click()
    page.wait_for_function("(t) => localStorage.getItem('chaodipi.match') !== t", arg=text)
    again = match_of(page)
    assert again.seed == SEED and again.phase != Phase.RESULT
    assert len(again.history) < len(finished.history) and dealt_the_same(again, finished)


def edited_code(finished: Match) -> str:
    """The round's code with one play changed to cards its seat does not hold."""
    actions = list(finished.history)
    i = next(k for k, a in enumerate(actions) if isinstance(a, Play))
    j = next(k for k, a in enumerate(actions[i + 1:], start=i + 1)
             if isinstance(a, Play) and a.seat != actions[i].seat
             and len(a.cards) == len(actions[i].cards))
    actions[i] = Play(actions[i].seat, actions[j].cards)
    base = record_code(finished).rsplit(".", 1)[0]
    return base + "." + encode_actions(actions)


def test_bad_links_get_a_message_and_inject_nothing(new_context, site_url, wait_ready, finished):
    text = save_match(finished)
    page = open_with_save(new_context, site_url, wait_ready, text)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.wait_for_selector('html[data-phase="result"] #table .result')
    good = record_code(finished)
    bad = {
        "garbage": "#replay=qwerty",
        "truncated": "#replay=" + good[: len(good) // 2],
        "script": "#replay=<script>window.__pwned=1</script><img src=x onerror=window.__pwned=1>",
        "edited": "#replay=" + edited_code(finished),
        "deal": '#deal=c1.7"><b>x</b>.....',
    }
    for name, fragment in bad.items():
        page.evaluate("document.getElementById('notice').hidden = true")
        set_hash(page, fragment)
        page.wait_for_selector("#notice:not([hidden])")
        message = notice(page)
        assert message.startswith("This link cannot be opened"), (name, message)
        if name == "edited":
            assert "cannot be replayed" in message
        assert "#" not in page.url  # the bad link is dropped from the address
        assert data(page, "phase") == "result", name
        assert page.evaluate("window.__pwned === undefined"), name
        # text, never markup (the notice's lines are the page's own, one a kind)
        assert page.locator("#notice > :not(div[data-notice]), #notice > * *").count() == 0
        assert page.locator("body script:not([src]):not([type])").count() == 0
    check_layout(page, "share-bad-link")
    assert saved(page) == text
    assert not errors
    # the game goes on: its review still opens
    button(page, "review").click()
    page.wait_for_selector(REVIEW)


def test_what_if_plays_on_from_the_trick_reviewed(new_context, site_url, wait_ready, finished):
    text = save_match(finished)
    page = open_with_save(new_context, site_url, wait_ready, text)
    page.wait_for_selector('html[data-phase="result"] #table .result')
    button(page, "review").click()
    page.wait_for_selector(REVIEW)
    review = Review(finished)
    total = len(review.steps)
    for k in range(2, 5):  # the deal, the kitty, trick 1, trick 2
        page.keyboard.press("ArrowRight")
        wait_step(page, k, total)
    review.at = 3
    assert review.step.trick_no == 2
    upto = review.take_over_at()
    button(page, "share").click()
    page.locator("#share-link").wait_for(state="visible")
    check_layout(page, "share-review-trick")
    button(page, "what-if").click()
    dialog = page.locator("#dialog")
    assert "play on from this point" in dialog.inner_text()
    dialog.locator('[data-action="confirm-deal"]').click()
    page.wait_for_function("(t) => localStorage.getItem('chaodipi.match') !== t", arg=text)
    page.wait_for_function(DECISION)
    played = match_of(page)
    assert played.history[:upto] == finished.history[:upto]
    assert played.phase == Phase.PLAY and len(played.round.tricks) == 2
    assert played.round.tricks[-1].winner is None  # trick 2 again, the player's turn in it
    # every hand was seen: the statistics count this round with the helped ones (ui.logic.stats)
    assert json.loads(saved(page))["undo_rounds"] == [played.round.number]
    assert data(page, "phase") == "play" and data(page, "turn") == "0"
    assert button(page, "new-game").count() == 1  # the match's own buttons are back
    assert button(page, "what-if").count() == 0
