"""Links to a finished round or match (`#replay=<code>`) and to a deal (`#deal=<code>`), issue 12.

DOM-free, so it is tested on CPython; the page's part is ui.page.share. The code is
engine.record's (`c1.<seed>.<start>.<rules>.<seats>.<date>.<moves>`) and lives in the URL's
fragment only, so it never reaches a server, and the link is the page's own address plus the
fragment, so it works under any sub-path and offline.

A link is untrusted input: `read_link` takes nothing from it but a code of the record's
characters, which engine.record.read_code replays move by move through the engine; whatever
is wrong is a `RecordError` whose message the page shows as text (never as markup).
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Generator
from dataclasses import dataclass

from engine.actions import Action, NextRound
from engine.bots import TIERS
from engine.config import DEFAULT_RULES, RulesConfig
from engine.driver import run_steps
from engine.errors import RecordError
from engine.match import Match, Start
from engine.phase import Phase
from engine.record import SEAT_LABELS, RecordInfo, read_code_steps, record_code, round_actions
from ui.logic.i18n import seat_name, t
from ui.logic.markup import escape
from ui.logic.render import button

REPLAY, DEAL = "replay", "deal"
KINDS = (REPLAY, DEAL)
MAX_LINK = 200_000  # characters of a fragment read at all (a long match's code is far less)
# What record_code writes, and nothing else; then, for a round's replay, the attackers' points
# ("&points=85"), which the embed's look-alike shows before the game has loaded (boot.js)
_CODE = re.compile(r"(?P<code>[A-Za-z0-9_.\-]+)(?:&points=\d{1,3})?")


@dataclass(frozen=True)
class Link:
    """What a link holds: a match rebuilt by replay (for a replay: ending in a finished round
    or at match over; for a deal: its start is the deal) and who sat where."""

    kind: str  # REPLAY | DEAL
    match: Match
    info: RecordInfo


@dataclass(frozen=True)
class Deal:
    """A deal to play from its start: the match's seed and rules, the round's start, and the
    bots' tiers by seat ("1".."3", as the settings keep them)."""

    seed: int
    rules: RulesConfig
    start: Start
    tiers: dict[str, str]
    history: tuple[Action, ...] = ()  # moves made from the start ("what if": up to a trick)
    # ("what if" in a later round: the moves of the rounds before it, and the position they
    # led to, which a match already replayed vouches for: not replayed again)
    resume_at: tuple[int, Start] | None = None

    def match(self) -> Match:
        """The match this deal begins: its start, with `history` replayed (validated), but
        for the rounds before `resume_at`, rebuilt from where they led (engine.match's
        resume, as a long save is: a match of a hundred rounds is not replayed whole)."""
        if self.resume_at is None:
            m = Match(self.seed, self.rules, self.start)
            done = 0
        else:
            done, checkpoint = self.resume_at
            earlier = list(self.history[:done])
            m = Match.resume(self.seed, self.rules, self.start, checkpoint, done,
                             lambda: list(earlier))
        for action in self.history[done:]:
            m.apply(action)
        return m


def link_kind(fragment: str) -> str | None:
    """REPLAY or DEAL if the URL fragment (`#replay=…`, with or without its `#`) is one of
    this page's links, else None (an anchor of some other kind is none of ours)."""
    text = fragment[1:] if fragment.startswith("#") else fragment
    key, sep, _ = text.partition("=")
    return key if sep and key in KINDS else None


def read_link(fragment: str) -> Link | None:
    """The link in a URL fragment, read and replayed; None if there is no link of ours; a
    RecordError (with a message in zh and en) if it is garbled, truncated or edited."""
    return run_steps(read_link_steps(fragment))


def read_link_steps(fragment: str) -> Generator[int, None, Link | None]:
    """`read_link` in slices (engine.record.read_code_steps: a long match's link takes a
    while to replay, and the page gives its main thread back between slices); its value
    (StopIteration's) is `read_link`'s, and it raises what `read_link` raises."""
    kind = link_kind(fragment)
    if kind is None:
        return None
    text = fragment[1:] if fragment.startswith("#") else fragment
    code = text.partition("=")[2]
    if len(code) > MAX_LINK:
        raise RecordError("the link is too long to be a record", "链接过长，不是记录")
    found = _CODE.fullmatch(code)
    if not found:
        raise RecordError("the link is damaged: it holds characters no record code has",
                          "链接已损坏：含有记录代码中没有的字符")
    match, info = yield from read_code_steps(found["code"])
    if kind == REPLAY and not match.phase.round_over:
        raise RecordError("the link's round is not finished (the link may be cut short)",
                          "链接中的这一局没有打完（链接可能不完整）")
    return Link(kind, match, info)


def seats_info(tiers: dict[str, str], today: datetime.date | None = None) -> RecordInfo:
    """Who sits where on this page (the player south, bots of the chosen tiers) and when."""
    labels = ("you", *(tiers.get(str(s), "normal") for s in (1, 2, 3)))
    if any(label not in SEAT_LABELS for label in labels):
        return RecordInfo(None, today)
    return RecordInfo((labels[0], labels[1], labels[2], labels[3]), today)


