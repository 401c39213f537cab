export interface ActiveTimer {
  cancel(): void;
}

/**
 * Calls `fire` once `ms` have passed, not counting the time by which `waited()` grew meanwhile: a run paused
 * by the kit (waiting for its output budget) must not be timed out for the kit's own wait.
 */
export function afterActiveTime(ms: number, waited: () => number, fire: () => void): ActiveTimer {
  const start = performance.now();
  const waitedBefore = waited();
  let handle: NodeJS.Timeout;
  const check = () => {
    const left = ms - (performance.now() - start - (waited() - waitedBefore));
    if (left > 0) handle = setTimeout(check, left);
    else fire();
  };
  handle = setTimeout(check, ms);
  return { cancel: () => clearTimeout(handle) };
}
