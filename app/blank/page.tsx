// The floor `npm run bench -- page` measures the inspector's first screen against: the same build,
// layout and framework scripts, and no app. Rendered per request like the page (its CSP nonce).
export const dynamic = "force-dynamic";

export default function Blank() {
  return <p>Blank page</p>;
}
