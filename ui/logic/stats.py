"""The player's statistics: results of South's side, per opponent tier, kept in the browser.

DOM-free (it runs and is tested on CPython). What a finished round counts is read from the
engine's own result (`engine.events.RoundSettled`: whose side declared, whether the declarers
kept the deal, who rose and by how much) and from the match (`Match.winner`, once it is over);
no rule is judged here.

    stats, aside = stats.load()        # aside: the key a bad entry was kept under, else None
    outcome = stats.record(match, tier_of(table.bots), undo_used=False)
    stats.reset()

The stored value is JSON with a version number, under its own key (`KEY`), through
ui.logic.storage (which never raises). Recording is idempotent: each counted round is keyed by the
match's identity (seed and start), the round's number and a checksum of the round's actions,
and the last `SEEN_LIMIT` keys are kept, so a page reloaded on a result screen, or a result
shown twice, counts once. A stored entry that is not a valid statistics value (edited,
truncated, from a newer version) is set aside under another key (ui.logic.storage.set_aside), never
lost, and counting starts afresh.
"""

from __future__ import annotations

import json
import zlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal, TypedDict

from engine.bots import TIERS as BOT_CLASSES
from engine.codec import encode_actions
from engine.driver import Player
from engine.errors import GameError
from engine.limits import parse_json
from engine.match import Match
from ui.logic import storage
from ui.logic.i18n import t
from ui.logic.markup import escape
from ui.logic.render import button

KEY = "chaodipi.stats"
VERSION = 1
HUMAN_TEAM = 0  # South (seat 0) and North
MAX_CHARS = 200_000  # the stored value's JSON: about 25,000 characters at the most
MAX_DEPTH = 6  # it nests 4 deep (rows, a row, its part, the counts)
SEEN_LIMIT = 200  # round keys kept: far more than a reload or a repeated result can reach back
# The opponents' tier, as the key of a row: a tier when all three bots share it, else "mixed".
# One row per combination of the three seats' tiers would make 27 rows nobody can read, and
# a match at the page's defaults has one tier for all; a player who mixes tiers sees those
# results apart from the others, which is what a comparison of tiers needs. The tiers are
# those of the bots at the table when the result is shown (a tier changed in the settings
# takes over at once: ui.page.app), so a round and a match count under the bots that finished them.
SETTINGS_TIERS = ("easy", "normal", "hard")
ROWS = (*SETTINGS_TIERS, "mixed")
# Counted per round: as declarers (the 庄家's side) kept or lost, as attackers took the deal
# or not, and the levels the player's side rose.
ROUND_FIELDS = ("declared_kept", "declared_lost", "attacked_took", "attacked_not", "levels")
MatchField = Literal["matches", "won"]
MATCH_FIELDS: tuple[MatchField, ...] = ("matches", "won")  # played to their end (R5), and won
Part = Literal["rounds", "undo"]
# "rounds" without undo; "undo": rounds where the player took a move back, counted apart
PARTS: tuple[Part, ...] = ("rounds", "undo")


class StatsError(ValueError):
    """A stored entry that is not a statistics value."""


def _zeros() -> dict[str, int]:
    return dict.fromkeys(ROUND_FIELDS, 0)


class Row(TypedDict):
    """The counts of one row (an opponent tier, or the total)."""

    matches: int
    won: int
    rounds: dict[str, int]  # by ROUND_FIELDS
    undo: dict[str, int]


def _row() -> Row:
    return {"matches": 0, "won": 0, "rounds": _zeros(), "undo": _zeros()}


def tier_of(bots: Mapping[int, Player]) -> str:
    """The row for a table's bots (seat -> bot): their tier when all three share one of the
    settings' tiers, else "mixed"."""
    names = {name for bot in bots.values() for name, cls in BOT_CLASSES.items()
             if type(bot) is cls}
    if len(bots) == 3 and len(names) == 1 and next(iter(names)) in SETTINGS_TIERS:
        return next(iter(names))
    return "mixed"


def round_key(match: Match) -> str:
    """The identity of the match's current round: the match's seed and start, the round's
    number, and a checksum of the round's actions (the same deal played again, differently,
    is another round)."""
    start, (first, _) = match.start, match.round_start
    actions = encode_actions(match.history_since(first)).encode()
    return (f"{match.seed}:{start.round_no}.{start.dealer}.{'.'.join(start.levels)}"
            f":{match.round.number}:{zlib.crc32(actions):08x}")