def replay_fragment(match: Match, info: RecordInfo, round_no: int | None = None) -> str:
    """`#replay=<code>`: the whole match once it is over, else its round `round_no` (counted
    from 1; None: the round just finished), with the attackers' points that round
    (`&points=85`: a blog's embed shows them before the game has loaded)."""
    if not match.phase.round_over:
        raise ValueError("only a finished round is shared for review")
    if match.phase == Phase.MATCH_OVER:
        return f"#{REPLAY}=" + record_code(match, info)
    if round_no is None:
        round_no = match.round.number + 1
    return f"#{REPLAY}={record_code(match, info, round_no)}&points={round_score(match, round_no)}"


def round_score(match: Match, round_no: int) -> int:
    """The attackers' score in round `round_no` (counted from 1) of `match`, as it ended."""
    start, actions = round_actions(match, round_no)
    replay = Match(match.seed, match.rules, start)
    for action in actions:
        replay.apply(action)
    return replay.round.attackers_score()


def deal_of(match: Match, tiers: dict[str, str], round_no: int | None = None) -> Deal:
    """The deal of round `round_no` (counted from 1; None: the current round) of `match`."""
    start, _ = round_actions(match, round_no)
    return Deal(match.seed, match.rules, start, dict(tiers))


def what_if(match: Match, tiers: dict[str, str], round_no: int, upto: int) -> Deal:
    """The match replayed up to `upto` actions into its round `round_no` (counted from 1), to
    play on from there: with the rounds before it, from the match's own start."""
    start, actions = round_actions(match, round_no)
    if not 0 <= upto <= len(actions):
        raise ValueError(f"round {round_no} has no position {upto}")
    history = match.history
    ends = [0] + [i + 1 for i, a in enumerate(history) if isinstance(a, NextRound)]
    for begin in ends:
        end = begin + len(actions)
        if (history[begin:end] == actions
                and (end == len(history) or isinstance(history[end], NextRound))):
            return Deal(match.seed, match.rules, match.start, dict(tiers),
                        tuple(history[:begin]) + tuple(actions[:upto]),
                        (begin, start) if begin else None)
    raise ValueError(f"round {round_no} is not in the match's history")


def deal_fragment(deal: Deal, info: RecordInfo) -> str:
    """`#deal=<code>`: a record of the deal with no moves (its seed, start, rules, seats)."""
    return f"#{DEAL}=" + record_code(Match(deal.seed, deal.rules, deal.start), info)


def tiers_of(info: RecordInfo | None, fallback: dict[str, str]) -> dict[str, str]:
    """The bots a record names for seats 1–3 where each is a known tier, else `fallback`."""
    seats = None if info is None else info.seats
    if seats is not None and all(seats[s] in TIERS for s in (1, 2, 3)):
        return {str(s): seats[s] for s in (1, 2, 3)}
    return dict(fallback)


def deal_of_link(link: Link, fallback: dict[str, str]) -> Deal:
    """The deal a link offers: its start, with the link's bots (else the player's own)."""
    return Deal(link.match.seed, link.match.rules, link.match.start,
                tiers_of(link.info, fallback))


def share_url(page_url: str, fragment: str) -> str:
    """The page's address with the link's fragment, without its old fragment or its query
    (this visit's ?speed=, ?seed=, ?embed= are not the link's)."""
    return page_url.split("#", 1)[0].split("?", 1)[0] + fragment


# --- HTML ----------------------------------------------------------------------------------

def review_buttons(lang: str, what_if: bool = False) -> str:
    """In a review: share it, share its deal, play the deal again, and (`what_if`, not on
    the result) play on from the step shown."""
    return (button("share", t("button.share", lang), minor=True)
            + button("share-deal", t("button.share_deal", lang), minor=True)
            + button("replay-deal", t("button.replay_deal", lang), minor=True)
            + (button("what-if", t("button.what_if", lang), minor=True) if what_if else ""))


def confirm_html(lang: str, tiers: dict[str, str], what_if: bool = False,
                 rules: RulesConfig = DEFAULT_RULES, elsewhere: bool = False) -> str:
    """The dialog asking before a deal (or a review's point, `what_if`) replaces the match
    being played; it names the deal's bots, who take their seats (and the settings), every
    rule of the deal that differs from the default (a link may set any within the ranges the
    game plays: engine.config), and, in a tab that does not hold the game (`elsewhere`), that
    the deal waits until the player takes the game over."""
    key = "prompt.what_if" if what_if else "prompt.play_deal"
    bots = " · ".join(f"{seat_name(seat, lang)} {t('tier.' + tiers.get(str(seat), 'normal'), lang)}"
                      for seat in (1, 2, 3))
    changed = "；" if lang == "zh" else "; "
    differences = changed.join(d.text(lang) for d in rules.differences())
    return (f"<p>{escape(t(key, lang))}</p>"
            f"<p>{escape(t('prompt.deal_bots', lang, bots=bots))}</p>"
            + (f'<p class="deal-rules">{escape(t("prompt.deal_rules", lang, rules=differences))}'
               "</p>" if differences else "")
            + (f"<p>{escape(t('prompt.deal_elsewhere', lang))}</p>" if elsewhere else "")
            + button("confirm-deal", t("button.confirm", lang), primary=True)
            + button("close", t("button.cancel", lang)))
