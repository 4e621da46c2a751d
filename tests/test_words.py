"""Issue 28 item 7, words: the jokers named in English sentences by name ("small joker", as
the face's letters SJ say it; never 小王/大王, never SJ, read as ♠J), and heard by a screen
reader by name ("small joker"/"big joker", 小王/大王; in an English label the face's letters
follow the name, "big joker, BJ"); the bid offer of a later round, where the 庄家 is set
already; the notice box's lines following the language and a transient one leaving after the
player's next action.
On CPython."""

import re

import pytest

from engine.actions import Play
from engine.bots import make_bot
from engine.cards import parse_cards
from engine.driver import next_action
from engine.match import Match, Start
from engine.phase import Phase
from ui.logic import explain, log, render
from ui.logic import review as reviewing
from ui.logic.i18n import card_name, cards_short, cards_spoken, t
from ui.logic.notices import Notices, address_refused, refused
from ui.logic.review import Review
from ui.logic.screen import Screen

CJK_JOKERS = re.compile("小王|大王")
ARIA = re.compile(r'aria-label="([^"]*)"')
LETTERS = re.compile(r"\b(SJ|BJ|LJ)\b")


def test_joker_words_in_each_language():
    jokers = tuple(parse_cards("LJ BJ"))
    # by name: the face's letters SJ/BJ read as ♠J in a sentence (four players in a row)
    assert cards_short(jokers, "en") == "small joker big joker"
    assert cards_short(jokers + jokers[1:], "en") == "small joker big joker ×2"
    assert cards_short(jokers, "zh") == "小王 大王"
    assert cards_spoken(jokers, "en") == "small joker big joker"
    assert cards_spoken(jokers, "zh") == "小王 大王"
    assert [card_name(c, "en") for c in jokers] == ["small joker, SJ", "big joker, BJ"]
    assert [card_name(c, "zh") for c in jokers] == ["小王", "大王"]


def page_texts(m: Match, events, lang: str) -> list[str]:
    """Everything the page builds for seat 0 now, in `lang`: the table's HTML, the log, the
    spoken lines."""
    view = m.view(0)
    screen = Screen(lang=lang)
    out = [render.hand_html(view, screen), render.status_html(view, lang),
           render.table_html(view, screen), render.kitty_html(view, screen),
           render.controls_html(view, screen, m.legal_bids(0)), render.prompt_text(view, lang),
           render.own_seat_html(view, lang), log.log_html(events, lang, keep=10_000)]
    out += [render.seat_html(view, seat, lang) for seat in (1, 2, 3)]
    out += [spoken[0] for e in events if (spoken := log.spoken_line(e, lang))]
    offer = explain.bid_offer_text(view, m.legal_bids(0), lang)
    if offer:
        out.append(offer)
    if view.phase.round_over:
        out.append(render.result_html(view, lang))
    return out


@pytest.mark.parametrize("seed", [2, 7, 13, 21])
def test_every_sentence_names_jokers_as_the_language_shows_them(seed):
    """A property over whole rounds of random play (with jokers bid, led and followed): no
    English text has 小王/大王, and every aria-label says a joker by name (its face's letters SJ/BJ
    only after the name)."""
    m = Match(seed, start=Start(round_no=0))
    players = [make_bot("random", s, seed, bid_chance=0.3) for s in range(4)]
    events, seen_joker = [], False
    while not m.phase.round_over:
        new = m.apply(next_action(m, players))
        events += [e.for_seat(0) for e in new]
        if m.phase in (Phase.BID, Phase.PLAY) or m.phase.round_over:
            for lang in ("en", "zh"):
                for text in page_texts(m, events, lang):
                    if lang == "en":
                        assert not CJK_JOKERS.search(text), text
                    for label in ARIA.findall(text):
                        assert heard_by_name(label), label
                    seen_joker = seen_joker or 'data-card="BJ"' in text \
                        or 'data-card="LJ"' in text
            # the sentences (the log, the prompt, the bid's offer) name a joker, never SJ/BJ:
            # a face's letters, read as ♠J in a sentence
            view = m.view(0)
            faces = re.compile(r'<span class="rank">[^<]*</span>|<[^>]+>')  # (a face: SJ)
            said = [faces.sub(" ", log.log_html(events, "en", keep=10_000)),
                    faces.sub(" ", render.table_html(view, Screen(lang="en"))),  # captions
                    render.prompt_text(view, "en"),
                    explain.bid_offer_text(view, m.legal_bids(0), "en") or ""]
            assert not any(LETTERS.search(x) for x in said), said
    assert seen_joker, "jokers were shown"
    review = Review(m)
    for at in range(len(review.steps)):
        review.at = at
        en = reviewing.table_html(review, "en") + reviewing.kitty_html(review, "en") \
            + reviewing.hand_html(review, "en")
        assert not CJK_JOKERS.search(en)
        for label in ARIA.findall(en):
            assert heard_by_name(label), label


