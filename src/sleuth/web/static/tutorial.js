// "Learn to play": a game's tutorial (its kit's "tutorial" part, GET
// /api/games/<name>/tutorial), one short scripted game on a known deal. The page walks the
// frames the service played out, each drawn by the game's own web part as a table draws it;
// at each of the learner's steps it says what the move does and why, highlights the control
// to click next, and lets only that click through (any other gets a gentle hint). The
// scripted seat's answers are in the next frame. Nothing is sent back: no table is made.
"use strict";
import {api} from "./api.js";
import fallback from "./fallback.js";
import {capitalize, fill, h, seatDot, seatColour} from "./kit.js";
import {language, speakGame, tr} from "./i18n.js";
import {openRules} from "./rules.js";

/** @typedef {import("./types.d.ts").GameOut} GameOut */
/** @typedef {import("./types.d.ts").TutorialOut} TutorialOut */
/** @typedef {import("./types.d.ts").TutorialFrame} TutorialFrame */
/** @typedef {import("./types.d.ts").TableContext} TableContext */
/** @typedef {import("./types.d.ts").StateFrame} StateFrame */
/** @typedef {import("./types.d.ts").FallbackPart} Part */

/**
 * The game's own part of the page, over the generic one (as at a table).
 * @param {GameOut} game
 * @returns {Promise<Part>}
 */
async function loadPart(game) {
  await speakGame(game);
  if (!game.web) return fallback;
  for (const href of game.web.styles) document.head.append(h("link", {rel: "stylesheet", href}));
  const module = /** @type {{default: import("./types.d.ts").GamePart}} */ (await import(game.web.script));
  return {...fallback, ...module.default};
}

/**
 * @param {HTMLElement} main
 * @param {string} name the game's name
 */
export async function openTutorial(main, name) {
  const menu = /** @type {import("./types.d.ts").LobbyOut} */ (await api("/api/games"));
  const game = menu.games.find((g) => g.name === name);
  if (!game || !game.tutorial) {
    fill(main, h("p.panel.error-box", {role: "alert", text: tr("No tutorial for this game.")}),
      h("p", {}, h("a", {href: "/", text: tr("Back to the lobby")})));
    return;
  }
  const [script, part] = await Promise.all([
    /** @type {Promise<TutorialOut>} */ (api(`/api/games/${encodeURIComponent(name)}/tutorial?lang=${encodeURIComponent(language())}`)),
    loadPart(game)]);
  new TutorialPage(main, game, part, script).draw();
}

class TutorialPage {
  coach = h("section.tutorial-coach.panel", {"aria-live": "polite"});
  hint = h("p.tutorial-hint", {role: "status"});
  boardHost = h("div.board-host");
  history = h("ol.history-list", {"aria-label": tr("Every move so far")});

  /**
   * @param {HTMLElement} main
   * @param {GameOut} game
   * @param {Part} part
   * @param {TutorialOut} script
   */
  constructor(main, game, part, script) {
    this.game = game;
    this.part = part;
    this.script = script;
    this.index = 0; // the learner's step shown (script.steps.length: the end)
    this.clicked = 0; // how many of the step's controls the learner has clicked
    /** @type {Map<string, unknown>} */
    this.picks = new Map();
    document.title = `${tr("Learn to play %(game)s", {game: game.title})} · Sleuth`;
    // Only the highlighted control lets a click through: caught before the board's own handlers.
    this.boardHost.addEventListener("click", (event) => this.onClick(event), true);
    this.root = h("div.tutorial-page", {},
      h("h1", {text: tr("Learn to play %(game)s", {game: game.title})}),
      h("p.tutorial-welcome", {text: script.welcome}),
      this.coach,
      h("div.layout", {},
        h("div.main-col", {}, h("section.play", {"aria-label": tr("The table")}, this.boardHost)),
        h("aside.side", {"aria-label": tr("History")},
          h("section.history", {}, h("h2", {text: tr("History")}), this.history))));
    fill(main, this.root);
  }

  get step() { return this.script.steps[this.index] || null; }

  get frame() { return this.step ? this.step.frame : this.script.end; }

  /** @param {MouseEvent} event */
  onClick(event) {
    const step = this.step;
    const target = event.target instanceof Element ? event.target.closest("[data-key]") : null;
    if (!step || !(target instanceof HTMLElement)) return;
    if (target.dataset.key === step.keys[this.clicked]) {
      this.clicked += 1;
      this.hint.textContent = "";
      return;
    }
    event.preventDefault();
    event.stopPropagation();
    this.hint.textContent = tr("Not that one yet: the control to use now is highlighted. Read the note above, then try again.");
  }

  /** @param {string} action */
  act(action) {
    const step = this.step;
    if (!step) return;
    if (action !== step.action) {
      this.hint.textContent = tr("Not that one yet: the control to use now is highlighted. Read the note above, then try again.");
      return;
    }
    this.index += 1;
    this.clicked = 0;
    this.picks.clear();
    this.hint.textContent = "";
    this.draw();
  }

