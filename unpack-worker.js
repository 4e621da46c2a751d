/* Downloads one of the site's Zstandard-compressed files (FILE.zst: scripts/build_site.py,
 * PACKED) and decodes it as it arrives, off the page's main thread, for interpreter.mjs.
 *
 * Asked with {url, decoder} (of the .zst, and of zstd.js: a worker that boot.js starts from a
 * blob where storage is denied cannot name it relative to itself), it answers {ok: true} once the server has answered, then
 * {chunk} (a Uint8Array of the decoded file, transferred) as many times as it takes, then
 * {done: true}; or {error} at any point.  The page streams the chunks into Pyodide (its
 * WebAssembly compiles while it downloads), or falls back to the uncompressed file on an
 * error before the first chunk.
 *
 * zstd.js is fzstd (npm, MIT), a Zstandard decoder in JavaScript: browsers decode gzip and
 * Brotli for HTTP only, and a static host compresses with gzip at best.
 */
"use strict";

onmessage = async ({ data: { url, decoder } }) => {
  try {
    importScripts(decoder);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${new URL(url).pathname}: HTTP ${response.status}`);
    postMessage({ ok: true });
    // fzstd hands out views of its own buffers: each is copied before it is transferred.
    const zstd = new self.fzstd.Decompress((chunk) => {
      const copy = chunk.slice();
      postMessage({ chunk: copy }, [copy.buffer]);
    });
    const reader = response.body.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      zstd.push(read.value);
    }
    zstd.push(new Uint8Array(0), true);
    postMessage({ done: true });
  } catch (error) {
    postMessage({ error: String(error?.message ?? error) });
  }
};
