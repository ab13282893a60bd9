/**
 * Runs `task` once the browser has painted its next frame: the frame's callbacks run before its
 * paint, and a task queued from one runs after it. Work that can wait a frame, put here, no
 * longer delays what a keystroke shows.
 */
export function afterNextPaint(task: () => void) {
  requestAnimationFrame(() => setTimeout(task));
}
