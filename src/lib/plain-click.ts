/**
 * A primary-button click without a modifier. Links that wait for the flow (the spec's 200 ms
 * before a schedule detail) take only these; a modified click keeps the browser's own new tab
 * or window.
 */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}) {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
