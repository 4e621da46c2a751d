"""`escape`: text made safe to put in the page's HTML, as the standard library's html.escape.

Not imported from `html`: that module loads html.entities (2,231 named characters, for
`unescape`, which the game never calls) when it is imported, a cost a first visit paid under
Pyodide before the table appeared.  The same five characters are replaced, in the same order
(tests/test_render.py checks it against html.escape).
"""

from __future__ import annotations


def escape(text: str, quote: bool = True) -> str:
    """`text` with &, < and > (and, with `quote`, " and ') replaced by HTML references."""
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        text = text.replace('"', "&quot;").replace("'", "&#x27;")
    return text
