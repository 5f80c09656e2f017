/**
 * A HostReadView as plain text, for the `hosts` command and anything else that prints one. Two
 * forms: the host's main model-facing text alone, byte for byte (what `> out.txt` must hold), and
 * a readable section with every block, note, mention and token estimate under a heading.
 */
import type { HostModel, HostReadView, LensBlock } from "./types";

/**
 * The one block a host hands over first: for a host whose model reads resources, its read tool's
 * answer (the first block); for VS Code, whose user attaches them, the attachment (its last block,
 * after the attachment URI).
 */
export function primaryBlock(
  view: HostReadView,
  model: Pick<HostModel, "modelReads">,
): LensBlock | undefined {
  return model.modelReads ? view.blocks[0] : view.blocks[view.blocks.length - 1];
}

/** A block as text: a text block exactly as the host produces it, else one line saying what it is. */
export function blockText(block: LensBlock): string {
  switch (block.kind) {
    case "text":
      return block.text;
    case "image":
      return `[${block.title}: ${block.mimeType}, content item ${block.contentIndex + 1}]\n`;
    case "omitted":
      return `[${block.title}: ${block.reason}]\n`;
  }
}

/** Exactly what the host's model (or user) gets, nothing added: no heading, no trailing newline of ours. */
export function primaryText(view: HostReadView, model: Pick<HostModel, "modelReads">): string {
  const block = primaryBlock(view, model);
  return block ? blockText(block) : "";
}

const TAG = { verified: "V", inferred: "I" } as const;

function withNewline(text: string): string {
  return text.endsWith("\n") ? text : `${text}\n`;
}

/** `== Gemini CLI 0.56.0-nightly.20260806 (model) ==` and every block, note, the mention and tokens. */
export function viewText(
  view: HostReadView,
  model: Pick<HostModel, "label" | "version" | "modelReads">,
): string {
  let out = `== ${model.label} ${model.version} (${view.audience}) ==\n`;
  for (const block of view.blocks) out += `-- ${block.title} --\n${withNewline(blockText(block))}`;
  if (view.notes.length > 0) {
    out += "-- notes --\n";
    for (const n of view.notes)
      out += `[${TAG[n.fact.certainty]}] ${n.level}: ${n.text}\n    ${n.fact.source.label}: ${n.fact.source.url}\n`;
  }
  if (view.mention)
    out += `-- mention --\n${view.mention.text}${view.mention.works ? " (works)" : " (does not work)"}\n${
      view.mention.why ? `    ${view.mention.why}\n` : ""
    }`;
  if (view.tokens)
    out += `-- tokens --\n≈ ${view.tokens.estimate.toLocaleString("en")} (warning past ${view.tokens.warnAt.toLocaleString("en")}, limit ${view.tokens.limit.toLocaleString("en")}; ≈ 4 characters a token, an estimate)\n`;
  return out;
}
