"""Build the static site: exactly the files the page loads, all from this repo and node_modules.

    python3 scripts/build_site.py [--out site] [--bench]

- PyScript: the entry module ``core.js`` and the chunks it imports, found by following its
  import statements (chunk names are hashed).  Static imports are always followed; dynamic
  ``import("./x-HASH.js")`` only for the chunks the page's configuration uses (the enabled
  plugins, and the TOML parser), so editors, terminals and the rest are not shipped.
- Pyodide: its loader, the WebAssembly module, the Python standard library (with the
  modules the page imports to get ready compiled: scripts/bytecode.py), and a lock file
  with no packages (the game uses the standard library only; nothing is ever fetched for a
  package, here or from a CDN).
- The game's Python: python.pack, the bytecode of every module of engine/ and ui/ that the
  page may import (scripts/bytecode.py) as one marshalled ``{path: bytes}``, compressed as
  a whole with Zstandard (scripts/zstd_pack.mjs): one request instead of one per module,
  nothing to compile while the player waits, and a fifth smaller than the same files zipped
  and gzipped (Zstandard's window spans the whole archive; the modules share most of their
  names).  The page unpacks it (Python's compression.zstd, which Pyodide has loaded
  already: a few milliseconds) and imports from it in memory (ui/pack_importer.py).  It
  also holds the code of the game's dataclass methods (ui/dataclass_code.py).
- The page: index.html (with preload hints for the runtime's scripts), boot.js and the
  in-memory IndexedDB it may stand in with (idb-memory.js), pyscript.toml, the web
  manifest, the icons (drawn by scripts/icon.py), the font (Noto Sans SC cut to the
  characters the page can show: scripts/font.py, which prints its size and glyph count),
  and sw.js with every file to precache, each with a hash of its content, and a version
  made of those hashes.  The page's scripts ship without their comment lines
  (scripts/js_comments.py: a third of their bytes), each checked by Node's parser.
- ``--bench`` adds bench/bare.html (a bare Pyodide page for scripts/bench_boot.py) and
  bench/pyodide/ (Pyodide exactly as its npm package ships it); they are not part of the
  published site (not precached, not in dist/).

Every URL is relative, so the site works from any sub-path.  Prints the file count and size.
"""

from __future__ import annotations

import argparse
import ast
import base64
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import build_cache
import bytecode
import font
import icon
import js_comments

ROOT = Path(__file__).resolve().parent.parent
PYSCRIPT_DIST = ROOT / "node_modules" / "@pyscript" / "core" / "dist"
PYODIDE_DIR = ROOT / "node_modules" / "pyodide"
PYSCRIPT_ENTRY = "core.js"
# Files Pyodide's loader fetches on start (loadPyodide): its names are fixed, not hashed.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
STDLIB = "python_stdlib.zip"  # written by scripts/bytecode.py
PY_PACKAGES = ("engine", "ui")
ICON_SIZES = (192, 512)
# The page's own files, copied (its scripts without their comment lines); interpreter.mjs and
# sw.js are written from templates (interpreter_module, service_worker).
PAGE_FILES = ("index.html", "idb-memory.js", "tabs.js", "boot.js",
              "unpack-worker.js", "snapshot-worker.js", "manifest.webmanifest")
PYTHON_BUNDLE = "python.pack"  # the game's files, marshalled, compressed with Zstandard
# Published compressed with Zstandard too (FILE.zst, which the page and the service worker
# fetch instead, and decode): a fifth (the WebAssembly) and a quarter (the library) fewer
# bytes than gzip, which a static host applies.  The page's worker decodes with zstddec
# (Zstandard's decoder in WebAssembly, a module), the service worker (a classic script, which
# imports no module) with fzstd (JavaScript: slower, and it runs off the page's path).
PACKED = (f"pyodide/{PYODIDE_FILES[2]}", f"pyodide/{STDLIB}")
ZSTD_DECODERS = {"vendor/zstddec.mjs": ROOT / "node_modules" / "zstddec" / "dist" / "zstddec.mjs",
                 "vendor/fzstd.js": ROOT / "node_modules" / "fzstd" / "umd" / "index.js"}
