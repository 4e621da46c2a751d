/* Pyodide for PyScript, started at once: from the device's snapshot where it has one.
 *
 * pyscript.toml names this module as PyScript's interpreter: PyScript imports it and calls
 * loadPyodide().  index.html imports it first thing, so that Python is on its way while the
 * page lays out its table and PyScript sets itself up.  Light on the wire (docs/page.md):
 * - A first visit downloads Pyodide's WebAssembly and standard library as FILE.zst, decoded
 *   off the main thread by unpack-worker.js (the plain file where that fails), and the game's
 *   pack, all from the moment this module runs.
 * - No snapshot is downloaded: once the page is ready, idle, and served by the service worker
 *   (sw.js), the device makes its own (snapshot-worker.js): Pyodide's memory once Python has
 *   imported the engine and the half of ui/ that touches no JavaScript.  sw.js keeps it in
 *   the site's cache under the build it was made from (SNAPSHOT_PATH).  Later visits
 *   restore it; one missing, of another build, or failing to restore means a fresh start
 *   without a warning, and a new snapshot replaces it.
 * <html data-python-start> says which start it was ("snapshot", "fresh"), <html
 * data-snapshot> what became of the device's snapshot ("made", "failed": reason in the
 * console's debug level).  A test not about the snapshot sets globalThis.chaodipiNoSnapshot
 * in an init script (e2e/conftest.py), so no second Pyodide takes a core beside it; no
 * address or stored value can set it.
 * Pyodide gets PyScript's options (its output functions; Pyodide's files are in ./pyodide/);
 * a PyScript asking for more (packages, a lock file) gets an error naming them.
 */
import { loadPyodide as startPyodide, version } from "./pyodide/pyodide.mjs";

export { version };

const SITE = new URL("./", import.meta.url);
// Filled in by scripts/build_site.py.
const PACKED = "__PACKED__";  // files also published as FILE.zst
// Where the device keeps its snapshot: named by what it was made from, hashed.
const SNAPSHOT_PATH = "__SNAPSHOT_KEY__";

// The game's modules (scripts/build_site.py), for a fresh start: a snapshot holds them.
const GAME_PACK = new URL("./python.pack", SITE).href;
const SNAPSHOT_KEY = new URL(SNAPSHOT_PATH, SITE).href;
// What no snapshot can carry over from when it was made: the random generator's state (the
// same on every load otherwise).  The game deals from its own seeds; this is for anything else.
const AFTER_RESTORE = "import random\nrandom.seed()";
// PyScript writes its package (pyscript/) and imports it, with html and its FFI helpers,
// before the page's Python: 0.2–0.4 s of the main thread that the game never uses (ui/ talks
// to the browser through js and pyodide).  So `import pyscript` gets it lazily (importlib's
// LazyLoader): its code runs on the first attribute anyone reads; nothing of PyScript is
// patched.  scripts/build_site.py ships importlib.util for it (it reads the Python here) and
// runs it before the device's snapshot is taken, which so holds it.
const PYSCRIPT_LATER = `
def pyscript_later():
    import sys
    from importlib.util import LazyLoader, find_spec as spec_of

    class PyScriptLater:  # finds PyScript's package once, as a lazily run module
        @staticmethod
        def find_spec(name, path=None, target=None):
            if name != "pyscript":
                return None
            sys.meta_path.remove(PyScriptLater)
            spec = spec_of(name)
            if spec is not None and spec.loader is not None:
                spec.loader = LazyLoader(spec.loader)
            return spec

    sys.meta_path.insert(0, PyScriptLater)

pyscript_later()
del pyscript_later
`;
// How long the page has been idle, once ready, before the device makes its snapshot: a
// player's first clicks go first.
const SNAPSHOT_AFTER_MS = 3000;

const root = document.documentElement;
const output = { stdout: null, stderr: null };  // PyScript's, once it asks for Pyodide
const forward = (name, fallback) => (text) => (output[name] ?? fallback)(text);
const options = {
  indexURL: new URL("./pyodide/", SITE).href,
  stdout: forward("stdout", console.log),
  stderr: forward("stderr", console.warn),
};

/* ---- the files Pyodide fetches, compressed on the wire ---- */

const packedURLs = new Set(PACKED.map((f) => new URL(f, SITE).href));
const TYPES = { wasm: "application/wasm", zip: "application/zip" };

/** The response for a packed file, downloaded and decoded by unpack-worker.js; null if the
 * worker could not (the caller fetches the plain file then). */
function unpacked(url) {
  return new Promise((resolve) => {
    let worker;
    try {
      worker = new Worker(new URL("./unpack-worker.js", SITE), { type: "module" });
    } catch (error) {  // a sandboxed frame's opaque origin may start no worker of the site's
      console.debug(`${url}: no unpack-worker.js: ${error?.message ?? error}`);
      return resolve(null);
    }
    const type = TYPES[url.split(".").pop()] ?? "application/octet-stream";
    const done = (response, problem) => {
      worker.terminate();
      if (problem) console.debug(`${url}: ${problem}`);
      resolve(response);
    };
    worker.onerror = (event) => done(null, `unpack-worker.js: ${event.message}`);
    worker.onmessage = ({ data }) => done(
      data.bytes ? new Response(data.bytes, { headers: { "content-type": type } }) : null,
      data.error);
    worker.postMessage({ url: `${url}.zst` });
  });
}

