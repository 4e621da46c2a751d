// One tab plays the game at a time: which tab holds it, and how another takes it over.
// ui/page/tabs.py drives this (the page's Python); it is JavaScript because Web Locks and
// BroadcastChannel hand out callbacks and promises that are plainer to hold here.
//
// The tab that holds the game holds the Web Lock "chaodipi.match" for as long as it lives
// (a closed or crashed tab lets go by itself), and a tab holds the game only while it holds
// the lock: the lock alone decides, so two tabs taking over at once end with one holder (the
// last to steal it). Another tab asks for it `ifAvailable`: refused, it says the game is open
// elsewhere and may take it over by stealing the lock; the old tab, its lock aborted, saves
// what it has not saved yet, stops, and answers "released" on a BroadcastChannel with that
// save; the new tab plays on from the save handed over (its own view of localStorage may not
// show the old tab's last write yet: storage reaches other tabs a moment later, and not in step
// with the channel's messages), so no action of the old tab is lost. Take-overs clicked in
// several tabs at once go one after the other (a second lock, "chaodipi.take-over"): each
// steals from a tab that holds the game and hands it on. Without Web Locks,
// the BroadcastChannel alone asks who holds the game and tells the holder to let go; without
// either, every tab holds it, and the page's check before each save (it never writes over a
// save it did not write) is what keeps an action from being lost.
(() => {
  "use strict";
  const NAME = "chaodipi.match";
  const TAKE_OVER = "chaodipi.take-over"; // one take-over at a time
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
  // The save the tab that let go handed over in this tab's take-over under way (null: none
  // came, or that tab had gone), until the page takes it; handed on if this tab lets go first.
  let handed = null;
  const waiting = new Map(); // message type -> resolve, for the answers awaited

  function post(type, extra) {
    if (channel) channel.postMessage({ ...extra, type, from: id });
  }

  // Resolves to the message of that type another tab posts next, or null after `ms`.
  function answer(type, ms) {
    return new Promise((resolve) => {
      if (!channel) { resolve(null); return; }
      const done = (data) => {
        clearTimeout(timer);
        if (waiting.get(type) === done) waiting.delete(type);
        resolve(data);
      };
      const timer = setTimeout(() => done(null), ms);
      waiting.set(type, done);
    });
  }

  // Whether a tab taking the game over waits for this one's "released": said once per loss,
  // since a late second one could reach the next tab to take over and hand it an older save.
  let owing = false;

  function release(save) {
    // The save this tab leaves: the page's last, else the one handed to it on the way.
    if (!owing) return;
    owing = false;
    post("released", { save: typeof save === "string" ? save : handed });
  }

  function lose() {
    if (!holding) return;
    holding = false;
    owing = true;
    if (onLost) onLost(); // the page stops, saves, then calls released(its save)
    else release(null);
  }

  if (channel) {
    channel.onmessage = ({ data }) => {
      if (!data || data.from === id) return;
      if (data.type === "who" && holding) post("mine");
      else if (data.type === "take" && !locks) lose(); // (with locks, losing the lock says it)
      else if (waiting.has(data.type)) waiting.get(data.type)(data);
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

  // Take the game from the tab that holds it, and wait for the save it hands over.
  async function steal() {
    if (holding) return true;
    handed = null;
    const released = answer("released", RELEASE_MS);
    if (locks) {
      if (await lock({ ifAvailable: true })) return true; // the other tab has gone
      if (!(await lock({ steal: true }))) return false;
    } else {
      post("take");
      holding = true;
    }
    const message = await released; // (null: the old tab may be frozen or gone)
    if (message && typeof message.save === "string") handed = message.save;
    return holding;
  }

  // Whether this tab holds the game once it has taken it over (false: a tab that took it over
  // at the same moment came after this one, and holds the lock now).
  function takeOver() {
    return locks ? locks.request(TAKE_OVER, steal) : steal();
  }

  self.chaodipiTab = {
    claim,
    takeOver,
    released: release,
    holding: () => holding,
    // The save handed over in this tab's last take-over, once (the page plays it).
    handed: () => { const save = handed; handed = null; return save; },
    set onLost(fn) { onLost = fn; },
    get kind() { return locks ? "web-locks" : channel ? "broadcast-channel" : "none"; },
  };
})();