SNAPSHOT_PROGRAM = "snapshot.py"  # what the device's snapshot is taken after (snapshot-worker.js)
PAGE_PYTHON = re.compile(r'<script type="py"[^>]*>\n(?P<code>.*?)\s*</script>', re.S)
FIRST_GAME_IMPORT = "import ui.main"
# The Python interpreter.mjs runs as Pyodide starts (PYSCRIPT_LATER: PyScript's package
# imported lazily), whose imports the shipped standard library must hold, and which the
# device's snapshot holds already.
INTERPRETER_PYTHON = re.compile(r"^const PYSCRIPT_LATER = `\n(?P<code>.*?)^`;$", re.S | re.M)
BROWSER_MODULES = ("js", "pyodide", "pyscript")  # what a module may not import to be snapshotted
PRELOAD_MARK = "<!-- build: runtime preloads -->"  # bench/bare-pyscript.html
RUNTIME_MARK = "/* build: runtime */[]"  # index.html
SNAPSHOT_MARK = '/* build: snapshot */""'  # index.html: the device's snapshot's key (snapshot_key)
MPY_MARK = "<!-- build: mpy-config -->"
CSP_MARK = "<!-- build: content security policy -->"
INLINE_SCRIPT = re.compile(r"<script>(?P<code>.*?)</script>", re.S)  # run by the browser
# The page's Content-Security-Policy (a <meta>, so it travels with the page to any host; a host
# can add frame-ancestors and the rest as headers: docs/page.md).  Its inline scripts are
# allowed by their hashes (content_security_policy).  Why each exception is there:
# - 'wasm-unsafe-eval': Pyodide compiles its WebAssembly;
# - 'unsafe-eval': PyScript builds functions with Function() (its bundle, 0.7) as it starts;
# - style 'unsafe-inline': the UI's HTML carries style attributes, PyScript adds a <style>;
# - blob: workers and scripts: where storage is refused, boot.js starts each worker from a
#   blob that loads the in-memory IndexedDB first, then the worker's own script, which may be
#   a blob itself (a worker inherits the page's policy, so importScripts(blob:) needs it).
CSP = {
    "default-src": "'self'",
    "script-src": "'self' blob: 'wasm-unsafe-eval' 'unsafe-eval'",
    "style-src": "'self' 'unsafe-inline'",
    "img-src": "'self' data:",
    "worker-src": "'self' blob:",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'none'",
}

STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["'](\./[^"']+)["']""")
DYNAMIC_IMPORT = re.compile(r"""\bimport\(\s*["'](\./[^"']+)["']\s*\)""")
HASHED = re.compile(r"^(?P<stem>.+)-[A-Za-z0-9_-]{8}\.js$")


def wanted_dynamic_chunks(config: dict) -> set[str]:
    """Stems of the dynamically imported PyScript chunks that this configuration loads.

    PyScript imports every plugin not disabled as "!name" in ``plugins`` (and the "error"
    plugin in any case, to switch it off), and the small TOML parser for a TOML config.
    """
    disabled = {p[1:] for p in config.get("plugins", []) if p.startswith("!")}
    plugins = {"codemirror", "deprecations-manager", "donkey", "error", "py-editor", "py-game",
               "py-terminal"}
    return (plugins - disabled) | {"error", "toml"}


def pyscript_chunks(config: dict) -> list[str]:
    """The PyScript files to ship: core.js and what it imports (transitively)."""
    wanted = wanted_dynamic_chunks(config)
    seen: list[str] = []
    todo = [PYSCRIPT_ENTRY]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        text = (PYSCRIPT_DIST / name).read_text(encoding="utf-8")
        found = STATIC_IMPORT.findall(text)
        for dyn in DYNAMIC_IMPORT.findall(text):
            m = HASHED.match(dyn[2:])
            if m and m["stem"] in wanted:
                found.append(dyn)
        todo += [f[2:] for f in found]
    stems = {m["stem"] for n in seen if (m := HASHED.match(n))}
    missing = wanted - stems - {"codemirror"}  # the codemirror plugin is bundled into core
    if missing:
        raise SystemExit(f"PyScript chunks not found for {sorted(missing)}: has dist/ changed?")
    return sorted(seen)


def python_files() -> list[str]:
    """Every .py file of the game's packages (engine/ and ui/ whole: the command-line tools
    live in tools/), as site-relative POSIX paths."""
    files = []
    for pkg in PY_PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            rel = path.relative_to(ROOT)
            if "__pycache__" not in rel.parts:
                files.append(rel.as_posix())
    return files


def empty_lock_file() -> str:
    """Pyodide's lock file without packages: the runtime checks its version, fetches nothing."""
    lock = json.loads((PYODIDE_DIR / "pyodide-lock.json").read_text(encoding="utf-8"))
    lock["packages"] = {}
    return json.dumps(lock, separators=(",", ":"))


