"""The engine's error types: one `ValueError`-based family with messages in Chinese and English.

Every refusal raises a subclass of `GameError` *before* anything changes (validate before
mutating), so a caller can show `err.zh` or `err.en` to the player and carry on.
"""

from __future__ import annotations

import reprlib


class GameError(ValueError):
    """Base of every error the engine raises on bad input."""

    def __init__(self, en: str, zh: str = "") -> None:
        self.en = en
        self.zh = zh or en
        super().__init__(f"{en} ({zh})" if zh else en)

    def message(self, lang: str = "en") -> str:
        return self.zh if lang.startswith("zh") else self.en


class CardParseError(GameError):
    """A token that is not a card in R3 notation."""

    def __init__(self, token: str) -> None:
        super().__init__(f"not a card: {token!r}", f"不是一张牌：{token!r}")
        self.token = token


class IllegalPlay(GameError):
    """A lead or follow that the rules (R16–R23) do not allow."""


class IllegalAction(GameError):
    """An action that is not allowed now: wrong phase, wrong seat, cards not held, a bid that
    does not overcall, a bury of the wrong size…"""


class ArgumentError(GameError):
    """A call of the engine's API with an argument it cannot take: of the wrong type (a bool
    or a float for a seat, None for the rules) or out of its range (seat -1, a negative rise,
    a trick of no plays). A mistake of the calling code, refused before anything changes."""


class RulesError(GameError):
    """A RulesConfig the game cannot play (engine.config): `field` names the setting (the
    first one found out of its range, or out of step with another)."""

    def __init__(self, field: str, en: str, zh: str = "") -> None:
        super().__init__(en, zh)
        self.field = field


class SaveError(GameError):
    """A save that cannot be loaded: not JSON, unknown version, or a history that does not
    replay under the rules."""


class RecordError(GameError):
    """A match record (text or code, engine.record) that cannot be read: not a record, or
    one whose moves do not replay, or a line that is not what its moves give."""


def reasons(err: BaseException) -> tuple[str, str]:
    """(en, zh) of an error: its messages if it is the engine's, else its text twice (a
    ValueError of the standard library, say), for a refusal that wraps it."""
    if isinstance(err, GameError):
        return err.en, err.zh
    return str(err), str(err)


def shown(value: object, lang: str = "en") -> str:
    """A value from untrusted input for a message: short (reprlib's, a few levels and items
    deep), never its whole repr (a huge number has none, a deeply nested list's runs out of
    stack)."""
    if isinstance(value, int) and abs(value) >= 10**12:
        return "一个极大的数" if lang == "zh" else "a huge number"
    try:
        return _SHORT.repr(value)
    except Exception:  # (a huge number inside a list, a repr that raises: say what it is)
        return f"{type(value).__name__} 类型的值" if lang == "zh" else f"a {type(value).__name__}"


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother = 3, 40, 60


# What a function of the rules API runs into when given something other than cards (or a
# Trump): engine.rules' classify, check_follow, check_throw, trick_winner and playable_cards,
# and engine.bidding's can_overcall, turn it into an ArgumentError. Checking every card first
# would cost the bots' simulations, which call them with cards they hold; an exception caught
# costs nothing until one is raised.
WRONG_TYPES = (TypeError, AttributeError, IndexError, KeyError)


def wrong_arguments(name: str, expected: str, err: Exception) -> ArgumentError:
    return ArgumentError(f"{name} takes {expected} ({type(err).__name__}: {str(err)[:80]})",
                         f"{name} 的参数不对（{type(err).__name__}）")
