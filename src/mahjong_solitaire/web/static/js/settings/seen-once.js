// The first-time explanations a player has seen in this browser (Connect's sliding rules,
// the challenges' rule cards): the names of one kind kept as a list in localStorage, so each
// is explained once.  Storage refused (private mode) or a value that is not ours: it is
// explained again, which does no harm.

/** The names seen under `key`, and a way to remember one more. */
export function seenOnce(key) {
  const seen = () => {
    try {
      const found = JSON.parse(localStorage.getItem(key) || "[]");
      return new Set(Array.isArray(found) ? found : []);
    } catch (problem) {
      if (problem instanceof DOMException || problem instanceof SyntaxError) return new Set();
      throw problem;
    }
  };
  return {
    has: (name) => seen().has(name),
    remember(name) {
      const names = seen();
      names.add(name);
      try {
        localStorage.setItem(key, JSON.stringify([...names]));
      } catch (problem) {
        if (!(problem instanceof DOMException)) throw problem; // private mode: not remembered
      }
    },
  };
}
