// Alibi's table: the four suspects face up with their attributes (drawn, and written), the
// clue cards laid out in front of each player below them, the alibis, the convictions so
// far, the special cards (alibi, bribe, good eye: "Bestechung" and "Gutes Auge" on the
// printed cards), your hand. Each step of the history is told from its typed events.
import {capitalize, h, listWords, pickButton, seatColour, seatDot, section, tr, trn} from "sleuth/kit";

/**
 * The seat's view (views.AlibiView, as JSON).
 * @typedef {import("sleuth/types").View & {
 *   config: {threshold: number}, players: number, phase: "main" | "extra" | "convict" | "swap" | "over",
 *   active: number | null, hand: string[] | null, hand_sizes: number[], display: Suspect[],
 *   suspect_pile_size: number, fronts: string[][], discard: string[], draw_pile_size: number,
 *   extra_plays: number, candidates: string[], scores: number[], convictions: Conviction[],
 *   convictions_to_end: number, round_turns: number, outcome: import("sleuth/types").Outcome | null}} AlibiView
 */
/** @typedef {{suspect: string, values: string[], alibi: number | null, covered: string[]}} Suspect */
/**
 * @typedef {{number: number, suspect: string, how: string, convicter: number | null, points: number[],
 *   evidence: string[]}} Conviction
 */
/**
 * What the seat has picked: a hand card (its index), or the hand cards to exchange.
 * @typedef {{card: number, exchange: number[]}} Picks
 */
/**
 * The deal, shown at the end (rules.AlibiState.reveal).
 * @typedef {{suspects: string[], hands: string[][], pile: string[], start: number}} Reveal
 */
/** @typedef {import("sleuth/types").TableContext<AlibiView, Picks>} Table */
/**
 * One event of a step as JSON (games/alibi/events.py, ``Event.to_json``): its kind and that
 * kind's fields (only those of its kind are present).
 * @typedef {{kind: string, [field: string]: unknown}} EventJSON
 */
/**
 * The fields of Alibi's events, for reading one of them.
 * @typedef {{kind: string, seat: number, target: number, card: string | null, cards: string[] | null,
 *   suspect: string, suspects: string[], plays: number, number: number, how: string, convicter: number | null,
 *   points: number[], count: number | null}} AlibiEvent
 */

/** @type {Record<string, string[]>} */
const GROUPS = {
  gender: ["male", "female"], build: ["fat", "thin"], hair: ["long", "short"],
  clothing: ["plain", "striped", "dotted"], weapon: ["revolver", "knife"], item: ["umbrella", "glasses", "newspaper", "bag"],
};
const GROUP_OF = Object.fromEntries(Object.entries(GROUPS).flatMap(([g, vs]) => vs.map((v) => [v, g])));
// The cards by their German names in German (the printed game's), translated in English and
// Japanese; a card's id (its notation) stays English.
/** @type {Record<string, string>} */
const WORDS = {
  male: tr("male"), female: tr("female"), fat: tr("fat"), thin: tr("thin"), long: tr("long hair"), short: tr("short hair"),
  plain: tr("plain clothes"), striped: tr("striped clothes"), dotted: tr("dotted clothes"), revolver: tr("revolver"), knife: tr("knife"),
  umbrella: tr("umbrella"), glasses: tr("glasses"), newspaper: tr("newspaper"), bag: tr("shopping bag"),
  alibi: tr("alibi"), bribe: tr("bribe"), goodeye: tr("good eye"),
};
/** @type {Record<string, string>} */
const GROUP_WORDS = {
  gender: tr("gender"), build: tr("build"), hair: tr("hair"), clothing: tr("clothing"), weapon: tr("weapon"), item: tr("item"),
  special: tr("special"),
};
/** @type {Record<string, string>} */
const SPECIAL_HELP = {
  alibi: tr("Alibi: pick a suspect who cannot be the culprit this round."),
  bribe: tr("Bribe: pick a clue lying in front of another player; it is discarded."),
  goodeye: tr("Good eye: lay out two more cards this turn."),
};
const word = (/** @type {string} */ card) => WORDS[card] || card;
const SVG = "http://www.w3.org/2000/svg";

/**
 * @param {string} tag
 * @param {Record<string, string>} attrs
 * @param {...Node} children
 */
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

let patternCount = 0;

