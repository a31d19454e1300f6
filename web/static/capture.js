// Microphone capture and the audio uplink with at-least-once delivery.
// Frames carry meeting-time offsets. Every frame stays in `unacked` until the server's cumulative
// audio.ack covers it; after a reconnect the uplink sends audio.start at the first unacked offset
// and resends them all (the server drops any overlap), so nothing acknowledged is sent twice into
// the transcript and nothing unacknowledged is lost.
// Unacked frames are also kept in IndexedDB (FrameStore, per meeting, bounded like the memory
// queue), so a refresh or a crashed tab resends them on the next load instead of losing what the
// daemon had not acknowledged.

const FRAME_MS = 100;
const MAX_UNACKED_FRAMES = 6000; // 10 minutes; beyond that the oldest audio is given up

export class Recorder {
  constructor(onFrame, onLevel) {
    this.onFrame = onFrame;
    this.onLevel = onLevel;
    this.ctx = null;
    this.stream = null;
    this.node = null;
  }

  async start() {
    this.stream = await navigator.mediaDevices.getUserMedia({
      // Raw audio transcribes best: browser noise suppression and AGC smear consonants that
      // Whisper needs, and a meeting recorder plays nothing back, so there is no echo to cancel.
      audio: { channelCount: 1, echoCancellation: false, noiseSuppression: false, autoGainControl: false },
    });
    try {
      this.ctx = new AudioContext({ sampleRate: 16000 });
      this.source = this.ctx.createMediaStreamSource(this.stream);
    } catch {
      // Some browsers refuse a 16 kHz context on a 48 kHz device: resample in the worklet instead.
      if (this.ctx) this.ctx.close();
      this.ctx = new AudioContext();
      this.source = this.ctx.createMediaStreamSource(this.stream);
    }
    await this.ctx.audioWorklet.addModule("/static/pcm-worklet.js");
    this.node = new AudioWorkletNode(this.ctx, "pcm16k", { processorOptions: { frameSamples: 1600 } });
    this.node.port.onmessage = (e) => {
      this.onFrame(new Uint8Array(e.data.pcm));
      this.onLevel(e.data.rms, e.data.peak);
    };
    const sink = this.ctx.createGain();
    sink.gain.value = 0; // keeps the graph pulled without playing the mic back
    this.source.connect(this.node).connect(sink).connect(this.ctx.destination);
    if (this.ctx.state === "suspended") await this.ctx.resume();
  }

  async stop() {
    if (this.source) this.source.disconnect();
    if (this.node) this.node.port.onmessage = null;
    if (this.stream) for (const tr of this.stream.getTracks()) tr.stop();
    if (this.ctx) await this.ctx.close();
    this.ctx = this.stream = this.node = this.source = null;
  }
}

// IndexedDB keeping of unacked frames: key [meeting, offset]. Every call is best effort: a browser
// without IndexedDB (or a private window that refuses it) keeps the in-memory behaviour.
export class FrameStore {
  constructor(meetingId, dbName = "meetingd-audio") {
    this.meetingId = meetingId;
    this.dbName = dbName;
    this.db = null;
  }

  async open() {
    if (!("indexedDB" in globalThis)) return false;
    this.db = await new Promise((resolve) => {
      const req = indexedDB.open(this.dbName, 1);
      req.onupgradeneeded = () => req.result.createObjectStore("frames", { keyPath: ["meeting", "offset"] });
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => resolve(null);
      req.onblocked = () => resolve(null);
    });
    return !!this.db;
  }

  _tx(mode, fn) {
    if (!this.db) return Promise.resolve(null);
    return new Promise((resolve) => {
      try {
        const tx = this.db.transaction("frames", mode);
        const req = fn(tx.objectStore("frames"));
        tx.oncomplete = () => resolve(req ? req.result : null);
        tx.onerror = () => resolve(null);
        tx.onabort = () => resolve(null);
      } catch {
        resolve(null);
      }
    });
  }

  range(from, to) {
    return IDBKeyRange.bound([this.meetingId, from], [this.meetingId, to]);
  }

