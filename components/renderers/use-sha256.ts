"use client";

import { useEffect, useState } from "react";
import { decodeBase64Lenient } from "@/lib/content/base64";

/** Hex SHA-256 of a base64 blob's bytes (decoded leniently, as the download is), or null while computing. */
export function useSha256(base64: string): { hex: string | null; error: string | null } {
  const [result, setResult] = useState<{ for: string; hex: string | null; error: string | null } | null>(
    null,
  );
  useEffect(() => {
    let cancelled = false;
    // Decoding a large blob takes a moment: after paint, off the click that opened it.
    const timer = window.setTimeout(() => {
      const bytes = decodeBase64Lenient(base64);
      crypto.subtle
        .digest("SHA-256", bytes)
        .then((digest) => {
          const hex = Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
          if (!cancelled) setResult({ for: base64, hex, error: null });
        })
        .catch((error: unknown) => {
          if (!cancelled) setResult({ for: base64, hex: null, error: String(error) });
        });
    }, 0);
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [base64]);
  return result?.for === base64 ? result : { hex: null, error: null };
}