  /**
   * The table as the game's part sees it, at the learner's seat.
   * @param {TutorialFrame} frame
   * @returns {TableContext}
   */
  context(frame) {
    const page = this;
    // Only a step's frame takes clicks: the end of a tutorial that stops before the game does is shown, not played.
    const live = frame.status === "playing" && this.step !== null;
    const legal = new Set(live ? frame.legal.actions : []);
    const families = live ? frame.legal.families : [];
    const me = this.script.seat;
    const name = (/** @type {number} */ seat) => this.script.names[seat] || tr("Seat %(seat)s", {seat});
    const redraw = () => { page.drawBoard(); };
    /** @type {StateFrame} */
    const full = {type: "state", table: "", step: frame.step, status: frame.status, actors: frame.actors, to_move: frame.to_move,
      seats: this.script.names.map((n, seat) => ({seat, kind: seat === me ? "person" : "bot", name: n, bot: null, takeover: false,
        joined: true, connected: true, away_since: null})),
      clock: {kind: "none", per_move: null, seat: null, deadline: null, banks: [], vacation: []}, sheet_level: "off", commitment: "",
      log: frame.log, seat: me, view: frame.view, legal: frame.legal, sheet: null, sheet_data: null, notes: null,
      resumed_from: null, outcome: frame.outcome, reveal: frame.reveal};
    return {
      seat: me, players: this.script.names.length, view: frame.view, frame: full, live, over: !live,
      legal, families, name,
      who: (seat) => (seat === me ? tr("you") : name(seat)),
      isMe: (seat) => seat === me,
      can: (action) => legal.has(action) || families.some((f) => action.startsWith(`${f.kind} `)),
      canKind: (kind) => [...legal].some((a) => a.split(" ")[0] === kind) || families.some((f) => f.kind === kind),
      act: (action) => page.act(action),
      pick: {
        get: (key) => page.picks.get(key),
        has: (key) => page.picks.has(key),
        set: (key, value) => { page.picks.set(key, value); redraw(); },
        toggle: (key, value) => {
          if (page.picks.get(key) === value) page.picks.delete(key); else page.picks.set(key, value);
          redraw();
        },
        delete: (key) => { page.picks.delete(key); redraw(); },
        clear: () => { page.picks.clear(); redraw(); },
      },
      rerender: redraw,
    };
  }

  draw() {
    const step = this.step;
    const count = this.script.steps.length;
    this.root.dataset.step = String(this.index);
    if (step) {
      fill(this.coach,
        h("p.tutorial-count", {text: tr("Step %(number)s of %(count)s", {number: this.index + 1, count})}),
        h("h2", {text: step.title}), h("p.tutorial-text", {text: step.text}), this.hint);
    } else {
      this.root.dataset.done = "true";
      fill(this.coach,
        h("h2", {text: tr("Well done!")}), h("p.tutorial-text", {text: this.script.finish}),
        h("h3", {text: tr("What to try next")}),
        h("ul.tutorial-next", {},
          h("li", {}, h("a", {href: "/", text: tr("Play a table against bots")})),
          h("li", {}, h("button", {type: "button", text: tr("Read the rules"), title: tr("How to play %(game)s: the rules in short and in full", {game: this.game.title}),
            onclick: () => { openRules(this.game, "full"); }})),
          h("li", {}, h("button", {type: "button", text: tr("Start the tutorial again"), title: tr("Back to its first step"),
            onclick: () => { this.index = 0; delete this.root.dataset.done; this.draw(); }}))));
    }
    this.drawBoard();
    this.drawHistory();
  }

  drawBoard() {
    const frame = this.frame;
    const t = this.context(frame);
    let board;
    try {
      board = this.part.board(frame.view, t);
    } catch (error) {
      console.warn("the game's part failed; the generic table is shown", error);
      board = fallback.board(frame.view, t);
    }
    fill(this.boardHost, board, frame.status === "finished" ? this.part.reveal(frame.reveal, frame.view, t) : null);
    const step = this.step;
    const next = step ? step.keys[this.clicked] : undefined;
    const target = next ? this.boardHost.querySelector(`[data-key="${CSS.escape(next)}"]`) : null;
    if (target) {
      target.classList.add("tutorial-target");
      target.scrollIntoView({block: "nearest"});
    }
  }

  drawHistory() {
    const frame = this.frame;
    const t = this.context(frame);
    fill(this.history, ...frame.log.map((entry, index) => {
      let words;
      try { words = capitalize(this.part.describe(entry, t, index)); } catch (error) { words = fallback.describe(entry, t, index); }
      return h("li", {style: {"--seat": seatColour(entry[0])}}, h("span.step-no", {text: `${index + 1}.`}), seatDot(entry[0]), " ", words);
    }));
    if (!frame.log.length) this.history.append(h("li.empty", {text: tr("No move yet.")}));
    this.history.scrollTop = this.history.scrollHeight; // the latest moves, the scripted seats' answers among them
  }
}
