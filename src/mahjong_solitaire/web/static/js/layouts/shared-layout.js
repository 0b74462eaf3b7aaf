// A layout carried by a share link (rules §7.4): a game on an imported layout has a code
// that names the layout by the hash of its positions (`MJ1-H…`), and its link carries the
// layout after `#layout=`, so a player who never imported it can play it (the server
// checks the hash and keeps the layout among theirs).  The layout travels as text, its
// title then `x.y.z` per position, compressed (deflate) and in base64url: a board of 1,152
// positions fits in a link of a few hundred characters.

const KEY = "layout=";
const MAX_POSITIONS = 1152;

function toBase64Url(bytes) {
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  const plain = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(plain, (c) => c.charCodeAt(0));
}

async function through(stream, bytes) {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

/** The `#layout=…` part of a share link for a layout of `title` and `positions`. */
export async function layoutFragment(title, positions) {
  const text = `${title}\n${positions.map((p) => p.join(".")).join(",")}`;
  const packed = await through(new CompressionStream("deflate-raw"), new TextEncoder().encode(text));
  return `#${KEY}${toBase64Url(packed)}`;
}

/** The layout a link's `#layout=…` carries, as `{title, positions}`; null when there is
 * none or it cannot be read (the server then says the code's layout is unknown). */
export async function layoutInFragment(hash) {
  const at = String(hash || "").indexOf(KEY);
  if (at < 0) return null;
  try {
    const bytes = await through(new DecompressionStream("deflate-raw"), fromBase64Url(hash.slice(at + KEY.length)));
    const text = new TextDecoder().decode(bytes);
    const cut = text.indexOf("\n");
    const positions = text.slice(cut + 1).split(",").map((item) => item.split(".").map(Number));
    if (cut < 0 || positions.length > MAX_POSITIONS) return null;
    if (!positions.every((p) => p.length === 3 && p.every(Number.isInteger))) return null;
    return { title: text.slice(0, cut).slice(0, 60), positions };
  } catch {
    return null;
  }
}
