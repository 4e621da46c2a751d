"""Reading the player's match from its save, and the address's `?seed=` for a new one: the
DOM-free part of ui.page.saved_match, tested on CPython.

Both are untrusted: a save is text anyone can edit in the browser's storage (or another
version's), and an address is whatever a link says. Each is read or refused with the
engine's own error (a GameError, which names what is wrong in zh and en), never anything else,
in bounded time: the save through engine.save.load_match (its JSON bounded in size and depth
by engine.limits), the seed by its form before it is turned into a number.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from engine.errors import ArgumentError
from engine.save import load_match
from ui.logic.pacing import SPEEDS
from ui.logic.players import make_players
from ui.logic.table import Table, undo_rounds_of

SAVE_KEY = "chaodipi.match"
MAX_SEED_DIGITS = 18  # a seed the page makes is below 2**31; a link's may be longer
_SEED = re.compile(rf"-?[0-9]{{1,{MAX_SEED_DIGITS}}}")  # ASCII digits (not "²", not "٣")
SHOWN = 24  # characters of a refused value the player is shown


def read_save(text: str, tiers: Mapping[str, str]) -> Table:
    """The table of the match saved as `text`, with bots of `tiers` (seeded with the match's
    seed); a SaveError if the text is not a save this page can resume. Of a long match only
    the current round is replayed here (engine.save.verify_steps checks the rest later)."""
    match = load_match(text)
    table = Table(match, *make_players(tiers, match.seed))
    table.undo_rounds = undo_rounds_of(text)
    return table


def seed_of(text: str | None) -> int | None:
    """The seed an address's `?seed=` asks for (None: it asks for none); an ArgumentError if
    it is not a whole number of at most MAX_SEED_DIGITS ASCII digits."""
    if text is None or text == "":
        return None
    if not isinstance(text, str) or not _SEED.fullmatch(text):
        raise ArgumentError(f"the seed {shown(text)} is not a whole number of at most "
                            f"{MAX_SEED_DIGITS} digits",
                            f"种子 {shown(text)} 不是不超过 {MAX_SEED_DIGITS} 位的整数")
    return int(text)


def shown(value: object) -> str:
    """A value from the address or storage as the player is shown it: quoted, cut short."""
    text = value if isinstance(value, str) else repr(value)
    return "“" + (text if len(text) <= SHOWN else text[:SHOWN - 1] + "…") + "”"


@dataclass(frozen=True)
class Query:
    """What the address's query asks of this visit: the first match's seed, the animation's
    speed, and the parameters refused (each `name=value` as shown, with the reason)."""

    seed: int | None = None
    speed: str | None = None
    refused: tuple[tuple[str, str, str], ...] = ()  # (name, en reason, zh reason)


def read_query(params: Mapping[str, str]) -> Query:
    """The query's parameters the page reads (`seed`, `speed`), from `params` (name to value,
    as URLSearchParams gives them): a value that is not one the page can use is refused and
    left out (the visit goes on without it). Never raises."""
    seed: int | None = None
    speed: str | None = None
    refused: list[tuple[str, str, str]] = []
    try:
        seed = seed_of(params.get("seed"))
    except ArgumentError as err:
        refused.append(("seed", err.en, err.zh))
    value = params.get("speed")
    if value in SPEEDS:
        speed = value
    elif value:
        refused.append(("speed", f"the speed {shown(value)} is not one of {', '.join(SPEEDS)}",
                        f"速度 {shown(value)} 不是 {', '.join(SPEEDS)} 之一"))
    return Query(seed, speed, tuple(refused))
