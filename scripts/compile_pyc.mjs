// Compile Python sources to bytecode with the page's own interpreter (Pyodide in Node.js), so
// that the page imports them without compiling.  Used by scripts/bytecode.py.
//
//   node scripts/compile_pyc.mjs [--prefix P] [--no-docstrings] SRC_DIR OUT_DIR engine/cards.py ...
//
// Writes OUT_DIR/engine/cards.pyc and so on.  The .pyc files are "unchecked hash-based"
// (PEP 552): Python loads them without comparing them with a source file's date, which in a
// zip archive or a freshly written file system would not match anyway.  Their code objects
// name the file by its relative path (engine/cards.py) as tracebacks show it, after P if
// given (the path the file will be imported from).  --no-docstrings leaves out the docstrings
// of modules and functions (the game's code never reads them; `python -OO` would also drop its
// asserts): a third less to download, and line numbers stay those of the source.  A class keeps
// its docstring: @dataclass writes a class without one a docstring from inspect.signature,
// which cost more at start (55 classes) than the 10 KB they weigh.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

const args = process.argv.slice(2);
const prefix = args[0] === "--prefix" ? args.splice(0, 2)[1] : "";
const noDocstrings = args[0] === "--no-docstrings" ? Boolean(args.shift()) : false;
const [srcDir, outDir, ...files] = args;
if (!outDir || files.length === 0) {
  console.error("usage: node scripts/compile_pyc.mjs [--prefix P] SRC_DIR OUT_DIR FILE.py ...");
  process.exit(2);
}

// Without column ranges (PYTHONNODEBUGRANGES, PEP 657): line numbers stay in tracebacks, the
// carets under the failing expression go, and the bytecode is a quarter smaller.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
for (const file of files) {
  const source = `/src/${file}`;
  pyodide.FS.mkdirTree(dirname(source));
  pyodide.FS.writeFile(source, readFileSync(join(srcDir, file)));
}
pyodide.globals.set("files", pyodide.toPy(files));
pyodide.globals.set("prefix", prefix);
pyodide.globals.set("no_docstrings", noDocstrings);
pyodide.runPython(`
import ast, importlib.util, os
from importlib._bootstrap_external import _code_to_hash_pyc

DOCUMENTED = (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)  # not classes: see above


def without_docstrings(tree):
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, DOCUMENTED) and body and isinstance(body[0], ast.Expr) \\
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.copy_location(ast.Pass(), body[0])]
    return tree


for f in files:
    with open(f"/src/{f}", "rb") as handle:
        source = handle.read()
    tree = ast.parse(source, filename=prefix + f)
    if no_docstrings:
        tree = without_docstrings(tree)
    code = compile(tree, prefix + f, "exec", dont_inherit=True)
    data = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    os.makedirs(os.path.dirname(f"/out/{f}c"), exist_ok=True)
    with open(f"/out/{f}c", "wb") as handle:
        handle.write(data)
`);
for (const file of files) {
  const target = join(outDir, `${file}c`);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, pyodide.FS.readFile(`/out/${file}c`));
}
