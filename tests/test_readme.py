"""The README and docs/ say only what is true: their examples run, their commands exist.

As python-chess does with its README, every ```python block of README.md and docs/*.md is a
doctest, run here on CPython: each file's blocks in order, sharing one namespace, so a later
block builds on an earlier one. A block that is not meant to run is fenced as something else
(```text, ```sh, ```json, ```html). The `make` targets, `python -m` modules and scripts that
the README and docs/ name (in code spans and ```sh blocks) must exist, and so must the files
they name and the files (and headings) their relative links lead to. docs/history.md is exempt
from the command and file checks: it records what was run, and what was there, at the time.
"""

from __future__ import annotations

import doctest
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]
HISTORY = ROOT / "docs" / "history.md"
README_MAX_LINES = 300  # issue 27: read in five minutes; reference goes to docs/

FENCE = re.compile(r"^```([\w-]*)[^\n]*\n(.*?)^```[ \t]*$", re.S | re.M)
CODE_SPAN = re.compile(r"`([^`\n]+)`")
LINK = re.compile(r"\]\(([^)\s]+)\)")
MAKE = re.compile(r"(?:^|[\s;(&|])make ([^;&|#]*)")
PYTHON_M = re.compile(r"\bpython3? -m ([\w.]+)")
PATH = re.compile(r"(?<![\w./-])((?:engine|ui|scripts|bench|tools|e2e|tests|docs)/[\w./-]*\w)")
MADE_BY_TESTS = "e2e/artifacts"  # screenshots and logs a test run leaves
RUN_FILE = re.compile(r"\b(?:python3?|node|\.venv/bin/python) ((?:scripts|bench|tools|e2e|tests)/"
                      r"[\w./-]+)")


def _name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def python_only(text: str) -> str:
    """`text` with everything outside ```python blocks blanked, line for line, so that a
    failing example is reported at its line in the file."""
    lines = [""] * (text.count("\n") + 1)
    for block in FENCE.finditer(text):
        if block.group(1) != "python":
            continue
        first = text.count("\n", 0, block.start(2))
        for i, line in enumerate(block.group(2).splitlines()):
            lines[first + i] = line
    return "\n".join(lines)


@pytest.mark.parametrize("path", DOCS, ids=_name)
def test_examples_run(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    shown_not_run = [text.count("\n", 0, b.start()) + 1 for b in FENCE.finditer(text)
                     if b.group(1) == "python" and ">>> " not in b.group(2)]
    assert not shown_not_run, (
        f"{_name(path)}: the ```python blocks at lines {shown_not_run} have no >>> examples, "
        "so nothing checks them: write them as doctests, or fence them as ```text")
    parser = doctest.DocTestParser()
    test = parser.get_doctest(python_only(text), {"__name__": "__docs__"}, _name(path),
                              str(path), 0)
    report: list[str] = []
    runner = doctest.DocTestRunner(
        optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    runner.run(test, out=report.append)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, "".join(report)


def commands(path: Path) -> list[str]:
    """The shell commands a file shows: its ```sh blocks' lines and its code spans."""
    text = path.read_text(encoding="utf-8")
    found = [line for b in FENCE.finditer(text) if b.group(1) in ("sh", "bash", "console")
             for line in b.group(2).splitlines()]
    outside = FENCE.sub("", text)
    return found + CODE_SPAN.findall(outside)


def make_targets(words: list[str]) -> list[str]:
    """The targets in `make`'s arguments (not its options, nor VAR=value)."""
    targets, skip = [], False
    for word in words:
        if skip:
            skip = False
        elif word in ("-C", "-f"):
            skip = True
        elif not word.startswith("-") and "=" not in word and re.fullmatch(r"[\w./-]+", word):
            targets.append(word)
    return targets


def runnable(module: str) -> bool:
    """Whether `python -m module` would run: a module, or a package with a __main__."""
    sys.path.insert(0, str(ROOT))
    try:
        spec = importlib.util.find_spec(module)
        if spec is not None and spec.submodule_search_locations is not None:
            spec = importlib.util.find_spec(f"{module}.__main__")
    finally:
        sys.path.remove(str(ROOT))
    return spec is not None


CHECKED = [p for p in DOCS if p != HISTORY]


@pytest.mark.skipif(shutil.which("make") is None, reason="no make on this machine")
@pytest.mark.parametrize("path", CHECKED, ids=_name)
def test_commands_exist(path: Path) -> None:
    missing: list[str] = []
    targets: set[str] = set()
    for command in commands(path):
        line = command.split("#", 1)[0]
        for words in MAKE.findall(line):
            targets.update(make_targets(words.split()))
        for module in PYTHON_M.findall(line):
            if module.split(".")[0] in ("pip", "venv", "http", "pytest"):
                continue
            if not runnable(module):
                missing.append(f"python -m {module}")
        missing += [f for f in RUN_FILE.findall(line) if not (ROOT / f).exists()]
    for target in sorted(targets):
        done = subprocess.run(["make", "-n", "-C", str(ROOT), target], capture_output=True,
                              text=True)
        if done.returncode != 0:
            missing.append(f"make {target}")
    assert not missing, f"{_name(path)} names commands that do not exist: {missing}"


@pytest.mark.parametrize("path", CHECKED, ids=_name)
def test_paths_exist(path: Path) -> None:
    named = set(PATH.findall(path.read_text(encoding="utf-8")))
    missing = sorted(f for f in named
                     if not f.startswith(MADE_BY_TESTS) and not (ROOT / f).exists())
    assert not missing, f"{_name(path)} names files that are not there: {missing}"


def anchors(path: Path) -> set[str]:
    """The anchors GitHub makes of a file's headings."""
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-")
            for h in re.findall(r"^#+ (.+)$", text, re.M)}


@pytest.mark.parametrize("path", DOCS, ids=_name)
def test_links_lead_somewhere(path: Path) -> None:
    text = FENCE.sub("", path.read_text(encoding="utf-8"))
    broken = []
    for link in LINK.findall(text):
        if re.match(r"[a-z]+:", link):
            continue
        target, _, anchor = link.partition("#")
        file = path if not target else path.parent / target
        if not file.exists() or (anchor and file.suffix == ".md"
                                 and anchor not in anchors(file)):
            broken.append(link)
    assert not broken, f"{_name(path)} links to files or headings that are not there: {broken}"


def test_readme_is_short_and_keeps_its_two_commands() -> None:
    text = README.read_text(encoding="utf-8")
    assert text.count("\n") <= README_MAX_LINES, "reference belongs in docs/, history in " \
        "docs/history.md"
    # .ci/run runs the README's test command, and people start with the other
    assert "make test" in text and "make serve" in text
