"""The page's scripts without their comment lines, as the build ships them.

The repository's scripts explain themselves at length (about a third of their bytes); a
visitor's browser needs none of it.  Only whole lines are dropped: a line that is a `//`
comment, and a `/* ... */` block that starts a line and ends one.  A comment after code on
the same line stays (telling `//` in a string, a URL or a regular expression from a comment
would take a parser), and so does every line of a template literal, which is text, not code.
The build then has Node check each result's syntax (`check_syntax`).
"""

from __future__ import annotations

import subprocess
from pathlib import Path


def without_comment_lines(source: str) -> str:
    """`source` less its whole-line comments (see the module's docstring)."""
    kept: list[str] = []
    in_template = False  # inside a `...` literal: its lines are text
    in_block = False  # inside a /* ... */ that started a line
    for line in source.splitlines(keepends=True):
        text = line.strip()
        if in_block:
            end = line.find("*/")
            if end == -1:
                continue
            in_block = False
            line = line[end + 2:]  # code after the comment's end: a line of its own
            if not line.strip():
                continue
        elif not in_template:
            if text.startswith("//"):
                continue
            if text.startswith("/*") and _closes_at_end_or_later(text):
                in_block = "*/" not in text[2:]
                continue
        kept.append(line)
        if _backticks(line) % 2:
            in_template = not in_template
    return "".join(kept)


def _closes_at_end_or_later(text: str) -> bool:
    """A block comment opening `text` that ends with it, or on a later line: not one followed
    by code on its own line (`/* a */ b()`)."""
    end = text.find("*/", 2)
    return end == -1 or end == len(text) - 2


def _backticks(line: str) -> int:
    """Backticks that open or close a template literal: not escaped ones."""
    return sum(1 for i, char in enumerate(line)
               if char == "`" and (i == 0 or line[i - 1] != "\\"))


def write_script(dest: Path, source: str) -> None:
    """One of the page's own scripts, written to `dest` without its comment lines and parsed
    by Node (the build stops if it does not parse)."""
    dest.write_text(without_comment_lines(source), encoding="utf-8")
    check_syntax(dest)


def check_syntax(path: Path) -> None:
    """Node parses `path` (a script, or a module if it ends in .mjs) or the build stops."""
    done = subprocess.run(["node", "--check", str(path)], capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"{path.name} without its comment lines does not parse:\n{done.stderr}")
