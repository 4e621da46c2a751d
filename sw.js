/* Service worker: the whole site, cached on the first visit, served cache-first, so that the
 * game starts with no network after one visit.
 *
 * scripts/build_site.py fills in VERSION (a hash of every file's content) and FILES (every
 * file of the site).  A new build is a new sw.js: the browser installs it on a later visit,
 * it takes over at once (skipWaiting + claim) and deletes the caches of older versions, so
 * the next load runs the new version.
 */
const VERSION = "__VERSION__";
const FILES = "__FILES__";

// Caches are per origin: name them by scope too, so copies of the site under other paths of
// the same origin keep theirs.
const PREFIX = `chaodipi:${self.registration.scope}:`;
const CACHE = PREFIX + VERSION;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // "no-cache": revalidate with the server, so a stale HTTP cache never mixes versions
      .then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE);
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
