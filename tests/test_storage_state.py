"""The storage's state follows what the last attempt found, and the page is told each change
(issue 30, item 8): `data-storage` and the "not being saved" notice come and go with it."""

from __future__ import annotations

import pytest

from ui.logic import storage


class Flaky:
    """localStorage whose writes fail with a quota error while `full`."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}
        self.full = False

    def getItem(self, key):
        return self.items.get(key)

    def setItem(self, key, value):
        if self.full:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded")
        self.items[key] = value

    def removeItem(self, key):
        self.items.pop(key, None)


@pytest.fixture(autouse=True)
def reset():
    yield
    storage.watch(None)
    storage.use(None)


def test_the_watcher_is_told_each_change_once():
    backend = Flaky()
    storage.use(backend)
    told: list[str] = []
    storage.watch(told.append)
    assert told == ["ok"]
    assert storage.save("k", "1")
    backend.full = True
    assert not storage.save("k", "2") and not storage.save("k", "3")
    assert told == ["ok", "full"] and storage.state() == storage.FULL
    assert storage.notice() == storage.NOTICES[storage.FULL]
    backend.full = False
    assert storage.save("k", "4")
    assert told == ["ok", "full", "ok"] and storage.notice() is None
    assert backend.items["k"] == "4"


def test_storage_refused_is_told_at_once():
    def refused():
        raise RuntimeError("SecurityError: the operation is insecure")

    storage.connect(refused)
    told: list[str] = []
    storage.watch(told.append)
    assert told == ["denied"]
    assert not storage.save("k", "1") and storage.load("k") == (False, None)
    assert told == ["denied"]


def test_a_watcher_that_fails_does_not_make_storage_raise():
    storage.use(Flaky())

    def broken(state):
        raise ValueError("a bug in the page")

    storage.watch(broken)
    assert storage.save("k", "1")
