// The feed measures of npm run bench, all on one public experience: a post's latency to 200 and to 1,000
// sockets next to a bare broadcast of the same message by the event's room (the limit on this machine), the
// posts per second one event sustains with 200 sockets connected, and the time 1,000 sockets take to come back
// after the room restarts, each reconnecting as the web page does. Figures, not assertions.

/** Anonymous sockets per simulated network: under the room's 256 per network (MAX_SOCKETS_PER_NETWORK). */
const SOCKETS_PER_NETWORK = 200;
/** Sockets opened at once while the audience gathers; each asks for its own ticket first. */
const CONNECT_PARALLELISM = 8;
const POSTS_PER_SIZE = 30;
const THROUGHPUT_POSTS = 120;
const THROUGHPUT_CONCURRENCY = 8;
const DELIVERY_TIMEOUT_MS = 15_000;
const RECONNECT_TIMEOUT_MS = 90_000;

// The web's socket (useExperienceLive in web/src/hooks/use-live.ts, over partysocket 1.3), mirrored: its retries, its
// jittered delay, and partysocket's 4 s for a socket to open once it has its ticket.
const LIVE_MAX_RETRIES = 10;
const LIVE_RECONNECT_BASE_MS = 1000;
const LIVE_RECONNECT_CAP_MS = 30_000;
const CONNECTION_TIMEOUT_MS = 4000;

/** Before the nth attempt in a row (0 for the first socket, 1 after a drop): "full jitter", a random time up to the exponential backoff. */
const reconnectDelay = (attempt) =>
  attempt <= 0 ? 0 : Math.floor(Math.random() * Math.min(LIVE_RECONNECT_CAP_MS, LIVE_RECONNECT_BASE_MS * 2 ** (attempt - 1)));

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
function summary(samples) {
  if (samples.length === 0) return { count: 0, p50: NaN, p95: NaN, p99: NaN, max: NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted[sorted.length - 1],
  };
}

/**
 * One anonymous viewer of the event, on its own (simulated) network: a fresh single-use ticket, then the socket,
 * as the page opens it. After a drop it reconnects as the page does: a delay, a new ticket, a new socket.
 */
class Viewer {
  constructor(room, address) {
    this.room = room;
    this.headers = { "CF-Connecting-IP": address };
    this.ws = null;
    this.openedAt = 0;
    this.droppedAt = 0;
    /** Why its attempts failed, e.g. "live-ticket 503", "upgrade refused", "no open in 4 s". */
    this.refusals = [];
    this.gaveUp = false;
  }

  /** One attempt; throws if the ticket or the upgrade is refused, or the socket does not open in time. */
  async open() {
    const { url, eventId, onMessage } = this.room;
    const issued = await fetch(`${url}/oapi/events/${eventId}/live-ticket`, { method: "POST", headers: this.headers });
    if (!issued.ok) throw new Error(`live-ticket ${issued.status}`);
    const { ticket } = await issued.json();
    const ws = new WebSocket(`${url.replace("http", "ws")}/api/events/${eventId}/live?ticket=${encodeURIComponent(ticket)}`, {
      headers: this.headers,
    });
    await new Promise((resolve, reject) => {
      const timeout = setTimeout(() => reject(new Error(`no open in ${CONNECTION_TIMEOUT_MS / 1000} s`)), CONNECTION_TIMEOUT_MS);
      ws.onopen = () => (clearTimeout(timeout), resolve());
      ws.onerror = () => (clearTimeout(timeout), reject(new Error("upgrade refused")));
    }).catch((error) => {
      ws.onclose = null;
      ws.close();
      throw error;
    });
    ws.onmessage = (event) => onMessage(event.data);
    ws.onclose = () => this.reconnect();
    ws.onerror = null;
    this.ws = ws;
    this.openedAt = performance.now();
  }

  /** Attempts from the nth on, as the page does, until one opens; after the last refused one it gives up, as the page does. */
  async connect(attempt = 0) {
    for (; attempt <= LIVE_MAX_RETRIES; attempt++) {
      await sleep(reconnectDelay(attempt));
      try {
        return await this.open();
      } catch (error) {
        this.refusals.push(error.message);
        if (attempt === LIVE_MAX_RETRIES) {
          this.gaveUp = true;
          throw error;
        }
      }
    }
  }

  reconnect() {
    this.droppedAt = performance.now();
    this.ws = null;
    this.connect(1).catch(() => undefined);
  }

  close() {
    if (!this.ws) return;
    this.ws.onclose = null;
    this.ws.close();
    this.ws = null;
  }
}

