// Compress a file with Zstandard as the page's own Python will unpack it (Python 3.14's
// compression.zstd, under the page's Pyodide in Node.js: no other tool needed).  Used by
// scripts/build_site.py for python.pack.
//
//   node scripts/zstd_pack.mjs IN OUT
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

const [input, output] = process.argv.slice(2);
if (!output) {
  console.error("usage: node scripts/zstd_pack.mjs IN OUT");
  process.exit(2);
}
const pyodide = await loadPyodide();
pyodide.FS.writeFile("/tmp/in", readFileSync(input));
pyodide.runPython(`
from compression import zstd
with open("/tmp/in", "rb") as source, open("/tmp/out", "wb") as packed:
    packed.write(zstd.compress(source.read(), level=19))  # slow to pack, as fast to unpack
`);
writeFileSync(output, pyodide.FS.readFile("/tmp/out"));
