/** Rejects with `message` if `work` has not settled within `ms`; the timer never outlives the race. */
export async function withTimeout<T>(work: Promise<T>, ms: number, message = `no answer in ${ms / 1000} s`): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)));
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
