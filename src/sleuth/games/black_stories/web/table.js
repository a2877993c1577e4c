// Black Stories Investigation's table: your hand of case cards, your own case, every
// player's evidence grid (fields 0/1, 2, 3) with the cards placed on it, the investigation
// cards (blood drops) each has left, the solve attempts, the draw and discard piles.
import {capitalize, h, icon, listWords, pickButton, seatColour, seatDot, section, tr, trn, trNodes} from "sleuth/kit";

/**
 * The seat's view (views.BlackStoriesView, as JSON).
 * @typedef {import("sleuth/types").View & {
 *   players: number, phase: "play" | "solve" | "draw" | "over", turn: number, start: number,
 *   final_round: boolean, case: string | null, hand: string[] | null, has_case: boolean[],
 *   hand_sizes: number[], draw_size: number, discard: string[], grids: {card: string, field: string}[][],
 *   unused: number[][], scores: number[], pool: number | null,
 *   plays: {seat: number, card: string, target: number, field: string}[],
 *   attempts: {seat: number, target: number, guess: string | null, drops: number, success: boolean, points: number}[],
 *   cases: (string | null)[] | null, outcome: import("sleuth/types").Outcome | null}} BlackStoriesView
 */
/**
 * What the seat has picked: a hand card, whose case it solves, the evidence it names and the
 * investigation card it spends.
 * @typedef {{card: string, solve: number, guess: string[], drops: number}} Picks
 */
/**
 * The deal, shown at the end (rules.BlackStoriesState.reveal).
 * @typedef {{start: number, cases: string[], hands: string[][], draw: string[], cases_held: string[][]}} Reveal
 */
/** @typedef {import("sleuth/types").TableContext<BlackStoriesView, Picks>} Table */

/** @type {[string, string[]][]} */
const ATTRIBUTES = [["victim", ["man", "woman"]], ["time", ["day", "night"]], ["scene", ["inside", "outside"]], ["weapon", ["knife", "gun"]]];
/** @type {[string, string][]} */
const FIELDS = [["0/1", tr("0 or 1 match")], ["2", tr("2 matches")], ["3", tr("3 matches")]];
/** @type {Record<string, string>} */
const ATTRIBUTE_WORD = {victim: tr("victim"), time: tr("time"), scene: tr("scene"), weapon: tr("weapon")};
// Evidence drawn as small pictures, each with its word below (the picture is never the only cue).
/** @type {Record<string, string[]>} */
const PICTURES = {
  man: ["M12 7a3 3 0 1 0 0-6 3 3 0 0 0 0 6z", "M8 22v-8H6v-4a3 3 0 0 1 3-3h6a3 3 0 0 1 3 3v4h-2v8"],
  woman: ["M12 7a3 3 0 1 0 0-6 3 3 0 0 0 0 6z", "M9 22v-5H6l3-8a3 3 0 0 1 6 0l3 8h-3v5"],
  day: ["M12 17a5 5 0 1 0 0-10 5 5 0 0 0 0 10z", "M12 1v3M12 20v3M3.5 3.5l2 2M18.5 18.5l2 2M1 12h3M20 12h3M3.5 20.5l2-2M18.5 5.5l2-2"],
  night: ["M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5z", "M17 3l.7 1.6L19 5l-1.3.4L17 7l-.7-1.6L15 5l1.3-.4z"],
  inside: ["M3 11l9-8 9 8", "M5 9.5V21h14V9.5", "M10 21v-6h4v6"],
  outside: ["M12 3l6 8h-3l4 6H5l4-6H6z", "M12 17v5"],
  knife: ["M3 21l9-9", "M12 12l7.5-9.5a2 2 0 0 1 2 2L12 12", "M5 17l2 2"],
  gun: ["M3 7h16l2 3h-6l-1 3h-3l-1 3H6l1-6H3z", "M11 13h3"],
};

