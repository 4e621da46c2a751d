// The Python sources of PyScript's own package exactly as PyScript writes them at start: its
// bundle (dist/core-*.js) carries them as a JS object literal, minified (node_modules' src/
// holds the unminified ones, which differ).  Used by scripts/bytecode.py.
//
//   node scripts/pyscript_sources.mjs   -> {"__init__.py": "...", "context.py": "...", ...}
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const dist = join(root, "node_modules", "@pyscript", "core", "dist");
const START = '{pyscript:{"__init__.py":';

// The end of the object literal that starts at `start`: braces counted outside strings.
function literalEnd(text, start) {
  let depth = 0;
  let quote = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  throw new Error("PyScript's package literal does not end");
}

const found = [];
for (const name of readdirSync(dist).filter((n) => n.endsWith(".js"))) {
  const text = readFileSync(join(dist, name), "utf8");
  const start = text.indexOf(START);
  if (start >= 0) found.push(text.slice(start, literalEnd(text, start)));
}
if (found.length !== 1) {
  console.error(`PyScript's Python package found ${found.length} times in ${dist}, not once`);
  process.exit(1);
}
// A literal of strings and nested objects: evaluating it reads the strings as JS would.
const tree = Function(`"use strict"; return (${found[0]});`)();
const files = {};
for (const [file, source] of Object.entries(tree.pyscript)) {
  if (typeof source === "string") files[file] = source;  // sub-packages (objects) are skipped
}
process.stdout.write(JSON.stringify(files));
