// 13 Clues' table: the others' mysteries face up, your own mystery face down (you never see
// it), your two hidden cards (left and right), the secret informants, the magnifying glasses,
// the Top Secret tokens, and every card with its colour (always written), type and category.
import {capitalize, h, icon, listWords, pickButton, seatColour, seatDot, section, tr, trn, trNodes} from "sleuth/kit";

/**
 * The seat's view (views.ThirteenCluesView, as JSON).
 * @typedef {import("sleuth/types").View & {
 *   config: {deck: string[]}, players: number, phase: "choose" | "take" | "play" | "final" | "over",
 *   turn: number | null, actors: number[], colours: string[], subjects: string[], supply: number,
 *   chosen: number[], hand: string[] | null, seats: Seat[],
 *   informants: {slot: string, card: string | null, looked_by: number[]}[], looks: [number, string][],
 *   questions: Question[], accusations: {seat: number, cards: string[], correct: boolean}[],
 *   turns_done: number, final_after: number, outcome: import("sleuth/types").Outcome | null}} ThirteenCluesView
 */
/**
 * @typedef {{seat: number, glasses: number, top_secret: boolean, mystery: string[] | null,
 *   hidden: string[] | null}} Seat
 */
/**
 * @typedef {{asker: number, witness: number, secret: boolean, subject: string | null, side: string,
 *   answer: number | null}} Question
 */
/** @typedef {{colour: string, type: string, name: string, category: string}} CardInfo */
/** @typedef {{person?: string, location?: string, weapon?: string}} Trio */
/**
 * What the seat has picked: the subject of a question and whether it is Top Secret, whether
 * it accuses, and the cards of a mystery it gives or of its accusation.
 * @typedef {{subject: string, secret: boolean, accusing: boolean, mystery: Trio, accusation: Trio}} Picks
 */
/**
 * The deal, shown at the end (rules.ThirteenCluesState.reveal).
 * @typedef {{hands: string[][], informants: string[], start: number, hidden: (string[] | null)[],
 *   mysteries?: string[][]}} Reveal
 */
/** @typedef {import("sleuth/types").TableContext<ThirteenCluesView, Picks>} Table */
/** @typedef {{action: string, witness: number, subject: string, side: string, secret: boolean}} Ask */

/** @type {Record<string, string[]>} */
const TYPE_ICON = {
  person: ["M12 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8z", "M4 21c0-4 4-7 8-7s8 3 8 7"],
  location: ["M3 11l9-8 9 8", "M5 9.5V21h14V9.5", "M10 21v-6h4v6"],
  weapon: ["M4 20l10-10", "M14 10l6-6 0 4-4 4", "M6 15l3 3"],
};
const GLASS = ["M10 17a7 7 0 1 0 0-14 7 7 0 0 0 0 14z", "M15 15l6 6"];
/**
 * Each of the ten colours' own symbol, drawn filled beside its name: a person who cannot tell
 * two colours apart (red from green or brown, blue from purple, ...) tells their shapes apart.
 * @type {Record<string, string>}
 */
export const SUIT_MARK = {
  purple: "M12 2l9 10-9 10-9-10z",  // a diamond
  pink: "M12 21l-8.5-8.6a5 5 0 0 1 8.5-6.1 5 5 0 0 1 8.5 6.1z",  // a heart
  red: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z",  // a disc
  green: "M12 2.5l10 18.5H2z",  // a triangle, point up
  yellow: "M12 2l2.9 6.6 7.1.6-5.4 4.7 1.6 7.1L12 17.3 5.8 21l1.6-7.1L2 9.2l7.1-.6z",  // a star
  blue: "M4 4h16v16H4z",  // a square
  orange: "M2 3h20L12 21.5z",  // a triangle, point down
  white: "M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8z",  // a ring
  brown: "M9 3h6v6h6v6h-6v6H9v-6H3V9h6z",  // a cross
  gray: "M7 3h10l5 9-5 9H7l-5-9z",  // a hexagon
};

