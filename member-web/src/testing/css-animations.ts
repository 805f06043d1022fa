/**
 * jsdom runs no CSS animations, so `animationend` never fires there. react-toastify 11 closes a toast
 * when its progress bar's CSS animation ends (the bar's `animation-duration` is the toast's
 * `autoClose`) and removes it when its exit animation ends. This emulator lets a test watch that
 * happen on vitest's fake clock: for every element whose computed `animation-duration` is above zero
 * (from the stylesheet the library injects, or the inline style), it dispatches `animationend` once
 * that much running time has passed, honouring `animation-play-state: paused`, and starting again
 * when the element's animation (name, or class list when the name is not resolved) or duration changes.
 *
 * Call after `vi.useFakeTimers()`; call the returned function to stop.
 */
export function emulateCssAnimations(root: Node = document.body): () => void {
  interface Running {
    signature: string;
    durationMs: number;
    elapsedMs: number;
    startedAt: number | null;
    timer: ReturnType<typeof setTimeout> | null;
  }
  const animations = new Map<Element, Running>();

  function durationOf(style: CSSStyleDeclaration): number {
    const value = (style.animationDuration || '').split(',')[0]?.trim() ?? '';
    const m = /^([\d.]+)(ms|s)$/.exec(value);
    if (!m) return 0;
    return Number(m[1]) * (m[2] === 's' ? 1000 : 1);
  }

  function stopTimer(a: Running) {
    if (a.timer !== null) clearTimeout(a.timer);
    a.timer = null;
    if (a.startedAt !== null) a.elapsedMs += Date.now() - a.startedAt;
    a.startedAt = null;
  }

  function update(element: Element) {
    if (!element.isConnected) {
      const gone = animations.get(element);
      if (gone) stopTimer(gone);
      animations.delete(element);
      return;
    }
    const style = window.getComputedStyle(element);
    const durationMs = durationOf(style);
    const previous = animations.get(element);
    if (durationMs <= 0) {
      if (previous) stopTimer(previous);
      animations.delete(element);
      return;
    }
    const name =
      style.animationName && style.animationName !== 'none'
        ? style.animationName
        : (element.getAttribute('class') ?? '');
    const signature = `${name}|${durationMs}`;
    let a = previous;
    if (!a || a.signature !== signature) {
      if (a) stopTimer(a);
      a = { signature, durationMs, elapsedMs: 0, startedAt: null, timer: null };
      animations.set(element, a);
    }
    const running = (style.animationPlayState || 'running') !== 'paused';
    if (!running) {
      stopTimer(a);
      return;
    }
    if (a.timer !== null || a.elapsedMs >= a.durationMs) return;
    const current = a;
    current.startedAt = Date.now();
    current.timer = setTimeout(() => {
      current.timer = null;
      current.startedAt = null;
      current.elapsedMs = current.durationMs;
      if (animations.get(element) === current && element.isConnected) {
        // React DOM, finding no AnimationEvent in jsdom, listens for the prefixed name (its onAnimationEnd);
        // native listeners use the standard one. Each listener hears exactly one of the two.
        element.dispatchEvent(new Event('animationend', { bubbles: true }));
        element.dispatchEvent(new Event('webkitAnimationEnd', { bubbles: true }));
      }
    }, current.durationMs - current.elapsedMs);
  }

  function scan(node: Node) {
    if (!(node instanceof Element)) return;
    update(node);
    node.querySelectorAll('*').forEach(update);
  }

  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') update(record.target as Element);
      record.addedNodes.forEach(scan);
      record.removedNodes.forEach((node) => {
        if (!(node instanceof Element)) return;
        [node, ...Array.from(node.querySelectorAll('*'))].forEach((element) => {
          const a = animations.get(element);
          if (a && !element.isConnected) {
            stopTimer(a);
            animations.delete(element);
          }
        });
      });
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['class', 'style'] });
  scan(root);

  return () => {
    observer.disconnect();
    animations.forEach(stopTimer);
    animations.clear();
  };
}
