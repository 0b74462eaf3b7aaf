// The challenges' rule sets (rules §13) as the server lists them (GET /api/challenges):
// name, title and one-line rule in the page's language, asked once per language.

import { api } from "../shell/api.js";
import { language } from "../shell/strings.js";

let listed = null; // {language, promise}

/** Every rule set, in the server's order (a promise). */
export function ruleSets() {
  if (!listed || listed.language !== language()) {
    const promise = api.challenges().then((answer) => answer.challenges, (problem) => {
      listed = null; // asked again next time
      throw problem;
    });
    listed = { language: language(), promise };
  }
  return listed.promise;
}