Preload = tuple[str, str, dict[str, str]]  # rel, href, other attributes of a <link>


def style_without_comments(html: str) -> str:
    """`html` with its style sheets less their whole-line comments, as its scripts are
    shipped (js_comments: the comments say why to a maintainer, nothing to a browser)."""
    return STYLE.sub(lambda m: m[1] + js_comments.without_comment_lines(m[2]) + m[3], html)


STYLE = re.compile(r"(<style>)(.*?)(</style>)", re.DOTALL)


def runtime_preloads(chunks: list[str], files: list[str]) -> list[Preload]:
    """<link> hints so that the runtime's scripts and small files download at once with the
    page, instead of each one only when the file before it has run (core, config, plugins,
    Pyodide, ...).  `files`: what a fresh start reads once Pyodide is up, besides Pyodide's
    own files (the game's pack, which interpreter.mjs fetches as it starts).

    Not Pyodide's WebAssembly module and standard library: interpreter.mjs has them
    downloaded and decoded by a worker (unpack-worker.js) as soon as it starts.
    """
    modules = ["./pyodide/pyodide.asm.mjs", *(f"./pyscript/{c}" for c in chunks),
               "./pyodide/pyodide.mjs"]
    fetched = ["./pyscript.toml", "./pyodide/pyodide-lock.json"]
    preloads: list[Preload] = [("modulepreload", m, {}) for m in modules]
    preloads += [("preload", f, {"as": "fetch", "crossorigin": ""}) for f in fetched]
    # Read only once Pyodide is up (a second later): low priority, so that they do not hold
    # up the scripts that start it.  Marked data-in-snapshot: a start from the device's
    # snapshot has them in its memory already, and index.html leaves them out on a device
    # that has the site (an unused preload is a download wasted, and a browser warning).
    preloads += [("preload", f"./{f}", {"as": "fetch", "crossorigin": "",
                                        "fetchpriority": "low", "data-in-snapshot": ""})
                 for f in files]
    return preloads


def preload_tags(preloads: list[Preload]) -> str:
    """The preloads as <link> tags (the benchmark's bare PyScript page)."""
    def tag(rel: str, href: str, attributes: dict[str, str]) -> str:
        extra = "".join(f' {name}="{value}"' if value else f" {name}"
                        for name, value in attributes.items())
        return f'<link rel="{rel}" href="{href}"{extra}>'
    return "\n  ".join(tag(*preload) for preload in preloads)


def content_security_policy(html: str) -> str:
    """The <meta> of the page's policy (CSP), with the hashes of its inline scripts."""
    hashes = [base64.b64encode(hashlib.sha256(found["code"].encode()).digest()).decode()
              for found in INLINE_SCRIPT.finditer(html)]
    policy = dict(CSP)
    policy["script-src"] += "".join(f" 'sha256-{digest}'" for digest in hashes)
    content = "; ".join(f"{name} {value}" for name, value in policy.items())
    return f'<meta http-equiv="Content-Security-Policy" content="{content}">'


def mpy_config(config: dict) -> str:
    """The same plugin choice for PyScript's MicroPython type, which the page does not use.

    PyScript reads a configuration for each script type and loads every plugin for a type
    without one: this inline (JSON, no request) <mpy-config> stops that.
    """
    plugins = json.dumps({"plugins": config.get("plugins", [])}, separators=(",", ":"))
    return f"<mpy-config hidden>{plugins}</mpy-config>"


