"""The browser's side of the saves (ui.logic.storage): `window.localStorage`, reached when the
game first reads or writes. Reading the property itself throws where the browser refuses
storage (a cross-site frame that blocks third-party storage), which ui.logic.storage takes as
storage denied."""

from __future__ import annotations

import js

from ui.logic import storage


def local_storage() -> storage.Backend | None:
    return js.window.localStorage


def connect() -> None:
    """Saves go to the browser's localStorage from now on (before the game reads any)."""
    storage.connect(local_storage)
