import type { TemplateVariable } from "@/lib/resources/uri-template";

const HINTS: Record<TemplateVariable["operator"], string> = {
  "": "value, percent-encoded",
  "+": "reserved characters such as / ? # kept as typed",
  "#": "fragment (#…), reserved characters kept",
  ".": "label (.…)",
  "/": "path segment (/…)",
  ";": "path parameter (;name=…)",
  "?": "query parameter (?name=…)",
  "&": "query continuation (&name=…)",
};

/** What an RFC 6570 variable becomes in the URI, for the field's description. */
export function operatorHint(variable: TemplateVariable): string {
  const parts = [HINTS[variable.operator]];
  if (variable.explode) parts.push("a list: separate items with commas");
  if (variable.prefix !== undefined) parts.push(`only the first ${variable.prefix} characters are used`);
  return parts.join("; ");
}