def zstd(data: bytes) -> bytes:
    """`data` compressed with Zstandard (scripts/zstd_pack.mjs), from the build's cache when
    the same bytes were compressed before."""
    def compress() -> bytes:
        with tempfile.TemporaryDirectory() as tmp:
            plain, packed = Path(tmp, "plain"), Path(tmp, "packed")
            plain.write_bytes(data)
            subprocess.run(["node", str(ROOT / "scripts" / "zstd_pack.mjs"), str(plain),
                            str(packed)], check=True)
            return packed.read_bytes()

    return build_cache.cached("zstd", (data,), compress)


def site_files(out: Path) -> list[str]:
    """The published files of a built site, sorted: all but the benchmark's page."""
    files = (p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    return sorted(f for f in files if not f.startswith("bench/"))


def service_worker(out: Path) -> None:
    """Write out/sw.js from the template: the site's files, each with a hash of its content
    (so an update fetches only the files that changed), and a version made of them all."""
    wire_only = {f"{f}.zst" for f in PACKED}  # cached as the file they decode to
    files = [f for f in site_files(out) if f != "sw.js" and f not in wire_only]
    revisions = {f"./{f}": hashlib.sha256((out / f).read_bytes()).hexdigest()[:16] for f in files}
    revisions = {"./": revisions["./index.html"], **revisions}  # the folder URL is the page
    version = hashlib.sha256(json.dumps(revisions).encode()).hexdigest()[:16]
    sw = (ROOT / "sw.js").read_text(encoding="utf-8")
    packed = [f"./{f}" for f in PACKED]
    for mark, value in (("__VERSION__", version), ("__FILES__", revisions),
                        ("__PACKED__", packed)):
        if f'"{mark}"' not in sw:
            raise SystemExit(f"sw.js lacks the placeholder {mark}")
        sw = sw.replace(f'"{mark}"', json.dumps(value, indent=1))
    js_comments.write_script(out / "sw.js", sw)


def build(out: Path, bench: bool = False) -> list[str]:
    """Write the site into ``out`` (emptied first); return the published files, sorted."""
    if not (PYSCRIPT_DIST / PYSCRIPT_ENTRY).exists() or not PYODIDE_DIR.exists():
        raise SystemExit("node_modules is missing the runtime: run `npm ci` first")
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)

    def write(rel: str, data: bytes | str) -> None:
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, str):
            dest.write_text(data, encoding="utf-8")
        else:
            dest.write_bytes(data)

    template = (ROOT / "pyscript.toml").read_text(encoding="utf-8")
    config = tomllib.loads(template)
    chunks = pyscript_chunks(config)
    for c in chunks:
        write(f"pyscript/{c}", (PYSCRIPT_DIST / c).read_bytes())
    for f in PYODIDE_FILES:
        write(f"pyodide/{f}", (PYODIDE_DIR / f).read_bytes())
    write("pyodide/pyodide-lock.json", empty_lock_file())

    page_python = PAGE_PYTHON.search((ROOT / "index.html").read_text(encoding="utf-8"))
    if page_python is None:
        raise SystemExit("index.html has no <script type=\"py\">")
    game_zip = bytecode.game_archive(python_files())
    write(PYTHON_BUNDLE, zstd(bytecode.game_pack_files(game_zip)))
    write(f"pyodide/{STDLIB}", bytecode.stdlib_archive(stdlib_sources(page_python["code"])))
    for f in PACKED:
        write(f"{f}.zst", zstd((out / f).read_bytes()))
    for name, source in ZSTD_DECODERS.items():
        write(name, source.read_bytes())
    write("pyscript.toml", template)
    fetched_files = [PYTHON_BUNDLE]

    for f in PAGE_FILES:
        if f.endswith((".js", ".mjs")):
            js_comments.write_script(out / f, (ROOT / f).read_text(encoding="utf-8"))
        else:
            write(f, (ROOT / f).read_bytes())
    html = style_without_comments((out / "index.html").read_text(encoding="utf-8"))
    if f'"{PYTHON_BUNDLE}"' not in html:
        raise SystemExit(f"index.html does not import the game from {PYTHON_BUNDLE}")
    preloads = runtime_preloads(chunks, fetched_files)
    marks = ((RUNTIME_MARK, json.dumps(preloads)), (MPY_MARK, mpy_config(config)))
    for mark, text in marks:
        if mark not in html:
            raise SystemExit(f"index.html lacks the marker {mark!r}")
        html = html.replace(mark, text)
    write(SNAPSHOT_PROGRAM, snapshot_program(html))  # (the page's Python: not the marks')
    if SNAPSHOT_MARK not in html:
        raise SystemExit(f"index.html lacks the marker {SNAPSHOT_MARK!r}")
    key = snapshot_key(out)
    html = html.replace(SNAPSHOT_MARK, json.dumps(key))
    if CSP_MARK not in html:
        raise SystemExit(f"index.html lacks the marker {CSP_MARK!r}")
    html = html.replace(CSP_MARK, content_security_policy(html))
    write("index.html", html)
    js_comments.write_script(out / "interpreter.mjs", interpreter_module(key))
    for size in ICON_SIZES:
        write(f"icons/icon-{size}.png",
              build_cache.cached("icon", (str(size),), lambda size=size: icon.render(size)))
    if f'url("./{font.FONT_FILE}")' not in html or f'"{font.FAMILY}"' not in html:
        raise SystemExit(f'index.html lacks the @font-face of "{font.FAMILY}" at '
                         f"./{font.FONT_FILE}")
    page_font = font.build(python_files())
    write(font.FONT_FILE, page_font.data)
    print(page_font.report())

    service_worker(out)

    if bench:
        write("bench/bare.html", (ROOT / "bench" / "bare.html").read_bytes())
        for rel, text in bare_pyscript_page(template, preloads, marks).items():
            write(rel, text)
        for f in (*PYODIDE_FILES, STDLIB, "pyodide-lock.json"):
            write(f"bench/pyodide/{f}", (PYODIDE_DIR / f).read_bytes())
    return site_files(out)