/** The event's audience and the messages it receives: for each postId, when each socket received its feed.posted. */
class Audience {
  constructor(url, eventId) {
    this.room = { url, eventId, onMessage: (data) => this.received(data) };
    this.viewers = [];
    this.arrivals = new Map();
    this.waiting = new Map();
    /** Rounds measured again because sockets dropped during them (wrangler dev reloads the Worker when a file changes). */
    this.remeasured = 0;
  }

  droppedSince(time) {
    return this.viewers.filter((v) => v.droppedAt > time).length;
  }

  /** Until every socket is open (again). */
  async allOpen() {
    const deadline = performance.now() + RECONNECT_TIMEOUT_MS;
    while (this.viewers.some((v) => !v.ws)) {
      if (performance.now() > deadline) throw new Error("sockets did not come back");
      await sleep(50);
    }
  }

  received(data) {
    if (data === "pong") return;
    const message = JSON.parse(data);
    if (message.type !== "feed.posted") return;
    const times = this.arrivals.get(message.postId) ?? [];
    times.push(performance.now());
    this.arrivals.set(message.postId, times);
    if (times.length === this.viewers.length) this.waiting.get(message.postId)?.();
  }

  /** Opens sockets until there are `size`, a few at a time, each on network `10.<n>.0.1` of 200 sockets. */
  async grow(size) {
    const first = this.viewers.length;
    let next = first;
    await Promise.all(
      Array.from({ length: CONNECT_PARALLELISM }, async () => {
        while (next < size) {
          const n = next++;
          const viewer = new Viewer(this.room, `10.${Math.floor(n / SOCKETS_PER_NETWORK)}.0.1`);
          await viewer.connect();
          this.viewers[n] = viewer;
        }
      }),
    );
  }

  /** Resolves with each socket's receipt time of the post's feed.posted, once every socket has it. */
  async everyoneHas(postId) {
    const since = performance.now();
    const done = new Promise((resolve) => this.waiting.set(postId, resolve));
    let timer;
    try {
      if ((this.arrivals.get(postId)?.length ?? 0) < this.viewers.length) {
        const late = new Promise((_, reject) => {
          timer = setTimeout(() => {
            const dropped = this.droppedSince(since)
              ? ` (${this.droppedSince(since)} sockets dropped meanwhile: did the Worker reload?)`
              : "";
            reject(
              new Error(
                `${postId}: ${this.arrivals.get(postId)?.length ?? 0} of ${this.viewers.length} sockets in ${DELIVERY_TIMEOUT_MS} ms${dropped}`,
              ),
            );
          }, DELIVERY_TIMEOUT_MS);
        });
        await Promise.race([done, late]);
      }
      return this.arrivals.get(postId);
    } finally {
      clearTimeout(timer);
      this.waiting.delete(postId);
      this.arrivals.delete(postId);
    }
  }

  close() {
    this.viewers.forEach((viewer) => viewer.close());
  }
}

/**
 * Each socket's latency from the request's start to its receipt of the post's feed.posted; `send` answers the
 * postId. A round during which sockets dropped (the Worker reloaded) is measured again once they are back.
 */
async function timed(audience, send) {
  for (let tries = 1; ; tries++) {
    await audience.allOpen();
    const started = performance.now();
    try {
      const postId = await send();
      return (await audience.everyoneHas(postId)).map((t) => t - started);
    } catch (error) {
      if (tries === 3 || !audience.droppedSince(started)) throw error;
      audience.remeasured++;
    }
  }
}

/** A post's path against the bare broadcast to `size` sockets, in alternating rounds so both see the same load. */
async function latencies(audience, size, { post, broadcast }) {
  await audience.grow(size);
  await timed(audience, () => post("Warm-up"));
  await timed(audience, () => broadcast(`warm-up-${size}`));
  const posted = [];
  const bare = [];
  for (let round = 0; round < POSTS_PER_SIZE; round++) {
    const postRound = async () => posted.push(...(await timed(audience, () => post(`Bench post ${round} to ${size} sockets`))));
    const bareRound = async () => bare.push(...(await timed(audience, () => broadcast(`bare-${size}-${round}`))));
    for (const measure of round % 2 ? [bareRound, postRound] : [postRound, bareRound]) await measure();
  }
  return { size, posted: summary(posted), bare: summary(bare) };
}

/** THROUGHPUT_CONCURRENCY people posting in a loop, each post done once every socket has received it. */
async function throughput(audience, post) {
  let next = 0;
  const toAll = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: THROUGHPUT_CONCURRENCY }, async () => {
      while (next++ < THROUGHPUT_POSTS) {
        const sent = performance.now();
        toAll.push(Math.max(...(await audience.everyoneHas(await post("Throughput")))) - sent);
      }
    }),
  );
  return { sockets: audience.viewers.length, perSecond: THROUGHPUT_POSTS / ((performance.now() - started) / 1000), toAll: summary(toAll) };
}

