/**
 * A counting semaphore: at most `size` holders at once, the rest wait in arrival order.
 * Uploads use one per process so that a burst of pictures cannot make sharp decode many large
 * images at the same time (each may take up to 40 MP × 4 bytes of memory and a libuv thread).
 */
export class Slots {
  readonly size: number;
  #free: number;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    this.size = size;
    if (!Number.isInteger(size) || size < 1) throw new Error('slots need a positive size');
    this.#free = size;
  }

  /** Holders right now. */
  get active(): number {
    return this.size - this.#free;
  }

  /** Callers waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** Runs `work` while holding a slot; the slot is given back however `work` ends. */
  async use<T>(work: () => Promise<T>): Promise<T> {
    await this.#acquire();
    try {
      return await work();
    } finally {
      this.#release();
    }
  }

  #acquire(): Promise<void> {
    if (this.#free > 0) {
      this.#free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  #release() {
    // The slot passes straight to the next waiter, so a newcomer cannot overtake the queue.
    const next = this.#waiting.shift();
    if (next) next();
    else this.#free += 1;
  }
}

/** Images this process decodes at once (issue 17: at most 2). */
export const maxConcurrentDecodes = 2;

/** The process's decode slots, shared by every upload route of every app in the process. */
export const decodeSlots = new Slots(maxConcurrentDecodes);
