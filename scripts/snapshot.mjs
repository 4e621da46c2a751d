// Make python.snapshot: the memory of the site's own Pyodide once Python has started and
// imported what the page would import first, for interpreter.mjs to start the page from.
//
//   node scripts/snapshot.mjs SITE PROGRAM OUT
//
// Starts SITE/pyodide/ (the site's Pyodide and standard library, as the page loads them) in
// Node.js, with the page's python.pack in the working folder as PyScript puts it there, runs
// PROGRAM (scripts/build_site.py writes it: the page's own Python up to its first game import,
// which unpacks python.pack and installs its importer, then the imports to keep), and writes
// Pyodide's memory snapshot, gzip-compressed (the browser's DecompressionStream reads it), to
// OUT.  Prints its size.
//
// Only modules that hold no JavaScript object can be in a snapshot (scripts/build_site.py:
// snapshot_modules chooses them); Pyodide refuses a snapshot with any other.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

const [site, program, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node scripts/snapshot.mjs SITE PROGRAM OUT");
  process.exit(2);
}
const pyodideDir = join(resolve(site), "pyodide") + "/";
const { loadPyodide } = await import(pathToFileURL(join(pyodideDir, "pyodide.mjs")).href);
// As in a browser: no command line of the build's Node.js in sys.argv or os.environ["_"].
const pyodide = await loadPyodide({ _makeSnapshot: true, indexURL: pyodideDir, args: [],
                                    env: { _: "./this.program" } });
pyodide.FS.writeFile("python.pack", readFileSync(join(site, "python.pack")));
pyodide.runPython(readFileSync(program, "utf8"), { filename: program });
pyodide.runPython("import gc; gc.collect(); del gc");
let snapshot;
try {
  snapshot = pyodide.makeMemorySnapshot();
} catch (error) {
  console.error(`snapshot.mjs: Pyodide cannot snapshot these modules: ${error.message}`);
  process.exit(1);
}
const packed = gzipSync(snapshot, { level: 9 });
writeFileSync(out, packed);
console.log(`python.snapshot: ${(snapshot.length / 2 ** 20).toFixed(1)} MiB of memory, ` +
            `${(packed.length / 2 ** 20).toFixed(2)} MiB gzipped`);