const evidence = (/** @type {string} */ card) => card.split(/[+/]/);
/** A card's or a guess's evidence in words: "man, day, inside". */
const evidenceList = (/** @type {string} */ card, separator = ", ") => evidence(card).map((v) => evidenceWord(v)).join(separator);

/**
 * @param {string} value
 * @param {boolean} [small]
 */
function piece(value, small) {
  return h("span.bs-piece", {class: `bs-${value}${small ? " small" : ""}`}, icon(PICTURES[value] || [], undefined, "icon bs-icon"), h("span.bs-word", {text: evidenceWord(value)}));
}

/**
 * @param {string} card
 * @param {{label?: string, key?: string, picked?: boolean, usable?: boolean, onpick?: () => void,
 *   small?: boolean, secret?: boolean}} [options]
 */
function caseCard(card, {label, key, picked, usable, onpick, small, secret} = {}) {
  const face = h("span.bs-card-face", {}, evidence(card).map((v) => piece(v, small)));
  const name = label || tr("case card %(evidence)s", {evidence: evidenceList(card)});
  const cls = `bs-card${small ? " small" : ""}${secret ? " secret" : ""}`;
  if (!onpick) return h("span", {class: cls, role: "img", "aria-label": name}, face);
  return pickButton({label: name, key, picked, usable, onpick, cls, content: face});
}

/**
 * @param {number} count
 * @param {boolean} used
 */
function drops(count, used) {
  return h("span.bs-drops", {class: used ? "used" : "", role: "img", "aria-label": used ? trn("investigation card with %(count)s drop (used)", "investigation card with %(count)s drops (used)", count)
    : trn("investigation card with %(count)s drop", "investigation card with %(count)s drops", count)},
    Array.from({length: count}, () => icon(["M12 2c3 5 6 8.5 6 12a6 6 0 0 1-12 0c0-3.5 3-7 6-12z"], undefined, "icon bs-drop")));
}

/** @param {string[]} values */
export function guessText(values) {
  return ATTRIBUTES.map(([, pair]) => pair.find((v) => values.includes(v))).join("/");
}

/**
 * @param {BlackStoriesView} view
 * @param {Table} t
 * @param {number} target
 */
function solvePanel(view, t, target) {
  const guess = t.pick.get("guess") || [];
  const drop = t.pick.get("drops");
  const mine = t.seat === null ? [] : view.unused[t.seat] || [];
  const complete = ATTRIBUTES.every(([, pair]) => pair.some((v) => guess.includes(v)));
  const action = complete && drop ? `solve ${target} ${guessText(guess)} with ${drop}` : "";
  return h("div.bs-solve", {role: "group", "aria-label": tr("Solve %(name)s's case", {name: t.name(target)})},
    h("p", {}, h("strong", {text: tr("Solve %(name)s's case:", {name: t.name(target)})}), " ", tr("choose one piece of evidence of each kind, and an investigation card.")),
    h("div.bs-solve-grid", {}, ATTRIBUTES.map(([name, pair]) => h("div.bs-pair", {role: "group", "aria-label": ATTRIBUTE_WORD[name]},
      h("span.bs-pair-name", {text: ATTRIBUTE_WORD[name]}),
      pair.map((value) => pickButton({label: evidenceWord(value), key: `guess:${value}`, picked: guess.includes(value), usable: true,
        cls: "bs-guess", content: piece(value),
        onpick: () => t.pick.set("guess", [...guess.filter((g) => !pair.includes(g)), value])}))))),
    h("div.row", {}, h("span", {text: tr("Investigation card:") + " "}),
      mine.map((d) => pickButton({label: trn("card with %(count)s drop", "card with %(count)s drops", d), key: `drops:${d}`, picked: drop === d, usable: true,
        cls: "bs-drop-pick", content: drops(d, false), onpick: () => t.pick.set("drops", d)}))),
    h("div.row", {},
      h("button.act.primary", {type: "button", "data-key": "bs-solve-send", "data-action": action, disabled: !action || !t.can(action),
        onclick: () => t.act(action)}, complete && drop ? trn("Solve: %(guess)s with %(count)s drop", "Solve: %(guess)s with %(count)s drops", drop, {guess: evidenceList(guessText(guess), " · ")})
        : tr("Solve…")),
      h("button", {type: "button", "data-key": "bs-solve-cancel", onclick: () => { t.pick.delete("solve"); }}, tr("Not now"))));
}

