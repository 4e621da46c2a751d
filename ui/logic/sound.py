"""Which short tone to play, and its notes: the pure part of the page's sounds (ui.page.sound).
No DOM here, so it is tested on CPython."""

from __future__ import annotations

from collections.abc import Iterable

from engine.events import Event, TrickWon

# Notes (frequency Hz, start s, length s): a tone is a few soft notes, synthesized in the page.
TONES = {
    "turn": ((659.25, 0.0, 0.09), (880.0, 0.09, 0.14)),  # E5 A5: your decision
    "ours": ((523.25, 0.0, 0.08), (659.25, 0.08, 0.08), (783.99, 0.16, 0.16)),  # C E G, up
    "theirs": ((392.0, 0.0, 0.1), (311.13, 0.1, 0.18)),  # G4 E♭4, down
}
WAVE = {"turn": "sine", "ours": "triangle", "theirs": "sine"}
VOLUME = 0.12  # peak gain: a hint, not an alarm


def trick_tone(events: Iterable[Event], seat: int = 0) -> str | None:
    """The tone for a trick won among `events`: "ours" when `seat`'s team (seat and its
    partner across the table) won it, else "theirs"; None when no trick was won."""
    won = [e for e in events if isinstance(e, TrickWon)]
    if not won:
        return None
    return "ours" if won[-1].seat % 2 == seat % 2 else "theirs"


def envelope(start: float, length: float) -> list[tuple[str, float, float]]:
    """The gain of one note: (how, value, time) — a quick rise, then a smooth fall to
    silence (exponential ramps cannot reach 0, hence 0.0001)."""
    return [("set", 0.0001, start), ("exp", VOLUME, start + 0.012),
            ("exp", 0.0001, start + length)]
