// Replay (`[data-action="replay"]`): the review's steps played one after another on the
// board, at one of five speeds of the game's own pace.  A step waits the time the player
// took for that move (the server's times), held between 0.25 s and 2 s so that a long think
// or a quick double tap stays watchable, divided by the speed: ½×, 1×, 2×, 4×, 8×.  A game
// stored without times waits 1 s a move.  Play, pause and speed are the review's buttons,
// and P (or Space on the timeline) plays and pauses.

/** The speeds offered, slowest first; 1× is the default. */
export const SPEEDS = Object.freeze([0.5, 1, 2, 4, 8]);

const SHORTEST = 0.25;
const LONGEST = 2;
const WITHOUT_TIMES = 1;

/** Seconds to wait before step `k` (the board after k actions) at `speed`. */
export function waitBefore(times, k, speed) {
  let gap = WITHOUT_TIMES;
  if (times && k >= 1 && k <= times.length) gap = times[k - 1] - (k >= 2 ? times[k - 2] : 0);
  return Math.min(LONGEST, Math.max(SHORTEST, gap)) / speed;
}

export class ReplayPlayer {
  /** `times` (or null), `count` steps after the first, `step()` the step shown, `go(k)` show
   * step k, `onChange(playing)` when it starts or stops. */
  constructor({ times, count, step, go, onChange }) {
    Object.assign(this, { times, count, step, go, onChange });
    this.speed = 1;
    this.playing = false;
    this.timer = null;
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    if (this.playing) return;
    if (this.step() >= this.count) this.go(0); // from the start again
    this.playing = true;
    this.onChange(true);
    this.schedule();
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    clearTimeout(this.timer);
    this.onChange(false);
  }

  setSpeed(speed) {
    this.speed = speed;
    if (this.playing) this.schedule();
  }

  schedule() {
    clearTimeout(this.timer);
    const next = this.step() + 1;
    this.timer = setTimeout(() => {
      if (!this.playing) return;
      this.go(next);
      if (next >= this.count) this.pause();
      else this.schedule();
    }, waitBefore(this.times, next, this.speed) * 1000);
  }
}
