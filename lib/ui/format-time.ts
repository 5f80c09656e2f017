/** Local wall-clock times for live markers: "14:03:07" and, with milliseconds, "14:03:07.042". */

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** hh:mm:ss in local time (24-hour). */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** hh:mm:ss.mmm in local time (24-hour). */
export function formatClockMs(ms: number): string {
  return `${formatClock(ms)}.${pad(new Date(ms).getMilliseconds(), 3)}`;
}
