// Black Vienna's table: your person cards, the three face-up investigation cards and their
// stacks, the marker supply, the cards lying in front of each player with their markers,
// the special investigation once unlocked, "Black Vienna!" at any moment, the sealed guesses.
// Each step of the history is told from its typed events; the end opens every envelope.
import {capitalize, h, listWords, pickButton, seatColour, seatDot, section, tr, trn, trNodes} from "sleuth/kit";

/**
 * The seat's view (views.BlackViennaView, as JSON).
 * @typedef {import("sleuth/types").View & {
 *   players: number, phase: "ask" | "final-question" | "final-accusation" | "guessing" | "over",
 *   hand: string | null, hand_sizes: number[], face_up: (string | null)[], stack_sizes: number[],
 *   supply: number, asker: number, actors: number[], questioned: number[], cards_played: number,
 *   special_unlocked: boolean, table: {letters: string, holder: number, markers: number}[],
 *   investigations: {asker: number, target: number, cards: string[], answers: number[], placed: number[]}[],
 *   accusations: {seat: number, correct: boolean, letters: string | null}[],
 *   eliminated: number[], guessed: number[], own_guess: string | null, ring: string | null,
 *   outcome: import("sleuth/types").Outcome | null}} BlackViennaView
 */
/**
 * What the seat has picked: investigation cards, the letters of an accusation, whether it accuses.
 * @typedef {{cards: string[], letters: string, accusing: boolean}} Picks
 */
/**
 * The deal, shown at the end (rules.BlackViennaState.reveal).
 * @typedef {{ring: string, hands: string[], stacks: string[][]}} Reveal
 */
/** @typedef {import("sleuth/types").TableContext<BlackViennaView, Picks>} Table */
/** @typedef {{action: string, target: number, cards: string[]}} Investigation */
/**
 * One event of a step as JSON (games/black_vienna/events.py, ``Event.to_json``): its kind and
 * that kind's fields (only those of its kind are present).
 * @typedef {{kind: string, [field: string]: unknown}} EventJSON
 */
/**
 * The fields of Black Vienna's events, for reading one of them.
 * @typedef {{kind: string, seat: number, asker: number, target: number, cards: string[], card: string,
 *   markers: number, placed: number, correct: boolean, letters: string, ring: string,
 *   accusations: [number, string][], guesses: [number, string | null][]}} BlackViennaEvent
 */

const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZÖ";
const sortLetters = (/** @type {string} */ letters) => [...letters].sort((a, b) => LETTERS.indexOf(a) - LETTERS.indexOf(b)).join("");
const spaced = (/** @type {string} */ letters) => [...letters].join(" ");

/**
 * The legal investigations, read from their notation: "ask 2 AOR" or "ask 2 AOR+BHV".
 * @param {Table} t
 * @returns {Investigation[]}
 */
export function investigations(t) {
  const out = [];
  for (const action of t.legal) {
    const match = /^ask (\d+) (\S+)$/.exec(action);
    if (match) out.push({action, target: Number(match[1]), cards: match[2].split("+")});
  }
  return out;
}

const sameSet = (/** @type {string[]} */ a, /** @type {string[]} */ b) => a.length === b.length && a.every((x) => b.includes(x));

/**
 * @param {string} letters
 * @param {{markers?: number | null, small?: boolean, label: string, picked?: boolean, usable?: boolean,
 *   onpick?: () => void, key?: string, stack?: number}} card
 */
function investigationCard(letters, {markers = null, small = false, label, picked, usable, onpick, key, stack}) {
  const face = h("span.bv-card-face", {},
    h("span.bv-letters", {}, [...letters].map((l) => h("span.bv-letter", {text: l}))),
    markers === null ? null : h("span.bv-markers", {"aria-hidden": "true"},
      Array.from({length: markers}, () => h("span.bv-stone")), markers === 0 ? h("span.bv-none", {text: tr("no marker")}) : null),
    stack === undefined ? null : h("span.bv-stack", {text: tr("%(count)s in stack", {count: stack})}));
  if (!onpick) {
    return h("span.bv-card.investigation", {class: small ? "small" : "", role: "img", "aria-label": label}, face);
  }
  return pickButton({label, key, picked, usable, onpick, cls: `bv-card investigation${small ? " small" : ""}`, content: face});
}

/**
 * @param {string} letter
 * @param {{label: string, picked?: boolean, usable?: boolean, onpick?: () => void, key?: string,
 *   mine?: boolean}} card
 */
