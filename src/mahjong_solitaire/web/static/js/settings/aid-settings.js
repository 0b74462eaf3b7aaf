// The aids' part of the Settings page (rules §5.12, §5.13): highlight matches
// (`data-setting="highlight"`), the tray of removed tiles (`data-setting="removed-tray"`, off
// by default; board/removed-tray.js), sound (`data-setting="sound"`) and its volume
// (`data-setting="volume"`), remembered with the other settings.

import { h } from "../shell/dom.js";
import { t } from "../shell/strings.js";

/** The part's elements; `change(patch)` applies and remembers a setting, `sample()` plays
 * a sound at the chosen volume. */
export function aidSettingsPart(settings, change, sample) {
  const highlight = h("input", {
    type: "checkbox", id: "setting-highlight", "data-setting": "highlight", checked: Boolean(settings.highlight),
    onchange: () => change({ highlight: highlight.checked }),
  });
  const tray = h("input", {
    type: "checkbox", id: "setting-removed-tray", "data-setting": "removed-tray", checked: Boolean(settings.removedTray),
    "aria-describedby": "setting-removed-tray-note",
    onchange: () => change({ removedTray: tray.checked }),
  });
  const volume = h("input", {
    type: "range", id: "setting-volume", "data-setting": "volume", min: 0, max: 100, step: 5,
    value: Math.round(Number(settings.volume) * 100), disabled: !settings.sound,
    "aria-valuetext": `${Math.round(Number(settings.volume) * 100)}%`,
    oninput: () => {
      volume.setAttribute("aria-valuetext", `${volume.value}%`);
      change({ volume: Number(volume.value) / 100 });
    },
    onchange: () => sample(),
  });
  const sound = h("input", {
    type: "checkbox", id: "setting-sound", "data-setting": "sound", checked: Boolean(settings.sound),
    onchange: () => {
      change({ sound: sound.checked });
      volume.disabled = !sound.checked;
      if (sound.checked) sample();
    },
  });
  return [
    h("h3", {}, t("settingsAids")),
    h("label", { class: "check" }, highlight, t("highlightMatches")),
    h("label", { class: "check" }, tray, t("removedTraySetting")),
    h("p", { class: "muted setting-note", id: "setting-removed-tray-note" }, t("removedTrayNote")),
    h("label", { class: "check" }, sound, t("soundOn")),
    h("label", { class: "check volume", for: "setting-volume" }, t("soundVolume"), volume),
  ];
}