// A suspect drawn from its attributes, as the printed card shows the person.
/** @param {string[]} values */
function portrait(values) {
  const has = (/** @type {string} */ v) => values.includes(v);
  const id = `alibi-pattern-${patternCount += 1}`;
  const cloth = has("striped") ? "#3d6fb6" : has("dotted") ? "#b6493d" : "#5f7f55";
  const defs = svg("defs", {},
    svg("pattern", {id: `${id}-s`, width: "6", height: "6", patternUnits: "userSpaceOnUse"},
      svg("rect", {width: "6", height: "6", fill: cloth}), svg("rect", {width: "6", height: "2.4", fill: "#f2ead8"})),
    svg("pattern", {id: `${id}-d`, width: "7", height: "7", patternUnits: "userSpaceOnUse"},
      svg("rect", {width: "7", height: "7", fill: cloth}), svg("circle", {cx: "3.5", cy: "3.5", r: "1.5", fill: "#f2ead8"})));
  const fill = has("striped") ? `url(#${id}-s)` : has("dotted") ? `url(#${id}-d)` : cloth;
  const width = has("fat") ? 30 : 19;
  const x = 32 - width / 2;
  const parts = [defs];
  if (has("long")) parts.push(svg("path", {d: "M21 19 q0-14 11-14 q11 0 11 14 v16 h-6 v-10 h-10 v10 h-6z", fill: "#6b4423"}));
  if (has("female")) parts.push(svg("path", {d: `M${x} 36 h${width} l${has("fat") ? 6 : 5} 26 h-${width + (has("fat") ? 12 : 10)}z`, fill}));
  else {
    parts.push(svg("rect", {x: String(x), y: "35", width: String(width), height: "18", rx: "4", fill}));
    parts.push(svg("rect", {x: String(x + 2), y: "52", width: String(width / 2 - 3), height: "11", fill: "#3b3b46"}));
    parts.push(svg("rect", {x: String(32 + 1), y: "52", width: String(width / 2 - 3), height: "11", fill: "#3b3b46"}));
  }
  parts.push(svg("circle", {cx: "32", cy: "22", r: "9", fill: "#f1c9a0"}));
  if (has("short")) parts.push(svg("path", {d: "M23 20 q0-10 9-10 q9 0 9 10 q-4-5-9-5 q-5 0-9 5z", fill: "#6b4423"}));
  else parts.push(svg("path", {d: "M23 21 q0-11 9-11 q9 0 9 11 q-3-6-9-6 q-6 0-9 6z", fill: "#6b4423"}));
  // A moustache for a man: long hair alone would read as a woman on the printed card's scale.
  if (has("male")) parts.push(svg("path", {d: "M28.5 26.6 q3.5 -2 7 0 q-3.5 1 -7 0z", fill: "#6b4423"}));
  if (has("glasses")) parts.push(svg("g", {fill: "none", stroke: "#111", "stroke-width": "1.4"},
    svg("circle", {cx: "28.5", cy: "22", r: "2.6"}), svg("circle", {cx: "35.5", cy: "22", r: "2.6"}), svg("path", {d: "M31 22h2"})));
  if (has("umbrella")) parts.push(svg("g", {fill: "none", stroke: "#1b1b1b", "stroke-width": "1.6"},
    svg("path", {d: "M50 30 q7-9 13 0z", fill: "#222"}), svg("path", {d: "M56.5 30 v26 q0 3 -3 3"})));
  if (has("newspaper")) parts.push(svg("g", {}, svg("rect", {x: "49", y: "38", width: "12", height: "15", fill: "#f7f3e6", stroke: "#555"}),
    svg("path", {d: "M51 42h8M51 45h8M51 48h6", stroke: "#555", "stroke-width": "1"})));
  if (has("bag")) parts.push(svg("g", {}, svg("path", {d: "M50 44 h11 l-1 14 h-9z", fill: "#c98b3c", stroke: "#5a3a12"}),
    svg("path", {d: "M52.5 44 q3-6 6 0", fill: "none", stroke: "#5a3a12", "stroke-width": "1.5"})));
  if (has("knife")) parts.push(svg("path", {d: "M8 52 l9-12 l2 1.5 l-8 12z", fill: "#cfd6de", stroke: "#333", "stroke-width": ".8"}));
  if (has("revolver")) parts.push(svg("path", {d: "M5 42 h13 v4 h-7 l-2 7 h-4 l2-7 h-2z", fill: "#2b2b2b"}));
  return svg("svg", {viewBox: "0 0 64 64", class: "al-portrait", "aria-hidden": "true"}, ...parts);
}

