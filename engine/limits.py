"""How much a save, a record or a link may hold, and JSON read from untrusted text with its
size and nesting bounded before it is parsed: reading anything is bounded work.

A real match is far inside these limits: 300 matches of random bots took 11 to 43 rounds
(median 23) and at most 167 moves a round; a round cannot hold more than about 300 moves
under any rules the engine plays (a move deals or plays at least one card, and every bid or
snatch must beat the one before it). A save, record or code holding more is refused by its
reader (SaveError, RecordError) before anything is replayed.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate

from .errors import GameError

MAX_ROUNDS = 500  # rounds a save, record or code may hold (the first one included)
MAX_ROUND_ACTIONS = 300  # moves in a round, at most (see above)
MAX_ACTIONS = MAX_ROUNDS * MAX_ROUND_ACTIONS  # moves a save, record or code may hold
MAX_JSON_CHARS = 4_000_000  # a version 1 save of MAX_ROUNDS rounds is about 1.5 million
MAX_JSON_DEPTH = 20  # a save nests 4 deep

# A JSON string, or one left open to the end of the text (so that the scan stays linear: an
# unterminated string never makes the search start again at each later quote).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def json_depth(text: str) -> int:
    """How deep the arrays and objects of a JSON text nest (brackets inside strings left
    out), found without recursion and in linear time, by the regular expression engine and
    itertools. For a text that is not JSON it is at least as deep as `json.loads` goes
    before it finds the text is not."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def parse_json(text: object, what: tuple[str, str] = ("the text", "文本"),
               max_chars: int = MAX_JSON_CHARS, max_depth: int = MAX_JSON_DEPTH) -> object:
    """`json.loads(text)` of untrusted text, or a GameError (with en and zh messages that name
    `what`) for anything else: not a string, longer than `max_chars`, nested deeper than
    `max_depth` (checked before parsing: deep nesting exhausts the stack of the parser, and
    under Pyodide the browser's), or not JSON. Nothing else is raised."""
    en, zh = what
    if not isinstance(text, str):
        raise GameError(f"{en} is not text", f"{zh}不是文本")
    if len(text) > max_chars:
        raise GameError(f"{en} is too long ({len(text)} characters; at most {max_chars})",
                        f"{zh}过长（{len(text)} 个字符，最多 {max_chars}）")
    if json_depth(text) > max_depth:
        raise GameError(f"{en} nests deeper than {max_depth} levels", f"{zh}嵌套过深")
    try:
        return json.loads(text)
    except Exception as err:  # ValueError mostly; whatever the parser raises, the text is bad
        raise GameError(f"{en} is not valid JSON", f"{zh}不是有效的 JSON") from err
