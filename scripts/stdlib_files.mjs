// The standard library files the page can import (scripts/stdlib_closure.py, which says how
// they are found), under the page's own Pyodide in Node.js.  Used by scripts/bytecode.py.
//
//   node scripts/stdlib_files.mjs < {"sources": {name: source}}  ->  {"prefix": ..., "files": [...]}
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const { loadPyodide } = await import(join(here, "..", "node_modules", "pyodide", "pyodide.mjs"));

let request = "";
for await (const chunk of process.stdin) request += chunk;
// As in a browser: no command line of Node.js in sys.argv or os.environ["_"].
const pyodide = await loadPyodide({ args: [], env: { _: "./this.program" } });
pyodide.FS.writeFile("/tmp/stdlib_closure.py", readFileSync(join(here, "stdlib_closure.py")));
pyodide.globals.set("request", request);
const found = pyodide.runPython(`
import json, runpy
json.dumps(runpy.run_path("/tmp/stdlib_closure.py")["main"](json.loads(request)))
`);
process.stdout.write(found + "\n");