/**
 * The colour's symbol (nothing for a colour of one's own deck that has none).
 * @param {string} colour
 */
export function suitMark(colour) {
  const path = Object.hasOwn(SUIT_MARK, colour) ? SUIT_MARK[colour] : null;
  if (!path) return null;
  const mark = icon([path], undefined, "icon tc-suit");
  mark.setAttribute("data-suit", colour);
  return mark;
}
// The cards' words in the page's language: Japanese as the Japanese rules have them (人・場所・
// 武器, 男性／女性, 屋内／屋外, 近接／遠隔), the names of the default deck translated; a name from
// a deck of the table's own is shown as written.
/** @type {Record<string, string>} */
const CATEGORY_WORD = {male: tr("male"), female: tr("female"), indoor: tr("indoor"), outdoor: tr("outdoor"), melee: tr("melee"), ranged: tr("ranged")};
/** @type {Record<string, string>} */
const COLOUR_WORD = {
  purple: tr("purple"), pink: tr("pink"), red: tr("red"), green: tr("green"), yellow: tr("yellow"),
  blue: tr("blue"), orange: tr("orange"), white: tr("white"), brown: tr("brown"), gray: tr("gray"),
};
/** @type {Record<string, string>} */
const TYPE_WORD = {person: tr("person"), location: tr("location"), weapon: tr("weapon")};
/** @type {Record<string, string>} */
const CARD_NAME = {
  Officer: tr("Officer"), Duke: tr("Duke"), Butcher: tr("Butcher"), Countess: tr("Countess"), Nurse: tr("Nurse"),
  Maid: tr("Maid"), Dancer: tr("Dancer"), Sailor: tr("Sailor"), Florist: tr("Florist"), Coachman: tr("Coachman"),
  Parlor: tr("Parlor"), Market: tr("Market"), Library: tr("Library"), Park: tr("Park"), Museum: tr("Museum"),
  Harbor: tr("Harbor"), Theater: tr("Theater"), Plaza: tr("Plaza"), Railcar: tr("Railcar"), Racecourse: tr("Racecourse"),
  Knife: tr("Knife"), Crossbow: tr("Crossbow"), Poison: tr("Poison"), Sword: tr("Sword"), Blowgun: tr("Blowgun"),
  Rifle: tr("Rifle"), Gun: tr("Gun"), Candlestick: tr("Candlestick"), Hammer: tr("Hammer"), Bow: tr("Bow"),
};
/** @param {string} name a card's name as the deck writes it */
export const cardName = (name) => CARD_NAME[name] || name;
/** @param {string} subject a colour or a category, as a question names it */
export const subjectWord = (subject) => CATEGORY_WORD[subject] || COLOUR_WORD[subject] || subject;
/** @param {string} word a colour, a type or a category */
const cardWord = (word) => COLOUR_WORD[word] || TYPE_WORD[word] || CATEGORY_WORD[word] || word;

/**
 * The game's cards by name, from the deck in the view's config ("colour/type/name/category").
 * @param {ThirteenCluesView} view
 */
export function deck(view) {
  /** @type {Record<string, CardInfo>} */
  const cards = {};
  for (const entry of view.config.deck) {
    const [colour, type, name, category] = entry.split("/");
    cards[name] = {colour, type, name, category};
  }
  return cards;
}

/**
 * A card face up (a face-down one without `info`, or with `back`).
 * @param {CardInfo | null | undefined} info
 * @param {{label?: string, key?: string, picked?: boolean, usable?: boolean, onpick?: () => void,
 *   small?: boolean, back?: boolean, slot?: string}} [options]
 */
