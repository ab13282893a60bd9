/**
 * Runs `task` once the browser has painted its next frame: the frame's callbacks run before its
 * paint, and a task queued from one runs after it. Work that can wait a frame, put here, no
 * longer delays what a keystroke shows. Returns a function that cancels it.
 */
export function afterNextPaint(task: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(task);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
