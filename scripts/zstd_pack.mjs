// Compress files with Zstandard, as the page will decode them: python.pack by Python 3.14's
// compression.zstd, the .zst files (scripts/build_site.py: PACKED) by zstd.js, in the page's
// unpack-worker.js and its service worker.  Compressed under the page's Pyodide in Node.js (its
// compression.zstd): no other tool needed.  Used by scripts/build_site.py.
//
//   node scripts/zstd_pack.mjs IN OUT [IN OUT ...]
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

const pairs = process.argv.slice(2);
if (pairs.length === 0 || pairs.length % 2) {
  console.error("usage: node scripts/zstd_pack.mjs IN OUT [IN OUT ...]");
  process.exit(2);
}
const pyodide = await loadPyodide();
for (let i = 0; i < pairs.length; i += 2) {
  pyodide.FS.writeFile("/tmp/in", readFileSync(pairs[i]));
  pyodide.runPython(`
from compression import zstd
with open("/tmp/in", "rb") as source, open("/tmp/out", "wb") as packed:
    packed.write(zstd.compress(source.read(), level=19))  # slow to pack, as fast to unpack
`);
  writeFileSync(pairs[i + 1], pyodide.FS.readFile("/tmp/out"));
}
