/** Whether `promise` has resolved once the microtasks queued now have run (a timer-driven wait under test). */
export async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}