/** The room restarts: every socket drops, and each comes back as the page does, after the web's delay with a new ticket. */
async function restart(audience, url, eventId) {
  audience.viewers.forEach((v) => (v.refusals = []));
  const restartAt = performance.now();
  const response = await fetch(`${url}/dev/live/${eventId}/restart`, { method: "POST" });
  if (!response.ok) throw new Error(`restart: ${response.status}`);
  const deadline = restartAt + RECONNECT_TIMEOUT_MS;
  while (audience.viewers.some((v) => v.openedAt < restartAt && !v.gaveUp) && performance.now() < deadline) await sleep(50);
  const back = audience.viewers.filter((v) => v.openedAt > restartAt);
  const reasons = Object.groupBy(
    audience.viewers.flatMap((v) => v.refusals),
    (reason) => reason,
  );
  return {
    sockets: audience.viewers.length,
    back: back.length,
    times: summary(back.map((v) => v.openedAt - restartAt)),
    dropped: summary(audience.viewers.filter((v) => v.droppedAt > restartAt).map((v) => v.droppedAt - restartAt)),
    refusals: Object.entries(reasons).map(([reason, all]) => `${all.length} × ${reason}`),
    gaveUp: audience.viewers.filter((v) => v.gaveUp).length,
  };
}

export async function feedFigures({ url, auth, eventId }) {
  const post = async (title) => {
    const form = new FormData();
    form.append("title", title);
    const response = await fetch(`${url}/api/feeds/${eventId}`, { method: "POST", body: form, headers: auth });
    if (!response.ok) throw new Error(`post: ${response.status} ${await response.text()}`);
    return (await response.json()).id;
  };
  const broadcast = async (postId) => {
    const response = await fetch(`${url}/dev/live/${eventId}/broadcast`, {
      method: "POST",
      body: JSON.stringify({ postId }),
      headers: { "Content-Type": "application/json" },
    });
    if (!response.ok) throw new Error(`broadcast: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    return postId;
  };

  const audience = new Audience(url, eventId);
  try {
    const at200 = await latencies(audience, 200, { post, broadcast });
    const rate = await throughput(audience, post);
    const at1000 = await latencies(audience, 1000, { post, broadcast });
    return { at200, at1000, rate, reconnect: await restart(audience, url, eventId), remeasured: audience.remeasured };
  } finally {
    audience.close();
  }
}

const ms = (value) => `${value.toFixed(1)} ms`;
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;

export function feedReport({ at200, at1000, rate, reconnect, remeasured }) {
  const latency = ({
    size,
    posted,
    bare,
  }) => `  to ${size} sockets (${POSTS_PER_SIZE} posts and ${POSTS_PER_SIZE} broadcasts, ${posted.count} deliveries each)
    post             p50 ${ms(posted.p50)}   p95 ${ms(posted.p95)}   p99 ${ms(posted.p99)}   max ${ms(posted.max)}
    bare broadcast   p50 ${ms(bare.p50)}   p95 ${ms(bare.p95)}   p99 ${ms(bare.p99)}   max ${ms(bare.max)}
    ratio            p95 ${(posted.p95 / bare.p95).toFixed(2)}   p99 ${(posted.p99 / bare.p99).toFixed(2)}   (target p95 <= 1.2)`;
  const everyoneBack =
    reconnect.back === reconnect.sockets ? "all" : `${reconnect.back} of ${reconnect.sockets} (${reconnect.gaveUp} gave up)`;
  return `
Feed, live: from a post's request (POST /api/feeds/:eventId) to each socket's feed.posted, next to the event's room
broadcasting the same message with no post written (POST /dev/live/:eventId/broadcast, development only)
${latency(at200)}
${latency(at1000)}${remeasured ? `\n  (${remeasured} rounds measured again: sockets dropped during them, the Worker reloaded)` : ""}
  posts per second, ${rate.sockets} sockets: ${rate.perSecond.toFixed(0)} posts/s, each counted once all ${rate.sockets} sockets have it (${THROUGHPUT_POSTS} posts, ${THROUGHPUT_CONCURRENCY} people posting at once)
    post to its last socket   p50 ${ms(rate.toAll.p50)}   p95 ${ms(rate.toAll.p95)}
  room restart (POST /dev/live/:eventId/restart), ${reconnect.sockets} sockets reconnecting as the page does (jittered delay, a new ticket)
    ${everyoneBack} back ${seconds(reconnect.times.max)} after the restart's request   half by ${seconds(reconnect.times.p50)}   all dropped by ${seconds(reconnect.dropped.max)}
    attempts refused and retried: ${reconnect.refusals.join(", ") || "none"}
`;
}
