/**
 * CPU of the workerd processes a bench started, read from /proc. Worker time is not observable
 * inside workerd (its clocks stop while code runs), so benches measure the processes instead:
 * user + system time in 10 ms ticks, which includes workerd's own HTTP and client work.
 */
import { readdirSync, readFileSync } from "node:fs";

/** Milliseconds per tick (USER_HZ on Linux). */
export const TICK_MS = 1000 / 100;

/** The fields of /proc/<pid>/stat after the command name: [0] state, [1] ppid, [11] utime, [12] stime. */
function statFields(pid: number | string): string[] {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** Whether `pid` descends from this process: other workerd processes on the machine do not count. */
function isOurs(pid: string): boolean {
  for (let p = Number(pid), hops = 0; p > 1 && hops < 20; hops++) {
    if (p === process.pid) return true;
    p = Number(statFields(p)[1]);
  }
  return false;
}

/** user + system ticks of the workerd processes this process started (Miniflare's). */
export function workerdTicks(): number {
  let ticks = 0;
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("workerd") || !isOurs(pid)) continue;
      const fields = statFields(pid);
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks;
}