function personCard(letter, {label, picked, usable, onpick, key, mine}) {
  const face = h("span.bv-person-letter", {text: letter});
  if (!onpick) return h("span.bv-card.person", {class: mine ? "mine" : "", role: "img", "aria-label": label || tr("person %(letter)s", {letter})}, face);
  return pickButton({label, key, picked, usable, onpick, cls: `bv-card person${mine ? " mine" : ""}`, content: face});
}

/**
 * @param {number} count
 * @param {number} seat
 */
function cardBacks(count, seat) {
  return h("span.bv-backs", {role: "img", "aria-label": trn("%(count)s person card", "%(count)s person cards", count)},
    Array.from({length: Math.min(count, 8)}, () => h("span.bv-back", {style: {"--seat": seatColour(seat)}})),
    h("span.bv-count", {text: String(count)}));
}

/**
 * @param {BlackViennaView} view
 * @param {Table} t
 */
function accusePanel(view, t) {
  const guessing = view.phase === "guessing";
  const kind = guessing ? "guess" : "accuse";
  const letters = t.pick.get("letters") || "";
  const mine = view.hand || "";
  const chosen = sortLetters(letters);
  const action = `${kind} ${chosen}`;
  const grid = h("div.bv-letter-grid", {role: "group", "aria-label": tr("The 27 persons")},
    [...LETTERS].map((l) => pickButton({
      label: mine.includes(l) ? tr("%(letter)s (in your hand)", {letter: l}) : l, key: `letter:${l}`, picked: letters.includes(l),
      usable: letters.includes(l) || letters.length < 3,
      cls: `bv-letter-pick${mine.includes(l) ? " held" : ""}`, content: l,
      onpick: () => {
        const next = letters.includes(l) ? letters.replace(l, "") : letters.length < 3 ? letters + l : letters;
        t.pick.set("letters", next);
      },
    })));
  const ready = chosen.length === 3;
  return h("div.bv-accuse-panel", {role: "group", "aria-label": guessing ? tr("Your sealed guess") : tr("Black Vienna!")},
    h("p", {text: guessing
      ? tr("Black Vienna was caught. Circle three persons for your sealed guess, or pass.")
      : tr("Name the three members of Black Vienna. A wrong accusation puts you out of the running (you keep answering and asking).")}),
    grid,
    h("div.row", {},
      h("span.bv-chosen", {"aria-live": "polite", text: ready ? (kind === "guess" ? tr("Your guess: %(letters)s", {letters: spaced(chosen)}) : tr("Your accusation: %(letters)s", {letters: spaced(chosen)}))
        : trn("Pick %(count)s more", "Pick %(count)s more", 3 - chosen.length)}),
      h("button.act.danger", {type: "button", "data-key": "bv-accuse-send", "data-action": ready ? action : "",
        disabled: !ready || !t.can(action), onclick: () => t.act(action)},
      guessing ? tr("Hand in the guess") : ready ? tr("Accuse %(letters)s", {letters: spaced(chosen)}) : tr("Accuse…")),
      guessing && t.can("pass") ? h("button.act", {type: "button", "data-key": "bv-pass", "data-action": "pass", onclick: () => t.act("pass")}, tr("Pass")) : null,
      !guessing ? h("button", {type: "button", "data-key": "bv-accuse-close", onclick: () => { t.pick.delete("accusing"); }}, tr("Not now")) : null));
}

/**
 * @param {BlackViennaView} view
 * @param {Table} t
 * @param {number} seat
 * @param {Investigation[]} asks
 */
