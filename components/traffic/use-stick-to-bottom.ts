"use client";

import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from "react";

/** Within this many pixels of the end counts as "at the bottom". */
const SLACK_PX = 24;

/**
 * Keeps a growing log scrolled to its end while the user is there; scrolling up stops that, and
 * scrolling back down (or jumpToEnd) resumes it. `size` is whatever grows (an item count).
 */
export function useStickToBottom(ref: RefObject<HTMLElement | null>, size: number, enabled = true) {
  const [stuck, setStuck] = useState(true);
  const stuckRef = useRef(true);

  const onScroll = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const atEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= SLACK_PX;
    if (atEnd !== stuckRef.current) {
      stuckRef.current = atEnd;
      setStuck(atEnd);
    }
  }, [ref]);

  useLayoutEffect(() => {
    const el = ref.current;
    if (enabled && el && stuckRef.current) el.scrollTop = el.scrollHeight;
  }, [ref, size, enabled]);

  const jumpToEnd = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    stuckRef.current = true;
    setStuck(true);
    el.scrollTop = el.scrollHeight;
  }, [ref]);

  return { stuck, onScroll, jumpToEnd };
}