def heard_by_name(label: str) -> bool:
    """Whether an accessible name says each joker by name: the letters SJ/BJ of a face only
    right after it ("big joker, BJ": the label holds the text the card shows, WCAG 2.5.3)."""
    return not LETTERS.search(re.sub(r"(small|big) joker, (SJ|BJ)", "", label))


def a_bid_offer(start: Start, seed: int = 5):
    """The first moment of a deal, from `start`, at which the player may bid."""
    m = Match(seed, start=start)
    players = [make_bot("normal", s, seed) for s in range(4)]
    number = m.round.number
    while not (m.phase == Phase.DEAL and m.legal_bids(0)):
        m.apply(next_action(m, players))
        assert m.round.number == number, "no bid offered in this round"
    return m.view(0), m.legal_bids(0)


def test_the_first_rounds_bid_offer_may_make_the_dealer():
    view, bids = a_bid_offer(Start(), seed=2)
    assert view.dealer is None
    assert "could make you the dealer" in explain.bid_offer_text(view, bids, "en")
    assert "可能成为庄家" in explain.bid_offer_text(view, bids, "zh")


@pytest.mark.parametrize("dealer, en, zh", [
    (0, "you are the dealer already", "你已是庄家"),
    (1, "East is the dealer already", "庄家已定，是右家"),
    (2, "North is the dealer already", "庄家已定，是对家"),
])
def test_a_later_rounds_bid_offer_chooses_the_trump_only(dealer, en, zh):
    """After the first round the 庄家 is set (R10, R28): a bid decides the trump, not who
    deals, and the offer says so."""
    view, bids = a_bid_offer(Start(round_no=1, dealer=dealer, levels=("3", "3")), seed=1)
    assert view.dealer == dealer
    line_en = explain.bid_offer_text(view, bids, "en")
    line_zh = explain.bid_offer_text(view, bids, "zh")
    assert "could make you the dealer" not in line_en and en in line_en, line_en
    assert "可能成为庄家" not in line_zh and zh in line_zh, line_zh


def test_a_transient_notice_follows_the_language_and_leaves_after_the_next_action():
    notices = Notices()
    notices.show("storage", lambda lang: t("notice.failed", lang, reason="x"))
    notices.show("link", lambda lang: t("share.copied", lang), transient=True)
    assert notices.texts("en")[0] == ("link", t("share.copied", "en"))
    assert notices.texts("zh")[0] == ("link", t("share.copied", "zh"))
    assert t("share.copied", "en") != t("share.copied", "zh")
    assert [k for k, _ in notices.texts("en")] == ["link", "storage"]
    assert notices.after_action()
    assert [k for k, _ in notices.texts("zh")] == ["storage"]
    assert not notices.after_action()  # the others stay until their own cause goes
    notices.show("storage", "plain")  # a line shown again replaces its kind's
    assert notices.texts("zh") == [("storage", "plain")]
    assert notices.clear("storage") and not notices.texts("en")


def test_a_refusal_and_a_refused_address_follow_the_language():
    """The engine's reason for refusing, and what of the address the page left out, are
    said in the language shown, switched after the fact (each line kept as words)."""
    from engine.errors import GameError

    with pytest.raises(GameError) as raised:
        Match(1).apply(Play(0, tuple(parse_cards("S3"))))  # (the cards are still being dealt)
    err = raised.value
    words = refused("notice.illegal", err)
    assert words("en") == t("notice.illegal", "en", reason=err.message("en"))
    assert words("zh") == t("notice.illegal", "zh", reason=err.message("zh"))
    address = address_refused((("seed", "seed: not a number", "seed：不是数字"),
                               ("speed", "speed: unknown", "speed：未知")))
    assert "seed: not a number; speed: unknown" in address("en")
    assert "seed：不是数字；speed：未知" in address("zh")