function seatPanel(view, t, seat, asks) {
  const picked = t.pick.get("cards") || [];
  const isMe = seat === t.seat;
  const out = view.eliminated.includes(seat);
  const accusations = view.accusations.filter((a) => a.seat === seat);
  const front = view.table.filter((c) => c.holder === seat);
  const special = view.special_unlocked && t.live;
  const matching = asks.filter((a) => a.target === seat && sameSet(a.cards, picked));
  const canAsk = picked.length > 0 && matching.length > 0;
  const cards = front.map((c) => {
    const reusable = special && c.markers === 0 && !isMe && asks.some((a) => a.cards.includes(c.letters));
    const label = trn("%(letters)s in front of %(name)s: %(count)s marker", "%(letters)s in front of %(name)s: %(count)s markers", c.markers,
      {letters: spaced(c.letters), name: t.name(seat)});
    if (!reusable) return investigationCard(c.letters, {markers: c.markers, small: true, label});
    return investigationCard(c.letters, {markers: c.markers, small: true, label: tr("%(card)s; use it for a special investigation", {card: label}),
      picked: picked.includes(c.letters), key: `front:${c.letters}`,
      usable: picked.includes(c.letters) || asks.some((a) => a.cards.includes(c.letters) && picked.every((p) => a.cards.includes(p))),
      onpick: () => t.pick.set("cards", picked.includes(c.letters) ? picked.filter((p) => p !== c.letters) : [...picked, c.letters])});
  });
  const badges = [
    view.asker === seat && view.phase !== "over" ? h("span.bv-badge.asks", {text: tr("asks now")}) : null,
    view.questioned.includes(seat) ? null : h("span.bv-badge", {text: tr("not yet questioned")}),
    out ? h("span.bv-badge.out", {text: tr("accused wrongly: out of the running")}) : null,
    accusations.some((a) => a.correct) ? h("span.bv-badge.won", {text: tr("caught Black Vienna")}) : null,
    view.guessed.includes(seat) ? h("span.bv-badge", {text: tr("handed in an envelope")}) : null,
  ];
  return h("div.bv-seat", {class: [isMe ? "me" : "", view.asker === seat ? "asker" : ""].join(" "), style: {"--seat": seatColour(seat)},
    role: "group", "aria-label": isMe ? tr("%(name)s (you)", {name: t.name(seat)}) : t.name(seat)},
  h("div.bv-seat-head", {}, seatDot(seat), h("strong", {text: isMe ? tr("%(name)s (you)", {name: t.name(seat)}) : t.name(seat)}),
    cardBacks(view.hand_sizes[seat], seat)),
  h("div.bv-badges", {}, badges),
  h("div.bv-front", {}, cards.length ? cards : h("span.muted.small", {text: tr("no investigation card yet")})),
  isMe || !t.live || !asks.length ? null : h("button.act.bv-ask", {
    type: "button", "data-key": `ask:${seat}`, "data-action": canAsk ? matching[0].action : "",
    disabled: !canAsk, onclick: () => t.act(matching[0].action),
    "aria-label": picked.length ? tr("Ask %(name)s about %(cards)s", {name: t.name(seat), cards: listWords(picked.map(spaced))})
      : tr("Ask %(name)s: pick a card first", {name: t.name(seat)}),
  }, tr("Ask %(name)s", {name: t.name(seat)})));
}

/** @param {string} place */
const sheetPlace = (place) => place === "ring" ? tr("Black Vienna") : place;

