/* Makes the device's snapshot of Python for interpreter.mjs, in a worker: the page goes on
 * meanwhile.
 *
 * Asked to, it starts Pyodide as the page does, runs snapshot.py (written by
 * scripts/build_site.py: the page's own Python up to its first game import, which unpacks
 * python.pack and installs its importer, then the game's modules that hold no JavaScript
 * object), takes Pyodide's memory (`makeMemorySnapshot`, 30 MiB) and answers {snapshot}
 * (transferred), or {error}.  The page keeps it (interpreter.mjs): WebKit does not keep what a
 * worker puts in Cache Storage.
 *
 * It runs once the service worker serves the page, so every file it loads is on the device
 * already: its fetches are answered from the site's caches first (a worker's own requests
 * need not pass through the service worker), and nothing is downloaded again.
 */
const SITE = new URL("./", import.meta.url);

const plainFetch = globalThis.fetch;
globalThis.fetch = async function fetch(resource, init) {
  const request = new Request(resource, init);
  return (await caches.match(request, { ignoreSearch: true })) ?? plainFetch(request);
};

async function text(path) {
  const response = await fetch(new URL(path, SITE));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response;
}

async function make() {
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL: new URL("./pyodide/", SITE).href,
                                      _makeSnapshot: true });
  const pack = new Uint8Array(await (await text("./python.pack")).arrayBuffer());
  pyodide.FS.writeFile("python.pack", pack);
  pyodide.runPython(await (await text("./snapshot.py")).text(), { filename: "snapshot.py" });
  pyodide.runPython("import gc; gc.collect(); del gc");
  return pyodide.makeMemorySnapshot();
}

onmessage = async () => {
  try {
    const snapshot = await make();
    postMessage({ snapshot }, [snapshot.buffer]);
  } catch (error) {
    postMessage({ error: String(error?.message ?? error) });
  }
};
