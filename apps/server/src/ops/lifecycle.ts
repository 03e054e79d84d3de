/** Where the process is in its life; only `ready` takes traffic (see `/api/health/ready`). */
export type LifecyclePhase = 'starting' | 'migrating' | 'ready' | 'draining';

/**
 * The phase of one server process, shared by the app, its management listener and the shutdown
 * logic. A load balancer polling readiness stops sending requests before the listener closes.
 */
export class Lifecycle {
  private current: LifecyclePhase;

  constructor(initial: LifecyclePhase = 'ready') {
    this.current = initial;
  }

  get phase(): LifecyclePhase {
    return this.current;
  }

  /** Draining is final: a process that started shutting down never becomes ready again. */
  set(phase: LifecyclePhase): void {
    if (this.current === 'draining') return;
    this.current = phase;
  }
}
