/* Service worker: the whole site, cached on the first visit, served cache-first, so that the
 * game starts with no network after one visit.
 *
 * scripts/build_site.py fills in FILES (every file of the site, with a hash of its content)
 * and VERSION (a hash of those).  A new build is a new sw.js: the browser installs it on a
 * later visit, fetching only the files whose hash changed (the others are copied from the
 * previous cache) and checking each against its hash, so a cache never mixes versions; it
 * takes over at once (skipWaiting + claim) and deletes older caches, so the next load runs
 * the new version.
 */
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

async function fetchChecked(url, revision, mode) {
  const response = await fetch(new Request(url, { cache: mode }));
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  const digest = await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer());
  const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  return hex.startsWith(revision) ? response : null;
}

// Kept inflated (gzip as the site serves them): the page then reads them without inflating
// them on its main thread (the 30 MB snapshot of interpreter.mjs: 250 ms on a desktop, 1 s on
// a phone at every start).
const INFLATED = "__INFLATED__";

async function inflated(url, response) {
  if (!INFLATED.includes(url) || typeof DecompressionStream !== "function") return response;
  const body = response.body.pipeThrough(new DecompressionStream("gzip"));
  const type = response.headers.get("content-type") ?? "application/octet-stream";
  return new Response(await new Response(body).blob(), { headers: { "content-type": type } });
}

async function install() {
  const cache = await caches.open(CACHE);
  const previous = await previousCopies();
  await Promise.all(
    Object.entries(FILES).map(async ([url, revision]) => {
      for (const old of previous) {
        const kept = old.revisions[url] === revision && (await old.cache.match(url));
        if (kept) return cache.put(url, kept);
      }
      // "no-cache" revalidates what the page has just downloaded; if that is not this
      // version (an HTTP cache or a server validator lagging behind), "reload" refetches it
      const response = (await fetchChecked(url, revision, "no-cache")) ?? (await fetchChecked(url, revision, "reload"));
      if (!response) throw new Error(`${url}: the server does not have this version (yet)`);
      return cache.put(url, await inflated(url, response));
    }),
  );
  await cache.put(REVISIONS, new Response(JSON.stringify(FILES)));
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
