import type { ButtonHTMLAttributes } from "react";

const LOOK = {
  primary: "bg-zinc-900 font-medium text-white hover:bg-zinc-700",
  secondary: "border border-zinc-300 bg-white font-medium text-zinc-800 hover:bg-zinc-100",
  /** A toolbar's quieter bordered button (Re-read, Run, Discard). */
  tool: "border border-zinc-300 bg-white font-medium text-zinc-700 hover:bg-zinc-100",
} as const;

const SIZE = {
  /** The buttons that end a form or a review (Connect, Edit, Read). */
  md: "rounded-md px-3 py-1 text-xs",
  /** The 11px ones inside a panel (Apply, Call). */
  sm: "rounded px-3 py-1 text-[11px]",
  /** A toolbar's. */
  xs: "rounded px-1.5 py-0.5 text-[11px]",
} as const;

// Literal class names: Tailwind finds the classes it generates by reading the source.
const DIMMED = { 40: "disabled:opacity-40", 50: "disabled:opacity-50", 60: "disabled:opacity-60" } as const;
const DIMMED_BY_DEFAULT = { primary: 60, secondary: 40, tool: 50 } as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant: keyof typeof LOOK;
  size?: keyof typeof SIZE;
  /**
   * How faded it is while disabled: the variant's own (primary 60 %, secondary 40 %, tool 50 %)
   * unless given; `none` for a button that is never disabled (its classes stay what they were).
   */
  dimmed?: keyof typeof DIMMED | "none";
  /** Added after the variant's classes: layout (`self-end`), a shadow; never another look. */
  className?: string;
}

/** The app's one primary, secondary and toolbar button: a real `<button>`, type "button" unless given. */
export function Button({ variant, size = "md", dimmed, className, type = "button", ...rest }: ButtonProps) {
  const dim = dimmed ?? DIMMED_BY_DEFAULT[variant];
  const classes = [SIZE[size], LOOK[variant], dim === "none" ? "" : DIMMED[dim], className ?? ""];
  return <button type={type} className={classes.filter(Boolean).join(" ")} {...rest} />;
}