/**
 * @param {BlackStoriesView} view
 * @param {Table} t
 * @param {number} seat
 */
function seatPanel(view, t, seat) {
  const isMe = seat === t.seat;
  const picked = t.pick.get("card");
  const play = `play ${picked} to ${seat}`; // shown only once a card is picked
  const grid = view.grids[seat];
  const attempts = view.attempts.filter((a) => a.target === seat);
  const solving = t.pick.get("solve") === seat;
  const canSolve = t.live && [...t.legal].some((a) => a.startsWith(`solve ${seat} `));
  const file = isMe
    ? (view.case ? h("div.bs-file.open", {}, h("span.bs-file-title", {text: tr("Your case (only you see it)")}),
      caseCard(view.case, {secret: true, label: tr("your case: %(evidence)s", {evidence: evidenceList(view.case)})}))
      : h("div.bs-file", {text: tr("No case right now")}))
    : h("div.bs-file", {role: "img", "aria-label": view.has_case[seat] ? tr("%(name)s's case: hidden", {name: t.name(seat)}) : tr("%(name)s holds no case", {name: t.name(seat)})},
      h("span.bs-file-closed", {text: view.has_case[seat] ? tr("Case file: hidden") : tr("No case")}));
  return h("div.bs-seat", {class: [isMe ? "me" : "", view.turn === seat && view.phase !== "over" ? "on-turn" : ""].join(" "),
    style: {"--seat": seatColour(seat)}, role: "group", "aria-label": isMe ? tr("%(name)s (you)", {name: t.name(seat)}) : t.name(seat)},
  h("div.bs-seat-head", {}, seatDot(seat), h("strong", {text: isMe ? tr("%(name)s (you)", {name: t.name(seat)}) : t.name(seat)}),
    view.turn === seat && view.phase !== "over" ? h("span.bs-badge", {text: tr("on turn")}) : null,
    h("span.bs-score", {title: tr("points"), text: trn("%(count)s point", "%(count)s points", view.scores[seat])})),
  h("div.bs-targets", {},
    !isMe && t.live && picked ? h("button.act.bs-target", {type: "button", "data-key": `play:${seat}`, "data-action": play,
      disabled: !t.can(play), onclick: () => t.act(play), "aria-label": tr("Play to %(name)s: %(evidence)s", {name: t.name(seat), evidence: evidenceList(picked)})},
    tr("Play to %(name)s", {name: t.name(seat)})) : null,
    !isMe && canSolve && !solving ? h("button.act.bs-target", {type: "button", "data-key": `solve:${seat}`,
      onclick: () => t.pick.set("solve", seat)}, tr("Solve %(name)s's case…", {name: t.name(seat)})) : null),
  file,
  h("div.bs-grid", {role: "group", "aria-label": tr("%(name)s's evidence grid", {name: t.name(seat)})}, FIELDS.map(([field, words]) => h("div.bs-field", {},
    h("span.bs-field-name", {title: words}, h("strong", {text: field}), h("small", {text: words})),
    grid.filter((p) => p.field === field).map((p) => caseCard(p.card, {small: true,
      label: tr("%(evidence)s on field %(field)s of %(name)s", {evidence: evidenceList(p.card), field, name: t.name(seat)})}))))),
  h("div.bs-row", {}, h("span.muted.small", {text: tr("Investigation cards:") + " "}),
    [1, 2, 3].map((d) => drops(d, !view.unused[seat].includes(d)))),
  attempts.length ? h("ul.bs-attempts", {"aria-label": tr("Attempts on %(name)s's case", {name: t.name(seat)})}, attempts.map((a) => h("li", {class: a.success ? "solved" : ""},
    seatDot(a.seat), " ", a.guess ? evidenceList(a.guess, " · ") : tr("a hidden guess"), " ", drops(a.drops, false),
    h("strong", {text: " " + (a.success ? tr("solved, +%(points)s", {points: a.points}) : tr("failed"))})))) : null,
  solving ? solvePanel(view, t, seat) : null);
}

