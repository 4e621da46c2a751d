/* Downloads Python's snapshot for interpreter.mjs where the device does not have it yet (a
 * first visit), off the page's main thread: the page is laying out its table and setting up
 * PyScript meanwhile, and a main thread busy with that would make a fast download look slow.
 *
 * Asked with {url, deadline, forecastAfter}, it answers {bytes} (the snapshot, inflated: the
 * site serves it gzip-compressed) if it has all arrived within `deadline` ms of asking, or
 * {slow: true} once it cannot have, or {error}.  It cannot have when the deadline has passed,
 * or when, after `forecastAfter` ms (time for the connection to speed up), the rest would
 * take longer than that at the pace it has come at since its first byte; the download is
 * then abandoned, so that it takes no more of a slow network from what the page still has to
 * load.  The reasons are in interpreter.mjs.
 */
"use strict";

class SlowNetwork extends Error {}

async function download(url, deadline, forecastAfter) {
  const asked = performance.now();
  const abort = new AbortController();
  const late = () => new SlowNetwork(`not all of it within ${deadline} ms`);
  const timer = setTimeout(() => abort.abort(late()), deadline);
  try {
    const response = await fetch(url, { signal: abort.signal });
    if (!response.ok) throw new Error(`${new URL(url).pathname}: HTTP ${response.status}`);
    const size = Number(response.headers.get("content-length")) || 0;
    const reader = response.body.getReader();
    const chunks = [];
    let received = 0;
    let firstByte = null;  // the request's latency: paid once, not by every byte after
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks.push(read.value);
      received += read.value.byteLength;
      const elapsed = performance.now() - asked;
      firstByte ??= elapsed;
      const pace = received / Math.max(elapsed - firstByte, 1);  // bytes a millisecond
      if (elapsed >= forecastAfter && received < size && elapsed + (size - received) / pace > deadline) {
        abort.abort(late());  // the rest is not downloaded
        throw abort.signal.reason;
      }
    }
    return new Blob(chunks);
  } catch (error) {
    throw abort.signal.aborted ? abort.signal.reason : error;
  } finally {
    clearTimeout(timer);
  }
}

// As interpreter.mjs inflates the service worker's copy, where that is still gzip (a module
// cannot share a classic worker's script, nor a classic worker import a module everywhere).
async function inflate(blob) {
  const head = new Uint8Array(await blob.slice(0, 2).arrayBuffer());
  if (head[0] !== 0x1f || head[1] !== 0x8b) return new Uint8Array(await blob.arrayBuffer());
  const inflated = blob.stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(inflated).arrayBuffer());
}

self.onmessage = async ({ data: { url, deadline, forecastAfter } }) => {
  try {
    const bytes = await inflate(await download(url, deadline, forecastAfter));
    self.postMessage({ bytes }, [bytes.buffer]);
  } catch (error) {
    self.postMessage({ slow: error instanceof SlowNetwork, error: String(error?.message ?? error) });
  }
};
