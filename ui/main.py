"""Placeholder UI: proves that the page boots.  The real game screen replaces this file.

It imports the engine, counts visits in storage (so the e2e tests can see saves work, or a
notice when they cannot), and sets the page hooks: <html data-ready="1" data-phase=...>.
"""

from js import document

import engine  # noqa: F401  (the game package must import in the browser)
from ui import storage

VISITS = "chaodipi.visits"


def show_notice(text: str) -> None:
    notice = document.getElementById("notice")
    notice.textContent = text
    notice.hidden = False


def main() -> None:
    root = document.documentElement
    ok, text = storage.load(VISITS)
    visits = 0
    if ok and text is not None:
        try:
            visits = int(text)
        except ValueError:
            aside = storage.set_aside(VISITS, text)
            show_notice(f"存档无法读取，已另存。 An unreadable save was kept as {aside}.")
    visits += 1
    storage.save(VISITS, str(visits))
    if storage.notice():
        show_notice(storage.notice())
    document.getElementById("status").textContent = f"准备就绪 Ready · visit {visits}"
    root.dataset.storage = storage.state()
    root.dataset.visits = str(visits)
    root.dataset.phase = "idle"
    root.dataset.ready = "1"


main()
