/* Boot the page before Python runs: progress stages, storage check, PyScript, service worker.
 *
 * Loaded with `defer` from <head>, so it runs as soon as the page is parsed.
 *
 * 1. Shows the boot stage (#boot-stage) from the `py:progress` events PyScript dispatches.
 * 2. Stands in for IndexedDB where the browser refuses it.  PyScript opens an IndexedDB
 *    database while it starts and fails to boot where the browser denies storage (a
 *    cross-site <iframe> with third-party storage blocked, some private modes).  Where
 *    reading localStorage throws, or an IndexedDB open fails, an in-memory IndexedDB takes
 *    over, in this window and in every worker started from it afterwards, and
 *    <html data-idb="memory"> is set.  Nothing waits for a probe: boot is not delayed.
 * 3. Imports PyScript (which then runs the <script type="py">), and shows any boot failure in
 *    #notice and as <html data-boot-error="...">.
 * 4. Once Python has set <html data-ready="1">, registers the service worker (sw.js).
 *
 * A classic script with no imports, so that a worker can load it first (module workers with
 * `import`, classic ones with importScripts): in a worker it only installs the stand-in.
 */
(() => {
  "use strict";
  const g = globalThis;

  /* ---- an in-memory IndexedDB: enough of the API for PyScript's key/value cache ---- */

  function memoryIndexedDB() {
    const databases = new Map(); // name -> {version, stores: Map(name -> Map(key -> value))}
    const later = (fn) => setTimeout(fn, 0);
    const domError = (name, message) => new DOMException(message, name);
    const compare = (a, b) => {
      const rank = (k) => (typeof k === "number" ? 0 : k instanceof Date ? 1 : typeof k === "string" ? 2 : 3);
      const ra = rank(a), rb = rank(b);
      if (ra !== rb) return ra < rb ? -1 : 1;
      const va = ra === 1 ? +a : ra === 3 ? JSON.stringify(a) : a;
      const vb = rb === 1 ? +b : rb === 3 ? JSON.stringify(b) : b;
      return va < vb ? -1 : va > vb ? 1 : 0;
    };
    const keyId = (key) => JSON.stringify([typeof key, key instanceof Date ? +key : key]);

    class Target extends EventTarget {
      fire(type, error) {
        const event = new Event(type, { cancelable: type === "error" });
        if (error) this.error = error;
        this.dispatchEvent(event);
        const handler = this[`on${type}`];
        if (typeof handler === "function") handler.call(this, event);
      }
    }

    class Request extends Target {
      constructor(source, transaction) {
        super();
        Object.assign(this, { source, transaction, result: undefined, error: null, readyState: "pending" });
        this.onsuccess = this.onerror = null;
      }
      settle(work) {
        try {
          this.result = work();
          this.readyState = "done";
          this.fire("success");
        } catch (error) {
          this.readyState = "done";
          this.fire("error", error);
        }
      }
    }

    class Store {
      constructor(name, rows, transaction) {
        Object.assign(this, { name, transaction, keyPath: null, autoIncrement: false, indexNames: [] });
        this.rows = rows; // Map(keyId -> [key, value])
      }
      request(work, write = false) {
        if (write && this.transaction.mode === "readonly") {
          throw domError("ReadOnlyError", "The transaction is read-only.");
        }
        return this.transaction.run(this, work);
      }
      sorted() {
        return [...this.rows.values()].sort((a, b) => compare(a[0], b[0]));
      }
      get(key) { return this.request(() => structuredClone(this.rows.get(keyId(key))?.[1])); }
      getKey(key) { return this.request(() => this.rows.get(keyId(key))?.[0]); }
      getAll() { return this.request(() => this.sorted().map(([, v]) => structuredClone(v))); }
      getAllKeys() { return this.request(() => this.sorted().map(([k]) => k)); }
      count() { return this.request(() => this.rows.size); }
      put(value, key) {
        return this.request(() => (this.rows.set(keyId(key), [key, structuredClone(value)]), key), true);
      }
      add(value, key) {
        return this.request(() => {
          if (this.rows.has(keyId(key))) throw domError("ConstraintError", "Key already exists.");
          this.rows.set(keyId(key), [key, structuredClone(value)]);
          return key;
        }, true);
      }
      delete(key) { return this.request(() => void this.rows.delete(keyId(key)), true); }
      clear() { return this.request(() => void this.rows.clear(), true); }
    }

    class Transaction extends Target {
      constructor(db, names, mode) {
        super();
        Object.assign(this, { db, mode, objectStoreNames: names, error: null, pending: 0, done: false });
        this.oncomplete = this.onerror = this.onabort = null;
        later(() => this.finish());
      }
      objectStore(name) {
        const rows = this.db.data.stores.get(name);
        if (!rows || (this.mode !== "versionchange" && !this.objectStoreNames.includes(name))) {
          throw domError("NotFoundError", `No object store named ${name}.`);
        }
        return new Store(name, rows, this);
      }
      run(source, work) {
        const request = new Request(source, this);
        this.pending++;
        later(() => {
          request.settle(work);
          this.pending--;
          this.finish();
        });
        return request;
      }
      finish() {
        if (this.pending || this.done) return;
        this.done = true;
        later(() => this.fire("complete"));
      }
      commit() {}
      abort() {}
    }

    class Database extends Target {
      constructor(name, data) {
        super();
        Object.assign(this, { name, data, version: data.version });
        this.onclose = this.onerror = this.onabort = this.onversionchange = null;
      }
      get objectStoreNames() {
        const names = [...this.data.stores.keys()].sort();
        return Object.assign(names, { contains: (n) => names.includes(n), item: (i) => names[i] ?? null });
      }
      createObjectStore(name) {
        if (this.data.stores.has(name)) throw domError("ConstraintError", `Store ${name} exists.`);
        this.data.stores.set(name, new Map());
        return new Store(name, this.data.stores.get(name), this.upgrade);
      }
      deleteObjectStore(name) { this.data.stores.delete(name); }
      transaction(names, mode = "readonly") {
        return new Transaction(this, [].concat(names), mode);
      }
      close() {}
    }

    return {
      open(name, version) {
        const request = new Request(null, null);
        request.onupgradeneeded = request.onblocked = null;
        later(() => {
          let data = databases.get(name);
          const wanted = version ?? data?.version ?? 1;
          if (data && wanted < data.version) {
            request.readyState = "done";
            request.fire("error", domError("VersionError", "Requested version is lower."));
            return;
          }
          if (!data) databases.set(name, (data = { version: 0, stores: new Map() }));
          const db = new Database(name, data);
          request.result = db;
          if (wanted > data.version) {
            data.version = db.version = wanted;
            const upgrade = (db.upgrade = new Transaction(db, [...data.stores.keys()], "versionchange"));
            request.transaction = upgrade;
            request.readyState = "done";
            request.fire("upgradeneeded");
            upgrade.objectStoreNames = [...data.stores.keys()];
            upgrade.addEventListener("complete", () => {
              request.transaction = db.upgrade = null;
              request.fire("success");
            });
          } else {
            request.readyState = "done";
            request.fire("success");
          }
        });
        return request;
      },
      deleteDatabase(name) {
        const request = new Request(null, null);
        later(() => request.settle(() => void databases.delete(name)));
        return request;
      },
      databases: async () => [...databases].map(([name, { version }]) => ({ name, version })),
      cmp: compare,
    };
  }

  // In a worker (started where storage is denied, see Worker below): stand in, and done.
  if (typeof document === "undefined") {
    Object.defineProperty(g, "indexedDB", { value: memoryIndexedDB(), configurable: true, writable: true });
    return;
  }

  const root = document.documentElement;
  const selfURL = document.currentScript.src;

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
    denied = true;
    root.dataset.idb = "memory";
    return (memory ??= memoryIndexedDB());
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
        const shim = JSON.stringify(selfURL);
        const target = JSON.stringify(new URL(url, document.baseURI).href);
        const code = options.type === "module"
          ? `import ${shim};\nimport ${target};\n`
          : `importScripts(${shim}, ${target});\n`;
        super(URL.createObjectURL(new Blob([code], { type: "text/javascript" })), options);
      }
    };
  }

  /* ---- 3. PyScript ---- */

  import("./pyscript/core.js").catch(fail);

  /* ---- 4. once Python says the game is up ---- */

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
