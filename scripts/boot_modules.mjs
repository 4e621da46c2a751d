// Which standard library files the page imports on its way to ready: found by importing what
// it imports, under the page's own Pyodide (in Node.js).  Used by scripts/bytecode.py.
//
//   node scripts/boot_modules.mjs GAME_ZIP MODULE ...
//
// Starts Pyodide (which imports its own modules first), puts GAME_ZIP (the game's
// python.zip) on sys.path, imports every MODULE (the game's first module, and the standard
// modules PyScript's Python package imports), and prints as JSON
// {"prefix": "/lib/python314.zip/", "files": ["asyncio/events.py", ...]}: where Pyodide
// keeps its standard library archive, and every file then imported from it.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

const [gameZip, ...modules] = process.argv.slice(2);
if (!gameZip || modules.length === 0) {
  console.error("usage: node scripts/boot_modules.mjs GAME_ZIP MODULE ...");
  process.exit(2);
}

const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/game.zip", readFileSync(gameZip));
pyodide.globals.set("modules", pyodide.toPy(modules));
const found = pyodide.runPython(`
import importlib, json, sys
sys.path.insert(0, "/tmp/game.zip")
for name in modules:
    importlib.import_module(name)
prefix = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
files = sorted(m.__file__.removeprefix(prefix) for m in list(sys.modules.values())
               if (getattr(m, "__file__", None) or "").startswith(prefix))
json.dumps({"prefix": prefix, "files": files})
`);
process.stdout.write(found + "\n");
