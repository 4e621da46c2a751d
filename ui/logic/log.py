"""The log's sentences: what each event says to the player, shown below the table (the last
few), and what a screen reader is told of it (the page's one polite live region, #log: the
page's side is ui.page.log). Pure functions: tested on CPython."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.events import (
    BidMade,
    CardsPlayed,
    Event,
    KittyBuried,
    KittyScored,
    KittyTaken,
    Passed,
    RoundSettled,
    ThrowFailed,
    TrickWon,
    TrumpDecided,
)
from engine.rules import Trump
from ui.logic.i18n import (
    card_short,
    cards_short,
    cards_spoken,
    level_name,
    rise_key,
    seat_name,
    t,
    t_seat,
    trump_name,
)
from ui.logic.markup import escape
from ui.logic.table import PassedForPlayer
from ui.logic.undo import TakenBack

LOG_LINES = 4  # recent events kept readable below the table


def event_line(event: Event, lang: str) -> str | None:
    """One sentence for the events worth telling the player (bids, passes, trump, the kitty,
    throws, tricks), or None. Sentences about the player say "you"."""
    if isinstance(event, TakenBack):  # ui.logic.undo: the player's own decision, taken back
        return t(f"event.undo.{event.what}", lang, cards=cards_short(event.cards, lang))
    if isinstance(event, BidMade):
        line = _bid_line(event, lang)
        if event.snatch and event.dealer is not None:
            trump = trump_name(Trump(event.level_rank or "", event.trump_suit), lang)
            why = (t("event.snatch.unopposed", lang) if event.why is None  # (R12: no bid)
                   else event.why.text(lang))
            return t("event.snatch.why", lang, line=line, why=why,
                     seat=_object(event.seat, lang), trump=trump,
                     dealer=_object(event.dealer, lang))
        return line
    if isinstance(event, PassedForPlayer):  # (nothing to show: the player was not asked)
        return t(f"event.pass.{event.phase}.none" + ("" if event.standing else "_open"), lang)
    if isinstance(event, Passed):
        return t_seat(f"event.pass.{event.phase}", event.seat, lang)
    if isinstance(event, TrumpDecided):
        trump = trump_name(Trump(event.level_rank, event.trump_suit), lang)
        line = t_seat("event.trump", event.dealer, lang, trump=trump)
        if event.by_kitty and event.kitty_card is not None:
            kitty_card = card_short(event.kitty_card, lang)
            line = t("event.trump_kitty", lang, card=kitty_card) + "; " + line
        return line
    if isinstance(event, KittyBuried):
        return t_seat("event.buried", event.seat, lang)
    if isinstance(event, ThrowFailed):
        return t_seat("event.throw_failed", event.seat, lang,
                      attempted=cards_short(event.attempted, lang),
                      forced=cards_short(event.forced, lang))
    if isinstance(event, TrickWon):
        return t_seat("log.trick", event.seat, lang, no=event.trick_no, points=event.points)
    if isinstance(event, KittyScored):
        return t("event.kitty", lang, points=event.points, mult=event.multiplier)
    return None


def _object(seat: int, lang: str) -> str:
    """A seat's name inside a sentence: "you" for the player in English."""
    name = seat_name(seat, lang)
    return name.lower() if seat == 0 and lang != "zh" else name


def spoken_line(event: Event, lang: str) -> tuple[str, bool] | None:
    """What a screen reader is told of `event` (from the page's one polite live region,
    #log): (the sentence, whether it is also shown in the log), or None. On top of the log's
    lines (event_line): every play, once and briefly ("East: ♠K ♠K", its cards as
    i18n.cards_spoken says them: a joker by its name), the kitty the player takes up, and
    the round's result."""
    line = event_line(event, lang)
    if line:
        return line, True
    if isinstance(event, CardsPlayed):
        cards = cards_spoken(event.cards, lang)
        return t_seat("event.play", event.seat, lang, cards=cards), False
    if isinstance(event, KittyTaken):
        cards = cards_spoken(event.cards or (), lang)
        return t_seat("event.kitty_taken", event.seat, lang, cards=cards), False
    if isinstance(event, RoundSettled):
        key = rise_key("result.keep" if event.declarers_keep else "result.take", event.rise)
        words = [t("result.score", lang, score=event.score), t(key, lang, n=event.rise),
                 t("result.levels", lang, us=level_name(event.levels[0], lang),
                   them=level_name(event.levels[1], lang))]
        said = ("；" if lang == "zh" else "; ").join(words)
        return t("event.round_over", lang) + ("" if lang == "zh" else " ") + said, False
    return None