/**
 * @param {string} card
 * @param {{label?: string, key?: string, picked?: boolean, usable?: boolean, onpick?: () => void,
 *   small?: boolean}} [options]
 */
export function clueCard(card, {label, key, picked, usable, onpick, small} = {}) {
  const group = GROUP_OF[card] || "special";
  const face = h("span.al-card-face", {}, h("span.al-card-group", {text: GROUP_WORDS[group] || group}), h("span.al-card-word", {text: word(card)}));
  const cls = `al-card g-${group}${small ? " small" : ""}`;
  const name = label || tr("%(card)s card", {card: word(card)});
  if (!onpick) return h("span", {class: cls, role: "img", "aria-label": name}, face);
  return pickButton({label: name, key, picked, usable, onpick, cls, content: face});
}

/**
 * @param {Suspect} s
 * @param {AlibiView} view
 * @param {Table} t
 * @param {string | null} pickedCard
 */
function suspectCard(s, view, t, pickedCard) {
  const threshold = view.config.threshold;
  const covered = new Set(s.covered);
  const convict = `convict ${s.suspect}`;
  const alibi = `alibi ${s.suspect}`;
  const target = pickedCard === "alibi" ? alibi : t.can(convict) ? convict : null;
  const body = h("span.al-suspect-face", {},
    h("span.al-suspect-id", {text: s.suspect}),
    portrait(s.values),
    h("span.al-traits", {}, s.values.map((v) => h("span.al-trait", {class: `g-${GROUP_OF[v]}${covered.has(v) ? " covered" : ""}`},
      covered.has(v) ? "✓ " : "", word(v)))),
    h("span.al-progress", {text: s.alibi !== null ? tr("Alibi (from %(name)s)", {name: t.name(s.alibi)})
      : trn("%(covered)s of %(count)s clue", "%(covered)s of %(count)s clues", threshold, {covered: s.covered.length})}));
  const v = {suspect: s.suspect, traits: listWords(s.values.map(word)), covered: s.covered.length};
  const label = s.alibi !== null ? tr("Suspect %(suspect)s: %(traits)s; has an alibi from %(name)s", {...v, name: t.name(s.alibi)})
    : trn("Suspect %(suspect)s: %(traits)s; %(covered)s of %(count)s clue laid", "Suspect %(suspect)s: %(traits)s; %(covered)s of %(count)s clues laid", threshold, v);
  if (!t.live || !target) return h("div.al-suspect", {class: s.alibi !== null ? "alibied" : "", role: "img", "aria-label": label}, body);
  const verb = target === convict ? tr("Convict %(suspect)s", {suspect: s.suspect}) : tr("Give %(suspect)s an alibi", {suspect: s.suspect});
  return h("div.al-suspect-wrap", {},
    h("div.al-suspect", {class: s.alibi !== null ? "alibied" : "", role: "img", "aria-label": label}, body),
    h("button.act", {type: "button", "data-key": `suspect:${s.suspect}`, "data-action": target, disabled: !t.can(target),
      onclick: () => t.act(target), "aria-label": verb}, verb));
}

/**
 * @param {AlibiView} view
 * @param {Table} t
 * @param {string[]} hand
 * @param {number | undefined} picked
 */
function handActions(view, t, hand, picked) {
  const exchanging = t.pick.get("exchange");
  const buttons = [];
  if (exchanging) {
    const cards = exchanging.map((i) => hand[i]);
    const action = [...t.legal].find((a) => a.startsWith("exchange ") && sameCards(a.slice(9).split("+"), cards));
    buttons.push(h("button.act", {type: "button", "data-key": "al-exchange-send", "data-action": action || "", disabled: !action,
      onclick: () => { if (action) t.act(action); }}, cards.length ? tr("Exchange %(cards)s", {cards: listWords(cards.map(word))}) : tr("Pick the cards to exchange")));
    buttons.push(h("button", {type: "button", "data-key": "al-exchange-cancel", onclick: () => t.pick.delete("exchange")}, tr("Cancel")));
    return buttons;
  }
  if (picked !== undefined) {
    const card = hand[picked];
    const swap = `swap ${card}`;
    if (t.can(swap)) buttons.push(h("button.act", {type: "button", "data-key": "al-swap", "data-action": swap, onclick: () => t.act(swap)}, tr("Swap %(card)s for a new card", {card: word(card)})));
    else if (card === "goodeye") buttons.push(h("button.act", {type: "button", "data-key": "al-goodeye", "data-action": "goodeye", disabled: !t.can("goodeye"), onclick: () => t.act("goodeye")}, tr("Play the good eye")));
    else if (card === "alibi") buttons.push(h("span.al-hint", {text: tr("Now pick the suspect above.")}));
    else if (card === "bribe") buttons.push(h("span.al-hint", {text: tr("Now pick a clue in front of another player.")}));
    else buttons.push(h("button.act", {type: "button", "data-key": "al-play", "data-action": `play ${card}`, disabled: !t.can(`play ${card}`),
      onclick: () => t.act(`play ${card}`)}, t.can(`play ${card}`) ? tr("Lay out %(card)s", {card: word(card)}) : capitalize(tr("%(card)s fits no suspect on display", {card: word(card)}))));
  }
  if ([...t.legal].some((a) => a.startsWith("exchange "))) {
    buttons.push(h("button", {type: "button", "data-key": "al-exchange", onclick: () => { t.pick.delete("card"); t.pick.set("exchange", []); }}, tr("Exchange cards…")));
  }
  if (t.can("pass")) buttons.push(h("button.act", {type: "button", "data-key": "al-pass", "data-action": "pass", onclick: () => t.act("pass")},
    view.phase === "swap" ? tr("Keep my hand (end the turn)") : view.phase === "extra" ? tr("No more cards") : tr("Pass")));
  return buttons;
}

