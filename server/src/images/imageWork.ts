import { de } from '@werkboard/common';
import { ApiError } from '../errors';

/**
 * A small queue for image decoding (issue 13, finding 11): at most `running` images are
 * decoded at once (each may take a few hundred MB for a moment), at most `waiting` more wait
 * their turn; beyond that an upload gets 503 with Retry-After instead of piling up memory.
 */
export class ImageWorkQueue {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.queue.length >= this.waiting) {
        const busy = new ApiError(503, de.team.images.busy, 'images_busy');
        busy.headers = { 'Retry-After': '10' };
        throw busy;
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active += 1;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so `active` counts it without a gap.
      const next = this.queue.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  /** How many images are decoded right now (for tests). */
  get inProgress(): number {
    return this.active;
  }
}
