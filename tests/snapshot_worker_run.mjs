// Runs snapshot-worker.js in Node.js against a simulated network, for test_snapshot_worker.py.
//
//   node tests/snapshot_worker_run.mjs < CASE.json
//
// CASE: {status, body (base64: what the server sends), latency (ms to the first byte),
// chunk (bytes), every (ms between chunks; null: none after the first), deadline,
// forecastAfter}.  Prints the worker's answer as JSON: {bytes (base64)} or {slow, error},
// with `at` (ms from the question to the answer) and `sent` (bytes the "server" sent).
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";

const CASE = JSON.parse(readFileSync(0, "utf8"));
const body = Buffer.from(CASE.body, "base64");
let sent = 0;

function network(url, { signal }) {
  return new Promise((resolve, reject) => {
    signal.addEventListener("abort", () => reject(signal.reason));
    setTimeout(() => {
      let timer = null;
      const stream = new ReadableStream({
        start(controller) {  // as fetch does: an abort errors the body being read
          signal.addEventListener("abort", () => { clearTimeout(timer); controller.error(signal.reason); });
        },
        pull(controller) {
          if (sent >= body.length) return controller.close();
          const give = () => {
            const chunk = body.subarray(sent, sent + CASE.chunk);
            sent += chunk.length;
            controller.enqueue(new Uint8Array(chunk));
          };
          if (sent === 0) return give();
          if (CASE.every === null) return new Promise(() => {});  // stalls
          return new Promise((done) => { timer = setTimeout(() => { give(); done(); }, CASE.every); });
        },
        cancel() { clearTimeout(timer); },
      });
      resolve(new Response(stream, { status: CASE.status,
                                     headers: { "content-length": String(body.length) } }));
    }, CASE.latency);
  });
}

const self = {};
const asked = performance.now();
const answer = new Promise((resolve) => { self.postMessage = resolve; });
runInNewContext(readFileSync(new URL("../snapshot-worker.js", import.meta.url), "utf8"), {
  self, fetch: network, performance, setTimeout, clearTimeout, AbortController, Blob, Response,
  DecompressionStream, URL, Uint8Array, Number, Math, Error, String,
});
self.onmessage({ data: { url: "http://site.test/pyodide/python.snapshot", deadline: CASE.deadline,
                         forecastAfter: CASE.forecastAfter } });
const { bytes, ...rest } = await answer;
const at = Math.round(performance.now() - asked);
const out = JSON.stringify({ ...rest, at, sent,
                             ...(bytes ? { bytes: Buffer.from(bytes).toString("base64") } : {}) });
process.stdout.write(out + "\n", () => process.exit(0));  // (a stalled stream keeps Node up)
