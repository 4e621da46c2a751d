"""Records of a match: a PGN for 炒地皮. A whole match or one round as text people can read,
and the same as a compact URL-safe code for links.

The text is a header of tags, then one line per move or per thing the moves caused:

    [Event "炒地皮 Chao Di Pi"]
    [Record "1"]
    [Seed "7"]
    [Seats "South: you, East: hard, North: hard, West: hard"]
    [Date "2026-11-30"]

    Round 1: level 2, dealer to be decided, first card to West, levels 2/2
    Dealt: 23
    Bid: East H2
    Dealt: 152
    Kitty: S3 S9 H4 ...                       (the kitty as dealt)
    Pass: South
    ...
    Trump: level 2, suit H, dealer East
    Buried: East S3 C4 ...                    (the kitty as buried)
    Snatch: West C2 C2                        (抄底, then its own "Trump:" and "Buried:")
    Trick 1: East SA SA, South S3 S4, North SK S9, West S6 S6 → East wins 10, attackers 0
    ...
    Result: attackers 85 = tricks 65 + kitty 10 × 2 + penalties 0; ...
    End: 264 moves

Tags `Rules` (the RulesConfig values that differ from the default) and `Start` (a match
begun at another position, or the round a one-round record holds) appear when needed; `Seats`
and `Date` when known. Cards are in R3 notation (engine.cards.format_cards). A failed throw
shows the cards tried and what was led instead: `North SA SK SQ (throw fails, leads SQ)`.

Reading a record trusts nothing in it: the moves (Dealt, Bid, Pass, Buried, Snatch, the plays
of each Trick, and each later Round line, which deals the next round) are parsed and replayed
through `engine.match.Match`, which validates each before it changes anything, exactly as a
save is loaded; every other line, and each line as a whole, must then read exactly as the
replayed match writes it. An edited, reordered or truncated record is refused with a
`RecordError` naming the line. The code (`record_code`) holds the header's values and the
moves in `engine.codec`'s compact form: `c1.<seed>.<start>.<rules>.<seats>.<date>.<moves>`.
"""

from __future__ import annotations

import datetime
import re
import weakref
from collections import deque
from collections.abc import Generator, Sequence
from dataclasses import dataclass, fields

from . import events as ev
from .actions import Action, Bid, Bury, Deal, NextRound, Pass, Play, Snatch
from .cards import RANKS, SUITS, Card, format_cards, parse_cards
from .codec import CodeError, decode_actions_steps, encode_actions
from .config import DEFAULT_RULES, RulesConfig
from .driver import run_steps
from .errors import ArgumentError, GameError, RecordError, reasons, shown
from .limits import MAX_ROUNDS
from .match import DEFAULT_START, Match, Start
from .phase import Phase
from .scoring import LADDER

SEAT_WORDS = ("South", "East", "North", "West")  # seats 0..3 (R2: 0 and 2 are partners)
TEAM_WORDS = ("South-North", "East-West")
# Who sits in a seat: the page's player or a bot tier. A closed list: a record is untrusted
# input, so nothing but these words is ever taken from it.
SEAT_LABELS = ("you", "random", "easy", "normal", "hard")
EVENT = "炒地皮 Chao Di Pi"
RECORD_VERSION = "1"
CODE_VERSION = "c1"
MAX_TEXT = 4_000_000  # characters: a 400-round match is far smaller
MAX_CODE = 1_000_000
MAX_LINE = 2_000
READ_SLICE = 40  # moves replayed between two yields of read_code_steps (as verify_steps)

_TAG = re.compile(r'\[([A-Za-z]+) "([^"\\\n]*)"\]')
_KEYWORD = re.compile(r"(Round [0-9]+|Trick [0-9]+|[A-Za-z ]+):")
_TAG_ORDER = ("Event", "Record", "Seed", "Rules", "Start", "Seats", "Date")
_RULE_FIELDS = tuple(f.name for f in fields(RulesConfig))
# Each match's rounds as `_round_spans` found them, for the length of history they were found
# for (a match's history only grows, so an equal length is the same history).
_SPANS: weakref.WeakKeyDictionary[Match, tuple[int, list[tuple[int, int, Start]]]] = \
    weakref.WeakKeyDictionary()