/** @type {import("sleuth/types").GamePart<BlackStoriesView, Picks, Reveal>} */
export default {
  // The sheet's rows are cases ("man+day+outside+knife"): each said by its evidence's words,
  // apart by "/" (the sheet lists several cases apart by "·").
  sheetCard: (card) => evidenceList(card, "/"),
  board(view, t) {
    const playing = t.live && t.canKind("play");
    const picked = t.pick.get("card");
    const hand = view.hand === null ? null : section(tr("Your hand"), h("div.bs-hand", {},
      view.hand.length ? view.hand.map((card, i) => playing
        ? caseCard(card, {key: `hand:${i}`, picked: picked === card, usable: [...t.legal].some((a) => a.startsWith(`play ${card} to `)),
          onpick: () => t.pick.toggle("card", card)})
        : caseCard(card)) : h("span.muted", {text: tr("no case card in hand")})),
    t.live && t.can("draw") ? h("div.row", {}, h("button.act", {type: "button", "data-key": "bs-draw", "data-action": "draw",
      onclick: () => t.act("draw")}, view.phase === "draw" ? tr("Draw (end your turn)") : tr("Draw, no solve this turn"))) : null);
    return h("div.bs", {},
      h("div.bs-top", {},
        section(tr("Table"), h("div.bs-piles", {},
          h("span.bs-pile", {role: "img", "aria-label": trn("draw pile: %(count)s card", "draw pile: %(count)s cards", view.draw_size)},
            h("span.bs-back"), trNodes("%(count)s to draw", {count: h("strong", {text: String(view.draw_size)})})),
          view.pool === null ? null : h("span.bs-pool", {text: trn("%(count)s point chip left", "%(count)s point chips left", view.pool)}),
          view.final_round ? h("span.bs-badge.final", {text: tr("final round")}) : null),
        view.discard.length ? h("div.bs-discard", {"aria-label": tr("discard pile")}, h("span.muted.small", {text: tr("Discard:") + " "}),
          view.discard.map((c) => caseCard(c, {small: true}))) : null),
        hand),
      section(tr("Case files"), h("div.bs-seats", {}, [...Array(view.players).keys()].map((seat) => seatPanel(view, t, seat)))));
  },

  prompt(view, t) {
    if (view.phase === "play") return tr("Pick a case card from your hand, then the player whose case it is checked against.");
    if (view.phase === "solve") return tr("You may try to solve one case (or draw to end your turn).");
    if (view.phase === "draw") return tr("Draw back to three cards to end your turn.");
    return "";
  },

  keys(view, t) {
    const keys = [];
    if (t.canKind("play") && view.hand) {
      keys.push({key: "1–3", label: tr("pick a hand card")});
      view.hand.forEach((card, i) => keys.push({key: String(i + 1), hidden: true, run: () => t.pick.toggle("card", card)}));
    }
    if (t.can("draw")) keys.push({key: "d", label: tr("draw"), run: () => t.act("draw")});
    return keys;
  },

  describe(entry, t) {
    const events = eventsOf(entry);
    // A log entry from before steps carried events (none in a live game): its notation as is.
    if (!events.length) return `${capitalize(t.who(entry[0]))}: ${entry[1]}${entry[2] ? ` (${entry[2]})` : ""}`;
    return events.map((event) => eventWords(event, t)).filter(Boolean).join(" ");
  },

  reveal(reveal, view, t) {
    if (!reveal) return h("p", {text: tr("Nothing to reveal.")});
    return h("div.bs-reveal", {}, reveal.cases_held.map((held, seat) => h("div.bs-reveal-seat", {},
      seatDot(seat), h("strong", {text: " " + tr("%(name)s:", {name: seat === t.seat ? tr("%(name)s (you)", {name: t.name(seat)}) : t.name(seat)}) + " "}),
      held.length ? held.map((c) => caseCard(c, {small: true, label: tr("case %(evidence)s", {evidence: evidence(c).map(evidenceWord).join(", ")})})) : tr("no case"))));
  },
};

