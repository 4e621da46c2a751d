"""scripts/js_comments.py: the page's scripts ship without their comment lines, and nothing else
changes."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from js_comments import check_syntax, without_comment_lines  # noqa: E402

CASES = [
    # (source, shipped)
    ("// a comment\nrun();\n", "run();\n"),
    ("  // indented\nrun();\n", "run();\n"),
    ("/* one line */\nrun();\n", "run();\n"),
    ("/** a block\n * of lines\n */\nrun();\n", "run();\n"),
    ("  /* indented\n     block */\nrun();\n", "run();\n"),
    ("/* a block\n   ending */ before(code);\n", " before(code);\n"),
    ("/* a */ run();\n", "/* a */ run();\n"),  # code after a one-line comment: kept
    ("run(); // after code\n", "run(); // after code\n"),
    ('fetch("http://example.org/x");\n', 'fetch("http://example.org/x");\n'),
    ("const PY = `\n// text, not a comment\n/* text */\n`;\n// gone\n",
     "const PY = `\n// text, not a comment\n/* text */\n`;\n"),
    ("const t = `one line`;\n// gone\n", "const t = `one line`;\n"),
    ("const t = `a \\` b`;\n// gone\n", "const t = `a \\` b`;\n"),
    ("/*/\nstill a comment */\nrun();\n", "run();\n"),
    ("/**/\nrun();\n", "run();\n"),
    ("run();", "run();"),
]


@pytest.mark.parametrize(("source", "shipped"), CASES)
def test_only_whole_comment_lines_go(source, shipped):
    assert without_comment_lines(source) == shipped


SCRIPTS = ["boot.js", "tabs.js", "idb-memory.js", "interpreter.mjs", "unpack-worker.js",
           "snapshot-worker.js", "sw.js"]


@pytest.mark.parametrize("name", SCRIPTS)
def test_the_page_s_scripts_keep_every_line_of_code(name):
    """Every line shipped is a line of the script, in order; every line dropped is a comment's
    (or a template literal's text, which is kept)."""
    source = (ROOT / name).read_text(encoding="utf-8")
    shipped = without_comment_lines(source)
    lines = iter(source.splitlines())
    for line in shipped.splitlines():
        for original in lines:
            if original == line:
                break
            text = original.strip()
            assert text.startswith(("//", "/*", "*")) or text.endswith("*/"), (
                f"{name}: dropped a line of code: {original!r}")
        else:
            pytest.fail(f"{name}: shipped a line it does not have: {line!r}")
    assert len(shipped) < len(source), "the script's comments were kept"


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
@pytest.mark.parametrize("name", SCRIPTS)
def test_the_page_s_scripts_still_parse(tmp_path, name):
    shipped = tmp_path / name
    shipped.write_text(without_comment_lines((ROOT / name).read_text(encoding="utf-8")))
    check_syntax(shipped)


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node")
def test_a_script_that_no_longer_parses_stops_the_build(tmp_path):
    broken = tmp_path / "broken.js"
    broken.write_text("run(;\n")
    with pytest.raises(SystemExit, match="does not parse"):
        check_syntax(broken)


def test_the_style_sheet_ships_without_its_comment_lines():
    """index.html's <style> less its whole-line comments; the rules and the markup stay."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scripts"))
    from build_site import style_without_comments

    html = ("<p>/* text, not CSS */</p><style>\n  /* why */\n  a { b: c; }  /* kept */\n"
            "  /* two\n     lines */\n  d { e: f; }\n</style>")
    assert style_without_comments(html) == (
        "<p>/* text, not CSS */</p><style>\n  a { b: c; }  /* kept */\n  d { e: f; }\n</style>")
