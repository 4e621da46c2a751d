// Latency of bot decisions under Pyodide (Node.js): loads engine/ into Pyodide's file system
// and runs tools.bots_bench there; with `saves` first, tools.save_bench (resuming long matches).
//
//   node bench/pyodide_bench.mjs [--rounds 3] [--tiers easy,normal,hard] [--budget-ms 250]
//   node bench/pyodide_bench.mjs saves [--rounds 30]
//   node bench/pyodide_bench.mjs sim --before-dir DIR [--seeds 5,9,13] [--positions 40]
//     (tools.sim_bench: hard's simulator now against DIR/engine, an earlier engine package,
//      e.g. from `mkdir DIR && git archive REV engine | tar -x -C DIR`)
//
// Pyodide comes from the npm package `pyodide`: $PYODIDE_DIR, else ../web/node_modules/pyodide
// (the page's vendored runtime), else ./node_modules/pyodide (npm install pyodide in a scratch
// directory and point PYODIDE_DIR at it).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, "..");
const candidates = [
  process.env.PYODIDE_DIR,
  resolve(root, "../web/node_modules/pyodide"),
  resolve(root, "node_modules/pyodide"),
].filter(Boolean);
const dir = candidates.find((d) => existsSync(join(d, "pyodide.mjs")));
if (!dir) {
  console.error("pyodide not found; set PYODIDE_DIR to an installed npm `pyodide` package");
  process.exit(2);
}
const { loadPyodide } = await import(pathToFileURL(join(dir, "pyodide.mjs")).href);
const version = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).version;
const py = await loadPyodide({ indexURL: dir + "/" });

function copyTree(src, dst) {
  py.FS.mkdirTree(dst);
  for (const name of readdirSync(src, { withFileTypes: true })) {
    if (name.isDirectory()) {
      if (name.name !== "__pycache__") copyTree(join(src, name.name), dst + "/" + name.name);
    } else if (name.name.endsWith(".py")) {
      py.FS.writeFile(dst + "/" + name.name, readFileSync(join(src, name.name)));
    }
  }
}
copyTree(join(root, "engine"), "/home/pyodide/engine");
copyTree(join(root, "tools"), "/home/pyodide/tools");

let args = process.argv.slice(2);
const tools = { saves: "save_bench", sim: "sim_bench" };
const tool = tools[args[0]] ?? "bots_bench";
if (tool !== "bots_bench") args = args.slice(1);
const at = args.indexOf("--before-dir");
if (tool === "sim_bench" && at >= 0 && args[at + 1]) {
  // the earlier engine goes into Pyodide's file system too, and the tool is told where
  const before = resolve(args[at + 1], "engine");
  if (!existsSync(join(before, "__init__.py"))) {
    console.error(`no engine package at ${before}`);
    process.exit(2);
  }
  copyTree(before, "/home/pyodide/before/engine");
  args[at + 1] = "/home/pyodide/before";
}
console.log(`pyodide ${version} (node ${process.version})`);
py.globals.set("bench_args", py.toPy(args));
await py.runPythonAsync(`
import sys
sys.path.insert(0, "/home/pyodide")
from tools.${tool} import main
main(list(bench_args))
`);