  put(offset, data) {
    return this._tx("readwrite", (s) => s.put({ meeting: this.meetingId, offset, data }));
  }

  // Forget the frames that start before ``offsetMs`` (acknowledged, or given up to the bound).
  dropBefore(offsetMs) {
    return offsetMs > 0 ? this._tx("readwrite", (s) => s.delete(this.range(0, offsetMs - 1))) : Promise.resolve(null);
  }

  clear() {
    return this._tx("readwrite", (s) => s.delete(this.range(0, Number.MAX_SAFE_INTEGER)));
  }

  async load() {
    const rows = await this._tx("readonly", (s) => s.getAll(this.range(0, Number.MAX_SAFE_INTEGER)));
    return (rows || []).map((r) => ({ offset: r.offset, data: new Uint8Array(r.data) }));
  }
}

export class Uplink {
  constructor() {
    this.store = null; // a FrameStore once keep() succeeded
    this.ws = null;
    this.started = false; // audio.start sent on the current socket
    this.active = false; // the user wants audio to flow
    this.next = 0; // meeting-time offset (ms) of the next captured frame
    this.acked = 0;
    this.unacked = []; // [{offset, data}]
  }

  begin(fromMs) {
    this.active = true;
    this.next = Math.max(this.next, fromMs, this.acked);
    this.startOn(this.ws);
  }

  end() {
    this.active = false;
    if (this.ws && this.ws.readyState === WebSocket.OPEN && this.started) {
      this.ws.send(JSON.stringify({ type: "audio.stop" }));
    }
    this.started = false;
  }

  attach(ws) {
    this.ws = ws;
    this.started = false;
    if (this.active || this.unacked.length) this.startOn(ws);
  }

  startOn(ws) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return;
    const from = this.unacked.length ? this.unacked[0].offset : this.next;
    ws.send(JSON.stringify({ type: "audio.start", sample_rate: 16000, offset_ms: from }));
    this.started = true;
    for (const f of this.unacked) ws.send(f.data);
    if (!this.active && this.unacked.length) {
      ws.send(JSON.stringify({ type: "audio.stop" }));
      this.started = false;
    }
  }

  frame(data) {
    const f = { offset: this.next, data };
    this.next += FRAME_MS;
    this.unacked.push(f);
    if (this.store) this.store.put(f.offset, data);
    if (this.unacked.length > MAX_UNACKED_FRAMES) {
      this.unacked.shift();
      if (this.store) this.store.dropBefore(this.unacked[0].offset);
    }
    if (this.started && this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(data);
  }

  ack(receivedMs) {
    if (receivedMs > this.acked) this.acked = receivedMs;
    let dropped = false;
    while (this.unacked.length && this.unacked[0].offset + FRAME_MS <= this.acked) {
      this.unacked.shift();
      dropped = true;
    }
    if (dropped && this.store) this.store.dropBefore(this.unacked.length ? this.unacked[0].offset : this.next);
  }

  // Keep unacked frames of ``meetingId`` in IndexedDB, and take back what an earlier page left
  // there (a refresh, a crashed tab): those frames go out again on the next attach().
  async keep(meetingId) {
    const store = new FrameStore(meetingId);
    if (!(await store.open())) return 0;
    this.store = store;
    const saved = (await store.load()).slice(-MAX_UNACKED_FRAMES);
    const known = new Set(this.unacked.map((f) => f.offset));
    const restored = saved.filter((f) => !known.has(f.offset) && f.offset + FRAME_MS > this.acked);
    if (restored.length) {
      this.unacked = [...restored, ...this.unacked].sort((a, b) => a.offset - b.offset);
      this.next = Math.max(this.next, this.unacked[this.unacked.length - 1].offset + FRAME_MS);
      if (this.ws) this.attach(this.ws);
    }
    return restored.length;
  }

  // The meeting no longer takes audio (finalizing or ended): nothing kept is worth resending.
  forget() {
    this.unacked = [];
    if (this.store) this.store.clear();
  }

  pendingMs() {
    return this.unacked.length * FRAME_MS;
  }
}