@dataclass
class Statistics:
    """The player's results over every match on this device, row by row."""

    rows: dict[str, Row] = field(default_factory=dict)  # by ROWS key
    seen: list[str] = field(default_factory=list)  # the keys of the rounds counted last

    def count(self, match: Match, tier: str, undo_used: bool = False) -> bool:
        """Count the match's finished round (and the match, if it is over) for the opponents'
        `tier`; False (nothing changes) if the round is not finished or was counted before."""
        result = match.round.result
        if result is None or not match.phase.round_over:
            return False
        key = round_key(match)
        if key in self.seen:
            return False
        self.seen = [*self.seen, key][-SEEN_LIMIT:]
        row = self.rows.setdefault(tier if tier in ROWS else "mixed", _row())
        counts = row["undo" if undo_used else "rounds"]
        if result.declarers == HUMAN_TEAM:
            counts["declared_kept" if result.declarers_keep else "declared_lost"] += 1
        else:
            counts["attacked_not" if result.declarers_keep else "attacked_took"] += 1
        if result.rising_team == HUMAN_TEAM:
            counts["levels"] += result.rise
        if match.winner is not None:  # the match is over (R5)
            row["matches"] += 1
            row["won"] += match.winner == HUMAN_TEAM
        return True

    def total(self) -> Row:
        out = _row()
        for row in self.rows.values():
            for field_name in MATCH_FIELDS:
                out[field_name] += row[field_name]
            for part in PARTS:
                for name in ROUND_FIELDS:
                    out[part][name] += row[part][name]
        return out

    def to_json(self) -> str:
        return json.dumps({"version": VERSION, "rows": self.rows, "seen": self.seen},
                          separators=(",", ":"))

    @classmethod
    def from_json(cls, text: str) -> Statistics:
        """The value stored as `text`; StatsError (saying what is wrong) if it is not one."""
        try:  # (bounded: a value nested deep would exhaust the parser's stack)
            data = parse_json(text, ("the statistics", "统计"), MAX_CHARS, MAX_DEPTH)
        except GameError as err:
            raise StatsError(err.en) from None
        if not isinstance(data, dict) or set(data) != {"version", "rows", "seen"}:
            raise StatsError("not a statistics value")
        if data["version"] != VERSION:
            raise StatsError(f"version {data['version']!r}, not {VERSION}")
        rows, seen = data["rows"], data["seen"]
        if not isinstance(rows, dict) or not set(rows) <= set(ROWS):
            raise StatsError(f"rows must be among {ROWS}")
        for name, row in rows.items():
            _check_row(name, row)
        if (not isinstance(seen, list) or len(seen) > SEEN_LIMIT
                or not all(isinstance(k, str) and len(k) < 100 for k in seen)):
            raise StatsError(f"seen must be at most {SEEN_LIMIT} round keys")
        return cls(rows, seen)


def _check_row(name: str, row: object) -> None:
    if not isinstance(row, dict) or set(row) != {*MATCH_FIELDS, *PARTS}:
        raise StatsError(f"row {name}: not a row of counts")
    for part in PARTS:
        counts = row[part]
        if not isinstance(counts, dict) or set(counts) != set(ROUND_FIELDS):
            raise StatsError(f"row {name}: {part} must count {ROUND_FIELDS}")
        _check_counts(name, counts.values())
    _check_counts(name, (row["matches"], row["won"]))
    if row["won"] > row["matches"]:
        raise StatsError(f"row {name}: more matches won than played")


def _check_counts(name: str, values: Iterable[object]) -> None:
    if not all(type(v) is int and 0 <= v < 10**9 for v in values):
        raise StatsError(f"row {name}: counts must be whole numbers from 0")


# --- kept in the browser (ui.logic.storage: never raises) ---------------------------------------

@dataclass
class Outcome:
    """What loading or recording did: the statistics, whether they are kept (stored), and the
    key a bad entry was set aside under ("-" if it could not be kept), else None."""

    stats: Statistics
    kept: bool
    aside: str | None = None


