// The Animations switch of the Settings page (`data-setting="motion"`, on by default,
// remembered with the other settings): off, the page moves nothing (board/motion.js), as when
// the system asks for reduced motion, which turns animations off whatever the switch says.

import { h } from "../shell/dom.js";
import { announcer } from "../board/keyboard.js";
import { endCelebration } from "../board/motion.js";
import { t } from "../shell/strings.js";

const announce = announcer(document.getElementById("announcer"));

/** The switch and its note; `change(patch)` applies and remembers a setting. */
export function motionSettingPart(settings, change) {
  const motion = h("input", {
    type: "checkbox", id: "setting-motion", "data-setting": "motion", checked: settings.motion !== false,
    "aria-describedby": "setting-motion-note",
    onchange: () => {
      change({ motion: motion.checked });
      if (!motion.checked) endCelebration();
      announce(t(motion.checked ? "announceMotionOn" : "announceMotionOff"));
    },
  });
  return [
    h("label", { class: "check" }, motion, t("motionSetting")),
    h("p", { class: "muted setting-note", id: "setting-motion-note" }, t("motionNote")),
  ];
}
