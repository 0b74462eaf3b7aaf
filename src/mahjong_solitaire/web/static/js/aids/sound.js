// The game's sounds (rules §5.12), synthesised here with Web Audio: no sound file, nothing
// loaded from anywhere.  Each sound is a few short notes of an oscillator through a gain
// envelope: select, match, blocked, shuffle, hint, win and stage cleared.
//
// Off until the player turns it on (settings `sound`, with `volume` 0…1, remembered with
// the other settings); silent while `muted()` says so (the game paused, a dialog's pause)
// and while the tab is hidden.  The audio context is made on the first sound the player
// hears, from within their gesture, as browsers require.

/** Each sound: its notes as [frequency Hz, start s, length s], the wave, and a loudness. */
const SOUNDS = {
  select: { wave: "triangle", gain: 0.5, notes: [[660, 0, 0.07]] },
  match: { wave: "triangle", gain: 0.55, notes: [[784, 0, 0.08], [1175, 0.07, 0.12]] },
  blocked: { wave: "square", gain: 0.22, notes: [[180, 0, 0.09], [150, 0.08, 0.11]] },
  shuffle: { wave: "sawtooth", gain: 0.16, notes: [[330, 0, 0.05], [392, 0.05, 0.05], [440, 0.1, 0.05], [523, 0.15, 0.08]] },
  hint: { wave: "sine", gain: 0.6, notes: [[988, 0, 0.1], [988, 0.16, 0.1]] },
  win: { wave: "triangle", gain: 0.55, notes: [[523, 0, 0.14], [659, 0.13, 0.14], [784, 0.26, 0.14], [1047, 0.39, 0.35]] },
  stage: { wave: "triangle", gain: 0.55, notes: [[587, 0, 0.12], [740, 0.11, 0.12], [880, 0.22, 0.12], [1175, 0.33, 0.12], [1480, 0.44, 0.4]] },
};

export const SOUND_NAMES = Object.freeze(Object.keys(SOUNDS));

export class Sound {
  /** `settings()` gives {sound, volume}; `muted()` is true while play must be silent. */
  constructor({ settings, muted }) {
    this.settings = settings;
    this.muted = muted;
    this.context = null;
  }

  /** Whether a sound would be heard now. */
  audible() {
    const { sound, volume } = this.settings();
    return Boolean(sound) && Number(volume) > 0 && !document.hidden && !this.muted();
  }

  /** Play the sound `name` (one of SOUND_NAMES) if the player hears sounds now. */
  play(name) {
    if (this.audible()) this.sound(name);
  }

  /** A sample at the chosen volume (the Settings page, which pauses the game): heard when
   * sound is on and the tab shown, paused or not. */
  sample(name = "select") {
    const { sound, volume } = this.settings();
    if (sound && Number(volume) > 0 && !document.hidden) this.sound(name);
  }

  sound(name) {
    const sound = SOUNDS[name];
    if (!sound) return;
    const Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return; // a browser without Web Audio plays silently
    if (!this.context) this.context = new Context();
    const context = this.context;
    if (context.state === "suspended") context.resume().catch(unheard); // silent until a gesture
    const volume = Math.min(1, Math.max(0, Number(this.settings().volume)));
    const now = context.currentTime + 0.01;
    for (const [frequency, start, length] of sound.notes) {
      const oscillator = context.createOscillator();
      const envelope = context.createGain();
      oscillator.type = sound.wave;
      oscillator.frequency.setValueAtTime(frequency, now + start);
      const peak = sound.gain * volume * 0.4;
      envelope.gain.setValueAtTime(0.0001, now + start);
      envelope.gain.exponentialRampToValueAtTime(Math.max(0.0002, peak), now + start + 0.012);
      envelope.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      oscillator.connect(envelope).connect(context.destination);
      oscillator.start(now + start);
      oscillator.stop(now + start + length + 0.02);
    }
  }

  /** Stop at once (the tab hidden, the game paused): what is sounding fades with the context. */
  hush() {
    if (this.context && this.context.state === "running") this.context.suspend().catch(unheard);
  }
}

/** A context the browser will not start or stop (DOMException: no gesture yet, closed):
 * the game goes on without that sound; any other fault is the page's and is thrown on. */
function unheard(problem) {
  if (!(problem instanceof DOMException)) throw problem;
}
