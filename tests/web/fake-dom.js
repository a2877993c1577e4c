// The little of the DOM the page's drawing code uses (createElement, attributes, classes, the
// CSSOM's setProperty, dataset, listeners, children, text), enough to run kit.js and the games'
// boards under Node: installed on globalThis by install().

export class FakeNode {
  /** @type {FakeElement | null} */
  parentNode = null;

  /** @returns {string} */
  get textContent() {
    return "";
  }
}

export class FakeText extends FakeNode {
  /** @param {string} text */
  constructor(text) {
    super();
    this.text = text;
  }

  get textContent() {
    return this.text;
  }
}

export class FakeElement extends FakeNode {
  /**
   * @param {string} tagName
   * @param {string | null} [namespace]
   */
  constructor(tagName, namespace = null) {
    super();
    this.tagName = tagName.toUpperCase();
    this.namespace = namespace;
    this.className = "";
    /** @type {Map<string, string>} */
    this.attributes = new Map();
    /** @type {Record<string, string>} */
    this.dataset = {};
    /** @type {Map<string, string>} */
    this.styles = new Map();
    this.style = {setProperty: (/** @type {string} */ name, /** @type {string} */ value) => this.styles.set(name, value)};
    /** @type {Map<string, ((event: unknown) => unknown)[]>} */
    this.listeners = new Map();
    /** @type {FakeNode[]} */
    this.childNodes = [];
  }

  /**
   * @param {string} name
   * @param {string} value
   */
  setAttribute(name, value) {
    this.attributes.set(name, String(value));
  }

  /** @param {string} name */
  getAttribute(name) {
    return this.attributes.get(name) ?? null;
  }

  /** @param {string} name */
  hasAttribute(name) {
    return this.attributes.has(name);
  }

  /**
   * @param {string} type
   * @param {(event: unknown) => unknown} listener
   */
  addEventListener(type, listener) {
    this.listeners.set(type, [...(this.listeners.get(type) || []), listener]);
  }

  /** @param {...(FakeNode | string)} nodes */
  append(...nodes) {
    for (const node of nodes) {
      const child = typeof node === "string" ? new FakeText(node) : node;
      child.parentNode = this;
      this.childNodes.push(child);
    }
  }

  /** @param {...FakeNode} nodes */
  replaceChildren(...nodes) {
    this.childNodes = [];
    this.append(...nodes);
  }

  get textContent() {
    return this.childNodes.map((node) => node.textContent).join("");
  }

  set textContent(text) {
    this.replaceChildren(new FakeText(String(text)));
  }

  /** Every element below this one, depth first. @returns {FakeElement[]} */
  descendants() {
    return this.childNodes.flatMap((node) => node instanceof FakeElement ? [node, ...node.descendants()] : []);
  }

  /** Run the element's click listeners, as a click would. */
  click() {
    for (const listener of this.listeners.get("click") || []) listener({type: "click", target: this});
  }
}

export const fakeDocument = {
  /** @param {string} name */
  createElement: (name) => new FakeElement(name),
  /**
   * @param {string} namespace
   * @param {string} name
   */
  createElementNS: (namespace, name) => new FakeElement(name, namespace),
  /** @param {string} text */
  createTextNode: (text) => new FakeText(text),
};

/** Make the fake the page's document (and its Node, for kit.js's instanceof). */
export function install() {
  Object.assign(globalThis, {document: fakeDocument, Node: FakeNode});
}

/**
 * What a DOM call of the page built: the fake element behind its declared type.
 * @param {unknown} node
 * @returns {FakeElement}
 */
export function fake(node) {
  if (!(node instanceof FakeElement)) throw new TypeError(`not an element of the fake DOM: ${String(node)}`);
  return node;
}
