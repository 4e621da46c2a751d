// Run Python under Pyodide in Node.js with this repository's engine/ and tools/ (and ui/ if
// asked) in Pyodide's file system: the same interpreter the page uses, without a browser.
//
//   node scripts/run_in_pyodide.mjs -c "import engine; print('ok')"
//   node scripts/run_in_pyodide.mjs -m tools.log --seed 1 --rounds 2
//   node scripts/run_in_pyodide.mjs --ui --stdlib site/pyodide/python_stdlib.zip -c "..."
//
// --ui puts ui/ in the file system too; --stdlib ZIP starts Pyodide with that standard
// library instead of its own (the part of it the site ships: tests/test_stdlib.py).
// Standard input is passed to Python's sys.stdin; stdout/stderr go through unchanged.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { loadPyodide } = await import(join(root, "node_modules", "pyodide", "pyodide.mjs"));

function pythonFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "__pycache__" ? [] : pythonFiles(path);
    return name.endsWith(".py") ? [path] : [];
  });
}

const args = process.argv.slice(2);
const packages = ["engine", "tools"];
let stdLibURL;
for (let flag = args[0]; flag === "--ui" || flag === "--stdlib"; flag = args[0]) {
  args.shift();
  if (flag === "--ui") packages.push("ui");
  else stdLibURL = args.shift();
}
const pyodide = await loadPyodide({ stdout: (s) => process.stdout.write(s + "\n"),
                                    stderr: (s) => process.stderr.write(s + "\n"),
                                    stdLibURL });
const home = "/home/pyodide";
for (const file of packages.flatMap((name) => pythonFiles(join(root, name)))) {
  const target = join(home, relative(root, file));
  pyodide.FS.mkdirTree(dirname(target));
  pyodide.FS.writeFile(target, readFileSync(file));
}
let stdin = "";
if (!process.stdin.isTTY) {
  for await (const chunk of process.stdin) stdin += chunk;
}
pyodide.globals.set("_argv", pyodide.toPy(args));
pyodide.globals.set("_stdin", stdin);
const exitCode = await pyodide.runPythonAsync(`
import io, runpy, sys
sys.path.insert(0, "${home}")
sys.stdin = io.StringIO(_stdin)
code = 0
try:
    if _argv and _argv[0] == "-c":
        exec(compile(_argv[1], "<string>", "exec"), {"__name__": "__main__"})
    elif _argv and _argv[0] == "-m":
        sys.argv = _argv[1:]
        runpy.run_module(_argv[1], run_name="__main__", alter_sys=True)
    else:
        raise SystemExit("usage: run_in_pyodide.mjs (-c CODE | -m MODULE [ARGS...])")
except SystemExit as exit:
    if isinstance(exit.code, str):
        print(exit.code, file=sys.stderr)
    code = exit.code if isinstance(exit.code, int) else (0 if exit.code is None else 1)
sys.stdout.flush()
code
`);
process.exitCode = exitCode;
