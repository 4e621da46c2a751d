"""snapshot-worker.js, run in Node.js against a simulated network: a first visit's snapshot is
used if it all arrives within the deadline, and given up as soon as its pace since its first
byte says it cannot (after the forecast's wait), or at the deadline (interpreter.mjs).

Each case: the request's latency, then chunks of `chunk` bytes every `every` ms (None: the
server stalls after the first), with the page's deadline and forecast (interpreter.mjs)."""

from __future__ import annotations

import base64
import gzip
import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "snapshot_worker_run.mjs"

def page_constant(name: str) -> int:  # the page's own: interpreter.mjs passes them to the worker
    found = re.search(rf"^const {name} = (\d+);$", (ROOT / "interpreter.mjs").read_text(), re.M)
    assert found, f"interpreter.mjs: no {name}"
    return int(found[1])


DEADLINE, FORECAST = page_constant("DOWNLOAD_DEADLINE_MS"), page_constant("FORECAST_AFTER_MS")

if not shutil.which("node"):
    pytest.skip("node missing", allow_module_level=True)

# 2 MiB of memory that compresses as a snapshot does (zeros and less regular bytes)
MEMORY = bytes(1 << 20) + random.Random(7).randbytes(1 << 19) + bytes(1 << 19)
SNAPSHOT = gzip.compress(MEMORY, 6)  # ~0.5 MiB


def run(body: bytes = SNAPSHOT, *, latency: int = 5, chunk: int = 65536, every: int | None = 1,
        status: int = 200) -> dict:
    case = {"status": status, "body": base64.b64encode(body).decode(), "latency": latency,
            "chunk": chunk, "every": every, "deadline": DEADLINE, "forecastAfter": FORECAST}
    done = subprocess.run(["node", str(RUNNER)], input=json.dumps(case), capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    if "bytes" in answer:
        answer["bytes"] = base64.b64decode(answer["bytes"])
    return answer


def chunk_every(mbit_per_s: float, chunk: int = 16384) -> int:
    return max(1, round(chunk * 8 / (mbit_per_s * 1000)))  # ms between chunks of `chunk` bytes


@pytest.mark.parametrize(("latency", "mbit"), [(5, 1000), (40, 100), (150, 100), (300, 200)],
                         ids=["local", "100Mbit-40ms", "100Mbit-150ms", "200Mbit-300ms"])
def test_in_time_it_is_used_inflated(latency, mbit):
    """Arriving within the deadline, latency included: the snapshot, inflated."""
    answer = run(latency=latency, chunk=16384, every=chunk_every(mbit))
    assert answer.get("bytes") == MEMORY, answer.get("error")


@pytest.mark.parametrize("mbit", [1, 5, 20])
def test_at_a_slow_pace_it_is_given_up_after_the_forecast_not_at_the_deadline(mbit):
    """5 MiB, the size of the page's snapshot, at a phone network's pace: given up once the
    forecast may judge (not before), well before the deadline, most of it never sent."""
    big = gzip.compress(random.Random(1).randbytes(5 << 20), 1)  # 5 MiB that does not compress
    answer = run(big, chunk=16384, every=chunk_every(mbit))
    assert answer.get("slow") is True, answer
    assert FORECAST <= answer["at"] < DEADLINE, answer
    assert answer["sent"] < len(big) // 4, "it went on downloading"


def test_a_stalled_download_is_given_up_at_the_deadline():
    answer = run(every=None)
    assert answer.get("slow") is True, answer
    assert answer["at"] >= DEADLINE, answer


def test_no_answer_before_the_deadline_is_slow():
    answer = run(latency=DEADLINE + 300)
    assert answer.get("slow") is True, answer


def test_an_http_error_is_an_error_not_a_slow_network():
    answer = run(status=404)
    assert answer.get("slow") is False and "HTTP 404" in answer["error"], answer


def test_a_snapshot_not_gzipped_is_passed_on_as_it_is():
    answer = run(MEMORY[:200000])
    assert answer.get("bytes") == MEMORY[:200000]
