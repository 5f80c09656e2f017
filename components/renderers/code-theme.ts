import type { PrismTheme } from "prism-react-renderer";

const v = (name: string) => `var(--color-${name})`;

/**
 * Token colours as the app's palette variables, so one theme serves both colour themes: in dark,
 * app/theme-dark.css turns each 700 into its light 200 (no second theme to switch to, nothing
 * to keep in step). Every colour is a 600–700 shade, at least 4.5:1 on white and on zinc-50
 * (WCAG AA); prism-react-renderer's stock light themes put comments and numbers near 3:1.
 */
export const codeTheme: PrismTheme = {
  plain: { color: v("zinc-800") },
  styles: [
    {
      types: ["comment", "prolog", "doctype", "cdata"],
      style: { color: v("zinc-600"), fontStyle: "italic" },
    },
    { types: ["namespace"], style: { opacity: 0.8 } },
    { types: ["string", "attr-value", "char", "inserted"], style: { color: v("emerald-700") } },
    { types: ["punctuation", "operator"], style: { color: v("zinc-700") } },
    {
      types: ["number", "boolean", "constant", "symbol", "entity", "url", "regex", "variable"],
      style: { color: v("amber-700") },
    },
    { types: ["keyword", "atrule", "selector", "important"], style: { color: v("violet-700") } },
    { types: ["function", "function-variable", "class-name", "builtin"], style: { color: v("sky-700") } },
    { types: ["tag", "deleted", "property", "attr-name", "key"], style: { color: v("rose-700") } },
  ],
};
