// Microphone capture and the audio uplink with at-least-once delivery.
// Frames carry meeting-time offsets. Every frame stays in `unacked` until the server's cumulative
// audio.ack covers it; after a reconnect the uplink sends audio.start at the first unacked offset
// and resends them all (the server drops any overlap), so nothing acknowledged is sent twice into
// the transcript and nothing unacknowledged is lost.

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

export class Uplink {
  constructor() {
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
    if (this.unacked.length > MAX_UNACKED_FRAMES) this.unacked.shift();
    if (this.started && this.ws && this.ws.readyState === WebSocket.OPEN) this.ws.send(data);
  }

  ack(receivedMs) {
    if (receivedMs > this.acked) this.acked = receivedMs;
    while (this.unacked.length && this.unacked[0].offset + FRAME_MS <= this.acked) this.unacked.shift();
  }

  pendingMs() {
    return this.unacked.length * FRAME_MS;
  }
}
