// Connection monitor: every 5 s asks whether the cable is connected; reports
// 'failed first connection' after the first failure and 'failed to retry' at 3 consecutive
// failures; a successful check resets the count. Any feature's channel can use it.

/** What a channel reports about its connection (POST /api/v1/questions/action_cable_logger). */
export type CableReport = 'failed first connection' | 'failed to retry' | 'disconnected' | 'rejected';

export const MONITOR_INTERVAL_MS = 5000;
export const RETRY_REPORT_AT = 3;

export interface ConnectionMonitor {
  check(): void;
  start(): void;
  stop(): void;
  failures(): number;
}

export function createConnectionMonitor(
  isConnected: () => boolean,
  report: (error: CableReport) => void,
  intervalMs = MONITOR_INTERVAL_MS,
): ConnectionMonitor {
  let failures = 0;
  let timer: ReturnType<typeof setInterval> | null = null;
  const check = () => {
    if (isConnected()) {
      failures = 0;
      return;
    }
    failures += 1;
    if (failures === 1) report('failed first connection');
    else if (failures === RETRY_REPORT_AT) report('failed to retry');
  };
  return {
    check,
    start() {
      if (timer === null) timer = setInterval(check, intervalMs);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
    failures: () => failures,
  };
}
