/* Service worker: the whole site, cached on the first visit, served cache-first, so that the
 * game starts with no network after one visit.
 *
 * scripts/build_site.py fills in FILES (every file of the site, with a hash of its content),
 * VERSION (a hash of those) and PACKED (the files published compressed as FILE.zst too).  A
 * new build is a new sw.js: the browser installs it on a later visit, fetching only the files
 * whose hash changed (the others are copied from the previous cache) and checking each
 * against its hash, so a cache never mixes versions; it takes over at once (skipWaiting +
 * claim) and deletes older caches, so the next load runs the new version.
 *
 * Nothing is downloaded twice: on a first visit the install runs once the page is ready, and
 * takes what the page has just downloaded from the browser's HTTP cache ("force-cache"),
 * checked against its hash (a copy of another version is fetched again, "reload").  A packed
 * file is fetched as the page fetched it, FILE.zst, and kept decoded (vendor/fzstd.js), so that a
 * later start reads it as it is.
 */
importScripts("./vendor/fzstd.js");

const VERSION = "__VERSION__";
const FILES = "__FILES__";

// Caches are per origin: name them by scope too, so that copies of the site under other
// paths of the same origin keep theirs.
const PREFIX = `chaodipi:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;
const REVISIONS = "./.revisions"; // in each cache: the FILES it was filled from

async function previousCopies() {
  const names = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
  return Promise.all(
    names.map(async (name) => {
      const cache = await caches.open(name);
      const revisions = await cache
        .match(REVISIONS)
        .then((r) => r.json())
        .catch(() => ({}));
      return { cache, revisions };
    }),
  );
}

const PACKED = "__PACKED__";
const TYPES = { wasm: "application/wasm", zip: "application/zip" };

/** The file at `url`, if it is this version's: from the HTTP cache or the network, as
 * `mode` says; a packed file from its .zst, decoded. */
async function fetchChecked(url, revision, mode) {
  const packed = PACKED.includes(url);
  const response = await fetch(new Request(packed ? `${url}.zst` : url, { cache: mode }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  let bytes = new Uint8Array(await response.arrayBuffer());
  if (packed) bytes = self.fzstd.decompress(bytes);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  if (!hex.startsWith(revision)) return null;
  const type = packed ? TYPES[url.split(".").pop()] : response.headers.get("content-type");
  return new Response(bytes, { headers: { "content-type": type ?? "application/octet-stream" } });
}

async function install() {
  const cache = await caches.open(CACHE);
  const previous = await previousCopies();
  // One download for each content: the folder's URL and index.html are the same page (the
  // folder's is the one the browser has just loaded).
  const urlsOf = new Map();
  for (const [url, revision] of Object.entries(FILES)) {
    urlsOf.set(revision, [...(urlsOf.get(revision) ?? []), url]);
  }
  await Promise.all(
    [...urlsOf].map(async ([revision, [url, ...same]]) => {
      const response = await kept(previous, url, revision) ?? await downloaded(url, revision);
      await Promise.all(same.map((other) => cache.put(other, response.clone())));
      return cache.put(url, response);
    }),
  );
  await cache.put(REVISIONS, new Response(JSON.stringify(FILES)));
}

/** This version of the file from a previous version's cache, or null. */
async function kept(previous, url, revision) {
  for (const old of previous) {
    const response = old.revisions[url] === revision && (await old.cache.match(url));
    if (response) return response;
  }
  return null;
}

/** This version of the file: what the page has just downloaded, from the HTTP cache, or, if
 * that is not this version (an HTTP cache lagging behind), downloaded again ("reload"). */
async function downloaded(url, revision) {
  const response = (await fetchChecked(url, revision, "force-cache")) ??
    (await fetchChecked(url, revision, "reload"));
  if (!response) throw new Error(`${url}: the server does not have this version (yet)`);
  return response;
}

self.addEventListener("install", (event) => {
  event.waitUntil(install().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The device's snapshot of Python, made by the page (interpreter.mjs) and kept here, in this
// version's cache, so that it goes with the version it was made for.  Only a snapshot of this
// site, under its own name (pyodide/python.snapshot?build=...), in place of any other.
const SNAPSHOT = new URL("./pyodide/python.snapshot", self.registration.scope).href;

async function keepSnapshot(key, snapshot) {
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) {
    if (request.url.startsWith(`${SNAPSHOT}?`)) await cache.delete(request);
  }
  await cache.put(key, new Response(snapshot, {
    headers: { "content-type": "application/octet-stream" } }));
}

self.addEventListener("message", (event) => {
  const { snapshot, key } = event.data ?? {};
  const [answer] = event.ports;
  if (!answer || !(snapshot instanceof Uint8Array) || typeof key !== "string" ||
      !key.startsWith(`${SNAPSHOT}?build=`)) return;
  event.waitUntil(keepSnapshot(key, snapshot).then(
    () => answer.postMessage({ kept: true }),
    (error) => answer.postMessage({ error: String(error?.message ?? error) })));
});

let opened = null; // this version's cache, opened once per start of the worker

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await (opened ??= caches.open(CACHE));
      // ignoreSearch: index.html?embed=1 is index.html
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return hit;
      try {
        return await fetch(request);
      } catch (error) {
        if (request.mode === "navigate") {
          const page = await cache.match("./index.html");
          if (page) return page;
        }
        throw error;
      }
    })(),
  );
});