/**
 * @param {string[]} a
 * @param {string[]} b
 */
function sameCards(a, b) {
  return a.length === b.length && [...a].sort().join() === [...b].sort().join();
}

/** @type {import("sleuth/types").GamePart<AlibiView, Picks, Reveal>} */
export default {
  sheetCard: word,
  board(view, t) {
    const hand = view.hand || [];
    const exchanging = t.pick.get("exchange");
    const picked = t.pick.get("card");
    const pickedCard = picked === undefined ? null : hand[picked];
    const myTurn = t.live && t.legal.size > 0;
    const bribing = pickedCard === "bribe";
    const fronts = view.fronts.map((front, seat) => h("div.al-front", {style: {"--seat": seatColour(seat)},
      class: view.active === seat ? "active" : "", role: "group", "aria-label": tr("Clues in front of %(name)s", {name: t.name(seat)})},
    h("div.al-front-head", {}, seatDot(seat), h("strong", {text: seat === t.seat ? tr("%(name)s (you)", {name: t.name(seat)}) : t.name(seat)}),
      view.active === seat ? h("span.al-badge", {text: tr("on turn")}) : null,
      h("span.al-hand-size", {text: trn("%(count)s card", "%(count)s cards", view.hand_sizes[seat])}),
      h("span.al-score", {text: trn("%(count)s point", "%(count)s points", view.scores[seat])})),
    h("div.al-front-cards", {}, front.length ? front.map((card, i) => {
      const action = `bribe ${seat} ${card}`;
      return bribing && seat !== t.seat
        ? clueCard(card, {small: true, key: `front:${seat}:${i}`, usable: t.can(action), label: tr("Bribe away %(name)s's %(card)s clue", {name: t.name(seat), card: word(card)}),
          onpick: () => t.act(action)})
        : clueCard(card, {small: true, label: tr("%(card)s clue in front of %(name)s", {card: word(card), name: t.name(seat)})});
    }) : h("span.muted.small", {text: tr("no clue laid out")}))));
    const handZone = view.hand === null ? null : section(tr("Your hand"),
      h("div.al-hand", {}, hand.length ? hand.map((card, i) => myTurn
        ? clueCard(card, {key: `hand:${i}`, picked: exchanging ? exchanging.includes(i) : picked === i, usable: true,
          onpick: () => exchanging ? t.pick.set("exchange", exchanging.includes(i) ? exchanging.filter((x) => x !== i) : [...exchanging, i])
            : t.pick.toggle("card", i)})
        : clueCard(card)) : h("span.muted", {text: tr("no card in hand")})),
      pickedCard && SPECIAL_HELP[pickedCard] ? h("p.al-help", {text: SPECIAL_HELP[pickedCard]}) : null,
      myTurn ? h("div.row.al-actions", {}, handActions(view, t, hand, picked)) : null);
    const last = view.convictions[view.convictions.length - 1];
    return h("div.al", {},
      section(tr("Suspects"),
        h("div.al-suspects", {}, view.display.map((s) => suspectCard(s, view, t, pickedCard))),
        h("p.al-status", {},
          [tr("%(convicted)s of %(count)s convicted", {convicted: view.convictions.length, count: view.convictions_to_end}),
            trn("%(count)s suspect face down", "%(count)s suspects face down", view.suspect_pile_size),
            trn("%(count)s card to draw", "%(count)s cards to draw", view.draw_pile_size)].join(" · "),
          view.extra_plays ? h("strong", {text: " · " + trn("Good eye: %(count)s more card to lay", "Good eye: %(count)s more cards to lay", view.extra_plays)}) : null,
          last ? " · " + tr("last convicted: %(suspect)s", {suspect: last.suspect}) : null)),
      section(tr("Clues laid out"), h("div.al-fronts", {}, fronts)),
      handZone,
      view.convictions.length ? section(tr("Convictions"), h("ol.al-convictions", {}, view.convictions.map((c) => h("li", {},
        h("strong", {text: c.suspect}), " ",
        c.convicter === null ? tr("(%(how)s):", {how: howWords(c.how)}) : tr("(%(how)s, by %(name)s):", {how: howWords(c.how), name: t.name(c.convicter)}), " ",
        c.points.map((p, seat) => tr("%(name)s +%(points)s", {name: t.name(seat), points: p})).join(", "))))) : null);
  },

  prompt(view, t) {
    if (view.phase === "convict") return tr("Two suspects are complete at once: choose which one is convicted.");
    if (view.phase === "swap") return tr("You may swap one more hand card with the draw pile, or keep your hand.");
    if (view.phase === "extra") return tr("Good eye: lay out more cards, or stop.");
    return tr("Lay out a clue that fits a suspect (pick it in your hand), play a special card, or exchange cards.");
  },

  keys(view, t) {
    const keys = [];
    if (t.legal.size && view.hand) {
      keys.push({key: "1–4", label: tr("pick a hand card")});
      view.hand.forEach((card, i) => keys.push({key: String(i + 1), hidden: true, run: () => t.pick.toggle("card", i)}));
    }
    if (t.can("pass")) keys.push({key: "p", label: tr("pass"), run: () => t.act("pass")});
    return keys;
  },

  describe(entry, t) {
    const [seat, action] = entry;
    // A log entry's fourth element, the step's public events (LogEntry in types.d.ts).
    const events = /** @type {EventJSON[] | undefined} */ (/** @type {unknown[]} */ (entry)[3]);
    // A log from a service that sends no events yet: the step as its notation, unread.
    if (!events) return `${capitalize(t.who(seat))}: ${action}.`;
    return events.map((event) => eventWords(event, t)).filter(Boolean).join(" ");
  },

  reveal(reveal, view, t) {
    if (!reveal) return h("p", {text: tr("Nothing to reveal.")});
    return h("div.al-reveal", {},
      h("p", {text: tr("The suspects in the order they came: %(suspects)s.", {suspects: reveal.suspects.join(", ")})}),
      reveal.hands.map((hand, seat) => h("div.al-reveal-hand", {}, seatDot(seat), h("strong", {text: " " + tr("%(name)s's first hand:", {name: t.name(seat)}) + " "}),
        hand.map((c) => clueCard(c, {small: true})))));
  },
};