@dataclass(frozen=True)
class RecordInfo:
    """What a record says besides the moves: who sat where and when (both optional)."""

    seats: tuple[str, str, str, str] | None = None
    date: datetime.date | None = None

    def __post_init__(self) -> None:
        seats = self.seats
        if seats is not None and (type(seats) is not tuple or len(seats) != 4
                                  or any(type(s) is not str or s not in SEAT_LABELS
                                         for s in seats)):
            raise ArgumentError(f"seats must be four of {', '.join(SEAT_LABELS)}, not "
                                f"{shown(seats)}", f"座位必须是 {', '.join(SEAT_LABELS)} 中的四个")
        if self.date is not None and type(self.date) is not datetime.date:
            raise ArgumentError(f"the date must be a datetime.date, not {shown(self.date)}",
                                "日期必须是 datetime.date")


# --- writing -------------------------------------------------------------------------------

def _check_info(info: object) -> None:
    if not isinstance(info, RecordInfo):
        raise ArgumentError(f"not a RecordInfo: {shown(info)}", "不是 RecordInfo")


def seat_word(seat: int | None) -> str:
    return "to be decided" if seat is None else SEAT_WORDS[seat]


def _naming(rank: str | None, suit: str | None) -> str:
    if rank is None and suit is None:
        return ""
    return f" as {rank}" + (f" {suit}" if suit else "")


def _trump_text(rank: str, suit: str | None) -> str:
    return f"level {rank}, " + (f"suit {suit}" if suit else "no trump suit")


