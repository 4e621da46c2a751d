// Compile Python sources to bytecode with the page's own interpreter (Pyodide in Node.js), so
// that the page imports them without compiling.  Used by scripts/bytecode.py.
//
//   node scripts/compile_pyc.mjs [--prefix P] SRC_DIR OUT_DIR engine/cards.py ui/app.py ...
//
// Writes OUT_DIR/engine/cards.pyc and so on.  The .pyc files are "unchecked hash-based"
// (PEP 552): Python loads them without comparing them with a source file's date, which in a
// zip archive or a freshly written file system would not match anyway.  Their code objects
// name the file by its relative path (engine/cards.py) as tracebacks show it, after P if
// given (the path the file will be imported from).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

const args = process.argv.slice(2);
const prefix = args[0] === "--prefix" ? args.splice(0, 2)[1] : "";
const [srcDir, outDir, ...files] = args;
if (!outDir || files.length === 0) {
  console.error("usage: node scripts/compile_pyc.mjs [--prefix P] SRC_DIR OUT_DIR FILE.py ...");
  process.exit(2);
}

const pyodide = await loadPyodide();
for (const file of files) {
  const source = `/src/${file}`;
  pyodide.FS.mkdirTree(dirname(source));
  pyodide.FS.writeFile(source, readFileSync(join(srcDir, file)));
}
pyodide.globals.set("files", pyodide.toPy(files));
pyodide.globals.set("prefix", prefix);
pyodide.runPython(`
import py_compile
for f in files:
    py_compile.compile(f"/src/{f}", cfile=f"/out/{f}c", dfile=prefix + f, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
`);
for (const file of files) {
  const target = join(outDir, `${file}c`);
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, pyodide.FS.readFile(`/out/${file}c`));
}