/** @param {string} how */
function howWords(how) {
  if (how === "clues") return tr("clues");
  if (how === "alibis") return tr("alibis");
  if (how === "stall") return tr("stall");
  return how;
}

/**
 * One event of a step in words, for the seat reading. Each sentence is whole in the
 * catalogue, one for the reading seat's own deed, one for a deed done to it, one for the others'.
 * @param {EventJSON} event
 * @param {Table} t
 * @returns {string}
 */
export function eventWords(event, t) {
  const e = /** @type {AlibiEvent} */ (/** @type {unknown} */ (event));
  const mine = t.isMe(e.seat);
  const name = t.name(e.seat);
  const cards = (/** @type {string[] | null} */ list) => listWords((list || []).map(word));
  const card = word(e.card || "");
  switch (e.kind) {
    case "played": return mine ? tr("You laid out a clue: %(card)s.", {card}) : tr("%(name)s laid out a clue: %(card)s.", {name, card});
    case "alibi": return mine ? tr("You gave %(suspect)s an alibi.", {suspect: e.suspect}) : tr("%(name)s gave %(suspect)s an alibi.", {name, suspect: e.suspect});
    case "bribed": {
      const v = {name, target: t.name(e.target), card};
      if (mine) return tr("You bribed %(target)s: the %(card)s clue is discarded.", v);
      if (t.isMe(e.target)) return tr("%(name)s bribed you: the %(card)s clue is discarded.", v);
      return tr("%(name)s bribed %(target)s: the %(card)s clue is discarded.", v);
    }
    case "good_eye": return mine ? trn("You played a good eye: %(count)s more card to lay.", "You played a good eye: %(count)s more cards to lay.", e.plays)
      : trn("%(name)s played a good eye: %(count)s more card to lay.", "%(name)s played a good eye: %(count)s more cards to lay.", e.plays, {name});
    case "exchanged":
      if (e.cards === null) {
        return mine ? tr("You exchanged cards the table did not see: the pile was shuffled at once.")
          : tr("%(name)s exchanged cards the table did not see: the pile was shuffled at once.", {name});
      }
      return mine ? tr("You exchanged %(cards)s.", {cards: cards(e.cards)}) : tr("%(name)s exchanged %(cards)s.", {name, cards: cards(e.cards)});
    case "swapped":
      if (e.card === null) {
        return mine ? tr("You swapped a card the table did not see: the pile was shuffled at once.")
          : tr("%(name)s swapped a card the table did not see: the pile was shuffled at once.", {name});
      }
      return mine ? tr("You swapped %(card)s for a new card.", {card}) : tr("%(name)s swapped %(card)s for a new card.", {name, card});
    case "discarded_unseen": return mine ? tr("(The table did not see your discards: %(cards)s.)", {cards: cards(e.cards)})
      : tr("(The table did not see %(name)s's discards: %(cards)s.)", {name, cards: cards(e.cards)});
    case "kept_hand": return mine ? tr("You kept the hand.") : tr("%(name)s kept the hand.", {name});
    case "stopped": return mine ? tr("You laid no more cards.") : tr("%(name)s laid no more cards.", {name});
    case "passed": return mine ? tr("You passed: no card to play nor to draw.") : tr("%(name)s passed: no card to play nor to draw.", {name});
    case "completed": return tr("%(suspects)s are complete at once.", {suspects: listWords(e.suspects)});
    case "convicted": {
      const points = e.points.map((p, seat) => tr("%(name)s +%(points)s", {name: t.isMe(seat) ? tr("you") : t.name(seat), points: p})).join(", ");
      const v = {suspect: e.suspect, how: howWords(e.how), name: e.convicter === null ? "" : t.name(e.convicter), points};
      if (e.convicter === null) return tr("%(suspect)s is convicted (%(how)s): %(points)s.", v);
      if (t.isMe(e.convicter)) return tr("%(suspect)s is convicted (%(how)s) by you: %(points)s.", v);
      return tr("%(suspect)s is convicted (%(how)s) by %(name)s: %(points)s.", v);
    }
    case "revealed": return tr("%(suspect)s is the new suspect.", {suspect: e.suspect});
    case "reshuffled": return tr("New round: the table and the piles are shuffled into a new draw pile (%(count)s).", {count: e.count ?? 0});
    case "discard_reshuffled": return e.count === null
      ? tr("The discard pile is shuffled into a new draw pile.")
      : tr("The discard pile is shuffled into a new draw pile (%(count)s).", {count: e.count});
    case "drew":
      if (e.count === null) return mine ? tr("(You drew cards.)") : tr("(%(name)s drew cards.)", {name});
      return mine ? trn("(You drew %(count)s card.)", "(You drew %(count)s cards.)", e.count)
        : trn("(%(name)s drew %(count)s card.)", "(%(name)s drew %(count)s cards.)", e.count, {name});
    case "drew_cards": {
      const count = e.cards ? e.cards.length : 0;
      return mine ? trn("(Your new card: %(cards)s.)", "(Your new cards: %(cards)s.)", count, {cards: cards(e.cards)})
        : trn("(%(name)s's new card: %(cards)s.)", "(%(name)s's new cards: %(cards)s.)", count, {name, cards: cards(e.cards)});
    }
    case "drew_count": return mine ? trn("(You drew %(count)s card.)", "(You drew %(count)s cards.)", e.count || 0)
      : trn("(%(name)s drew %(count)s card.)", "(%(name)s drew %(count)s cards.)", e.count || 0, {name});
    case "reshuffle_count": return trn("(The discard pile held %(count)s card.)", "(The discard pile held %(count)s cards.)", e.count || 0);
    default: return `(${e.kind}.)`;
  }
}

/**
 * One card as the table draws it, for the rules panel: a clue's or a special card's name.
 * @param {string} card
 */
export function drawCard(card) {
  return clueCard(card);
}