function card(info, {label, key, picked, usable, onpick, small, back, slot} = {}) {
  if (back || !info) {
    const text = slot ? slot : "?";
    return h("span.tc-card.back", {class: small ? "small" : "", role: "img", "aria-label": label || tr("a face-down card")},
      h("span.tc-back-mark", {text}));
  }
  const face = h("span.tc-card-face", {},
    h("span.tc-band", {class: `c-${info.colour}`}, suitMark(info.colour), h("span.tc-colour", {text: cardWord(info.colour)})),
    h("span.tc-name", {}, icon(TYPE_ICON[info.type], undefined, "icon tc-type"), cardName(info.name)),
    h("span.tc-cat", {text: `${cardWord(info.type)} · ${cardWord(info.category)}`}));
  const name = label || tr("%(card)s: %(colour)s %(type)s, %(category)s",
    {card: cardName(info.name), colour: cardWord(info.colour), type: cardWord(info.type), category: cardWord(info.category)});
  const cls = `tc-card${small ? " small" : ""}`;
  if (!onpick) return h("span", {class: cls, role: "img", "aria-label": name}, face);
  return pickButton({label: name, key, picked, usable, onpick, cls, content: face});
}

/**
 * @param {number} count
 * @param {string} [label]
 */
function glasses(count, label) {
  return h("span.tc-glasses", {role: "img", "aria-label": label || trn("%(count)s magnifying glass", "%(count)s magnifying glasses", count)},
    Array.from({length: count}, () => icon(GLASS, undefined, "icon tc-glass")), h("strong", {text: String(count)}));
}

/**
 * The legal questions, read from their notation: "ask 2 red", "ask 1 male left secret".
 * @param {Table} t
 * @returns {Ask[]}
 */
export const asks = (t) => [...t.legal].flatMap((a) => {
  const m = /^ask (\d+) (\S+)( left| right)?( secret)?$/.exec(a);
  return m ? [{action: m[0], witness: Number(m[1]), subject: m[2], side: (m[3] || "").trim(), secret: Boolean(m[4])}] : [];
});
/**
 * @param {Table} t
 * @param {string} verb
 */
const trios = (t, verb) => [...t.legal].filter((a) => a.startsWith(`${verb} `)).map((a) => a.split(" ").slice(1));

/**
 * @param {ThirteenCluesView} view
 * @param {Table} t
 * @param {Record<string, CardInfo>} cards
 * @param {string} verb
 * @param {string} title
 * @param {"mystery" | "accusation"} pickKey
 */
function trioPicker(view, t, cards, verb, title, pickKey) {
  const options = trios(t, verb);
  const chosen = t.pick.get(pickKey) || {};
  const names = [chosen.person, chosen.location, chosen.weapon];
  const action = names.every(Boolean) ? `${verb} ${names.join(" ")}` : null;
  const pool = [...new Set(options.flat())];
  /** @type {("person" | "location" | "weapon")[]} */
  const types = ["person", "location", "weapon"];
  const byType = types.map((type) => /** @type {const} */ ([type, pool.filter((n) => cards[n] && cards[n].type === type)]));
  return h("div.tc-trio", {role: "group", "aria-label": title},
    byType.map(([type, names2]) => h("div.tc-trio-row", {}, h("span.tc-trio-type", {text: cardWord(type)}),
      names2.map((n) => card(cards[n], {small: true, key: `${pickKey}:${n}`, picked: chosen[type] === n,
        usable: options.some((o) => o.includes(n)),
        onpick: () => t.pick.set(pickKey, {...chosen, [type]: chosen[type] === n ? undefined : n})})))),
    h("div.row", {},
      h("button.act.primary", {type: "button", "data-key": `${pickKey}-send`, "data-action": action || "",
        disabled: !action || !t.can(action), onclick: () => { if (action) t.act(action); }},
      action ? trioWords(verb, cardList(/** @type {string[]} */ (names))) : title)));
}

/**
 * @param {string} verb "choose" (the mystery given) or "accuse"
 * @param {string} cards
 */
const trioWords = (verb, cards) => (verb === "choose" ? tr("Give: %(cards)s", {cards}) : tr("Accuse: %(cards)s", {cards}));

/**
 * A question button's name for a screen reader: the witness, the subject, Top Secret or not.
 * @param {Ask} a
 * @param {string} name
 */
