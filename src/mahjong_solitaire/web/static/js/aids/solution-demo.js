// The solution demo (rules §5.9): Solve (`#solve`, key A) plays the solver's winning plan
// from the current position, one pair at a time, the pair highlighted before it goes.
// The server decides and records each step (`POST …/solve`, logged "solve i,j": the game
// is marked, and kept off the boards); the page only paces the steps and highlights the
// pair the server named next.
//
// While it plays, the board's `data-status` is `demo`; the bar `#demo` pauses and resumes
// it (A too), stops it (Escape too: the player takes over from there) and sets the speed
// (`#demo-speed`, remembered with the settings).  Any move of the player's own stops it; a
// pause of the game pauses it.  From a lost position it says so and offers to go back to
// the last winnable position first ("back n", an action of its own).

import { buttons, closeDialog, openDialog } from "../dialogs/dialog.js";
import { fillButton, h, paintButton, showProblem, toast } from "../shell/dom.js";
import { t, tileName, tn } from "../shell/strings.js";
import { Status, Verdict } from "../shell/vocabulary.js";

/** Milliseconds between two pairs, from the slowest speed (1) to the fastest (5). */
export const DEMO_DELAYS = [2200, 1300, 750, 400, 180];

export class SolutionDemo {
  /**
   * hooks: state() the game drawn, view() its board view, modeOf(state), settled() a
   * promise of the requests queued so far, enqueue(job) (draws the state it resolves to),
   * run(name) an action by name, announce(text), sound(name), reported(problem),
   * speed() and setSpeed(n) (the remembered speed 1…5).
   */
  constructor(hooks) {
    this.hooks = hooks;
    this.running = false;
    this.paused = false;
    this.next = null; // the pair highlighted, to go next
    this.timer = null;
    this.bar = document.getElementById("demo");
    this.pauseButton = document.getElementById("demo-pause");
    this.speedInput = document.getElementById("demo-speed");
    this.pauseButton.addEventListener("click", () => this.toggle());
    document.getElementById("demo-stop").addEventListener("click", () => this.stop());
    this.speedInput.value = String(hooks.speed());
    this.speedInput.addEventListener("input", () => {
      hooks.setSpeed(Number(this.speedInput.value));
      if (this.running && !this.paused) this.schedule({ quiet: true });
    });
  }

  /** Solve: start the demo, or (while it plays) pause or resume it. */
  async start() {
    if (this.running) {
      this.toggle();
      return;
    }
    const { hooks } = this;
    await hooks.settled();
    const state = hooks.state();
    if (!state || (state.status !== Status.PLAYING && state.status !== Status.STUCK)) return;
    let answer;
    try {
      answer = await hooks.modeOf(state).api.solution(state.id);
    } catch (problem) {
      showProblem(problem);
      return;
    }
    if (answer.winnability === "winnable" && answer.plan.length) {
      this.begin(answer.plan[0]);
    } else if (answer.winnability === Verdict.LOST) {
      this.offerWayBack(answer.last_winnable);
    } else {
      toast(t("solveUnknown"), { error: true });
      hooks.announce(t("solveUnknown"));
    }
  }

  /** The lost position's dialog: back to the last winnable position, then the demo. */
  offerWayBack(steps) {
    const note = h("p", { id: "solve-lost-note" }, steps ? tn("solveLostNote", steps) : t("solveLostNoWay"));
    const back = steps ? h("button", {
      type: "button", class: "btn primary", id: "solve-back",
      onclick: async () => {
        closeDialog();
        try {
          await this.hooks.run("undo-to-winnable");
        } catch (problem) {
          this.hooks.reported(problem);
          return;
        }
        await this.start();
      },
    }) : null;
    if (back) fillButton(back, "undo", t("solveGoBack"));
    const cancel = h("button", { type: "button", class: "btn", id: "solve-cancel", onclick: () => closeDialog() });
    fillButton(cancel, "close", t("cancel"));
    openDialog("solve-lost", [h("h2", {}, t("solveLostTitle")), note, buttons(back, cancel)]);
    this.hooks.announce(`${t("solveLostTitle")}. ${note.textContent}`);
  }

  begin(pair) {
    this.running = true;
    this.paused = false;
    this.next = pair;
    this.paint();
    this.hooks.announce(t("announceDemoStarted"));
    this.schedule({ quiet: true });
  }

  delay() {
    const speed = Math.min(5, Math.max(1, Number(this.speedInput.value) || 3));
    return DEMO_DELAYS[speed - 1];
  }

  /** Highlight the next pair (and say it) and take it after the delay of the chosen speed. */
  schedule({ quiet = false } = {}) {
    clearTimeout(this.timer);
    if (!this.running || this.paused || !this.next) return;
    const view = this.hooks.view();
    view.setHint(this.next);
    if (!quiet) {
      const [first, second] = this.next.map((i) => tileName(view.label(i)));
      this.hooks.announce(t("announceDemoStep", { first, second }));
    }
    this.timer = setTimeout(() => this.step(), this.delay());
  }

  async step() {
    const { hooks } = this;
    if (!this.running || this.paused) return;
    const pair = this.next;
    let answer;
    try {
      answer = await hooks.enqueue(() => {
        const state = hooks.state();
        return hooks.modeOf(state).api.solve(state.id, state.version, pair);
      });
    } catch (problem) {
      this.stop({ quiet: true });
      hooks.reported(problem);
      return;
    }
    hooks.sound("match");
    if (!this.running) return; // stopped while the step was on its way
    if (answer.status === Status.WON) {
      this.end();
      return;
    }
    this.next = answer.demo.next;
    if (!this.next || answer.status !== Status.PLAYING) {
      this.stop();
      return;
    }
    this.schedule();
  }

  toggle() {
    if (!this.running) return;
    if (this.paused) this.resume();
    else this.pause();
  }

  pause({ quiet = false } = {}) {
    if (!this.running || this.paused) return;
    this.paused = true;
    clearTimeout(this.timer);
    this.paint();
    if (!quiet) this.hooks.announce(t("announceDemoPaused"));
  }

  resume() {
    if (!this.running || !this.paused) return;
    const state = this.hooks.state();
    if (!state || state.status !== Status.PLAYING) return; // the game itself is paused first
    this.paused = false;
    this.paint();
    this.hooks.announce(t("announceDemoResumed"));
    this.schedule({ quiet: true });
  }

  /** Stop: the highlight goes, the player plays on from here. */
  stop({ quiet = false } = {}) {
    if (!this.running) return;
    this.end();
    this.hooks.view().setHint(null);
    if (!quiet) this.hooks.announce(t("announceDemoStopped"));
  }

  end() {
    this.running = false;
    this.paused = false;
    this.next = null;
    clearTimeout(this.timer);
    this.paint();
  }

  /** The bar and the board's status: `demo` while the demo is on a playing game. */
  paint() {
    this.bar.hidden = !this.running;
    const icon = this.paused ? "play" : "pause";
    if (this.pauseButton.dataset.icon !== icon) {
      this.pauseButton.dataset.icon = icon;
      this.pauseButton.dataset.label = this.paused ? "demoResume" : "demoPause";
      paintButton(this.pauseButton);
    }
    this.bar.dataset.paused = String(this.paused);
    const state = this.hooks.state();
    if (state) document.getElementById("board").dataset.status = this.statusOf(state);
  }

  /** The status the board shows for `state`: `demo` while the demo plays it. */
  statusOf(state) {
    return this.running && state.status === Status.PLAYING ? "demo" : state.status;
  }
}
