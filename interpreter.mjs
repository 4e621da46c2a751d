/* Pyodide for PyScript: started as soon as the page runs a script, and from the build's snapshot.
 *
 * pyscript.toml names this module as PyScript's interpreter, and index.html imports it first
 * thing (an async module script), so Pyodide is on its way while the page lays out its table and
 * PyScript sets itself up; when PyScript asks for Pyodide, it gets that same start.
 *
 * The start is made from pyodide/python.snapshot (scripts/snapshot.mjs): the memory of a
 * Pyodide that had already started Python and imported the game's engine, taken at build time
 * under the same Pyodide.  Restoring it skips the interpreter's own start-up and the engine's
 * import, most of what a load waits for on a slow device (5 MB more to download on a first
 * visit; none once the service worker has the site).  Python starts as usual where the browser
 * asks to save data, and, with a console warning, where the snapshot is missing, broken or
 * unreadable here (no DecompressionStream): <html data-python-start="fresh"> instead of
 * "snapshot", and index.html's Python then imports the game from python.pack itself.
 *
 * Pyodide is started with the options PyScript passes (its output functions and the folder of
 * Pyodide's files), the output forwarded to PyScript's functions once it asks.  A version of
 * PyScript asking for more (packages, a lock file) gets an error naming them, not a Pyodide
 * started without them.
 */
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

const SNAPSHOT = new URL("./pyodide/python.snapshot", import.meta.url);
// What no snapshot can carry over from the build: the random generator's state (the same on
// every load otherwise).  The game deals from its own seeds; this is for anything else.
const AFTER_RESTORE = "import random\nrandom.seed()";

const output = { stdout: null, stderr: null };  // PyScript's, once it asks for Pyodide
const forward = (name, fallback) => (text) => (output[name] ?? fallback)(text);
const options = {
  indexURL: new URL("./pyodide/", import.meta.url).href,
  stdout: forward("stdout", console.log),
  stderr: forward("stderr", console.warn),
};

async function snapshotBytes() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`${SNAPSHOT.pathname}: HTTP ${response.status}`);
  const inflated = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

async function fromSnapshot() {
  const pyodide = await startPyodide({ ...options, _loadSnapshot: snapshotBytes() });
  pyodide.runPython(AFTER_RESTORE);
  return pyodide;
}

/** Why Python cannot start from the snapshot in this browser, or "". */
function snapshotUnusable() {
  if (navigator.connection?.saveData) return "the browser asks to save data";
  if (typeof DecompressionStream !== "function") return "this browser has no DecompressionStream";
  return "";
}

async function start() {
  const root = document.documentElement;
  let why = snapshotUnusable();
  if (!why) {
    try {
      const pyodide = await fromSnapshot();
      root.dataset.pythonStart = "snapshot";
      return pyodide;
    } catch (error) {
      why = String(error?.message ?? error);
    }
  }
  console.warn(`Python starts without its snapshot: ${why}`);
  const pyodide = await startPyodide(options);
  root.dataset.pythonStart = "fresh";
  return pyodide;
}

const started = start();
started.catch(() => {});  // reported by PyScript (and boot.js) when it asks for Pyodide

/** PyScript's call: the Pyodide started above. */
export function loadPyodide({ stdout, stderr, indexURL, ...others } = {}) {
  const unknown = Object.keys(others);
  if (unknown.length > 0) {
    throw new Error(`interpreter.mjs started Pyodide without ${unknown.join(", ")}, which PyScript asks for`);
  }
  void indexURL;  // PyScript's guess (this module's folder): Pyodide's files are in ./pyodide/
  Object.assign(output, { stdout, stderr });
  return started;
}