function askLabel(a, name) {
  const v = {name, about: aboutWords(a.subject, a.side)};
  return a.secret ? tr("Ask %(name)s about %(about)s, Top Secret", v) : tr("Ask %(name)s about %(about)s", v);
}

/**
 * What a question button shows: the witness, and in a two-player game the hidden card counted.
 * @param {Ask} a
 * @param {string} name
 */
function askButtonWords(a, name) {
  if (a.side === "left") return tr("Ask %(name)s (left card)", {name});
  if (a.side === "right") return tr("Ask %(name)s (right card)", {name});
  return tr("Ask %(name)s", {name});
}

/**
 * @param {ThirteenCluesView} view
 * @param {Table} t
 * @param {Record<string, CardInfo>} cards
 * @param {Seat} s
 * @param {Ask[]} witnessAsks
 */
function seatPanel(view, t, cards, s, witnessAsks) {
  const isMe = s.seat === t.seat;
  const turn = view.turn === s.seat && view.phase !== "over";
  const mystery = s.mystery
    ? s.mystery.map((n) => card(cards[n], {small: true}))
    : [0, 1, 2].map(() => card(null, {small: true, back: true, label: isMe ? tr("your mystery card: hidden from you") : tr("a mystery card not yet chosen")}));
  const hidden = s.hidden
    ? s.hidden.map((n, i) => h("span.tc-hidden", {}, h("small", {text: i === 0 ? tr("left") : tr("right")}), card(cards[n], {small: true})))
    : [0, 1].map((i) => h("span.tc-hidden", {}, h("small", {text: i === 0 ? tr("left") : tr("right")}), card(null, {small: true, back: true,
      label: i === 0 ? tr("%(name)s's left hidden card", {name: t.name(s.seat)}) : tr("%(name)s's right hidden card", {name: t.name(s.seat)})})));
  const takeAction = `take ${s.seat}`;
  return h("div.tc-seat", {class: [isMe ? "me" : "", turn ? "on-turn" : ""].join(" "), style: {"--seat": seatColour(s.seat)},
    role: "group", "aria-label": isMe ? tr("%(name)s (you)", {name: t.name(s.seat)}) : t.name(s.seat)},
  h("div.tc-seat-head", {}, seatDot(s.seat), h("strong", {text: isMe ? tr("%(name)s (you)", {name: t.name(s.seat)}) : t.name(s.seat)}),
    turn ? h("span.tc-badge", {text: tr("on turn")}) : null,
    view.players > 2 ? glasses(s.glasses, trn("%(name)s: %(count)s magnifying glass", "%(name)s: %(count)s magnifying glasses", s.glasses, {name: t.name(s.seat)})) : null,
    s.top_secret ? h("span.tc-secret-token", {title: tr("Top Secret token"), text: tr("TOP SECRET")}) : null),
  witnessAsks.length ? h("div.row", {}, witnessAsks.map((a) => h("button.act", {type: "button", "data-key": `ask:${a.action}`,
    "data-action": a.action, onclick: () => t.act(a.action),
    "aria-label": askLabel(a, t.name(s.seat))}, askButtonWords(a, t.name(s.seat))))) : null,
  t.live && t.can(takeAction) ? h("button.act", {type: "button", "data-key": takeAction, "data-action": takeAction,
    onclick: () => t.act(takeAction)}, tr("Take a glass from %(name)s", {name: t.name(s.seat)})) : null,
  h("div.tc-label", {text: isMe ? tr("Your mystery (only the others see it)") : tr("Mystery")}),
  h("div.tc-row", {}, mystery),
  h("div.tc-label", {text: isMe ? tr("Your hidden cards") : tr("Hidden cards")}),
  h("div.tc-row", {}, hidden));
}

/** @type {Record<string, string>} */
const SHEET_PLACE = {mine: tr("your mystery"), inf: tr("informants")};

