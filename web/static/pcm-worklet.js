// AudioWorklet: mono float input at the context's rate → 16 kHz s16le frames of 100 ms.
// When the context already runs at 16 kHz (the browser resampled for us) samples pass through;
// otherwise a one-pole low-pass and linear interpolation do the resampling here.

const TARGET = 16000;

class Pcm16k extends AudioWorkletProcessor {
  constructor(options) {
    super();
    const o = (options && options.processorOptions) || {};
    this.frameSamples = o.frameSamples || 1600;
    this.ratio = sampleRate / TARGET; // input samples per output sample
    this.pos = 0; // fractional read position into the input, relative to the current block
    this.prev = 0; // the last input sample of the previous block (for interpolation)
    this.lp = 0;
    this.alpha = this.ratio > 1 ? Math.min(1, (2 * Math.PI * 7000) / sampleRate) : 1;
    this.out = new Int16Array(this.frameSamples);
    this.n = 0;
    this.sumSq = 0;
    this.peak = 0;
  }

  push(x) {
    const v = Math.max(-1, Math.min(1, x));
    this.out[this.n++] = v < 0 ? v * 0x8000 : v * 0x7fff;
    this.sumSq += v * v;
    const a = Math.abs(v);
    if (a > this.peak) this.peak = a;
    if (this.n === this.frameSamples) {
      const rms = Math.sqrt(this.sumSq / this.n);
      this.port.postMessage({ pcm: this.out.buffer, rms, peak: this.peak }, [this.out.buffer]);
      this.out = new Int16Array(this.frameSamples);
      this.n = 0;
      this.sumSq = 0;
      this.peak = 0;
    }
  }

  process(inputs) {
    const input = inputs[0];
    if (!input || !input.length) return true;
    const ch = input[0];
    if (this.ratio === 1) {
      for (let i = 0; i < ch.length; i++) this.push(ch[i]);
      return true;
    }
    // Low-pass in place (a cheap guard against aliasing), then interpolate at the target rate.
    const x = new Float32Array(ch.length);
    for (let i = 0; i < ch.length; i++) {
      this.lp += this.alpha * (ch[i] - this.lp);
      x[i] = this.lp;
    }
    while (this.pos < x.length) {
      const i = Math.floor(this.pos);
      const frac = this.pos - i;
      const a = i === 0 ? this.prev : x[i - 1];
      const b = x[i];
      // pos indexes "one sample late" so that i - 1 may reach into the previous block.
      this.push(a + (b - a) * frac);
      this.pos += this.ratio;
    }
    this.pos -= x.length;
    this.prev = x[x.length - 1];
    return true;
  }
}

registerProcessor("pcm16k", Pcm16k);
