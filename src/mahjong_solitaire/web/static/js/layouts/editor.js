// The layout editor (rules §8.3): draw a layout tile by tile on a half-tile grid, layer by
// layer (editor-grid.js), and see as you go how many tiles it has, which are free and
// whether a game can be dealt on it (the server checks each change: POST
// /api/layout-checks).  Test-play it (POST /api/test-plays), save it to your layouts (the
// GNOME file of POST /api/layout-files uploaded through the layout import, so a saved
// layout is an imported one) or export it as a KMahjongg or GNOME Mahjongg file.
//
// The draft is kept in localStorage: after a test play, the editor opens where it was.

import { ApiError, api, request } from "../shell/api.js";
import { buttons, openDialog } from "../dialogs/dialog.js";
import { fillButton, h, toast } from "../shell/dom.js";
import { COLUMNS, EditorGrid, LAYERS, ROWS } from "./editor-grid.js";
import { forgetLayouts } from "./layouts.js";
import { t, tn } from "../shell/strings.js";

const STORE_KEY = "mj-editor-draft";
/** The last test play: its game id and the request that made it (for "Play again"). */
const PLAYED_KEY = "mj-editor-test-play";
const CHECK_DELAY_MS = 150;
const TITLE_MAX = 40;
/** Until the server has said otherwise (its check answers `max_tiles`). */
const DEFAULT_MAX_TILES = 144;

const PROBLEMS = {
  empty: "editorEmpty", odd: "editorOdd", too_many: "editorTooMany", unclearable: "editorUnclearable",
  unknown: "editorUnknown",
};

function loadDraft() {
  let saved = null;
  try {
    saved = JSON.parse(localStorage.getItem(STORE_KEY) || "null");
  } catch (problem) {
    if (!(problem instanceof SyntaxError || problem instanceof DOMException)) throw problem;
    saved = null; // an unreadable draft (or no storage): start afresh
  }
  const valid = (p) => Array.isArray(p) && p.length === 3 && p.every(Number.isInteger)
    && p[0] >= 0 && p[0] <= COLUMNS - 2 && p[1] >= 0 && p[1] <= ROWS - 2 && p[2] >= 0 && p[2] < LAYERS;
  const positions = saved && Array.isArray(saved.positions) ? saved.positions.filter(valid) : [];
  const title = saved && typeof saved.title === "string" ? saved.title.slice(0, TITLE_MAX) : "";
  return { positions, title, layer: 0, cursor: { x: 0, y: 0 } };
}

function saveDraft(draft) {
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify({ positions: draft.positions, title: draft.title }));
  } catch (problem) {
    if (!(problem instanceof DOMException)) throw problem; // no storage: the draft lives in the page
  }
}

/** The draft (or any layout: {positions, title}) as a file of `format` ("kmahjongg" or
 * "gnome"): {blob, name}. */
export async function draftFile(draft, format) {
  let response;
  try {
    response = await fetch("/api/layout-files", {
      method: "POST", headers: { "Content-Type": "application/json" }, credentials: "same-origin",
      body: JSON.stringify({ positions: draft.positions, title: titleOf(draft), format }),
    });
  } catch (error) {
    throw new ApiError(0, "network", t("errorNetwork"), error.message);
  }
  if (!response.ok) {
    const data = await response.json().catch((problem) => {
      if (problem instanceof SyntaxError) return {}; // an answer that is no JSON: its status says it
      throw problem;
    });
    throw new ApiError(response.status, data.error || "http", data.message || response.statusText, data.detail || "");
  }
  const found = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") || "");
  return { blob: await response.blob(), name: found ? found[1] : `layout.${format === "gnome" ? "map" : "layout"}` };
}

