/* Pyodide for PyScript: from the build's snapshot, started at once, once the device has the site.
 *
 * pyscript.toml names this module as PyScript's interpreter: PyScript imports it and calls
 * loadPyodide().  index.html also imports it first thing (an async module script), so that
 * where Python can start from the snapshot, it is on its way while the page lays out its table
 * and PyScript sets itself up.
 *
 * The snapshot, pyodide/python.snapshot (scripts/snapshot.mjs), is the memory of a Pyodide that
 * had already started Python and imported the engine and the half of ui/ that touches no
 * JavaScript, taken at build time under the same Pyodide.  Restoring it skips the
 * interpreter's own start and those imports, most of what a load waits for on a slow phone.
 * It weighs 5 MB, though, more than the time it saves on a phone's network; so it is used
 * only when the service worker serves the page, which has the whole site cached (every visit
 * after the first, offline too).  Otherwise (a first visit, an iframe without storage, a
 * browser asking to save data or without DecompressionStream) Python starts as it always
 * did, when PyScript asks; so it does, with a console warning, if the snapshot cannot be
 * read or restored.  <html data-python-start> says which: "snapshot" or "fresh".  After a
 * fresh start index.html's Python imports the game from python.pack itself.
 *
 * Pyodide is started with the options PyScript passes (its output functions; the folder of
 * Pyodide's files is ./pyodide/), the output forwarded to PyScript's functions once it asks.
 * A PyScript asking for more (packages, a lock file) gets an error naming them, not a
 * Pyodide started without them.
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

/** Whether Python starts from the snapshot here (see above).  Imported as
 * interpreter.mjs?snapshot (the boot benchmark's bare page), wherever it can be read. */
function snapshotWanted() {
  const readable = typeof DecompressionStream === "function";
  if (new URL(import.meta.url).searchParams.has("snapshot")) return readable;
  try {
    return Boolean(navigator.serviceWorker?.controller) && !navigator.connection?.saveData &&
      readable;
  } catch {
    return false;  // no service worker where storage is denied
  }
}

/** The snapshot's bytes.  The service worker keeps it inflated (sw.js): gzip only as the site
 * serves it. */
async function snapshotBytes() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`${SNAPSHOT.pathname}: HTTP ${response.status}`);
  const bytes = await response.blob();
  const head = new Uint8Array(await bytes.slice(0, 2).arrayBuffer());
  if (head[0] !== 0x1f || head[1] !== 0x8b) return new Uint8Array(await bytes.arrayBuffer());
  const inflated = bytes.stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

/** Pyodide restored from the snapshot, or null (with a warning) if that failed. */
async function fromSnapshot() {
  const bytes = snapshotBytes();
  bytes.catch(() => {});  // awaited (and its failure caught) below, once Pyodide asks for it
  try {
    const pyodide = await startPyodide({ ...options, _loadSnapshot: bytes });
    pyodide.runPython(AFTER_RESTORE);
    document.documentElement.dataset.pythonStart = "snapshot";
    return pyodide;
  } catch (error) {
    console.warn(`Python starts without its snapshot: ${error?.message ?? error}`);
    return null;
  }
}

async function fresh() {
  const pyodide = await startPyodide(options);
  document.documentElement.dataset.pythonStart = "fresh";
  return pyodide;
}

const restoring = snapshotWanted() ? fromSnapshot() : null;
let started = null;

/** PyScript's call: the Pyodide restored above, or one started now. */
export function loadPyodide({ stdout, stderr, indexURL, ...others } = {}) {
  const unknown = Object.keys(others);
  if (unknown.length > 0) {
    throw new Error(`interpreter.mjs starts Pyodide without ${unknown.join(", ")}, which PyScript asks for`);
  }
  void indexURL;  // PyScript's guess (this module's folder): Pyodide's files are in ./pyodide/
  Object.assign(output, { stdout, stderr });
  started ??= (restoring ?? Promise.resolve(null)).then((pyodide) => pyodide ?? fresh());
  return started;
}