/** @type {import("sleuth/types").GamePart<ThirteenCluesView, Picks, Reveal>} */
export default {
  sheetCard: cardName,
  /** @param {string} place */
  sheetPlace: (place) => SHEET_PLACE[place] || place,
  board(view, t) {
    const cards = deck(view);
    const live = t.live;
    if (view.phase === "choose") {
      const next = view.seat === null ? null : (view.seat + 1) % view.players;
      return h("div.tc", {},
        section(tr("Setup"), h("p", {text: tr("Each player picks, from the five cards dealt, the mystery of the next player: one person, one location, one weapon. The other two stay as hidden cards. Chosen so far: %(chosen)s of %(players)s.", {chosen: view.chosen.length, players: view.players})})),
        view.hand ? section(tr("Your five cards"), h("div.tc-row", {}, view.hand.map((n) => card(cards[n]))),
          live && t.canKind("choose") ? trioPicker(view, t, cards, "choose", next === null ? tr("Pick the next player's mystery") : tr("Pick %(name)s's mystery", {name: t.name(next)}), "mystery") : h("p.muted", {text: tr("Chosen: waiting for the others.")})) : null);
    }
    const subject = t.pick.get("subject");
    const secret = Boolean(t.pick.get("secret"));
    const all = asks(t);
    const subjects = [...new Set(all.map((a) => a.subject))];
    const secretPossible = all.some((a) => a.secret);
    const askZone = live && all.length ? section(tr("Question a witness"), h("div.tc-subjects", {role: "group", "aria-label": tr("Ask about")},
      view.subjects.filter((x) => subjects.includes(x)).map((x) => pickButton({
        label: CATEGORY_WORD[x] ? tr("the category %(category)s", {category: subjectWord(x)}) : tr("the colour %(colour)s", {colour: subjectWord(x)}),
        key: `subject:${x}`, picked: subject === x, usable: true,
        cls: `tc-subject ${CATEGORY_WORD[x] ? "category" : `colour c-${x}`}`, content: h("span", {}, CATEGORY_WORD[x] ? null : suitMark(x), subjectWord(x)),
        onpick: () => t.pick.toggle("subject", x)}))),
    secretPossible ? h("label.tc-secret", {}, h("input", {type: "checkbox", checked: secret, "data-key": "secret",
      onchange: (e) => t.pick.set("secret", /** @type {HTMLInputElement} */ (e.target).checked)}), " " + tr("Top Secret (once a game: only you and the witness see it)")) : null,
    h("p.muted.small", {text: subject ? tr("Now pick the witness to ask about %(subject)s.", {subject: subjectWord(subject)}) : tr("Pick a colour or a category, then the witness.")})) : null;
    const witnessAsks = (/** @type {number} */ seat) => (subject ? all.filter((a) => a.witness === seat && a.subject === subject && a.secret === secret) : []);
    const looks = live ? [...t.legal].filter((a) => a.startsWith("look ")) : [];
    const informants = view.informants.length ? section(tr("Secret informants"), h("div.tc-row", {},
      view.informants.map((i) => {
        const action = `look ${i.slot}`;
        const known = i.card ? cards[i.card] : null;
        const who = i.looked_by.length ? h("span.tc-looked", {}, trNodes("seen by %(seats)s", {seats: h("span", {}, i.looked_by.map((s) => seatDot(s, t.name(s))))})) : null;
        const inner = known ? card(known, {small: true, label: tr("informant %(slot)s: %(card)s (you looked)", {slot: i.slot, card: cardName(known.name)})})
          : card(null, {small: true, back: true, slot: i.slot, label: tr("informant %(slot)s: face down", {slot: i.slot})});
        return h("div.tc-informant", {}, h("span.tc-slot", {text: i.slot}), inner, who,
          looks.includes(action) ? h("button.act", {type: "button", "data-key": action, "data-action": action, onclick: () => t.act(action),
            "aria-label": tr("Look at informant %(slot)s", {slot: i.slot})}, tr("Look")) : null);
      }))) : null;
    const accusing = live && t.canKind("accuse");
    const accuseOpen = accusing && (t.pick.get("accusing") || view.phase === "final");
    const inSupply = trn("%(count)s magnifying glass in the supply", "%(count)s magnifying glasses in the supply", view.supply);
    return h("div.tc", {},
      h("div.tc-top", {},
        view.players > 2 ? h("span.tc-supply", {}, trNodes("Supply: %(glasses)s", {glasses: glasses(view.supply, inSupply)})) : null,
        h("span.muted", {text: view.final_after ? tr("Final round: accusations only.") : trn("%(count)s turn played", "%(count)s turns played", view.turns_done)}),
        accusing && !accuseOpen ? h("button.act.danger", {type: "button", "data-key": "tc-accuse-open", onclick: () => t.pick.set("accusing", true)}, tr("Accuse…")) : null),
      accuseOpen ? section(tr("Accuse"), h("p", {text: tr("Name your own mystery: a person, a location and a weapon (none you can see). Wrong: your turn ends.")}),
        trioPicker(view, t, cards, "accuse", tr("Pick a person, a location and a weapon"), "accusation"),
        view.phase === "final" ? null : h("button", {type: "button", "data-key": "tc-accuse-close", onclick: () => t.pick.delete("accusing")}, tr("Not now"))) : null,
      askZone,
      section(tr("At the table"), h("div.tc-seats", {}, view.seats.map((s) => seatPanel(view, t, cards, s, witnessAsks(s.seat))))),
      informants,
      view.accusations.length ? section(tr("Accusations"), h("ul.tc-accusations", {}, view.accusations.map((a) => h("li", {},
        seatDot(a.seat), " ", tr("%(name)s: %(cards)s", {name: t.name(a.seat), cards: cardList(a.cards)}), " ",
        h("strong", {text: a.correct ? tr("right!") : tr("wrong")}))))) : null);
  },

  prompt(view, t) {
    if (t.seat === null) return "";
    if (view.phase === "choose") return tr("Pick %(name)s's mystery from your five cards.", {name: t.name((t.seat + 1) % view.players)});
    if (view.phase === "take") return tr("No glass left and the supply is empty: take one from a player.");
    if (view.phase === "final") return tr("Final round: accuse.");
    const mine = view.seats[t.seat];
    if (view.players <= 2) return tr("Question a witness (a colour or category, then the player), consult an informant, or accuse.");
    return trn("Spend your %(count)s magnifying glass: question a witness (a colour or category, then the player), consult an informant, or accuse.",
      "Spend your %(count)s magnifying glasses: question a witness (a colour or category, then the player), consult an informant, or accuse.", mine.glasses);
  },

  keys(view, t) {
    const keys = [];
    if (t.canKind("accuse")) keys.push({key: "a", label: tr("accuse"), run: () => t.pick.set("accusing", true)});
    return keys;
  },

  describe(entry, t, index) {
    const events = eventsOf(entry);
    // A log entry from before steps carried events (none in a live game): its notation as is.
    if (!events.length) return `${capitalize(t.who(entry[0]))}: ${entry[1]}${entry[2] ? ` (${entry[2]})` : ""}`;
    return events.map((event) => eventWords(event, t, index)).filter(Boolean).join(" ");
  },

  reveal(reveal, view, t) {
    if (!reveal) return h("p", {text: tr("Nothing to reveal.")});
    const cards = deck(view);
    return h("div.tc-reveal", {},
      view.seats.map((s) => h("div.tc-reveal-seat", {}, seatDot(s.seat), h("strong", {text: " " + tr("%(name)s:", {name: s.seat === t.seat ? tr("%(name)s (you)", {name: t.name(s.seat)}) : t.name(s.seat)}) + " "}),
        tr("mystery"), " ", (s.mystery || []).map((n) => card(cards[n], {small: true})),
        " ", tr("hidden cards"), " ", (reveal.hidden[s.seat] || []).map((n) => card(cards[n], {small: true})))),
      reveal.informants.length ? h("div.tc-reveal-seat", {}, h("strong", {text: tr("Informants:") + " "}),
        reveal.informants.map((n) => card(cards[n], {small: true}))) : null);
  },
};