/** Hand `file` ({blob, name}) to the browser as a download. */
export function downloadFile(file) {
  const url = URL.createObjectURL(file.blob);
  const link = h("a", { href: url, download: file.name, hidden: true });
  document.getElementById("dialog-body").append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Start a test play of `body` and remember it, so that its "Play again" deals the draft anew. */
function testPlayRequest(body) {
  return () => request("POST", "/test-plays", body).then((state) => {
    try {
      sessionStorage.setItem(PLAYED_KEY, JSON.stringify({ id: state.id, body }));
    } catch (problem) {
      if (!(problem instanceof DOMException)) throw problem; // no storage: Play again starts a new game
    }
    return state;
  });
}

/**
 * "Play again" for a test play (its draft is no stored layout, so the mode's own replay
 * cannot find it): the request of a new deal on the same draft, or null for any other game.
 */
export function testPlayAgain(state) {
  let played = null;
  try {
    played = JSON.parse(sessionStorage.getItem(PLAYED_KEY) || "null");
  } catch (problem) {
    if (!(problem instanceof SyntaxError || problem instanceof DOMException)) throw problem;
    played = null; // nothing readable remembered: not a test play of this tab
  }
  return played && state && played.id === state.id ? testPlayRequest(played.body) : null;
}

function titleOf(draft) {
  return draft.title.trim() || t("editorUntitled");
}

/**
 * Open the editor.  `play(request)` starts the game a request creates (as the New game
 * dialog does: it closes the dialog); `onClose` runs when the editor closes.
 */
export function layoutEditor({ play, onClose }) {
  const draft = loadDraft();
  let maxTiles = DEFAULT_MAX_TILES;
  let checked = null; // the last check's answer for the drawn positions
  let asked = 0; // checks sent; only the latest one's answer is shown
  let timer = null;

  const live = h("p", { class: "visually-hidden", id: "editor-announce", role: "status", "aria-live": "polite" });
  const say = (text) => {
    live.textContent = "";
    setTimeout(() => { live.textContent = text; }, 30);
  };
  const count = h("strong", { id: "editor-count" });
  const freeCount = h("span", { id: "editor-free" });
  const verdict = h("span", { id: "editor-verdict", "data-verdict": "pending" });
  const layerLabel = h("span", { id: "editor-layer", class: "editor-layer" });
  const help = h("p", { id: "editor-help", class: "muted editor-help" }, t("editorHelp"));

  const grid = new EditorGrid(draft, {
    maxTiles,
    label: t("editorGridLabel"),
    onChange: (kind, [x, y, z]) => {
      changed();
      const where = { x: x + 1, y: y + 1, layer: z + 1 };
      say(`${t(kind === "placed" ? "editorPlaced" : "editorRemoved", where)} ${tn("tiles", draft.positions.length)}`);
    },
    onRefused: (reason, [x, y, z]) => {
      say(reason === "full" ? t("editorFull", { max: maxTiles }) : t("editorTaken", { x: x + 1, y: y + 1, layer: z + 1 }));
    },
    onMove: () => {
      showLayer();
      say(t("editorCursor", { x: draft.cursor.x + 1, y: draft.cursor.y + 1, layer: draft.layer + 1 }));
    },
  });
  grid.element.setAttribute("aria-describedby", "editor-help editor-summary");

  const layerDown = h("button", {
    type: "button", class: "btn icon-only", id: "editor-layer-down", "aria-label": t("editorLayerDown"),
    title: t("editorLayerDown"), onclick: () => grid.setLayer(draft.layer - 1),
  }, "−");
  const layerUp = h("button", {
    type: "button", class: "btn icon-only", id: "editor-layer-up", "aria-label": t("editorLayerUp"),
    title: t("editorLayerUp"), onclick: () => grid.setLayer(draft.layer + 1),
  }, "+");
  const showLayer = () => {
    layerLabel.textContent = t("editorLayer", { layer: draft.layer + 1, layers: LAYERS });
    layerDown.disabled = draft.layer === 0;
    layerUp.disabled = draft.layer === LAYERS - 1;
  };

  const title = h("input", {
    type: "text", id: "editor-title", maxlength: String(TITLE_MAX), autocomplete: "off",
    value: draft.title, placeholder: t("editorUntitled"),
  });
  title.addEventListener("input", () => {
    draft.title = title.value;
    saveDraft(draft);
  });

  const error = h("p", { class: "field-error", id: "editor-error", role: "alert" });
  const testPlay = h("button", { type: "button", class: "btn primary", id: "editor-play" });
  fillButton(testPlay, "play", t("editorTestPlay"));
  const save = h("button", { type: "button", class: "btn", id: "editor-save" });
  fillButton(save, "upload", t("editorSave"));
  const exportK = h("button", { type: "button", class: "btn", id: "editor-export-kmahjongg" });
  fillButton(exportK, "download", t("editorExportKmahjongg"));
  const exportG = h("button", { type: "button", class: "btn", id: "editor-export-gnome" });
  fillButton(exportG, "download", t("editorExportGnome"));
  const clear = h("button", { type: "button", class: "btn", id: "editor-clear" });
  fillButton(clear, "trash", t("editorClear"));

  const playable = () => Boolean(checked && checked.clearable);
  const refreshButtons = () => {
    const ready = playable();
    testPlay.disabled = !ready;
    save.disabled = !ready;
    const even = draft.positions.length > 0 && draft.positions.length % 2 === 0;
    exportK.disabled = !even;
    exportG.disabled = !even;
    clear.disabled = draft.positions.length === 0;
  };

  const showCheck = () => {
    count.textContent = tn("tiles", draft.positions.length);
    if (!checked) {
      freeCount.textContent = "";
      verdict.textContent = t("editorChecking");
      verdict.dataset.verdict = "pending";
    } else {
      freeCount.textContent = tn("editorFreeTiles", checked.free.length);
      verdict.textContent = checked.clearable ? t("editorClearable") : t(PROBLEMS[checked.problem] || "editorUnclearable");
      verdict.dataset.verdict = checked.clearable ? "yes" : "no";
    }
    refreshButtons();
  };

  const check = async () => {
    asked += 1;
    const mine = asked;
    try {
      const answer = await request("POST", "/layout-checks", { positions: draft.positions });
      if (mine !== asked) return;
      checked = answer;
      maxTiles = answer.max_tiles;
      grid.maxTiles = maxTiles;
      grid.setFree(answer.free);
      error.textContent = "";
    } catch (problem) {
      if (mine !== asked) return;
      if (problem.retryAfter !== null && problem.retryAfter !== undefined) {
        // the server's engine is busy (503) or this player's last check still runs (429):
        // the verdict stays "checking" and the same draft is asked again when it says
        clearTimeout(timer);
        timer = setTimeout(check, problem.retryAfter * 1000);
        return;
      }
      checked = null;
      error.textContent = problem.status === 0 ? t("errorNetwork") : problem.message;
    }
    showCheck();
    if (checked && draft.positions.length) say(verdict.textContent);
  };

  function changed() {
    saveDraft(draft);
    checked = null;
    grid.setFree([]);
    showCheck();
    clearTimeout(timer);
    timer = setTimeout(check, CHECK_DELAY_MS);
  }

  testPlay.addEventListener("click", () => {
    if (!playable()) return;
    const body = { positions: draft.positions, title: titleOf(draft), difficulty: "normal" };
    play(testPlayRequest(body));
  });

  save.addEventListener("click", async () => {
    if (!playable()) return;
    save.disabled = true;
    error.textContent = "";
    try {
      const file = await draftFile(draft, "gnome");
      const answer = await api.uploadLayout(new File([file.blob], file.name, { type: "application/xml" }));
      const [stored] = answer.layouts || [];
      forgetLayouts(); // the picker lists it next time
      const text = t("editorSaved", { title: stored ? stored.title : titleOf(draft) });
      toast(text);
      say(text);
    } catch (problem) {
      error.textContent = problem.status === 0 ? t("errorNetwork") : t("editorSaveFailed", { message: problem.detail || problem.message });
    } finally {
      refreshButtons();
    }
  });

  const exportAs = async (format) => {
    error.textContent = "";
    try {
      const file = await draftFile(draft, format);
      downloadFile(file);
      say(t("editorExported", { name: file.name }));
    } catch (problem) {
      error.textContent = problem.status === 0 ? t("errorNetwork") : t("editorExportFailed", { message: problem.detail || problem.message });
    }
  };
  exportK.addEventListener("click", () => exportAs("kmahjongg"));
  exportG.addEventListener("click", () => exportAs("gnome"));

  clear.addEventListener("click", () => {
    if (!draft.positions.length || !window.confirm(t("editorClearConfirm"))) return;
    draft.positions = [];
    grid.draw();
    changed();
    say(t("editorCleared"));
    grid.element.focus();
  });

  const summary = h("p", { class: "editor-summary", id: "editor-summary" }, count, " · ", freeCount, " · ", verdict);
  showLayer();
  showCheck();
  check();
  openDialog("editor", [
    h("h2", {}, t("editorTitle")),
    h("div", { class: "editor-tools" },
      h("div", { class: "editor-layers" }, layerDown, layerLabel, layerUp),
      h("label", { class: "editor-name" }, h("span", {}, t("editorName")), title)),
    grid.element,
    summary,
    help,
    error,
    buttons(testPlay, save),
    h("div", { class: "row-buttons editor-files" }, exportK, exportG, clear),
    live,
  ], { wide: true, onClose: () => { clearTimeout(timer); onClose(); } });
  grid.element.focus();
}
