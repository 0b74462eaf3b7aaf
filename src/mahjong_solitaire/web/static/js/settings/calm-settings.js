// Calm play's part of the Settings page: ask before abandoning a game in progress
// (`data-setting="confirm-abandon"`, on by default; dialogs/confirm-leaving.js asks) and zen
// (`data-setting="zen"`: the timer, the counters and the "still winnable?" chip are hidden
// while playing, css/settings/calm-play.css; everything is still recorded and shown at the
// end).

import { h } from "../shell/dom.js";
import { t } from "../shell/strings.js";

/** The part's elements; `change(patch)` applies and remembers a setting. */
export function calmSettingsPart(settings, change) {
  const confirm = h("input", {
    type: "checkbox", id: "setting-confirm-abandon", "data-setting": "confirm-abandon",
    checked: settings.confirmAbandon !== false, "aria-describedby": "setting-confirm-abandon-note",
    onchange: () => change({ confirmAbandon: confirm.checked }),
  });
  const zen = h("input", {
    type: "checkbox", id: "setting-zen", "data-setting": "zen", checked: Boolean(settings.zen),
    "aria-describedby": "setting-zen-note",
    onchange: () => change({ zen: zen.checked }),
  });
  return [
    h("h3", {}, t("settingsCalm")),
    h("label", { class: "check" }, confirm, t("confirmAbandonSetting")),
    h("p", { class: "muted setting-note", id: "setting-confirm-abandon-note" }, t("confirmAbandonNote")),
    h("label", { class: "check" }, zen, t("zenSetting")),
    h("p", { class: "muted setting-note", id: "setting-zen-note" }, t("zenNote")),
  ];
}