/** @type {import("sleuth/types").GamePart<BlackViennaView, Picks, Reveal>} */
export default {
  sheetPlace,
  board(view, t) {
    const asks = investigations(t);
    const picked = t.pick.get("cards") || [];
    const faceUp = view.face_up.map((letters, i) => {
      if (letters === null) return h("span.bv-card.empty", {role: "img", "aria-label": tr("stack %(number)s: empty", {number: i + 1})}, h("span", {text: tr("empty")}));
      const usable = asks.some((a) => a.cards.includes(letters));
      const label = tr("Face-up investigation card %(letters)s, stack %(number)s (%(count)s in stack)", {letters: spaced(letters), number: i + 1, count: view.stack_sizes[i]});
      if (!t.live || !asks.length) return investigationCard(letters, {label, stack: view.stack_sizes[i]});
      return investigationCard(letters, {label, stack: view.stack_sizes[i], key: `faceup:${i}`,
        picked: picked.includes(letters), usable: usable || picked.includes(letters),
        onpick: () => {
          const others = picked.filter((p) => !view.face_up.includes(p));
          t.pick.set("cards", picked.includes(letters) ? others : [letters, ...others]);
        }});
    });
    const needed = Math.max(0, 6 - view.cards_played);
    const unquestioned = view.questioned.length < view.players
      ? trn("%(count)s player not yet questioned", "%(count)s players not yet questioned", view.players - view.questioned.length) : null;
    const toPlay = needed ? trn("%(count)s more card to play", "%(count)s more cards to play", needed) : null;
    const specialText = view.special_unlocked
      ? tr("Special investigation unlocked: add a card without markers lying in front of another player.")
      : tr("Special investigation locked: %(reasons)s.", {reasons: listWords([toPlay, unquestioned].filter(Boolean))});
    const order = [...Array(view.players).keys()];
    const accuse = t.live && (t.canKind("accuse") || t.canKind("guess"));
    const accusing = accuse && (t.pick.get("accusing") || view.phase === "guessing" || view.phase === "final-accusation");
    const cry = accuse && !accusing ? h("button.act.danger.bv-black-vienna", {type: "button", "data-key": "bv-cry",
      onclick: () => t.pick.set("accusing", true), "aria-label": tr("Black Vienna! Accuse three persons")}, tr("Black Vienna!")) : null;
    return h("div.bv", {},
      h("div.bv-top", {},
        section(tr("Investigation cards"),
          h("div.bv-center", {},
            h("div.bv-faceup", {}, faceUp),
            h("div.bv-supply", {role: "img", "aria-label": trn("%(count)s marker left in the supply", "%(count)s markers left in the supply", view.supply)},
              h("span.bv-pile", {"aria-hidden": "true"}, Array.from({length: Math.min(view.supply, 12)}, () => h("span.bv-stone"))),
              h("strong", {text: String(view.supply)}), h("span", {text: " " + trn("marker left", "markers left", view.supply)}))),
          h("p.bv-special", {class: view.special_unlocked ? "open" : "", text: specialText})),
        view.hand !== null ? section(tr("Your person cards"),
          h("div.bv-hand", {}, [...view.hand].map((l) => personCard(l, {mine: true, label: tr("person %(letter)s", {letter: l})}))),
          view.ring ? h("p.bv-ring-known", {}, trNodes("You have seen Black Vienna: %(ring)s", {ring: h("strong", {text: view.ring})})) : null,
          view.own_guess ? h("p.muted", {text: view.own_guess === "pass" ? tr("Your sealed guess: you passed") : tr("Your sealed guess: %(letters)s", {letters: view.own_guess})}) : null,
          cry ? h("div.bv-cry", {}, cry) : null) : cry),
      accusing ? h("div.bv-cry", {}, accusePanel(view, t)) : null,
      section(tr("At the table"), h("div.bv-seats", {}, order.map((seat) => seatPanel(view, t, seat, asks)))));
  },

  prompt(view, t) {
    const asks = investigations(t);
    if (view.phase === "guessing") return tr("Black Vienna was caught: hand in your sealed guess, or pass.");
    if (view.phase === "final-accusation") return tr("You are the last one in the running: name Black Vienna.");
    if (asks.length) {
      if (view.phase === "final-question") {
        return view.special_unlocked
          ? tr("Your one final question: pick a face-up card (and, for a special investigation, a card without markers), then the player to ask.")
          : tr("Your one final question: pick a face-up card, then the player to ask.");
      }
      return view.special_unlocked
        ? tr("Pick a face-up card (and, for a special investigation, a card without markers), then the player to ask.")
        : tr("Pick a face-up card, then the player to ask.");
    }
    if (t.canKind("accuse")) return tr("You may cry “Black Vienna!” at any moment.");
    return "";
  },

  keys(view, t) {
    const keys = [];
    if (investigations(t).length) {
      keys.push({key: "1–3", label: tr("pick a face-up card")});
      for (const i of [0, 1, 2]) {
        const letters = view.face_up[i];
        if (letters) keys.push({key: String(i + 1), hidden: true, run: () => t.pick.set("cards", [letters])});
      }
    }
    if (t.canKind("accuse")) keys.push({key: "!", label: tr("Black Vienna!"), run: () => t.pick.set("accusing", true)});
    return keys;
  },

  describe(entry, t, index) {
    const events = eventsOf(entry);
    // A log from a service that sends no events yet: the step as its notation, unread.
    if (!events) return `${capitalize(t.who(entry[0]))}: ${entry[1]}.`;
    return events.map((event) => eventWords(event, t, index)).filter(Boolean).join(" ");
  },

  reveal(reveal, view, t) {
    if (!reveal) return h("p", {text: tr("Nothing to reveal.")});
    const opened = openedEvent(t);
    return h("div.bv-reveal", {},
      h("div.bv-ring", {}, h("span.bv-ring-title", {text: tr("Black Vienna")}),
        h("div.bv-hand", {}, [...reveal.ring].map((l) => personCard(l, {label: tr("ring member %(letter)s", {letter: l})})))),
      reveal.hands.map((hand, seat) => h("div.bv-reveal-hand", {},
        seatDot(seat), h("strong", {text: " " + tr("%(name)s:", {name: seat === t.seat ? tr("%(name)s (you)", {name: t.name(seat)}) : t.name(seat)}) + " "}),
        h("span.bv-hand.small", {}, [...hand].map((l) => personCard(l, {label: tr("person %(letter)s", {letter: l})}))))),
      opened ? openedLines(opened, reveal.ring, t) : null);
  },
};

