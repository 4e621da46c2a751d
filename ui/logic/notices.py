"""The page's notice box as data (DOM-free; ui.page.dom draws it): a line a kind (illegal,
storage, link, error…), newest first, each kept with its words in both languages so that the
box follows the language switch (drawn again in the new language, never left in the old one).
A *transient* line (e.g. "Link copied") leaves after the player's next action; the others stay
until their own cause takes them away."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.errors import GameError
from ui.logic.i18n import t

Words = Callable[[str], str]  # the line in a language ("zh" or "en")


@dataclass(frozen=True)
class Notice:
    kind: str
    words: Words
    transient: bool = False


def fixed(text: str) -> Words:
    """Words that are the same in every language (a browser's own message, a seed)."""
    return lambda _lang: text


def refused(key: str, err: GameError) -> Words:
    """The line `key` with the engine's reason for refusing, in either language. (`err` is a
    parameter here: a lambda in an `except` block that named the exception itself would find
    it deleted when the block ends, at the next language switch.)"""
    return lambda lang: t(key, lang, reason=err.message(lang))


def address_refused(reasons: Sequence[tuple[str, str, str]]) -> Words:
    """What of the page's address could not be used: (name, English, Chinese) each."""
    def said(lang: str) -> str:
        why = t("explain.sep", lang).join(zh if lang == "zh" else en for _, en, zh in reasons)
        return t("notice.address", lang, reasons=why)
    return said


class Notices:
    def __init__(self) -> None:
        self.lines: list[Notice] = []  # newest first

    def show(self, kind: str, words: Words | str, transient: bool = False) -> None:
        """Show the line about `kind` (in place of the one before it, moved to the top)."""
        said = fixed(words) if isinstance(words, str) else words
        self.clear(kind)
        self.lines.insert(0, Notice(kind, said, transient))

    def clear(self, kind: str) -> bool:
        """Take the line about `kind` away; whether there was one."""
        return self._drop(lambda n: n.kind == kind)

    def after_action(self) -> bool:
        """The player acted: the transient lines leave; whether any did."""
        return self._drop(lambda n: n.transient)

    def _drop(self, leaving: Callable[[Notice], bool]) -> bool:
        kept = [n for n in self.lines if not leaving(n)]
        gone = len(kept) != len(self.lines)
        self.lines = kept
        return gone

    def texts(self, lang: str) -> list[tuple[str, str]]:
        """(kind, line in `lang`), newest first."""
        return [(n.kind, n.words(lang)) for n in self.lines]
