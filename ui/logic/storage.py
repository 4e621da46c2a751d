"""Safe saves for the UI: the browser's localStorage, behind calls that never raise.

Storage can be missing or refused: a cross-site <iframe> whose browser blocks third-party
storage (reading ``window.localStorage`` throws SecurityError), a private mode, or a full
quota (``setItem`` throws QuotaExceededError).  The game must go on regardless; the UI shows
``notice()`` to tell the player that progress is not being kept.

    from ui.logic import storage
    ok, text = storage.load("chaodipi.save")   # ok False: storage unusable; text None: no save
    if not storage.save("chaodipi.save", data):
        show(storage.notice())                  # "progress is not being saved", in zh and en
    storage.set_aside("chaodipi.save", text)    # keep an unreadable save under another key

``state()`` is one of OK, DENIED, FULL, and follows what the last attempt found (a save that
works again after the storage was full makes it OK); ``watch(callback)`` is told each change,
so the page's ``data-storage`` and its notice follow it.  The browser's storage is reached
through the opener that the page gives ``connect`` (ui.page.storage: ``window.localStorage``),
so nothing here imports the browser; with none (on CPython) storage is refused.
``use(backend)`` swaps in any object with ``getItem``/``setItem``/``removeItem`` (a fake,
in tests on CPython).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Protocol


class Backend(Protocol):
    """What is used of the browser's `Storage` (localStorage)."""

    def getItem(self, key: str, /) -> object: ...  # a str, or JS null: not always None
    def setItem(self, key: str, value: str, /) -> None: ...
    def removeItem(self, key: str, /) -> None: ...


OK = "ok"
DENIED = "denied"  # no storage here, or access refused
FULL = "full"  # storage works but the quota is used up: reads work, writes fail

NOTICES = {
    DENIED: "进度不会被保存：此处浏览器禁止存储。 Progress is not being saved: "
    "this browser does not allow storage here.",
    FULL: "进度不会被保存：存储空间已满。 Progress is not being saved: storage is full.",
}

_PROBE = "chaodipi.probe"
_opener: Callable[[], Backend | None] | None = None  # how to reach the browser's storage
_backend: Backend | None = None
_state: str | None = None
_told: str | None = None  # the state the watcher was last told
_watcher: Callable[[str], None] | None = None


def _kind(exc: BaseException) -> str:
    """FULL for a quota error, DENIED for anything else (a JS error's name, or its text)."""
    name = getattr(exc, "name", "") or ""
    text = f"{name} {exc}"
    return FULL if "QuotaExceeded" in text or "quota" in text.lower() else DENIED


def _open() -> Backend | None:
    """The storage object, probed once with a write; sets the state."""
    global _backend, _state
    if _state is not None:
        return _backend
    try:
        if _opener is None:
            raise RuntimeError("no browser here")
        _backend = _opener()  # (the getter of localStorage throws where storage is denied)
        if _backend is None:
            raise RuntimeError("no localStorage")
        _backend.setItem(_PROBE, "1")
        _backend.removeItem(_PROBE)
        _state = OK
    except Exception as exc:
        _state = _kind(exc)
        if _state == DENIED:
            _backend = None
    _tell()
    return _backend


def connect(opener: Callable[[], Backend | None]) -> None:
    """Reach the browser's storage through `opener` (which may raise where it is refused),
    probed at the next use."""
    global _opener, _backend, _state, _told
    _opener, _backend, _state, _told = opener, None, None, None


def use(backend: Backend | None) -> None:
    """Use ``backend`` (getItem/setItem/removeItem) from now on; None: probe the browser again."""
    global _backend, _state, _told
    _backend, _state, _told = backend, (None if backend is None else OK), None


def watch(callback: Callable[[str], None] | None) -> None:
    """Call `callback(state)` now and whenever the state changes (None: stop)."""
    global _watcher, _told
    _watcher, _told = callback, None
    state()
    _tell()


def _tell() -> None:
    global _told
    if _watcher is not None and _state is not None and _state != _told:
        _told = _state
        with contextlib.suppress(Exception):  # (the calls here never raise)
            _watcher(_state)


def state() -> str:
    """OK, DENIED or FULL: whether the last attempt to store worked, and why not."""
    _open()
    return _state or DENIED


def notice() -> str | None:
    """A message for the player when progress is not being saved, else None."""
    return NOTICES.get(state())


def load(key: str) -> tuple[bool, str | None]:
    """(True, text) or (True, None) when there is no such key; (False, None) if unusable."""
    backend = _open()
    if backend is None:
        return False, None
    try:
        text = backend.getItem(key)
    except Exception as exc:
        _set(exc)
        return False, None
    # getItem gives a string, or JS null (which Pyodide may hand over as jsnull, not None)
    return True, (text if isinstance(text, str) else None)


def save(key: str, text: str) -> bool:
    """Store ``text`` under ``key``; False (and state() says why) if it was not stored."""
    global _state
    backend = _open()
    if backend is None:
        return False
    try:
        backend.setItem(key, text)
    except Exception as exc:
        _set(exc)
        return False
    _state = OK
    _tell()
    return True


def set_aside(key: str, text: str) -> str | None:
    """Keep ``text`` (a save that could not be read) under a new key ``key.bad-N``.

    Nothing is deleted or overwritten: N is the first number not in use.  Returns the new
    key, or None if it could not be stored.
    """
    backend = _open()
    if backend is None:
        return None
    for n in range(1, 1000):
        aside = f"{key}.bad-{n}"
        try:
            if isinstance(backend.getItem(aside), str):
                continue
        except Exception as exc:
            _set(exc)
            return None
        return aside if save(aside, text) else None
    return None


def _set(exc: BaseException) -> None:
    global _state
    _state = _kind(exc)
    _tell()
