/* Pyodide for PyScript, started at once: from the build's snapshot wherever it can be had in time.
 *
 * pyscript.toml names this module as PyScript's interpreter: PyScript imports it and calls
 * loadPyodide().  index.html also imports it first thing (an async module script), so that
 * Python is on its way while the page lays out its table and PyScript sets itself up.
 *
 * The snapshot, pyodide/python.snapshot (scripts/snapshot.mjs), is the memory of a Pyodide that
 * had already started Python and imported the engine and the half of ui/ that touches no
 * JavaScript, taken at build time under the same Pyodide.  Restoring it skips the
 * interpreter's own start and those imports, most of what a load waits for on a slow phone.
 * - Once the service worker serves the page (every visit after the first, offline too), it
 *   has the snapshot: Python starts from it.
 * - Before that (a first visit, an iframe without storage) the snapshot is downloaded first,
 *   and used only if it all arrives within a deadline (`downloadedSnapshot`, below): on a
 *   phone's network its 5.3 MB would cost more time than it saves, and there the download
 *   is given up as soon as its pace shows it, no sooner than 0.1 s.  (The service worker downloads it on every first visit anyway,
 *   once the game is ready: used or not, it costs no more data.)
 * - Python starts fresh where the snapshot cannot be had in time, or read (a browser asking to
 *   save data or without DecompressionStream), and, with a console warning, where it cannot
 *   be restored.
 * <html data-python-start> says which start it was, "snapshot" or "fresh", and <html
 * data-snapshot="too-slow"> that the network was too slow for it.  After a fresh start
 * index.html's Python imports the game from python.pack itself.
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

/** How Python starts here: "snapshot" once the service worker serves the page (the snapshot is
 * on the device; imported as interpreter.mjs?snapshot, the boot benchmark's bare page, too),
 * "download" where the snapshot is still to be downloaded (a first visit, an iframe without
 * storage): from it if the network brings it in time (`downloadedSnapshot`), and "fresh"
 * where it cannot be read or downloaded off the main thread, or the browser asks to save
 * data. */
function startKind() {
  if (typeof DecompressionStream !== "function") return "fresh";
  if (new URL(import.meta.url).searchParams.has("snapshot")) return "snapshot";
  try {
    if (navigator.connection?.saveData) return "fresh";
    if (navigator.serviceWorker?.controller) return "snapshot";
  } catch {
    // no service worker where storage is denied
  }
  return typeof Worker === "function" ? "download" : "fresh";
}

/** The snapshot as the service worker keeps it: inflated (sw.js), or gzip as the site serves
 * it where the worker could not inflate it. */
async function cachedSnapshot() {
  const response = await fetch(SNAPSHOT);
  if (!response.ok) throw new Error(`${SNAPSHOT.pathname}: HTTP ${response.status}`);
  return inflate(await response.blob());
}

async function inflate(bytes) {
  const head = new Uint8Array(await bytes.slice(0, 2).arrayBuffer());
  if (head[0] !== 0x1f || head[1] !== 0x8b) return new Uint8Array(await bytes.arrayBuffer());
  const inflated = bytes.stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

/* Where the snapshot must be downloaded first, it is worth it on a fast network only: its
 * 5.3 MB save a first visit about 0.4 s of a desktop's CPU (1.5 s of a phone's), the time
 * 5.3 MB take at about 100 Mbit/s; on a phone's network they would cost seconds.  So it is
 * used if it has all arrived within DOWNLOAD_DEADLINE_MS of asking, and abandoned as soon as
 * the pace it comes at says it will not (after FORECAST_AFTER_MS, when the connection has
 * had time to speed up), or at the deadline: a first visit on a slow network gives up at
 * most that much of its bandwidth, and Python then starts fresh, as it did before, when
 * PyScript asks.  snapshot-worker.js downloads and inflates it, off this thread. */
const DOWNLOAD_DEADLINE_MS = 500;
const FORECAST_AFTER_MS = 100;

class SlowNetwork extends Error {}

/** The snapshot, downloaded, if it arrives in time; else a SlowNetwork error. */
function downloadedSnapshot() {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url));
    worker.onmessage = ({ data: { bytes, slow, error } }) => {
      worker.terminate();
      if (bytes) resolve(bytes);
      else reject(slow ? new SlowNetwork(error) : new Error(error));
    };
    worker.onerror = (event) => {
      worker.terminate();
      reject(new Error(`snapshot-worker.js: ${event.message}`));
    };
    worker.postMessage({ url: SNAPSHOT.href, deadline: DOWNLOAD_DEADLINE_MS,
                         forecastAfter: FORECAST_AFTER_MS });
  });
}

/** Pyodide restored from the snapshot, or null if that failed (with a warning: the network
 * being too slow for it is not a failure). */
async function fromSnapshot(kind) {
  let bytes;
  if (kind === "snapshot") {
    bytes = cachedSnapshot();
    bytes.catch(() => {});  // awaited (and its failure caught) below, once Pyodide asks for it
  } else {
    // Downloaded before Pyodide starts: a snapshot given up would leave a Pyodide started
    // with it waiting, and another start would download Pyodide's own files again.
    bytes = await downloadedSnapshot().catch((error) => error);
    if (bytes instanceof SlowNetwork) {
      document.documentElement.dataset.snapshot = "too-slow";
      return null;
    }
  }
  try {
    if (bytes instanceof Error) throw bytes;
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

// From the snapshot at once; fresh only when PyScript asks, once it has set itself up: a fresh
// start then holds the main thread, which PyScript's own start would wait for (README).
const kind = startKind();
const restoring = kind === "fresh" ? Promise.resolve(null) : fromSnapshot(kind);
let started = null;

/** PyScript's call: the Pyodide restored above, or one started now. */
export function loadPyodide({ stdout, stderr, indexURL, ...others } = {}) {
  const unknown = Object.keys(others);
  if (unknown.length > 0) {
    throw new Error(`interpreter.mjs starts Pyodide without ${unknown.join(", ")}, which PyScript asks for`);
  }
  void indexURL;  // PyScript's guess (this module's folder): Pyodide's files are in ./pyodide/
  Object.assign(output, { stdout, stderr });
  started ??= restoring.then((pyodide) => pyodide ?? fresh());
  return started;
}