/** Pyodide fetches its WebAssembly and its library by name (its loader has no other way in):
 * those two fetches get the decoded .zst, and then fetch is itself again.  Both are
 * downloaded and decoded from the moment this module runs, not from when PyScript asks for
 * Pyodide: PyScript's own set-up (its scripts, its config, its storage) takes the main thread
 * for a few hundred milliseconds first, while the workers download and decode off it.
 * Where the service worker serves the page it has the plain files, and nothing is wrapped. */
function fetchingPacked() {
  if (typeof Worker !== "function") return;
  const plainFetch = globalThis.fetch;
  const waiting = new Map([...packedURLs].map((url) => [url, unpacked(url)]));
  globalThis.fetch = function fetch(resource, init) {
    const url = typeof resource === "string" || resource instanceof URL
      ? new URL(resource, location.href).href : null;
    const response = waiting.get(url);
    if (!response) return plainFetch.call(this, resource, init);
    waiting.delete(url);
    if (waiting.size === 0) globalThis.fetch = plainFetch;
    return response.then((unpacked) => unpacked ?? plainFetch.call(this, resource, init));
  };
}

/* ---- PyScript's package, written without compiling it ---- */

// Before the page's Python, PyScript writes its own package (pyscript/) by running Python
// that holds each file as a string literal, one line each (its src/stdlib.js): 33 KB for
// Python to compile on every start, from the snapshot too (about 50 ms here).  Those files
// are written here instead, from the same literals (JSON, as PyScript makes them, which
// Python reads alike), and the rest of that Python runs as it is: it makes the folders and
// imports the package.  Code of any other shape runs untouched.
const PACKAGE_START = "import os as _os\n";
const PACKAGE_PATH = /^_path = _Path\(("[^"\\]*")\)$/;
const PACKAGE_FILE = /^_path\.write_text\(("(?:[^"\\]|\\.)*"),encoding="utf-8"\)$/;

/** `code` without the lines that write PyScript's package, which are written here. */
function withPackageWritten(pyodide, code) {
  if (typeof code !== "string" || !code.startsWith(PACKAGE_START)) return code;
  const files = [];
  let path = null;
  const rest = code.split("\n").filter((line) => {
    const named = PACKAGE_PATH.exec(line);
    if (named) path = JSON.parse(named[1]);
    const file = PACKAGE_FILE.exec(line);
    if (file && path) files.push([path, JSON.parse(file[1])]);
    return !(file && path);
  });
  const { FS } = pyodide;
  for (const [relative, text] of files) {
    const absolute = `${FS.cwd()}/${relative.replace(/^\.\//, "")}`;
    FS.mkdirTree(absolute.slice(0, absolute.lastIndexOf("/")));
    FS.writeFile(absolute, text);
  }
  console.debug(`PyScript's package: ${files.length} files written by interpreter.mjs`);
  return rest.join("\n");
}

/** Pyodide whose runPython and runPythonAsync write PyScript's package as above. */
function writingPackageDirectly(pyodide) {
  for (const name of ["runPython", "runPythonAsync"]) {
    const run = pyodide[name];
    pyodide[name] = function (code, ...rest) {
      return run.call(this, withPackageWritten(pyodide, code), ...rest);
    };
  }
  return pyodide;
}

/* ---- the device's snapshot ---- */

function controlled() {
  try {
    return Boolean(navigator.serviceWorker?.controller);
  } catch {
    return false;  // storage denied: no service worker, no Cache Storage
  }
}

/** The bytes of the device's snapshot of this build (an error where it has none): as
 * index.html began to read them, before this module had come (on a device that has the site:
 * 30 MB from the site's cache, which Pyodide's start waited for), or read now. */
async function storedSnapshot() {
  const early = globalThis.chaodipiSnapshot;
  delete globalThis.chaodipiSnapshot;  // (its bytes are Pyodide's alone once it has them)
  if (early?.key === SNAPSHOT_KEY) return early.bytes;
  const response = await globalThis.caches?.match(SNAPSHOT_KEY);
  if (!response) throw new Error("no snapshot of this build yet");
  return response.arrayBuffer();
}

/** Pyodide restored from the device's snapshot, or null (none yet, or it failed).  Its
 * 30 MB are read from Cache Storage while Pyodide runs its script and fetches its
 * WebAssembly: it awaits them only then. */
async function fromSnapshot() {
  try {
    const bytes = storedSnapshot();
    bytes.catch(() => {});  // not unhandled: startPyodide awaits it (boot.js reports those)
    const pyodide = await startPyodide({ ...options, _loadSnapshot: bytes });
    pyodide.runPython(AFTER_RESTORE);
    root.dataset.pythonStart = "snapshot";
    return writingPackageDirectly(pyodide);
  } catch (error) {
    // None, corrupt, or from another Pyodide: started fresh, and replaced below.
    console.debug(`Python starts without the device's snapshot: ${error?.message ?? error}`);
    return null;
  }
}

/** The game's pack (preloaded by index.html on a first visit). */
async function gamePack() {
  const response = await fetch(GAME_PACK);
  if (!response.ok) throw new Error(`${GAME_PACK}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

/** Pyodide started fresh, with the game's pack in its file system for the page's Python
 * (downloaded while Pyodide starts, not after it as PyScript's [files] would). */
async function fresh(pack = gamePack()) {
  const pyodide = await startPyodide(options);
  pyodide.FS.writeFile("python.pack", await pack);
  pyodide.runPython(PYSCRIPT_LATER);
  root.dataset.pythonStart = "fresh";
  return writingPackageDirectly(pyodide);
}

/** Once the page is ready, idle, and served by the service worker (whose cache then holds
 * every file the worker's Pyodide loads): the device's snapshot, made in snapshot-worker.js. */
function makeSnapshotLater() {
  const whenReady = new Promise((resolve) => {
    if (root.dataset.ready === "1") return resolve();
    new MutationObserver((_, observer) => {
      if (root.dataset.ready !== "1") return;
      observer.disconnect();
      resolve();
    }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  });
  const whenControlled = new Promise((resolve) => {
    if (controlled()) return resolve();
    try {
      navigator.serviceWorker?.addEventListener("controllerchange", resolve, { once: true });
    } catch {
      // storage denied: never (no service worker, no Cache Storage)
    }
  });
  const idle = () => new Promise((resolve) => {
    const later = () => (globalThis.requestIdleCallback ?? setTimeout)(resolve);
    setTimeout(later, SNAPSHOT_AFTER_MS);
  });
  Promise.all([whenReady, whenControlled]).then(idle).then(() => {
    if (globalThis.chaodipiNoSnapshot === true) {
      console.debug("The device's snapshot is not made: chaodipiNoSnapshot (a test's)");
    } else {
      makeSnapshot();
    }
  });
}

function makeSnapshot() {
  let worker = null;
  const done = (error) => {
    worker?.terminate();
    root.dataset.snapshot = error ? "failed" : "made";
    if (error) console.debug(`The device's snapshot was not made: ${error}`);
  };
  try {
    worker = new Worker(new URL("./snapshot-worker.js", SITE), { type: "module" });
  } catch (error) {
    return done(error?.message ?? String(error));
  }
  worker.onmessage = ({ data }) => {
    if (data.error) return done(data.error);
    keep(data.snapshot).then(() => done(null), (error) => done(error?.message ?? String(error)));
  };
  worker.onerror = (event) => done(event.message || "snapshot-worker.js failed");
  worker.postMessage({});
}

/** The snapshot kept by the service worker, in the site's cache, under this build's name in
 * place of any other's (so it goes with the version of the site it was made for; and WebKit
 * keeps only what a service worker puts in Cache Storage); checked by reading it back. */
async function keep(snapshot) {
  const size = snapshot.byteLength;
  const answer = new MessageChannel();
  const kept = new Promise((resolve, reject) => {
    answer.port1.onmessage = ({ data }) => (data.error ? reject(new Error(data.error)) : resolve());
  });
  navigator.serviceWorker.controller.postMessage({ snapshot, key: SNAPSHOT_KEY },
                                                 [snapshot.buffer, answer.port2]);
  await kept;
  const stored = await caches.match(SNAPSHOT_KEY);
  if (!stored || (await stored.arrayBuffer()).byteLength !== size) {
    throw new Error("the service worker did not keep the snapshot");
  }
}

// From the snapshot at once; fresh only when PyScript asks, once it has set itself up (a fresh
// start holds the main thread, which PyScript's own start would wait for), its files
// downloading meanwhile.
const onDevice = controlled();
if (!onDevice) fetchingPacked();
const restoring = onDevice ? fromSnapshot() : Promise.resolve(null);
const freshPack = onDevice ? undefined : gamePack();
freshPack?.catch(() => {});  // reported when the fresh start awaits it
let started = null;
restoring.then((pyodide) => {
  if (!pyodide) makeSnapshotLater();
});

/** PyScript's call: the Pyodide restored above, or one started now. */
export function loadPyodide({ stdout, stderr, indexURL, ...others } = {}) {
  const unknown = Object.keys(others);
  if (unknown.length > 0) {
    throw new Error(`interpreter.mjs starts Pyodide without ${unknown.join(", ")}, which PyScript asks for`);
  }
  void indexURL;  // PyScript's guess (this module's folder): Pyodide's files are in ./pyodide/
  Object.assign(output, { stdout, stderr });
  started ??= restoring.then((pyodide) => pyodide ?? fresh(freshPack));
  return started;
}