def snapshot_program(html: str) -> str:
    """The Python that python.snapshot is taken after: what interpreter.mjs runs on a fresh
    start (so a start from the snapshot need not), the page's own up to its first game
    import (it unpacks python.pack and installs the importer), then what ui.main does first
    (the dataclass methods) and every game module that `snapshot_modules` finds."""
    found = PAGE_PYTHON.search(html)
    if not found or not found["code"].endswith(FIRST_GAME_IMPORT):
        raise SystemExit(f"index.html: its Python does not end with {FIRST_GAME_IMPORT!r}")
    lines = [interpreter_python(), found["code"].removesuffix(FIRST_GAME_IMPORT),
             "from ui import dataclass_code", "dataclass_code.install_shipped()",
             *(f"import {name}" for name in snapshot_modules(python_files()))]
    return "\n".join(lines) + "\n"


def snapshot_modules(py_files: list[str], root: Path = ROOT) -> list[str]:
    """The game's modules that can be imported into a snapshot: those that import nothing of
    the browser's (js, pyodide, pyscript: Pyodide cannot snapshot a JavaScript object) at
    module level, nor any module that does.  The engine, and about half of ui/."""
    names = {bytecode.module_name(f): f for f in py_files}
    imports = {name: bytecode.module_level_imports(
                   ast.parse((root / f).read_text(encoding="utf-8")).body, members=True)
               for name, f in names.items()}

    def reaches_browser(name: str) -> bool:
        seen, todo = set(), [name]
        while todo:
            module = todo.pop()
            if module.split(".")[0] in BROWSER_MODULES:
                return True
            if module in names and module not in seen:
                seen.add(module)
                todo += imports[module]
        return False

    return [name for name in names if not reaches_browser(name)]


def stdlib_sources(page_python: str) -> dict[str, str]:
    """The Python whose imports decide the standard library the page ships: the game's
    modules, PyScript's own package, the page's <script type="py"> and what interpreter.mjs
    runs."""
    sources = {f: (ROOT / f).read_text(encoding="utf-8") for f in python_files()}
    sources |= {f"pyscript/{name}": text for name, text in bytecode.pyscript_sources().items()
                if name.endswith(".py")}
    sources["index.html"] = page_python
    sources["interpreter.mjs"] = interpreter_python()
    return sources