def load() -> Outcome:
    """The stored statistics; fresh ones when there are none, storage is unusable (`kept`
    False) or the entry is bad (then it is set aside and replaced by fresh ones)."""
    ok, text = storage.load(KEY)
    if not ok:
        return Outcome(Statistics(), False)
    if text is None:
        return Outcome(Statistics(), True)
    try:
        return Outcome(Statistics.from_json(text), True)
    except StatsError:
        aside = storage.set_aside(KEY, text)
        if aside is None:  # not kept elsewhere: never overwrite it (nothing is counted)
            return Outcome(Statistics(), False, "-")
        fresh = Statistics()
        return Outcome(fresh, storage.save(KEY, fresh.to_json()), aside)


def record(match: Match, tier: str, undo_used: bool = False) -> Outcome:
    """Count the match's finished round (once: see `Statistics.count`) and store the result.
    The entry is read afresh first, so two tabs never count a round twice."""
    outcome = load()
    if outcome.kept and outcome.stats.count(match, tier, undo_used):
        outcome.kept = storage.save(KEY, outcome.stats.to_json())
    return outcome


def reset() -> bool:
    """Clear the counts (the player confirmed); False if that could not be stored. The keys of
    the rounds counted stay, so a result still on the screen is not counted again."""
    outcome = load()
    return outcome.kept and storage.save(KEY, Statistics(seen=outcome.stats.seen).to_json())


# --- the statistics dialog ----------------------------------------------------------------------

def _rate(part: int, whole: int) -> str:
    return "–" if whole == 0 else f"{round(100 * part / whole)}%"


def _cell(part: int, whole: int) -> str:
    return f"<td>{part}/{whole}<br><small>{_rate(part, whole)}</small></td>"


def _rows_html(rows: list[tuple[str, Row]], part: Part, lang: str, matches: bool) -> str:
    head = [t("stats.opponents", lang)] + ([t("stats.matches", lang)] if matches else []) + [
        t("stats.declared", lang), t("stats.attacked", lang), t("stats.levels", lang)]
    out = ["<tr>" + "".join(f'<th scope="col">{escape(h)}</th>' for h in head) + "</tr>"]
    for name, row in rows:
        c = row[part]
        declared = c["declared_kept"] + c["declared_lost"]
        attacked = c["attacked_took"] + c["attacked_not"]
        cells = (_cell(row["won"], row["matches"]) if matches else "") + (
            _cell(c["declared_kept"], declared) + _cell(c["attacked_took"], attacked)
            + f"<td>+{c['levels']}</td>")
        label = t("stats.total", lang) if name == "total" else t("tier." + name, lang)
        out.append(f'<tr><th scope="row">{escape(label)}</th>{cells}</tr>')
    return "".join(out)


def dialog_html(outcome: Outcome, lang: str, not_kept: str | None = None) -> str:
    """The statistics dialog's content: a table with a row per opponent tier and the total
    (matches won, rounds kept as declarers, rounds taken as attackers: each as part/whole and
    a percentage; levels gained), rounds with undo in a table of their own, a line when they
    are not being kept (`not_kept`: why), and the button to reset them."""
    stats = outcome.stats
    rows = [(name, stats.rows[name]) for name in ROWS if name in stats.rows]
    total = stats.total()
    parts = [f'<h2 id="stats-title">{escape(t("stats.title", lang))}</h2>']
    if not_kept:
        parts.append(f'<p class="stats-off" role="status">{escape(not_kept)}</p>')
    if not rows:
        parts.append(f"<p>{escape(t('stats.none', lang))}</p>")
    caption = escape(t("stats.caption", lang))
    parts.append(f'<table class="stats" data-part="rounds"><caption>{caption}</caption>'
                 f"{_rows_html([*rows, ('total', total)], 'rounds', lang, True)}</table>")
    if any(total["undo"].values()):
        helped = [(name, row) for name, row in rows if any(row["undo"].values())]
        parts.append(f'<table class="stats" data-part="undo"><caption>'
                     f'{escape(t("stats.undo_caption", lang))}</caption>'
                     f"{_rows_html([*helped, ('total', total)], 'undo', lang, False)}</table>")
    parts.append(f'<p class="note">{escape(t("stats.notes", lang))}</p>')
    return "".join(parts) + button("reset-stats", t("button.reset_stats", lang))
