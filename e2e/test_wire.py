"""What a visit costs on the wire (issue 26), the site served as a static host serves it (gzip
for what compresses: scripts/serve.py --gzip) and every byte counted at the server, headers
included: a first visit, everything it does (the page until ready, the service worker's
install, the device's snapshot) within 5 MB and no file twice; a blog post's embed, untouched,
within 0.3 MB, with no service worker and nothing stored, until the reader asks for the game.

The figures on emulated phone networks are scripts/bench_wire.py's (docs/performance.md)."""

from __future__ import annotations

import collections
import sys
from pathlib import Path
from urllib.parse import quote

import pytest
import serve  # scripts/ (e2e/conftest.py)

from engine.actions import NextRound
from engine.bots import make_bot
from engine.driver import play_round
from engine.match import Match
from engine.record import RecordInfo, round_actions

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from ui.logic import share

FIRST_VISIT_BYTES = 5_000_000
UNTOUCHED_EMBED_BYTES = 300_000
# Everything a site's origin holds for a page: none of it for an untouched embed.
STORAGE = """async () => ({
  serviceWorkers: (await navigator.serviceWorker.getRegistrations()).length,
  caches: (await caches.keys()).length,
  localStorage: localStorage.length,
  indexedDB: (await indexedDB.databases()).length,
})"""
NOTHING_STORED = {"serviceWorkers": 0, "caches": 0, "localStorage": 0, "indexedDB": 0}
SEATS = ("South", "East", "North", "West")


def second_round_replay() -> tuple[str, int, int]:
    """A link to the second round of a match (as the page's Share writes it), its declarer
    and the attackers' points."""
    match = Match(7)
    bots = [make_bot("normal", seat, seed=seat) for seat in range(4)]
    play_round(match, bots)
    match.apply(NextRound())
    play_round(match, bots)
    start, _ = round_actions(match, 2)
    return (share.replay_fragment(match, RecordInfo(), 2), start.dealer,
            share.round_score(match, 2))


@pytest.fixture
def gzip_site(dist):
    """(server, url): the built site served as a static host serves it."""
    server, url = serve.start(dist, gzip=True)
    yield server, url
    server.shutdown()


def wire_table(sent: list[serve.Sent]) -> str:
    by_path = collections.Counter()
    for response in sent:
        by_path[response.path] += response.bytes
    return "\n".join(f"{size:>10,} {path}" for path, size in by_path.most_common())


@pytest.mark.device_snapshot  # (what a first visit costs includes making it)
def test_a_first_visit_costs_under_5_mb_and_downloads_nothing_twice(
        gzip_site, new_context, wait_ready, until):
    server, url = gzip_site
    page = new_context().new_page()
    page.goto(url)
    wait_ready(page)
    at_ready = sum(response.bytes for response in server.sent)
    until(page, "document.documentElement.dataset.snapshot")  # installed, snapshot made
    assert page.evaluate("document.documentElement.dataset.snapshot") == "made"
    total = sum(response.bytes for response in server.sent)
    print(f"\nfirst visit: {at_ready:,} bytes until ready, {total:,} with the service "
          f"worker's install and the device's snapshot\n{wire_table(server.sent)}")
    assert total <= FIRST_VISIT_BYTES, wire_table(server.sent)
    downloads = collections.Counter(r.path for r in server.sent if r.status == 200)
    twice = {path: n for path, n in downloads.items() if n > 1}
    assert not twice, f"downloaded more than once: {twice}"
    assert not any("snapshot" in path and path.endswith((".snapshot", ".zst"))
                   for path in downloads), "a first visit downloads no snapshot"


@pytest.mark.parametrize("same_site", [True, False], ids=["same-site", "cross-site"])
def test_an_untouched_embed_costs_a_blog_nothing_but_its_look_alike(
        gzip_site, host_dir, serve_dir, new_context, wait_ready, same_site):
    """A blog post with the game embedded (?embed=1 and a replay link): until the reader
    touches it, the frame shows the look-alike (what the link holds, one control) for at most
    0.3 MB, registers no service worker and stores nothing; touched, the game loads in place
    and opens the replay the look-alike named."""
    server, url = gzip_site
    _, host = serve_dir(host_dir, host="127.0.0.1" if same_site else "localhost")
    page = new_context(viewport={"width": 400, "height": 640}).new_page()
    replay, declarer, points = second_round_replay()
    page.goto(f"{host}host.html?src={quote(url + 'index.html?embed=1' + replay, safe='')}")
    page.wait_for_load_state("networkidle")
    frame = page.frame_locator("#game")
    facade = frame.locator("#facade")
    assert facade.is_visible()
    assert "第 2 局" in facade.inner_text() and "round 2" in facade.inner_text()
    assert f"{SEATS[declarer]} declares" in facade.inner_text()
    assert f"闲家 {points} 分" in facade.inner_text()
    assert f"attackers {points}" in facade.inner_text()
    assert frame.locator("#facade button").inner_text().strip().endswith("Replay")
    untouched = sum(response.bytes for response in server.sent)
    print(f"\nuntouched embed: {untouched:,} bytes\n{wire_table(server.sent)}")
    assert untouched <= UNTOUCHED_EMBED_BYTES, wire_table(server.sent)
    game = next(f for f in page.frames if f.url.startswith(url))
    if same_site:
        assert game.evaluate(STORAGE) == NOTHING_STORED
    assert not any(r.path.endswith(".zst") for r in server.sent)

    frame.locator("#facade button").press("Enter")  # a reader on the keyboard
    assert frame.locator("#boot").is_visible(), "the start's progress shows at once"
    wait_ready(game)
    assert not facade.is_visible()
    assert game.evaluate("document.documentElement.dataset.phase") == "review"
