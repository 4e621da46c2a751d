// The methods `@dataclass` generates for the game's classes, compiled by the page's own
// interpreter (Pyodide in Node.js), so the page need not compile them at start.  Used by
// scripts/bytecode.py; read by ui/dataclass_code.py, which explains the format.
//
//   node scripts/dataclass_code.mjs GAME_ZIP OUT_FILE MODULE ...
//
// Puts GAME_ZIP (the game's python.zip) on sys.path, records every text `dataclasses`
// compiles while every MODULE is imported, and writes them to OUT_FILE (marshal).
import { writeFileSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

const [gameZip, outFile, ...modules] = process.argv.slice(2);
if (!outFile || modules.length === 0) {
  console.error("usage: node scripts/dataclass_code.mjs GAME_ZIP OUT_FILE MODULE ...");
  process.exit(2);
}

// Without column ranges, like the game's own bytecode (compile_pyc.mjs): line numbers stay.
const pyodide = await loadPyodide({ env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.FS.writeFile("/tmp/game.zip", readFileSync(gameZip));
pyodide.globals.set("modules", pyodide.toPy(modules));
pyodide.runPython(`
import dataclasses, importlib, marshal, sys
sys.path.insert(0, "/tmp/game.zip")
from ui.dataclass_code import key

codes = {}


def record(source, globals=None, locals=None, /):
    # As exec(source) compiles it in the dataclasses module: no __future__ flags inherited.
    code = codes[key(source)] = compile(source, "<string>", "exec", dont_inherit=True)
    exec(code, globals, locals)


dataclasses.exec = record
for name in modules:
    importlib.import_module(name)
with open("/tmp/dataclass_code", "wb") as out:
    out.write(marshal.dumps((sys.hexversion, codes)))
`);
writeFileSync(outFile, pyodide.FS.readFile("/tmp/dataclass_code"));
