/**
 * Runs `work` once the next frame is painted (a frame callback runs before its paint; a timer
 * queued from it runs after). Screens use it to keep work that the user does not wait for out of
 * the frame that answers a tap. Returns a cancel.
 */
export function afterNextPaint(work: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(work, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
