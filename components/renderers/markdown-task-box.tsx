import type { ComponentPropsWithoutRef } from "react";
import type { ExtraProps } from "react-markdown";

/**
 * A GFM task list's checkbox (the only input markdown makes): read-only, and named by its state,
 * as remark leaves it without a label (axe `label`, WCAG 4.1.2).
 */
export function MarkdownTaskBox({ node: _node, ...props }: ComponentPropsWithoutRef<"input"> & ExtraProps) {
  return <input {...props} aria-label={props.checked ? "Done" : "Not done"} />;
}
