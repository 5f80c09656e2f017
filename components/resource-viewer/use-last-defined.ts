"use client";

import { useState } from "react";

/** The value, or the last defined one it had (a removed resource keeps its last metadata). */
export function useLastDefined<T>(value: T | undefined): T | undefined {
  const [last, setLast] = useState(value);
  if (value !== undefined && value !== last) setLast(value);
  return value ?? last;
}