def interpreter_python() -> str:
    """The Python interpreter.mjs runs on a fresh start (PYSCRIPT_LATER)."""
    found = INTERPRETER_PYTHON.search((ROOT / "interpreter.mjs").read_text(encoding="utf-8"))
    if not found:
        raise SystemExit("interpreter.mjs: no PYSCRIPT_LATER, whose imports the library needs")
    return found["code"]


def snapshot_build(out: Path) -> str:
    """What a snapshot of the page's Python depends on, as a hash: Pyodide, its library, the
    game's pack and the program run before it is taken.  A device keeps its snapshot under
    this name, so a new build never starts from an older one (interpreter.mjs)."""
    digest = hashlib.sha256()
    for f in (*(f"pyodide/{name}" for name in PYODIDE_FILES), f"pyodide/{STDLIB}",
              PYTHON_BUNDLE, SNAPSHOT_PROGRAM):
        digest.update((out / f).read_bytes())
    return digest.hexdigest()[:16]


def snapshot_key(out: Path) -> str:
    """Where the device keeps its snapshot of this build, relative to the page (the service
    worker's cache): interpreter.mjs's SNAPSHOT_KEY, which index.html reads early."""
    return f"./pyodide/python.snapshot?build={snapshot_build(out)}"


def interpreter_module(key: str) -> str:
    """interpreter.mjs with what the build decides filled in: the files fetched compressed
    (PACKED) and where the device keeps its snapshot (`key`: snapshot_key)."""
    text = (ROOT / "interpreter.mjs").read_text(encoding="utf-8")
    packed = [f"./{f}" for f in PACKED]
    for mark, value in (("__PACKED__", packed), ("__SNAPSHOT_KEY__", key)):
        if f'"{mark}"' not in text:
            raise SystemExit(f"interpreter.mjs lacks the placeholder {mark}")
        text = text.replace(f'"{mark}"', json.dumps(value))
    return text


def bare_pyscript_page(template: str, preloads: list[Preload],
                       marks: tuple[tuple[str, str], ...]) -> dict[str, str]:
    """bench/bare-pyscript.html and its config: PyScript started as the game's page starts it
    (the same interpreter, plugins and preloads, one directory down), without the game, for
    scripts/bench_boot.py."""
    here = 'interpreter = "./interpreter.mjs"'
    config = template.replace(here, here.replace("./", "../"))
    if config == template:
        raise SystemExit(f"pyscript.toml: not {here}, as bench/ expects")
    lines = [config.rstrip()]
    page = (ROOT / "bench" / "bare-pyscript.html").read_text(encoding="utf-8")
    preloads = preload_tags([p for p in preloads if p[1] != f"./{PYTHON_BUNDLE}"])
    preloads = preloads.replace('href="./', 'href="../')
    preloads = preloads.replace('href="../pyscript.toml"', 'href="./bare-pyscript.toml"')
    for mark, text in ((PRELOAD_MARK, preloads), (MPY_MARK, dict(marks)[MPY_MARK])):
        if mark not in page:
            raise SystemExit(f"bench/bare-pyscript.html lacks the marker {mark!r}")
        page = page.replace(mark, text)
    return {"bench/bare-pyscript.html": page, "bench/bare-pyscript.toml": "\n".join(lines) + "\n"}


def size_of(out: Path, files: list[str]) -> int:
    return sum((out / f).stat().st_size for f in files)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="site", help="output folder (emptied first)")
    ap.add_argument("--bench", action="store_true",
                    help="also write bench/ (the boot benchmark's bare Pyodide page)")
    args = ap.parse_args(argv)
    out = (ROOT / args.out).resolve()
    files = build(out, bench=args.bench)
    mib = size_of(out, files) / 2**20
    print(f"built {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: "
          f"{len(files)} files, {mib:.2f} MiB")


if __name__ == "__main__":
    main()