/**
 * A log entry's fourth element: the step's public events (``undefined`` from a service that
 * sends none yet).
 * @param {import("sleuth/types").LogEntry} entry
 * @returns {EventJSON[] | undefined}
 */
function eventsOf(entry) {
  return /** @type {EventJSON[] | undefined} */ (/** @type {unknown[]} */ (entry)[3]);
}

/**
 * One event of a step in words, for the seat reading. An accusation or an envelope of the
 * reading seat's own is told with what its view keeps of it (the letters, the guess); another
 * seat's only as the table saw it. Each sentence is whole in the catalogue, one for the
 * reading seat's own deed, one for a deed done to it, one for the others'.
 * @param {EventJSON} event
 * @param {Table} t
 * @param {number} [index] the entry's place in the log, to find the seat's own accusation
 * @returns {string}
 */
export function eventWords(event, t, index) {
  const e = /** @type {BlackViennaEvent} */ (/** @type {unknown} */ (event));
  const mine = t.isMe(e.seat);
  const name = t.name(e.seat);
  switch (e.kind) {
    case "asked": {
      const v = {name: t.name(e.asker), target: t.name(e.target), cards: listWords(e.cards.map(spaced))};
      if (e.cards.length > 1) {
        if (t.isMe(e.asker)) return tr("You asked %(target)s about %(cards)s in a special investigation.", v);
        if (t.isMe(e.target)) return tr("%(name)s asked you about %(cards)s in a special investigation.", v);
        return tr("%(name)s asked %(target)s about %(cards)s in a special investigation.", v);
      }
      if (t.isMe(e.asker)) return tr("You asked %(target)s about %(cards)s.", v);
      if (t.isMe(e.target)) return tr("%(name)s asked you about %(cards)s.", v);
      return tr("%(name)s asked %(target)s about %(cards)s.", v);
    }
    case "answered": {
      const v = {name: t.name(e.target), card: spaced(e.card), markers: markerWords(e.markers), placed: markerWords(e.placed)};
      if (e.placed !== e.markers) {
        return t.isMe(e.target) ? tr("You answered %(card)s: %(markers)s (only %(placed)s left to place).", v)
          : tr("%(name)s answered %(card)s: %(markers)s (only %(placed)s left to place).", v);
      }
      return t.isMe(e.target) ? tr("You answered %(card)s: %(markers)s.", v) : tr("%(name)s answered %(card)s: %(markers)s.", v);
    }
    case "accused": {
      const own = mine ? ownAccusation(t, index) : null;
      const v = {name, letters: own ? spaced(own) : ""};
      if (own) return e.correct ? tr("You cried “Black Vienna!” naming %(letters)s: right!", v) : tr("You cried “Black Vienna!” naming %(letters)s: wrong.", v);
      if (mine) return e.correct ? tr("You cried “Black Vienna!”: right!") : tr("You cried “Black Vienna!”: wrong.");
      return e.correct ? tr("%(name)s cried “Black Vienna!”: right!", v) : tr("%(name)s cried “Black Vienna!”: wrong.", v);
    }
    case "named": {
      const v = {name, letters: spaced(e.letters)};
      return mine ? tr("(Your accusation: %(letters)s.)", v) : tr("(%(name)s's accusation: %(letters)s.)", v);
    }
    case "ring_seen": {
      const v = {name, ring: spaced(e.ring)};
      return mine ? tr("(You looked at Black Vienna: %(ring)s.)", v) : tr("(%(name)s looked at Black Vienna: %(ring)s.)", v);
    }
    case "handed_in": {
      // Issue #35: the table learns of an envelope, never whether it holds a guess.
      const own = mine ? t.view.own_guess : null;
      if (own === "pass") return tr("You handed in an envelope: you passed.");
      if (own) return tr("You handed in an envelope: your sealed guess %(letters)s.", {letters: spaced(own)});
      return mine ? tr("You handed in an envelope.") : tr("%(name)s handed in an envelope.", {name});
    }
    case "guessed": {
      const v = {name, letters: spaced(e.letters)};
      return mine ? tr("(Your sealed guess: %(letters)s.)", v) : tr("(%(name)s's sealed guess: %(letters)s.)", v);
    }
    case "passed":
      return mine ? tr("(You passed: the envelope holds no guess.)") : tr("(%(name)s passed: the envelope holds no guess.)", {name});
    case "opened": {
      const said = [];
      if (e.accusations.length) {
        const named = e.accusations.map(([seat, letters]) => t.isMe(seat)
          ? tr("you named %(letters)s", {letters: spaced(letters)}) : tr("%(name)s named %(letters)s", {name: t.name(seat), letters: spaced(letters)}));
        said.push(tr("Accusations opened: %(list)s.", {list: listWords(named)}));
      }
      if (e.guesses.length) said.push(tr("Envelopes opened: %(list)s.", {list: listWords(e.guesses.map(([seat, letters]) => guessWords(seat, letters, t)))}));
      return said.join(" ");
    }
    default: return `(${e.kind}.)`;
  }
}

