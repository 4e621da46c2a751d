/* An in-memory IndexedDB: enough of the API for PyScript's key/value cache, for a browser that
 * refuses storage (a cross-site <iframe> with third-party storage blocked, some private modes),
 * where PyScript would otherwise fail to boot.  boot.js decides when it stands in.
 *
 * A classic script with no imports, so that a worker can load it first (module workers with
 * `import`, classic ones with importScripts):
 * - in the page (loaded with `defer` just before boot.js) it only defines
 *   globalThis.chaodipiMemoryIndexedDB(), which makes a new, empty one, for boot.js;
 * - in a worker, which boot.js starts this way only where storage is denied, it stands in for
 *   indexedDB at once, before the worker's own script runs.
 */
(() => {
  "use strict";
  const g = globalThis;

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

  if (typeof document === "undefined") {
    Object.defineProperty(g, "indexedDB", { value: memoryIndexedDB(), configurable: true, writable: true });
  } else {
    g.chaodipiMemoryIndexedDB = memoryIndexedDB;
  }
})();
