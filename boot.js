/* Boot the page before Python runs: progress stages, storage check, PyScript, service worker.
 *
 * Loaded with `defer` from <head>, so it runs as soon as the page is parsed.
 *
 * 1. Shows the boot stage (#boot-stage) from the `py:progress` events PyScript dispatches.
 * 2. Stands in for IndexedDB where the browser refuses it.  PyScript opens an IndexedDB
 *    database while it starts and fails to boot where the browser denies storage (a
 *    cross-site <iframe> with third-party storage blocked, some private modes).  Where
 *    reading localStorage throws, or an IndexedDB open fails, an in-memory IndexedDB
 *    (idb-memory.js, loaded before this script) takes over, in this window and in every
 *    worker started from it afterwards, and <html data-idb="memory"> is set.  Nothing waits
 *    for a probe: boot is not delayed.
 * 3. Imports PyScript (which then runs the <script type="py">), and shows any boot failure in
 *    #notice and as <html data-boot-error="...">.
 * 4. Once Python has set <html data-ready="1">, registers the service worker (sw.js).
 */
(() => {
  "use strict";
  const g = globalThis;

  const root = document.documentElement;
  // The in-memory IndexedDB (idb-memory.js, run just before this script), and its URL for
  // the workers that need it.
  const makeMemoryIndexedDB = g.chaodipiMemoryIndexedDB;
  // The site's own URLs, absolute: in a frame sandboxed without allow-same-origin the page's
  // origin is opaque, and import() from this classic script would resolve against nothing.
  const here = document.currentScript.src;
  const standInURL = new URL("./idb-memory.js", here).href;

  /* ---- 1. boot stages ---- */

  const stageEl = document.getElementById("boot-stage");
  const progressEl = document.getElementById("boot-progress");
  const STAGES = [
    ["runtime", 1, "正在加载运行环境 Loading runtime…"],
    ["python", 2, "正在启动 Python Starting Python…"],
    ["game", 3, "正在加载游戏 Loading game…"],
  ];
  function stage(name) {
    const [, value, text] = STAGES.find(([n]) => n === name);
    if (root.dataset.ready === "1" || root.dataset.bootError) return;
    root.dataset.boot = name;
    if (stageEl) stageEl.textContent = text;
    if (progressEl) progressEl.value = value;
  }
  stage("runtime");
  addEventListener("py:progress", ({ detail }) => {
    if (/^Loading interpreter/.test(detail)) stage("python");
    else if (/^(Loaded interpreter|Loading files|Loaded Pyodide)/.test(detail)) stage("game");
  });

  let failureNotice = null;
  let failureText = "";
  function fail(error) {
    if (root.dataset.ready === "1") return;
    const message = error instanceof Event
      ? `${error.type} event: ${error.target?.error?.message ?? error.target?.constructor?.name}`
      : String(error?.message ?? error);
    root.dataset.bootError = message;
    if (stageEl) stageEl.textContent = "无法启动 Could not start the game.";
    failureNotice = document.getElementById("notice");
    if (failureNotice) {
      failureText = `无法启动游戏 The game could not start: ${message}`;
      failureNotice.textContent = failureText;
      failureNotice.hidden = false;
    }
  }
  addEventListener("error", (event) => fail(event.error || event.message));
  addEventListener("unhandledrejection", (event) => fail(event.reason));

  /* ---- 2. storage: stand in for IndexedDB where the browser refuses it ---- */

  // Known denied: reading localStorage throws (Chromium, in a cross-site frame with
  // third-party storage blocked), or an IndexedDB open failed.
  let denied = false;
  try {
    void g.localStorage;
  } catch {
    denied = true;
  }
  let memory = null;
  function standIn() {
    if (typeof makeMemoryIndexedDB !== "function") {
      throw new Error("idb-memory.js did not load: no stand-in for the storage this browser refuses");
    }
    denied = true;
    root.dataset.idb = "memory";
    return (memory ??= makeMemoryIndexedDB());
  }

  // indexedDB.open: the real one, and if that fails (at once or with an error event, as
  // Chromium's does there), the in-memory one, seen through the same request object.
  const factory = (() => {
    try {
      return g.indexedDB ?? null;
    } catch {
      return null;
    }
  })();
  if (!factory || denied) {
    Object.defineProperty(g, "indexedDB", { value: standIn(), configurable: true, writable: true });
  } else {
    const realOpen = factory.open.bind(factory);
    factory.open = function open(name, version) {
      if (denied) return standIn().open(name, version);
      let request;
      try {
        request = realOpen(name, version);
      } catch {
        return standIn().open(name, version);
      }
      // Registered before the caller's on* handlers, so it runs first and can stop them.
      request.addEventListener("error", (event) => {
        event.stopImmediatePropagation();
        event.preventDefault();
        const stand = standIn().open(name, version);
        for (const type of ["upgradeneeded", "success", "error", "blocked"]) {
          stand.addEventListener(type, () => {
            const handler = request[`on${type}`];
            if (typeof handler === "function") handler.call(request, { type, target: stand });
          });
        }
      });
      return request;
    };
  }

  // Workers started from here where storage is denied get the stand-in first.
  if (g.Worker) {
    const Native = g.Worker;
    g.Worker = class Worker extends Native {
      constructor(url, options = {}) {
        if (!denied) {
          super(url, options);
          return;
        }
        const shim = JSON.stringify(standInURL);
        const target = JSON.stringify(new URL(url, document.baseURI).href);
        const code = options.type === "module"
          ? `import ${shim};\nimport ${target};\n`
          : `importScripts(${shim}, ${target});\n`;
        super(URL.createObjectURL(new Blob([code], { type: "text/javascript" })), options);
      }
    };
  }

  /* ---- 3. the embed's look-alike ---- */

  // A blog's embed (?embed=1) is the table's look-alike until the reader asks for the game
  // (index.html's head has not started the runtime): it says what the link holds (a replay, a
  // deal, or the game) from the address alone, and one control starts the game in place.
  function facade(start) {
    const panel = document.getElementById("facade");
    const button = panel?.querySelector("button");
    if (!panel || !button) return start();
    describeLink(panel);
    panel.hidden = false;
    button.addEventListener("click", () => {
      panel.hidden = true;
      delete root.dataset.facade;
      g.chaodipiStartRuntime?.();
      start();  // (the start's progress is said by #boot, a live region)
    }, { once: true });
  }

  // The compass names of the seats, as the table's skeleton shows them (a shared replay's
  // "you" is whoever shared it).
  const SEATS = [["南", "South"], ["东", "East"], ["北", "North"], ["西", "West"]];

  // What a #replay= or #deal= link holds, read from the address alone (engine/record.py's code:
  // c1.<seed>.<start>.<rules>.<seats>.<date>.<moves>, the start "<round>-<dealer>-<a>-<b>"
  // for a round of a match; ui/logic/share.py adds "&points=<n>", the attackers' points, to a
  // round's replay).  Untrusted: only digits it matches are shown, as text.  The game checks
  // the whole link once it has loaded.
  function describeLink(panel) {
    const found = /^#(replay|deal)=c1\.[A-Za-z0-9]*\.([0-9x-]*)\./.exec(location.hash);
    if (!found) return;
    const [, kind, start] = found;
    const parts = [kind === "replay" ? ["回放", "Replay"] : ["一副牌", "A deal"]];
    const round = /^(\d{1,5})-([0-3x])-\d{1,2}-\d{1,2}$/.exec(start);
    if (round) {
      const number = Number(round[1]) + 1;
      parts.push([`第 ${number} 局`, `round ${number}`]);
      if (round[2] !== "x") {
        const [zh, en] = SEATS[Number(round[2])];
        parts.push([`庄家 ${zh}`, `${en} declares`]);
      }
    }
    const points = kind === "replay" && /&points=(\d{1,3})(?:&|$)/.exec(location.hash);
    if (points) parts.push([`闲家 ${Number(points[1])} 分`, `attackers ${Number(points[1])}`]);
    panel.querySelector(".facade-what").textContent =
      `${parts.map(([zh]) => zh).join(" · ")}\n${parts.map(([, en]) => en).join(" · ")}`;
    panel.querySelector(".facade-go").textContent =
      kind === "replay" ? "回放 Replay" : "打这一副 Play this deal";
  }

  /* ---- 4. PyScript ---- */

  function startPyScript() {
    import(new URL("./pyscript/core.js", here).href).catch(fail);
  }
  if (root.dataset.facade) facade(startPyScript);
  else startPyScript();

  /* ---- 5. once Python says the game is up ---- */

  // The service worker only now, so that caching the site never slows the first boot.
  function registerServiceWorker() {
    try {
      navigator.serviceWorker?.register("./sw.js", { scope: "./" }).catch(() => {});
    } catch {
      // storage denied (cross-site frame): no offline copy, the game still runs
    }
  }
  new MutationObserver((_, observer) => {
    if (root.dataset.ready !== "1") return;
    observer.disconnect();
    if (root.dataset.bootError) {
      // an error on the way was not fatal after all
      delete root.dataset.bootError;
      if (failureNotice && failureNotice.textContent === failureText) failureNotice.hidden = true;
    }
    registerServiceWorker();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
})();
