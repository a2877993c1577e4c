// Tooltips on every control of the table: a control drawn without a title of its own (a
// game's part draws many) gets its accessible name as one, so that a pointer resting on any
// button, box or list of the table says what it is. Controls with their own title keep it.
"use strict";

const CONTROLS = "button, input, select, textarea";

/** @param {Element} control */
function nameOf(control) {
  const label = control.getAttribute("aria-label");
  if (label) return label;
  const labelled = control.id ? document.querySelector(`label[for="${CSS.escape(control.id)}"]`) : null;
  if (labelled?.textContent?.trim()) return labelled.textContent.trim();
  const own = control.textContent?.trim() || control.getAttribute("placeholder") || "";
  return own.replace(/\s+/g, " ");
}

/** @param {ParentNode} root */
function titleAll(root) {
  for (const control of root.querySelectorAll(CONTROLS)) {
    if (control.getAttribute("title")) continue;
    const name = nameOf(control);
    if (name) control.setAttribute("title", name);
  }
}

/**
 * Keep every control under `root` titled as the page redraws it.
 * @param {HTMLElement} root
 */
export function keepTooltips(root) {
  titleAll(root);
  new MutationObserver(() => titleAll(root)).observe(root, {childList: true, subtree: true});
}
