/**
 * Runs `task` when the browser has nothing more urgent to do (at the latest after `timeoutMs`):
 * for code the first screen does not need to show itself, so that its loading and evaluation do not
 * lengthen the tasks that render the screen (ADR 0018).
 */
export function whenIdle(task: () => void, timeoutMs = 3000): void {
  if (typeof window.requestIdleCallback === 'function')
    window.requestIdleCallback(() => task(), { timeout: timeoutMs });
  else setTimeout(task, 200);
}
