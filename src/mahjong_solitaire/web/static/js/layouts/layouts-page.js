// The Layouts page of the menu (`data-action="layouts"`): import a KMahjongg or GNOME
// layout file, the player's own layouts with export (KMahjongg / GNOME, through the layout
// editor's file route) and delete, and the way to the layout editor.

import { buttons, openDialog } from "../dialogs/dialog.js";
import { fillButton, h, toast } from "../shell/dom.js";
import { downloadFile, draftFile } from "./editor.js";
import {
  deleteImportedLayout, importedText, importLayoutFile, LayoutProblem, layoutPreview, loadLayouts,
} from "./layouts.js";
import { announcer } from "../board/keyboard.js";
import { t, tn } from "../shell/strings.js";

/** One of the player's layouts: its preview, title and size, Export ×2 and Delete. */
function ownLayoutRow(layout, { exportAs, remove }) {
  const id = `own-layout-${layout.name.replace(/[^A-Za-z0-9_-]/g, "_")}`;
  const button = (name, iconName, label, action) => {
    const el = h("button", { type: "button", class: "btn", "data-layout-action": name, "aria-describedby": id });
    fillButton(el, iconName, label);
    el.addEventListener("click", () => action(layout, el));
    return el;
  };
  return h("li", { class: "own-layout", "data-layout": layout.name },
    layoutPreview(layout),
    h("span", { class: "own-layout-title" }, h("strong", { id }, layout.title), " ",
      h("small", { class: "muted" }, tn("tiles", layout.tiles))),
    button("export-kmahjongg", "download", t("editorExportKmahjongg"), (chosen) => exportAs(chosen, "kmahjongg")),
    button("export-gnome", "download", t("editorExportGnome"), (chosen) => exportAs(chosen, "gnome")),
    button("delete", "trash", t("deleteLayout"), remove));
}

/** Open the Layouts page; `editor()` opens the layout editor in its place. */
export async function layoutsDialog({ editor, onClose }) {
  const list = await loadLayouts();
  const error = h("p", { class: "field-error", id: "layouts-error", role: "alert" });
  const live = h("p", { class: "visually-hidden", id: "layouts-live", role: "status", "aria-live": "polite" });
  const say = announcer(live);
  const rows = h("ul", { class: "own-layouts", id: "own-layouts", "aria-label": t("ownLayoutsHeading") });
  const none = h("p", { class: "muted", id: "own-layouts-none" }, t("ownLayoutsNone"));

  const exportAs = async (layout, format) => {
    error.textContent = "";
    try {
      const file = await draftFile({ positions: layout.positions, title: layout.title }, format);
      downloadFile(file);
      say(t("editorExported", { name: file.name }));
    } catch (problem) {
      if (!(problem && "status" in problem)) throw problem; // a fault of the page
      error.textContent = problem.status === 0 ? t("errorNetwork") : t("editorExportFailed", { message: problem.detail || problem.message });
    }
  };
  const draw = () => {
    const own = list.filter((layout) => layout.imported || layout.number === null);
    rows.replaceChildren(...own.map((layout) => ownLayoutRow(layout, { exportAs, remove })));
    rows.hidden = !own.length;
    none.hidden = own.length > 0;
  };
  const remove = async (layout, button) => {
    if (!window.confirm(t("deleteLayoutConfirm", { title: layout.title }))) return;
    error.textContent = "";
    button.disabled = true;
    try {
      await deleteImportedLayout(layout);
    } catch (problem) {
      if (!(problem instanceof LayoutProblem)) throw problem;
      button.disabled = false;
      error.textContent = problem.message;
      return;
    }
    const index = [...rows.children].findIndex((row) => row.dataset.layout === layout.name);
    draw();
    const next = rows.children[Math.min(index, rows.children.length - 1)];
    (next ? next.querySelector("[data-layout-action='delete']") : importButton).focus();
    const text = t("layoutDeletedToast", { title: layout.title });
    toast(text);
    say(text);
  };

  const input = h("input", { type: "file", id: "layouts-file", accept: ".layout,.map", hidden: true });
  const importButton = h("button", { type: "button", class: "btn primary", id: "layouts-import", "aria-describedby": "layouts-import-note" });
  fillButton(importButton, "upload", t("importLayout"));
  importButton.addEventListener("click", () => input.click());
  input.addEventListener("change", async () => {
    const file = input.files && input.files[0];
    input.value = "";
    if (!file) return;
    error.textContent = "";
    importButton.disabled = true;
    try {
      const { added, refused } = await importLayoutFile(file);
      error.textContent = refused;
      draw();
      if (added.length) {
        const text = importedText(added);
        toast(text);
        say(text);
      }
    } catch (problem) {
      if (!(problem instanceof LayoutProblem)) throw problem;
      error.textContent = problem.message;
    } finally {
      importButton.disabled = false;
      importButton.focus();
    }
  });
  const editorButton = h("button", { type: "button", class: "btn", id: "layouts-editor" });
  fillButton(editorButton, "pencil", t("openLayoutEditor"));
  editorButton.addEventListener("click", () => editor());

  draw();
  openDialog("layouts", [
    h("h2", {}, t("layoutsTitle")),
    h("p", { class: "muted", id: "layouts-import-note" }, t("importLayoutNote")),
    buttons(importButton, editorButton),
    input,
    error,
    h("h3", {}, t("ownLayoutsHeading")),
    none,
    rows,
    live,
  ], { wide: true, onClose });
}