/**
 * One typed event of a step (core.events.Event.to_json): its kind and the game's own fields.
 * @typedef {{kind: string, [field: string]: unknown}} EventJSON
 */
/**
 * Black Stories Investigation's events (events.py), as the page gets them.
 * @typedef {{kind: "played", seat: number, card: string, target: number, field: string}
 *   | {kind: "solved", seat: number, target: number, case: string, drops: number, bonus: number, points: number, short: number}
 *   | {kind: "failed", seat: number, target: number, drops: number, guess: string | null}
 *   | {kind: "failed_guess", seat: number, target: number, guess: string}
 *   | {kind: "turned_up", seat: number, cards: string[]}
 *   | {kind: "reshuffled", count: number}
 *   | {kind: "new_case", seat: number}
 *   | {kind: "case_drawn", seat: number, case: string}
 *   | {kind: "no_case", seat: number}
 *   | {kind: "drew", seat: number, count: number}
 *   | {kind: "drew_cards", seat: number, cards: string[]}
 *   | {kind: "final_round"}
 *   | {kind: "over", cases: (string | null)[]}} BlackStoriesEvent
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

// Each piece of evidence by its name in the page's language (the card's id stays in English).
/** @type {Record<string, string>} */
const EVIDENCE = {
  man: tr("man"), woman: tr("woman"), day: tr("day"), night: tr("night"),
  inside: tr("inside"), outside: tr("outside"), knife: tr("knife"), gun: tr("gun"),
};
/** @param {string} value */
export const evidenceWord = (value) => EVIDENCE[value] || value;

/** @param {string} card */
const said = (card) => evidence(card).map(evidenceWord).join(" · ");

/** @param {string} field */
function fieldWords(field) {
  if (field === "0/1") return tr("0 or 1 match");
  if (field === "2") return tr("2 matches");
  if (field === "3") return tr("3 matches");
  return tr("field %(field)s", {field});
}

/**
 * How a solve scored: "+5 points (1 for the drops, 4 for the few cards)".
 * @param {{points: number, drops: number, bonus: number, short: number}} e
 */
function scoreWords(e) {
  const points = trn("+%(count)s point", "+%(count)s points", e.points);
  return e.short
    ? tr("%(points)s (%(drops)s for the drops, %(bonus)s for the few cards, %(short)s short of chips)", {points, drops: e.drops, bonus: e.bonus, short: e.short})
    : tr("%(points)s (%(drops)s for the drops, %(bonus)s for the few cards)", {points, drops: e.drops, bonus: e.bonus});
}

/**
 * One event of a step in words, a sentence: "Bot1 played woman · knife to you: 2 matches."
 * Each sentence is whole in the catalogue, one for the reading seat's own deed, one for a deed
 * done to it, one for the others' (the languages say "you" and a name differently).
 * @param {EventJSON} event
 * @param {Table} t
 */
