// The history file on the Statistics page: export downloads the file the command line's
// `mahjong-solitaire export` writes (GET /api/history), import sends one back
// (POST /api/history) with the command line's checks; a bad file is refused whole, with
// its fault named, and nothing changes.  What happened is announced (role status / alert).

import { api } from "../shell/api.js";
import { fillButton, h, toast } from "../shell/dom.js";
import { t, tn } from "../shell/strings.js";

/** The server refuses a larger file (web/history_api.py MAX_HISTORY_BYTES). */
const MAX_HISTORY_BYTES = 8 * 1024 * 1024;

/** The sentence of an import's answer: how many games came, how many were already here. */
export function importSentence({ imported, present }) {
  const line = tn("historyImported", imported);
  return present ? `${line} ${tn("historyAlreadyPresent", present)}` : line;
}

/** The section: a heading, a note, the two actions and their announcements.
 * `onImported(sentence)` runs after a successful import (the page redraws its figures);
 * `notice` is the sentence to show and announce when drawn again. */
export function historySection({ onImported, notice = "" }) {
  const status = h("p", { class: "history-status", id: "history-status", role: "status", "aria-live": "polite" }, notice);
  const error = h("p", { class: "field-error", id: "history-error", role: "alert" });

  const exporter = h("a", { class: "btn", href: "/api/history", download: "", "data-action": "export-history" });
  fillButton(exporter, "download", t("exportHistory"));
  exporter.addEventListener("click", () => {
    error.textContent = "";
    status.textContent = t("historyDownloading");
  });

  const input = h("input", { type: "file", id: "history-file", accept: ".json,application/json", hidden: true });
  const importer = h("button", { type: "button", class: "btn", "data-action": "import-history" });
  fillButton(importer, "upload", t("importHistory"));
  importer.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    error.textContent = "";
    status.textContent = "";
    if (file.size > MAX_HISTORY_BYTES) {
      error.textContent = t("historyFileTooLarge", { name: file.name, max: MAX_HISTORY_BYTES / 1024 / 1024 });
      return;
    }
    importer.disabled = true;
    importer.querySelector(".label").textContent = t("importingHistory", { name: file.name });
    try {
      const sentence = importSentence(await api.uploadHistory(file));
      toast(sentence); // announced (the toast is a live region) whatever is drawn next
      if (onImported) await onImported(sentence); // the section is drawn again with it
      else status.textContent = sentence;
    } catch (problem) {
      error.textContent = problem.status === 0 ? t("errorNetwork")
        : t("historyImportFailed", { message: problem.detail || problem.message });
    } finally {
      importer.disabled = false;
      importer.querySelector(".label").textContent = t("importHistory");
    }
  });

  return h("section", { class: "history-file", "aria-labelledby": "history-title" },
    h("h3", { id: "history-title" }, t("historyTitle")),
    h("p", { class: "muted" }, t("historyNote")),
    h("div", { class: "history-actions" }, exporter, importer, input),
    status,
    error);
}