SNATCH, TRICK, SETUP = "snatch", "trick", "setup"


def line_kind(event: Event) -> str:
    """The class of `event`'s line in the log: SNATCH for a snatch (told with what beat
    what, where the kitty went, trump and 庄家 now: `kept_lines` keeps it in view until a
    trick is won, and a small embed, which shows no other line, while the kitty goes round:
    index.html), TRICK for a trick won, SETUP for the other lines of the bidding and the
    burying (a phone gives their room to the hand once the play begins); else ""."""
    if isinstance(event, BidMade) and event.snatch:
        return SNATCH
    if isinstance(event, BidMade | Passed | TrumpDecided | KittyBuried):
        return SETUP
    return TRICK if isinstance(event, TrickWon) else ""


def kept_lines(kinds: Sequence[str], keep: int = LOG_LINES) -> list[int]:
    """Which of the told lines (given by their `line_kind`, oldest first) the log shows: the
    last `keep`; but the latest snatch's line stays, first of them, until a trick is won after
    it. Trump changed there, and the passes and burying that follow a snatch (two snatches,
    at a fast speed) would push the only sentence saying so out of sight before the player's
    next decision."""
    n = len(kinds)
    shown = list(range(max(0, n - keep), n))
    snatch = next((i for i in range(n - 1, -1, -1) if kinds[i] == SNATCH), None)
    if snatch is not None and snatch < n - keep and TRICK not in kinds[snatch + 1:]:
        shown = [snatch, *shown[1:]]
    return shown


def log_html(events: Iterable[Event], lang: str, keep: int = LOG_LINES) -> str:
    """The recent events worth telling, newest last, as list items (`kept_lines`): rebuilt
    from the events at every render, so a change of language rewrites them. A snatch's line
    is its first sentence (who snatched with what) and then its why, in a span of its own: a
    phone keeps only the first once the play begins (index.html), since the status bar says
    trump and 庄家 and a hand in five rows needs the room."""
    return "".join(_item(line, kind, head) for line, kind, head in _told(events, lang, keep))


def _item(line: str, kind: str, head: str) -> str:
    parts = split_line(line, head)
    if parts:
        return (f'<li class="{kind}"><span class="head">{escape(parts[0])}</span>'
                f'<span class="why">{escape(parts[1])}</span></li>')
    return f'<li class="{kind}">{escape(line)}</li>' if kind else f"<li>{escape(line)}</li>"


def split_line(line: str, head: str) -> tuple[str, str] | None:
    """A line as its first sentence `head` (log.snatch_head) and the rest, or None where it
    has no such head."""
    if head and line.startswith(head) and line != head:
        return head, line[len(head):]
    return None


def log_lines(events: Iterable[Event], lang: str, keep: int = LOG_LINES) -> list[str]:
    """The log's sentences (see log_html)."""
    return [line for line, _ in _shown(events, lang, keep)]


def _shown(events: Iterable[Event], lang: str, keep: int) -> list[tuple[str, str]]:
    """(sentence, line_kind) of each event the log tells, as many as it shows."""
    return [(line, kind) for line, kind, _ in _told(events, lang, keep)]


def _told(events: Iterable[Event], lang: str, keep: int) -> list[tuple[str, str, str]]:
    """(sentence, line_kind, its first sentence) of each event the log tells, as many as it
    shows."""
    told = [(line, line_kind(e), snatch_head(e, lang)) for e in events
            if (line := event_line(e, lang))]
    return [told[i] for i in kept_lines([kind for _, kind, _ in told], keep)]


def snatch_head(event: Event, lang: str) -> str:
    """A snatch's first sentence, "West snatches the kitty with ♥2 ♥2" (its line goes on with
    why); "" for any other event."""
    return _bid_line(event, lang) if isinstance(event, BidMade) and event.snatch else ""


def _bid_line(event: BidMade, lang: str) -> str:
    """"East bids ♠2", "You overcall with …", "West snatches the kitty with …"."""
    key = "event.snatch" if event.snatch else "event.overcall" if event.overcall else "event.bid"
    return t_seat(key, event.seat, lang, cards=cards_short(event.cards, lang))
