"""Optional sounds (off by default, a setting): a tone on the player's turn and on a trick
won, synthesized in the page (no file is downloaded). (To be built: for now silent.)"""

from __future__ import annotations


class Sound:
    def __init__(self, enabled: bool = False) -> None:
        self.enabled = enabled

    def on_events(self, events) -> None:
        """A tone for events worth hearing (a trick won), if sound is on."""

    def your_turn(self) -> None:
        """A tone when the player's decision comes, if sound is on."""
