"""Optional sounds (off by default, a setting): a tone on the player's turn and on a trick
won (another when the player's team won it), synthesized in the page with the Web Audio API:
no file is downloaded. Runs under PyScript (main thread); the notes are ui.logic.sound's.

Browsers start an AudioContext suspended until the page gets a user gesture, so the context
is made (or resumed) on the player's first click, tap or key once sound is on, and in the
very gesture that turns it on; a tone due while it cannot sound is dropped, not queued. With
sound off, no AudioContext is ever made.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import js

from engine.events import Event
from ui.logic import sound as tones
from ui.page.dom import listen

if TYPE_CHECKING:
    from js import AudioContext
    from js import Event as DomEvent

# The events by which a browser lets a page start sound (user activation).
GESTURES = ("pointerdown", "pointerup", "click", "keydown")


class Sound:
    def __init__(self, enabled: bool = False) -> None:
        self._enabled = enabled
        self._context: AudioContext | None = None
        for gesture in GESTURES:
            listen(js.document, gesture, self._gesture)

    @property
    def enabled(self) -> bool:
        return self._enabled

    @enabled.setter
    def enabled(self, on: bool) -> None:
        self._enabled = on
        if on:  # (the switch is turned on in a gesture: the context may start now)
            self._wake()

    def on_events(self, events: Iterable[Event]) -> None:
        """A tone for a trick won, if sound is on."""
        tone = tones.trick_tone(events) if self._enabled else None
        if tone:
            self._play(tone)

    def your_turn(self) -> None:
        """A tone when the player's decision comes, if sound is on."""
        if self._enabled:
            self._play("turn")

    # --- Web Audio ------------------------------------------------------------------------

    def _gesture(self, event: DomEvent) -> None:
        if self._enabled and (self._context is None or self._context.state != "running"):
            self._wake()

    def _wake(self) -> None:
        """Make the audio context, or resume it (both only work in a user gesture)."""
        try:
            if self._context is None:
                # (Safari before 14.1 names it webkitAudioContext)
                make: type[AudioContext] | None = (getattr(js, "AudioContext", None)
                                                   or getattr(js, "webkitAudioContext", None))
                if make is None:  # no Web Audio in this browser: silence
                    return
                self._context = make.new()
            elif self._context.state == "suspended":
                self._context.resume()
        except Exception as err:  # (a browser refusing audio: silence, the game goes on)
            js.console.error(f"sound: {type(err).__name__}: {err}")

    def _play(self, name: str) -> None:
        """Play a tone now; a failure of the browser's audio is reported, never raised (the
        game goes on, silent)."""
        try:
            self._notes(name)
        except Exception as err:
            js.console.error(f"sound: {type(err).__name__}: {err}")

    def _notes(self, name: str) -> None:
        ctx = self._context
        if ctx is None or ctx.state != "running":
            return  # not allowed to sound yet (no gesture since sound was turned on)
        t0 = ctx.currentTime + 0.01
        for freq, start, length in tones.TONES[name]:
            osc, gain = ctx.createOscillator(), ctx.createGain()
            osc.type = tones.WAVE[name]
            osc.frequency.value = freq
            for how, value, at in tones.envelope(t0 + start, length):
                if how == "set":
                    gain.gain.setValueAtTime(value, at)
                else:
                    gain.gain.exponentialRampToValueAtTime(value, at)
            osc.connect(gain)
            gain.connect(ctx.destination)
            osc.start(t0 + start)
            osc.stop(t0 + start + length + 0.02)