/** @param {number} count */
const markerWords = (count) => trn("%(count)s marker", "%(count)s markers", count);

/**
 * @param {number} seat
 * @param {string | null} letters
 * @param {Table} t
 * @param {boolean} [first] the words begin a list item of their own (the reveal's)
 */
function guessWords(seat, letters, t, first = false) {
  const v = {name: t.name(seat), letters: letters === null ? "" : spaced(letters)};
  if (letters === null) return t.isMe(seat) ? (first ? capitalize(tr("you passed")) : tr("you passed")) : tr("%(name)s passed", v);
  return t.isMe(seat) ? tr("you guessed %(letters)s", v) : tr("%(name)s guessed %(letters)s", v);
}

/**
 * The end's opened accusations and envelopes (the last step's "opened" event), if any.
 * @param {Table} t
 * @returns {BlackViennaEvent | null}
 */
function openedEvent(t) {
  const last = t.frame ? t.frame.log[t.frame.log.length - 1] : undefined;
  const opened = (last && eventsOf(last) || []).find((e) => e.kind === "opened");
  return opened ? /** @type {BlackViennaEvent} */ (/** @type {unknown} */ (opened)) : null;
}

/**
 * Every accusation and sealed guess, shown with the ring once the game is over.
 * @param {BlackViennaEvent} opened
 * @param {string} ring
 * @param {Table} t
 */
function openedLines(opened, ring, t) {
  const whom = (/** @type {number} */ seat) => (t.isMe(seat) ? capitalize(tr("you")) : t.name(seat));
  const judged = (/** @type {number} */ seat, /** @type {string} */ letters) => sortLetters(letters) === sortLetters(ring)
    ? tr("%(name)s %(letters)s (right)", {name: whom(seat), letters: spaced(letters)})
    : tr("%(name)s %(letters)s (wrong)", {name: whom(seat), letters: spaced(letters)});
  return h("div.bv-opened", {},
    opened.accusations.length ? h("p", {text: tr("Accusations: %(list)s", {list: opened.accusations.map(([seat, letters]) => judged(seat, letters)).join(", ")})}) : null,
    opened.guesses.length ? h("p", {text: tr("Sealed guesses: %(list)s", {list: opened.guesses.map(([seat, letters]) =>
      letters === null ? guessWords(seat, null, t, true) : judged(seat, letters)).join(", ")})}) : null);
}

// The letters of the seat's own accusation at this history entry (its view keeps them).
/**
 * @param {Table} t
 * @param {number} [index]
 */
function ownAccusation(t, index) {
  if (index === undefined || !t.frame) return null;
  const log = t.frame.log.slice(0, index);
  const count = log.filter((entry) => (eventsOf(entry) || []).some((e) => e.kind === "accused" && e.seat === t.seat)).length;
  const own = t.view.accusations.filter((a) => a.seat === t.seat);
  return own[count] ? own[count].letters : null;
}

/**
 * One investigation card as the table draws it, for the rules panel: its letters, and after
 * a colon the markers it got ("AOR:1").
 * @param {string} card
 */
export function drawCard(card) {
  const [letters, markers] = card.split(":");
  const count = markers === undefined ? null : Number(markers);
  const label = count === null ? tr("investigation card %(letters)s", {letters: spaced(letters)})
    : trn("investigation card %(letters)s with %(count)s marker", "investigation card %(letters)s with %(count)s markers",
      count, {letters: spaced(letters)});
  return investigationCard(letters, {markers: count, label});
}