class _Writer:
    """The record's lines as actions are applied to a match (one writer per match)."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.plays: list[str] = []  # the current trick's plays, as written
        self.threw = False  # the lead was a failed throw, written with what it led

    def start(self) -> list[str]:
        return [self._round_line()]

    def _round_line(self) -> str:
        r = self.match.round
        levels = self.match.levels
        return (f"Round {r.number + 1}: level {r.level}, dealer {seat_word(r.dealer)}, "
                f"first card to {SEAT_WORDS[r.first_seat]}, levels {levels[0]}/{levels[1]}")

    def applied(self, action: Action, events: Sequence[ev.Event]) -> list[str]:
        """The lines `action` (just applied, causing `events`) adds to the record."""
        r = self.match.round
        lines: list[str] = []
        if isinstance(action, Deal):
            lines.append(f"Dealt: {r.dealt}")
            if self.match.phase == Phase.BID:  # the last card: the kitty is what is left
                lines.append(f"Kitty: {format_cards(r.kitty)}")
        elif isinstance(action, Bid):
            lines.append(f"Bid: {SEAT_WORDS[action.seat]} {format_cards(action.cards)}"
                         + _naming(action.rank, action.suit))
        elif isinstance(action, Pass):
            lines.append(f"Pass: {SEAT_WORDS[action.seat]}")
        elif isinstance(action, Bury):
            lines.append(f"Buried: {SEAT_WORDS[action.seat]} {format_cards(action.cards)}")
        elif isinstance(action, Snatch):
            lines.append(f"Snatch: {SEAT_WORDS[action.seat]} {format_cards(action.cards)}"
                         + _naming(action.rank, action.suit))
            trump = r.decided_trump
            lines.append(f"Trump: {_trump_text(trump.level, trump.suit)}, "
                         f"after {SEAT_WORDS[action.seat]}'s snatch")
        elif isinstance(action, NextRound):
            self.plays = []
            lines.append(self._round_line())
        for event in events:
            lines += self._event_lines(event)
        return lines

    def _event_lines(self, event: ev.Event) -> list[str]:
        match event:
            case ev.TrumpDecided():
                how = (f", from the kitty card {event.kitty_card}"
                       if event.by_kitty and event.kitty_card is not None else "")
                return [f"Trump: {_trump_text(event.level_rank, event.trump_suit)}, "
                        f"dealer {SEAT_WORDS[event.dealer]}{how}"]
            case ev.ThrowFailed():
                note = f"(throw fails, leads {format_cards(event.forced)}" + (
                    f"; penalty {event.penalty})" if event.penalty else ")")
                self.plays.append(f"{SEAT_WORDS[event.seat]} "
                                  f"{format_cards(event.attempted)} {note}")
                self.threw = True
            case ev.CardsPlayed():
                if not self.threw:
                    self.plays.append(f"{SEAT_WORDS[event.seat]} {format_cards(event.cards)}")
                self.threw = False
            case ev.TrickWon():
                line = (f"Trick {event.trick_no}: {', '.join(self.plays)} → "
                        f"{SEAT_WORDS[event.seat]} wins {event.points}, "
                        f"attackers {event.attackers_points}")
                self.plays = []
                return [line]
            case ev.KittyScored():
                return [f"Kitty scored: {format_cards(event.cards)} = {event.points} × "
                        f"{event.multiplier}"]
            case ev.RoundSettled():
                how = "declarers keep the deal" if event.declarers_keep else \
                    "attackers take over"
                return [f"Result: attackers {event.score} = tricks {event.trick_points} + kitty "
                        f"{event.kitty_points} × {event.kitty_multiplier} + penalties "
                        f"{event.penalty_points}; {how}; {TEAM_WORDS[event.rising_team]} rise "
                        f"{event.rise}; levels {event.levels[0]}/{event.levels[1]}; next dealer "
                        f"{SEAT_WORDS[event.next_dealer]}"]
            case ev.MatchOver():
                return [f"Match over: {TEAM_WORDS[event.winning_team]} win"]
        return []

    def unfinished_trick(self) -> str | None:
        """The line of a trick still being played (a record of a match in progress)."""
        trick = self.match.round.current_trick
        if trick is None or not self.plays:
            return None
        return f"Trick {len(self.match.round.tricks)}: {', '.join(self.plays)}"

    def end(self) -> str:
        return f"End: {self.match.history_length} moves"


def _header(match: Match, info: RecordInfo) -> list[str]:
    lines = [f'[Event "{EVENT}"]', f'[Record "{RECORD_VERSION}"]', f'[Seed "{match.seed}"]']
    rules = _rules_changes(match.rules)
    if rules:
        lines.append(f'[Rules "{" ".join(f"{k}={v}" for k, v in rules)}"]')
    if match.start != DEFAULT_START:
        s = match.start
        lines.append(f'[Start "round {s.round_no + 1}, dealer {seat_word(s.dealer)}, '
                     f'levels {s.levels[0]}/{s.levels[1]}"]')
    if info.seats is not None:
        lines.append('[Seats "' + ", ".join(f"{SEAT_WORDS[s]}: {label}"
                                            for s, label in enumerate(info.seats)) + '"]')
    if info.date is not None:
        lines.append(f'[Date "{info.date.isoformat()}"]')
    return lines


def _rules_changes(rules: RulesConfig) -> list[tuple[str, int]]:
    return [(d.field, d.value) for d in rules.differences()]


def _round_spans(match: Match) -> list[tuple[int, int, Start]]:
    """Each round of the match: its first action's index, the index past its last (its
    NextRound excluded) and the position it was dealt from. Found by replaying the match once
    for each length of its history (a review asks for one round after another)."""
    length = match.history_length
    known = _SPANS.get(match)
    if known is not None and known[0] == length:
        return known[1]
    spans = run_steps(_spans_steps(match, READ_SLICE))
    _SPANS[match] = (length, spans)
    return spans


def round_spans_steps(match: Match, slice_actions: int = READ_SLICE
                      ) -> Generator[int, None, None]:
    """Find the rounds of `match` (what `round_actions` of an earlier round needs: a replay
    of the whole match, once for each length of its history) in slices of `slice_actions`,
    yielding the actions replayed so far between them, so that a page can do it without
    holding its main thread; `round_actions` is then quick. Nothing to do if they are known
    (a match read from a code knows them: `read_code_steps`)."""
    if not isinstance(match, Match):
        raise ArgumentError(f"not a match: {shown(match)}", "不是一场比赛")
    length = match.history_length
    known = _SPANS.get(match)
    if known is None or known[0] != length:
        spans = yield from _spans_steps(match, max(1, slice_actions))
        _SPANS[match] = (length, spans)


def _spans_steps(match: Match, every: int) -> Generator[int, None, list[tuple[int, int, Start]]]:
    history = match.history
    replay = Match(match.seed, match.rules, match.start)
    spans: list[tuple[int, int, Start]] = []
    begin, start = 0, match.start
    for index, action in enumerate(history):
        if index % every == 0:
            yield index
        replay.apply(action)
        if isinstance(action, NextRound):
            spans.append((begin, index, start))
            begin, start = replay.round_start[0], replay.round_start[1]
    spans.append((begin, len(history), start))
    return spans


def _selected(match: Match, round_no: int | None) -> tuple[Start, list[Action]]:
    """The position and the actions a record holds: the whole match, or one of its rounds
    (`round_no` counted from 1 like the record's Round lines)."""
    if not isinstance(match, Match):
        raise ArgumentError(f"not a match: {shown(match)}", "不是一场比赛")
    if round_no is not None and (not isinstance(round_no, int) or isinstance(round_no, bool)):
        raise ArgumentError(f"a round number is a whole number, not {shown(round_no)}",
                            "局数必须是整数")
    if round_no is None:
        return match.start, match.history
    if round_no == match.round.number + 1:  # the current round: where the match says it began
        begin, start = match.round_start
        return start, match.history_since(begin)
    spans = _round_spans(match)
    first = match.start.round_no + 1
    if not first <= round_no < first + len(spans):
        raise RecordError(f"the match has no round {round_no}", f"比赛中没有第 {round_no} 局")
    begin, end, start = spans[round_no - first]
    return start, match.history[begin:end]


def round_actions(match: Match, round_no: int | None = None) -> tuple[Start, list[Action]]:
    """The position round `round_no` (counted from 1; None: the current round) was dealt
    from, and its actions (its NextRound excluded): what a review replays."""
    if round_no is None and isinstance(match, Match):
        round_no = match.round.number + 1
    return _selected(match, round_no)


def record_text(match: Match, info: RecordInfo = RecordInfo(),
                round_no: int | None = None) -> str:
    """The record of `match` (or of its round `round_no`, counted from 1) as text."""
    _check_info(info)
    start, actions = _selected(match, round_no)
    replay = Match(match.seed, match.rules, start)
    writer = _Writer(replay)
    body = writer.start()
    for action in actions:
        body += writer.applied(action, replay.apply(action))
    partial = writer.unfinished_trick()
    if partial is not None:
        body.append(partial)
    body.append(writer.end())
    return "\n".join([*_header(replay, info), "", *body]) + "\n"


def record_code(match: Match, info: RecordInfo = RecordInfo(),
                round_no: int | None = None) -> str:
    """The record as a compact URL-safe code (letters, digits and `-_.` only)."""
    _check_info(info)
    start, actions = _selected(match, round_no)
    if start == DEFAULT_START:
        start_part = ""
    else:
        dealer = "x" if start.dealer is None else str(start.dealer)
        start_part = "-".join((str(start.round_no), dealer,
                               *(str(LADDER.index(lv)) for lv in start.levels)))
    changes = _rules_changes(match.rules)  # (every setting's range begins at 0 or more)
    rules_part = "_".join(f"{_RULE_FIELDS.index(k)}-{v}" for k, v in changes)
    seats_part = "" if info.seats is None else "".join(
        str(SEAT_LABELS.index(s)) for s in info.seats)
    date_part = "" if info.date is None else info.date.strftime("%Y%m%d")
    seed = str(match.seed).replace("-", "m")
    return ".".join((CODE_VERSION, seed, start_part, rules_part, seats_part, date_part,
                     encode_actions(actions)))


# --- reading -------------------------------------------------------------------------------

def _refuse(line_no: int, text: str, en: str, zh: str) -> RecordError:
    shown = text if len(text) <= 60 else text[:57] + "..."
    return RecordError(f"line {line_no} ({shown!r}): {en}", f"第 {line_no} 行（{shown!r}）：{zh}")


def _seat(word: str) -> int:
    if word not in SEAT_WORDS:
        raise ValueError(f"not a seat: {word[:20]!r} (South, East, North or West)")
    return SEAT_WORDS.index(word)


def _cards_and_naming(words: list[str]) -> tuple[tuple[Card, ...], str | None, str | None]:
    if "as" in words:
        at = words.index("as")
        cards, named = words[:at], words[at + 1:]
        if not 1 <= len(named) <= 2 or named[0] not in RANKS or (
                len(named) == 2 and named[1] not in SUITS):
            raise ValueError("after 'as' come a rank and perhaps a suit")
        return tuple(parse_cards(cards)), named[0], named[1] if len(named) == 2 else None
    return tuple(parse_cards(words)), None, None


def _plays(text: str) -> list[Play]:
    """The plays of a trick line (`Seat cards[ (throw fails, ...)], ...[ → ...]`)."""
    moves = re.sub(r"\([^)]*\)", " ", text.split("→", 1)[0])  # "(throw fails, ...)": derived
    plays = []
    for part in moves.split(","):
        words = part.split()
        if len(words) < 2:
            raise ValueError("a play is a seat and its cards")
        plays.append(Play(_seat(words[0]), tuple(parse_cards(words[1:]))))
    if len(plays) > 4:
        raise ValueError("a trick has four plays")
    return plays


def _moves(keyword: str, rest: str, match: Match) -> list[Action]:
    """The actions of a move line (ValueError/GameError if it is not well formed)."""
    words = rest.split()
    if keyword == "Dealt":
        if len(words) != 1 or not re.fullmatch("[0-9]+", words[0]) or len(words[0]) > 4:
            raise ValueError("'Dealt:' gives the number of cards dealt so far")
        count = int(words[0]) - match.round.dealt
        if count < 1:
            raise ValueError(f"{match.round.dealt} cards are dealt already")
        return [Deal(count)]
    if keyword == "Pass":
        if len(words) != 1:
            raise ValueError("'Pass:' names one seat")
        return [Pass(_seat(words[0]))]
    if keyword in ("Bid", "Snatch", "Buried"):
        if len(words) < 2:
            raise ValueError(f"'{keyword}:' names a seat and its cards")
        seat = _seat(words[0])
        if keyword == "Buried":
            return [Bury(seat, tuple(parse_cards(words[1:])))]
        cards, rank, suit = _cards_and_naming(words[1:])
        return [(Bid if keyword == "Bid" else Snatch)(seat, cards, rank, suit)]
    if keyword.startswith("Trick "):
        return list(_plays(rest))
    if keyword.startswith("Round "):
        return [NextRound()]
    raise ValueError("not a move here")


MOVE_KEYWORDS = ("Dealt", "Pass", "Bid", "Snatch", "Buried")


def _parse_header(lines: list[tuple[int, str]]) -> tuple[Match, RecordInfo, int]:
    """The match a record's header begins (before its moves), its info, and how many of the
    lines the header took."""
    tags: dict[str, tuple[int, str]] = {}
    used = 0
    for line_no, text in lines:
        found = _TAG.fullmatch(text)
        if found is None:
            break
        name, value = found.groups()
        if name not in _TAG_ORDER:
            raise _refuse(line_no, text, f"unknown tag {name!r}", f"未知的标签 {name!r}")
        if name in tags:
            raise _refuse(line_no, text, f"the tag {name} twice", f"标签 {name} 重复")
        tags[name] = (line_no, value)
        used += 1
    first_line = lines[0] if lines else (1, "")
    for name in ("Event", "Record", "Seed"):
        if name not in tags:
            raise _refuse(*first_line, f"a record begins with its tags; [{name} ...] is missing",
                          f"记录应以标签开头，缺少 [{name} ...]")
    values = {name: value for name, (_, value) in tags.items()}
    try:
        if values["Event"] != EVENT:
            raise ValueError(f"this is not a record of {EVENT}")
        if values["Record"] != RECORD_VERSION:
            raise ValueError(f"unknown record version {values['Record'][:10]!r}")
        seed_text = values["Seed"]
        if not re.fullmatch(r"-?[0-9]{1,30}", seed_text):
            raise ValueError("the seed is a whole number")
        rules = _parse_rules(values.get("Rules"))
        start = _parse_start(values.get("Start"))
        seats = _parse_seats(values.get("Seats"))
        date = None if "Date" not in values else _parse_date(values["Date"])
        info = RecordInfo(seats, date)
        match = Match(int(seed_text), rules, start)
    except ValueError as err:
        en, zh = reasons(err)
        raise RecordError(f"the record's header is unreadable: {en}",
                          f"记录的标签无法读取：{zh}") from err
    expected = _header(match, info)
    got = [(line_no, text) for line_no, text in lines[:used]]
    for (line_no, text), want in zip(got, expected, strict=False):
        if text != want:
            raise _refuse(line_no, text, f"the header should read {want!r}",
                          f"标签应为 {want!r}")
    return match, info, used


def _parse_rules(text: str | None) -> RulesConfig:
    if text is None:
        return DEFAULT_RULES
    values: dict[str, object] = {}
    for item in text.split():
        key, _, value = item.partition("=")
        if key not in _RULE_FIELDS or not re.fullmatch(r"[0-9]{1,6}", value) or key in values:
            raise ValueError(f"not a rules setting: {item[:40]!r}")
        values[key] = int(value)
    return RulesConfig.from_dict(values)


def _parse_start(text: str | None) -> Start:
    if text is None:
        return DEFAULT_START
    found = re.fullmatch(r"round ([0-9]{1,5}), dealer ([A-Za-z]+(?: [a-z]+)*), "
                         r"levels ([0-9AJQKLB]+)/([0-9AJQKLB]+)", text)
    if found is None:
        raise ValueError("the start reads 'round N, dealer SEAT, levels A/B'")
    number, dealer, a, b = found.groups()
    seat = None if dealer == "to be decided" else _seat(dealer)
    if int(number) < 1:
        raise ValueError("rounds are counted from 1")
    return Start(int(number) - 1, seat, (a, b))


def _parse_seats(text: str | None) -> tuple[str, str, str, str] | None:
    if text is None:
        return None
    parts = [p.split(": ") for p in text.split(", ")]
    if [p[0] for p in parts] != list(SEAT_WORDS) or any(len(p) != 2 for p in parts):
        raise ValueError("the seats read 'South: you, East: hard, North: ..., West: ...'")
    labels = tuple(p[1] for p in parts)
    if any(label not in SEAT_LABELS for label in labels):
        raise ValueError(f"a seat holds one of {', '.join(SEAT_LABELS)}")
    return (labels[0], labels[1], labels[2], labels[3])


def _parse_date(text: str) -> datetime.date:
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        raise ValueError("the date reads YYYY-MM-DD")
    return datetime.date.fromisoformat(text)


def read_record(text: str) -> tuple[Match, RecordInfo]:
    """The match a text record holds, rebuilt by replaying its moves, and its info; a
    RecordError naming the line if the record is not exactly what its moves give."""
    if not isinstance(text, str):
        raise RecordError("a record is text", "记录应为文本")
    if len(text) > MAX_TEXT:
        raise RecordError("the record is too long to be one", "记录过长")
    lines = [(n, " ".join(t.split())) for n, t in enumerate(text.splitlines(), start=1)]
    for line_no, line in lines:
        if len(line) > MAX_LINE:
            raise _refuse(line_no, line, "the line is too long", "这一行过长")
    lines = [(n, t) for n, t in lines if t]
    match, info, used = _parse_header(lines)
    writer = _Writer(match)
    expected: deque[str] = deque(writer.start())
    ended = False
    last = lines[used - 1] if used else (1, "")
    for line_no, line in lines[used:]:
        last = (line_no, line)
        if ended:
            raise _refuse(line_no, line, "nothing may follow the 'End:' line",
                          "“End:” 行之后不应再有内容")
        if expected:
            want = expected.popleft()
            if line != want:
                raise _refuse(line_no, line, f"replaying the moves before it gives {want!r}",
                              f"按之前的步骤重放，这一行应为 {want!r}")
            continue
        keyword = _KEYWORD.match(line)
        word = keyword.group(1) if keyword else ""
        if word == "End":
            want = writer.end()
            if line != want:
                raise _refuse(line_no, line, f"the moves replayed make {want!r}",
                              f"重放的步骤应为 {want!r}")
            ended = True
            continue
        if word not in MOVE_KEYWORDS and not word.startswith(("Trick ", "Round ")):
            raise _refuse(line_no, line, "this is not a move, and nothing before it leads here",
                          "这一行不是一步棋，前面的步骤也不会导致这一行")
        if writer.unfinished_trick() is not None:
            raise _refuse(line_no, line, "the trick before it is not finished",
                          "前一墩还没有打完")
        try:
            actions = _moves(word, line[len(word) + 1:], match)
        except ValueError as err:  # a CardParseError included: it is a GameError
            msg = err.en if isinstance(err, GameError) else str(err)
            zh = err.zh if isinstance(err, GameError) else str(err)
            raise _refuse(line_no, line, f"unreadable: {msg}", f"无法读取：{zh}") from err
        for action in actions:
            if isinstance(action, NextRound) \
                    and match.round.number - match.start.round_no + 2 > MAX_ROUNDS:
                raise _refuse(line_no, line, f"a match has at most {MAX_ROUNDS} rounds",
                              f"一场比赛最多 {MAX_ROUNDS} 局")
            try:
                events = match.apply(action)
            except GameError as err:
                raise _refuse(line_no, line, f"this move cannot be replayed: {err.en}",
                              f"这一步无法重放：{err.zh}") from err
            expected.extend(writer.applied(action, events))
        want = expected.popleft() if expected else (writer.unfinished_trick() or "")
        if line != want:
            raise _refuse(line_no, line, f"replaying it gives {want!r}",
                          f"重放这一步应为 {want!r}")
    if not ended:
        missing = expected[0] if expected else writer.end()
        raise _refuse(*last, f"the record is truncated after this line: {missing!r} is missing",
                      f"记录在这一行之后被截断：缺少 {missing!r}")
    return match, info


def read_code(code: str) -> tuple[Match, RecordInfo]:
    """The match a `record_code` code holds, rebuilt by replaying its moves, and its info;
    a RecordError if it is not one (garbled, truncated, edited, or holding more than
    MAX_ROUNDS rounds)."""
    return run_steps(read_code_steps(code))


def read_code_steps(code: str, slice_actions: int = READ_SLICE
                    ) -> Generator[int, None, tuple[Match, RecordInfo]]:
    """`read_code` in slices: it checks the code's form and settings and decodes its moves,
    then replays them `slice_actions` at a time, yielding the number replayed so far before
    each slice (so a caller can give the page its main thread back between them); its value
    (StopIteration's) is `read_code`'s, and it raises what `read_code` raises."""
    if not isinstance(code, str):
        raise RecordError("a record code is text", "记录代码应为文本")
    if len(code) > MAX_CODE:
        raise RecordError("the code is too long to be a record", "记录代码过长")
    parts = code.strip().split(".")
    if len(parts) != 7 or parts[0] != CODE_VERSION:
        raise RecordError("this is not a record code (or of another version)",
                          "这不是记录代码（或版本不同）")
    _, seed_text, start_text, rules_text, seats_text, date_text, moves = parts
    try:
        if not re.fullmatch(r"m?[0-9]{1,30}", seed_text):
            raise ValueError("the seed is not a number")
        seed = int(seed_text.replace("m", "-"))
        start = _code_start(start_text)
        rules = _code_rules(rules_text)
        seats = None
        if seats_text:
            if not re.fullmatch(f"[0-{len(SEAT_LABELS) - 1}]{{4}}", seats_text):
                raise ValueError("the seats are not four seat labels")
            seats = tuple(SEAT_LABELS[int(c)] for c in seats_text)
        date = None
        if date_text:
            if not re.fullmatch(r"[0-9]{8}", date_text):
                raise ValueError("the date is not YYYYMMDD")
            date = datetime.date(int(date_text[:4]), int(date_text[4:6]), int(date_text[6:]))
        info = RecordInfo((seats[0], seats[1], seats[2], seats[3]) if seats else None, date)
        match = Match(seed, rules, start)
        actions = yield from _decoded(decode_actions_steps(moves, slice_actions * 25))
    except CodeError as err:
        raise RecordError(f"the code's moves are unreadable: {err.en}",
                          f"记录代码中的步骤无法读取：{err.zh}") from err
    except ValueError as err:
        en, zh = reasons(err)
        raise RecordError(f"the code's settings are unreadable: {en}",
                          f"记录代码的设置无法读取：{zh}") from err
    rounds = 1 + sum(isinstance(a, NextRound) for a in actions)
    if rounds > MAX_ROUNDS:
        raise RecordError(f"the code holds {rounds} rounds, more than the {MAX_ROUNDS} a match "
                          "may have",
                          f"记录代码中有 {rounds} 局，超过一场比赛最多的 {MAX_ROUNDS} 局")
    spans: list[tuple[int, int, Start]] = []  # the rounds met, kept for a review of them
    begin = 0
    for number, action in enumerate(actions, start=1):
        if (number - 1) % max(1, slice_actions) == 0:
            yield number - 1
        try:
            match.apply(action)
        except GameError as err:
            raise RecordError(f"move {number} of the code cannot be replayed: {err.en}",
                              f"记录代码第 {number} 步无法重放：{err.zh}") from err
        if isinstance(action, NextRound):  # (indices in the history, where deals run as one)
            spans.append((begin, match.history_length - 1, start))
            begin, start = match.round_start
    spans.append((begin, match.history_length, start))
    _SPANS[match] = (match.history_length, spans)  # (a long link's review: no replay again)
    return match, info


def _decoded(steps: Generator[int, None, list[Action]]) -> Generator[int, None, list[Action]]:
    """The moves of a code, decoded in slices; while decoding, nothing is replayed yet (0)."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            actions: list[Action] = done.value
            return actions
        yield 0


def _code_start(text: str) -> Start:
    if not text:
        return DEFAULT_START
    found = re.fullmatch(r"([0-9]{1,5})-([0-3x])-([0-9]{1,2})-([0-9]{1,2})", text)
    if found is None:
        raise ValueError("not a start position")
    number, dealer, a, b = found.groups()
    if int(a) >= len(LADDER) or int(b) >= len(LADDER):
        raise ValueError("not a level")
    return Start(int(number), None if dealer == "x" else int(dealer),
                 (LADDER[int(a)], LADDER[int(b)]))


def _code_rules(text: str) -> RulesConfig:
    if not text:
        return DEFAULT_RULES
    values: dict[str, object] = {}
    for item in text.split("_"):
        found = re.fullmatch(r"([0-9]{1,2})-([0-9]{1,6})", item)
        if found is None or int(found.group(1)) >= len(_RULE_FIELDS):
            raise ValueError("not a rules setting")
        key = _RULE_FIELDS[int(found.group(1))]
        if key in values:
            raise ValueError("a rules setting twice")
        values[key] = int(found.group(2))
    return RulesConfig.from_dict(values)


def round_numbers(match: Match) -> list[int]:
    """The numbers (from 1) of the match's rounds, for `round_no`."""
    if not isinstance(match, Match):
        raise ArgumentError(f"not a match: {shown(match)}", "不是一场比赛")
    first = match.start.round_no + 1
    return list(range(first, match.round.number + 2))


__all__ = ["SEAT_LABELS", "SEAT_WORDS", "RecordError", "RecordInfo",
                          "read_code", "read_code_steps", "read_record", "record_code",
                          "record_text", "round_actions", "round_numbers",
                          "round_spans_steps"]