/**
 * One typed event of a step (core.events.Event.to_json): its kind and the game's own fields.
 * @typedef {{kind: string, [field: string]: unknown}} EventJSON
 */
/**
 * 13 Clues' events (events.py), as the page gets them. The private ones (a mystery's cards, an
 * informant's card, a Top Secret subject and answer) never come in a shared log entry; the
 * seats that may know them read them from their own view.
 * @typedef {{kind: "chosen", seat: number, owner: number}
 *   | {kind: "mystery_picked", seat: number, owner: number, cards: string[]}
 *   | {kind: "started", seat: number}
 *   | {kind: "asked", asker: number, witness: number, subject: string, side: string, answer: number}
 *   | {kind: "asked_secret", asker: number, witness: number, side: string}
 *   | {kind: "secret_answer", asker: number, witness: number, subject: string, side: string, answer: number}
 *   | {kind: "looked", seat: number, slot: string}
 *   | {kind: "informant_seen", seat: number, slot: string, card: string}
 *   | {kind: "took_glass", seat: number, source: number}
 *   | {kind: "accused", seat: number, cards: string[], correct: boolean}} ThirteenCluesEvent
 */

/**
 * A history entry's public events: ``[seat, action, result, events]``.
 * @param {import("sleuth/types").LogEntry} entry
 * @returns {EventJSON[]}
 */
