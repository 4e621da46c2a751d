// One tab plays the game at a time: which tab holds it, and how another takes it over.
// ui/page/tabs.py drives this (the page's Python); it is JavaScript because Web Locks and
// BroadcastChannel hand out callbacks and promises that are plainer to hold here.
//
// The tab that holds the game holds the Web Lock "chaodipi.match" for as long as it lives
// (a closed or crashed tab lets go by itself), and a tab holds the game only while it holds
// the lock: the lock alone decides, so two tabs taking over at once end with one holder (the
// last to steal it). Another tab asks for it `ifAvailable`: refused, it says the game is open
// elsewhere and may take it over by stealing the lock; the old tab, its lock aborted, saves
// what it has not saved yet, stops, and answers "released" on a BroadcastChannel; only then
// does the new tab read the save (so no action of the old tab is lost). Without Web Locks,
// the BroadcastChannel alone asks who holds the game and tells the holder to let go; without
// either, every tab holds it, and the page's check before each save (it never writes over a
// save it did not write) is what keeps an action from being lost.
(() => {
  "use strict";
  const NAME = "chaodipi.match";
  const ANSWER_MS = 400; // how long to wait for a tab that holds the game to answer
  // How long to wait for the old tab to let go. A closed or crashed tab has let go of the lock
  // already (no wait); one that holds it answers as soon as it runs, even on a loaded machine.
  const RELEASE_MS = 10000;
  const id = Math.random().toString(36).slice(2);
  const channel = "BroadcastChannel" in self ? new BroadcastChannel(NAME) : null;
  let locks = navigator.locks && typeof navigator.locks.request === "function"
    ? navigator.locks : null;
  let holding = false;
  let onLost = null; // set by the page: called once when another tab takes the game
  const waiting = new Map(); // message type -> resolve, for the answers awaited

  function post(type) {
    if (channel) channel.postMessage({ type, from: id });
  }

  function answer(type, ms) {
    return new Promise((resolve) => {
      if (!channel) { resolve(false); return; }
      const timer = setTimeout(() => { waiting.delete(type); resolve(false); }, ms);
      waiting.set(type, () => { clearTimeout(timer); waiting.delete(type); resolve(true); });
    });
  }

  function lose() {
    if (!holding) return;
    holding = false;
    if (onLost) onLost(); // the page stops, saves, then calls released()
    else post("released");
  }

  if (channel) {
    channel.onmessage = ({ data }) => {
      if (!data || data.from === id) return;
      if (data.type === "who" && holding) post("mine");
      else if (data.type === "take" && !locks) lose(); // (with locks, losing the lock says it)
      else if (waiting.has(data.type)) waiting.get(data.type)();
    };
  }

  function lock(options) {
    // Resolves true once this tab holds the lock, false if it was not to be had, null if
    // locks are refused here (a frame denied storage: SecurityError).
    return new Promise((resolve) => {
      locks.request(NAME, options, (granted) => {
        if (!granted) { resolve(false); return undefined; }
        holding = true;
        resolve(true);
        return new Promise(() => {}); // held until the tab goes, or another steals it
      }).catch((err) => {
        if (err && err.name === "AbortError") { // stolen by a tab taking over
          lose();
          resolve(false);
        } else {
          resolve(null);
        }
      });
    });
  }

  async function claim() {
    if (locks) {
      const got = await lock({ ifAvailable: true });
      if (got !== null) return got;
      locks = null; // refused here: ask on the channel instead
    }
    post("who");
    holding = !(await answer("mine", ANSWER_MS));
    return holding;
  }

  // Whether this tab holds the game once it has taken it over (false: another tab took it
  // over at the same moment, and holds the lock now).
  async function takeOver() {
    if (holding) return true;
    const released = answer("released", RELEASE_MS);
    if (locks) {
      if (await lock({ ifAvailable: true })) return true; // the other tab has gone
      if (!(await lock({ steal: true }))) return false;
    } else {
      post("take");
      holding = true;
    }
    await released; // or the time to wait ran out: the old tab may be frozen or gone
    return holding;
  }

  self.chaodipiTab = {
    claim,
    takeOver,
    released: () => post("released"),
    holding: () => holding,
    set onLost(fn) { onLost = fn; },
    get kind() { return locks ? "web-locks" : channel ? "broadcast-channel" : "none"; },
  };
})();