export function eventWords(event, t) {
  const e = /** @type {BlackStoriesEvent} */ (event);
  const me = (/** @type {number} */ seat) => t.isMe(seat);
  switch (e.kind) {
    case "played": {
      const v = {name: t.name(e.seat), target: t.name(e.target), card: said(e.card), field: fieldWords(e.field)};
      if (me(e.seat)) return tr("You played %(card)s to %(target)s: %(field)s.", v);
      if (me(e.target)) return tr("%(name)s played %(card)s to you: %(field)s.", v);
      return tr("%(name)s played %(card)s to %(target)s: %(field)s.", v);
    }
    case "solved": {
      const v = {name: t.name(e.seat), target: t.name(e.target), case: said(e.case), drops: e.drops, score: scoreWords(e)};
      if (me(e.seat)) return tr("You solved %(target)s's case as %(case)s with the %(drops)s-drop card: %(score)s.", v);
      if (me(e.target)) return tr("%(name)s solved your case as %(case)s with the %(drops)s-drop card: %(score)s.", v);
      return tr("%(name)s solved %(target)s's case as %(case)s with the %(drops)s-drop card: %(score)s.", v);
    }
    case "failed": {
      const guess = e.guess === null ? tr("a secret guess") : said(e.guess);
      const v = {name: t.name(e.seat), target: t.name(e.target), drops: e.drops, guess};
      if (me(e.seat)) return tr("You tried to solve %(target)s's case with the %(drops)s-drop card (%(guess)s): wrong.", v);
      if (me(e.target)) return tr("%(name)s tried to solve your case with the %(drops)s-drop card (%(guess)s): wrong.", v);
      return tr("%(name)s tried to solve %(target)s's case with the %(drops)s-drop card (%(guess)s): wrong.", v);
    }
    case "failed_guess": {
      const v = {name: t.name(e.seat), target: t.name(e.target), guess: said(e.guess)};
      if (me(e.seat)) return tr("Your guess on %(target)s's case was %(guess)s (only the two of you see it).", v);
      if (me(e.target)) return tr("%(name)s's guess on your case was %(guess)s (only the two of you see it).", v);
      return tr("%(name)s's guess on %(target)s's case was %(guess)s (only the two of them see it).", v);
    }
    case "turned_up": {
      const v = {name: t.name(e.seat), cards: listWords(e.cards.map(said))};
      return me(e.seat) ? tr("You turned up %(cards)s looking for a new case.", v) : tr("%(name)s turned up %(cards)s looking for a new case.", v);
    }
    case "reshuffled":
      return trn("The discard pile (%(count)s card) was shuffled into a new draw pile.", "The discard pile (%(count)s cards) was shuffled into a new draw pile.", e.count);
    case "new_case":
      return me(e.seat) ? tr("You took a new case.") : tr("%(name)s took a new case.", {name: t.name(e.seat)});
    case "case_drawn": {
      const v = {name: t.name(e.seat), case: said(e.case)};
      return me(e.seat) ? tr("Your new case: %(case)s.", v) : tr("%(name)s's new case: %(case)s.", v);
    }
    case "no_case":
      return me(e.seat) ? tr("You have no case: none is left to draw.") : tr("%(name)s has no case: none is left to draw.", {name: t.name(e.seat)});
    case "drew":
      return me(e.seat) ? trn("You drew %(count)s card.", "You drew %(count)s cards.", e.count)
        : trn("%(name)s drew %(count)s card.", "%(name)s drew %(count)s cards.", e.count, {name: t.name(e.seat)});
    case "drew_cards": {
      const v = {name: t.name(e.seat), cards: listWords(e.cards.map(said))};
      return me(e.seat) ? tr("Your new cards: %(cards)s.", v) : tr("%(name)s's new cards: %(cards)s.", v);
    }
    case "final_round":
      return tr("The final round has begun.");
    case "over": {
      const cases = e.cases.map((c, seat) => tr("%(name)s: %(case)s", {name: me(seat) ? tr("you") : t.name(seat), case: c === null ? tr("none") : said(c)}));
      return tr("The game is over. The cases: %(cases)s.", {cases: listWords(cases)});
    }
    default:
      return "";
  }
}

/**
 * One case card as the table draws it, for the rules panel: its facts joined by +.
 * @param {string} card
 */
export function drawCard(card) {
  return caseCard(card);
}