function eventsOf(entry) {
  const events = /** @type {unknown[]} */ (entry)[3];
  return Array.isArray(events) ? events : [];
}

/**
 * What a question asked about, with the hidden card it counted in a two-player game.
 * @param {string} subject
 * @param {string} side
 */
function aboutWords(subject, side) {
  const v = {subject: subjectWord(subject)};
  if (side === "left") return tr("%(subject)s (counting the left hidden card)", v);
  if (side === "right") return tr("%(subject)s (counting the right hidden card)", v);
  return v.subject;
}

/** @param {string[]} cards */
const cardList = (cards) => listWords(cards.map(cardName));

/**
 * One event of a step in words, a sentence: "Bot1 asked you about red: 2." ``index``: the
 * step's place in the log, for what the reading seat's view adds (a Top Secret question's
 * subject and answer to its two seats). Each sentence is whole in the catalogue, one for the
 * reading seat's own deed, one for a deed done to it, one for the others'.
 * @param {EventJSON} event
 * @param {Table} t
 * @param {number} [index]
 */
export function eventWords(event, t, index) {
  const e = /** @type {ThirteenCluesEvent} */ (event);
  const me = (/** @type {number} */ seat) => t.isMe(seat);
  switch (e.kind) {
    case "chosen": {
      const v = {name: t.name(e.seat), owner: t.name(e.owner)};
      if (me(e.seat)) return tr("You chose %(owner)s's mystery.", v);
      if (me(e.owner)) return tr("%(name)s chose your mystery.", v);
      return tr("%(name)s chose %(owner)s's mystery.", v);
    }
    case "mystery_picked": {
      const v = {name: t.name(e.seat), owner: t.name(e.owner), cards: cardList(e.cards)};
      if (me(e.seat)) return tr("%(owner)s's mystery, as you chose it: %(cards)s.", v);
      if (me(e.owner)) return tr("Your mystery, as %(name)s chose it: %(cards)s.", v);
      return tr("%(owner)s's mystery, as %(name)s chose it: %(cards)s.", v);
    }
    case "started":
      return me(e.seat) ? tr("All mysteries are chosen: you start.") : tr("All mysteries are chosen: %(name)s starts.", {name: t.name(e.seat)});
    case "asked": {
      const v = {name: t.name(e.asker), witness: t.name(e.witness), about: aboutWords(e.subject, e.side), answer: e.answer};
      if (me(e.asker)) return tr("You asked %(witness)s about %(about)s: %(answer)s.", v);
      if (me(e.witness)) return tr("%(name)s asked you about %(about)s: %(answer)s.", v);
      return tr("%(name)s asked %(witness)s about %(about)s: %(answer)s.", v);
    }
    case "asked_secret": {
      const q = questionAt(t, index);
      const v = {name: t.name(e.asker), witness: t.name(e.witness), about: q && q.subject !== null ? aboutWords(q.subject, e.side) : "", answer: q ? String(q.answer) : ""};
      if (q && q.subject !== null && me(e.asker)) return tr("You asked %(witness)s a Top Secret question about %(about)s: %(answer)s.", v);
      if (q && q.subject !== null && me(e.witness)) return tr("%(name)s asked you a Top Secret question about %(about)s: %(answer)s.", v);
      if (me(e.asker)) return tr("You asked %(witness)s a Top Secret question.", v);
      if (me(e.witness)) return tr("%(name)s asked you a Top Secret question.", v);
      return tr("%(name)s asked %(witness)s a Top Secret question.", v);
    }
    case "secret_answer": {
      const v = {name: t.name(e.asker), witness: t.name(e.witness), about: aboutWords(e.subject, e.side), answer: e.answer};
      if (me(e.asker)) return tr("Top Secret, between you and %(witness)s: about %(about)s: %(answer)s.", v);
      if (me(e.witness)) return tr("Top Secret, between %(name)s and you: about %(about)s: %(answer)s.", v);
      return tr("Top Secret, between %(name)s and %(witness)s: about %(about)s: %(answer)s.", v);
    }
    case "looked": {
      const mine = me(e.seat) && t.view ? t.view.informants.find((i) => i.slot === e.slot) : null;
      const v = {name: t.name(e.seat), slot: e.slot, card: mine && mine.card ? cardName(mine.card) : ""};
      if (mine && mine.card) return tr("You consulted informant %(slot)s: %(card)s.", v);
      return me(e.seat) ? tr("You consulted informant %(slot)s.", v) : tr("%(name)s consulted informant %(slot)s.", v);
    }
    case "informant_seen": {
      const v = {name: t.name(e.seat), slot: e.slot, card: cardName(e.card)};
      return me(e.seat) ? tr("Informant %(slot)s, as you saw it: %(card)s.", v) : tr("Informant %(slot)s, as %(name)s saw it: %(card)s.", v);
    }
    case "took_glass": {
      const v = {name: t.name(e.seat), source: t.name(e.source)};
      if (me(e.seat)) return tr("You took a magnifying glass from %(source)s.", v);
      if (me(e.source)) return tr("%(name)s took a magnifying glass from you.", v);
      return tr("%(name)s took a magnifying glass from %(source)s.", v);
    }
    case "accused": {
      const v = {name: t.name(e.seat), cards: cardList(e.cards)};
      if (me(e.seat)) return e.correct ? tr("You accused %(cards)s: right!", v) : tr("You accused %(cards)s: wrong.", v);
      return e.correct ? tr("%(name)s accused %(cards)s: right!", v) : tr("%(name)s accused %(cards)s: wrong.", v);
    }
    default:
      return "";
  }
}

// The question of this history entry as the seat's view holds it (a Top Secret one shows
// its subject only to its asker and witness): the view's questions are in the log's order.
/**
 * @param {Table} t
 * @param {number} [index]
 */
function questionAt(t, index) {
  if (index === undefined || !t.frame) return null;
  const asked = (/** @type {import("sleuth/types").LogEntry} */ entry) =>
    eventsOf(entry).some((e) => e.kind === "asked" || e.kind === "asked_secret");
  const before = t.frame.log.slice(0, index).filter(asked).length;
  return t.view.questions[before] || null;
}

/**
 * One clue card as the table draws it, for the rules panel: "colour/type/name/category", as
 * the deck option writes it.
 * @param {string} text
 */
export function drawCard(text) {
  const [colour, type, name, category] = text.split("/");
  return card({colour, type, name, category});
}
