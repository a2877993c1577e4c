// A table: the seat's frames from the play channel, drawn by the game's own part (or the
// generic fallback), with whose move, what just happened, the history, the sheet, chat,
// the clock, and at the end the reveal, the scores, the signed record and the replay.
// Everything shown comes from this seat's frames: the page never asks for anything else.
"use strict";
import {tr, trn} from "./i18n.js";
import {absentNotices, seatsToHand} from "./absent.js";
import {api, ensurePerson, forgetInvites, savedInvites, toast} from "./api.js";
import {Channel} from "./channel.js";
import {endPanel, replayView} from "./ending.js";
import fallback from "./fallback.js";
import {ICONS, capitalize, fill, h, icon, listWords, seatColour, seatDot} from "./kit.js";
import {chatPanel, sheetPanel} from "./panels.js";
import {openRules, rulesButton} from "./rules.js";
import {refusalText} from "./problems.js";
import {levelWord} from "./lobby-seats.js";
import {keepTooltips} from "./tooltips.js";
import {ownTableTurn, setPageTitle} from "./yourmove.js";

/** @typedef {import("./types.d.ts").TableOut} TableOut */
/** @typedef {import("./types.d.ts").GameOut} GameOut */
/** @typedef {import("./types.d.ts").StateFrame} StateFrame */
/** @typedef {import("./types.d.ts").View} View */
/** @typedef {import("./types.d.ts").TableContext} TableContext */
/** @typedef {import("./types.d.ts").FallbackPart} Part */
/** @typedef {import("./types.d.ts").LogEntry} LogEntry */

/** A pointer that hovers finely: a mouse, hence most likely a keyboard beside it (a phone has neither). */
function hasKeyboard() {
  return typeof matchMedia === "function" && matchMedia("(hover: hover) and (pointer: fine)").matches;
}

/** @param {import("./types.d.ts").SheetLevel} level */
function sheetLevelName(level) {
  return {off: tr("off"), facts: tr("facts"), full: tr("full")}[level];
}

/**
 * @param {unknown} error
 * @returns {string}
 */
export function errorText(error) {
  return error instanceof Error ? error.message : String(error);
}

export class TablePage {
  // The parts of the page the draw methods fill (made before the constructor's body runs).
  statusPill = h("span.conn", {role: "status"});
  seatsBar = h("ul.seats-bar", {"aria-label": tr("Players")});
  turn = h("div.turn", {role: "status", "aria-live": "polite"});
  justBox = h("div.just", {"aria-live": "polite"});
  notice = h("div.notice");
  prompt = h("div.prompt");
  errorBox = h("p.error-text.in-place", {role: "alert"});
  boardHost = h("div.board-host");
  entry = h("input", {id: "notation", name: "notation", autocomplete: "off", spellcheck: "false",
    list: "legal-list", "aria-describedby": "keys-help", placeholder: tr("type a move, e.g. the one shown"),
    title: tr("A move typed in the game's notation (the key / comes here)")});
  legalList = h("datalist", {id: "legal-list"});
  keysHelp = h("p.keys", {id: "keys-help"});
  entryForm = h("form.entry", {onsubmit: (event) => {
    event.preventDefault();
    const text = this.entry.value.trim();
    if (text) { this.act(text); this.entry.value = ""; }
  }}, h("label", {for: "notation", text: tr("Move in notation")}), this.entry, this.legalList,
  h("button", {type: "submit", text: tr("Play"), title: tr("Play the move typed")}));
  end = h("section.end-host", {"aria-label": tr("The end of the game")});
  history = h("ol.history-list", {"aria-label": tr("Every move so far"), tabindex: "0"});
  sideTabs = h("div.side-tabs");
  playArea = h("section.play", {"aria-label": tr("The table")},
    this.prompt, this.errorBox, this.boardHost, this.entryForm, this.keysHelp);

  /**
   * @param {HTMLElement} main
   * @param {TableOut} table
   * @param {GameOut | undefined} game
   * @param {Part} part
   * @param {number | null} seat
   */
  constructor(main, table, game, part, seat) {
    this.main = main;
    this.table = table;
    this.game = game;
    this.part = part;
    this.seat = seat;
    /** @type {StateFrame | null} */
    this.frame = null;
    /** @type {import("./types.d.ts").SheetLine[] | null} the sheet's typed lines, if not yet drawn from data */
    this.sheet = null;
    /** @type {import("./types.d.ts").SheetData | null} the sheet as data to draw, if the game gives it */
    this.sheetData = null;
    /** @type {import("./types.d.ts").NotesGrid | null} */
    this.notes = null;
    /** @type {import("./types.d.ts").ChatOut[]} */
    this.chat = [];
    /** @type {string | null} */
    this.error = null;
    /** @type {string | null} */
    this.errorCode = null;
    /** @type {string | null} */
    this.pending = null;
    /** @type {Map<string, unknown>} */
    this.picks = new Map();
    /** @type {import("./types.d.ts").ChannelStatus} */
    this.status = "connecting";
    this.statusNote = "";
    /** @type {number[]} indices of the log entries that are new to this person */
    this.just = [];
    /** @type {import("./ending.js").Replay | null} */
    this.replay = null;
    /** @type {string} the seats offered to a bot, as drawn: redrawn when it changes */
    this.offered = "";
    /** What to do once the seat is no longer this page's. */
    this.onGone = () => {};
    /** @type {ReturnType<typeof setInterval> | undefined} */
    this.ticker = undefined;
    this.onKeyDown = (/** @type {KeyboardEvent} */ event) => this.onKey(event);
    this.seenKey = `sleuth.seen.${table.id}.${seat}`;
    const path = seat === null ? `/ws/tables/${table.id}/watch` : `/ws/tables/${table.id}/seats/${seat}`;
    this.channel = new Channel(path, {
      onFrame: (frame) => this.onFrame(frame),
      onStatus: (status, note) => {
        if (status === "gone") { this.onGone(); return; }
        this.status = status; this.statusNote = note || ""; this.drawStatus();
      },
    });
    this.root = this.build();
    this.drawStatus();
  }

  start() {
    setPageTitle(`${this.table.title} · Sleuth`);
    const title = document.getElementById("top-title");
    if (title) title.textContent = this.table.title;
    this.channel.connect();
    api(`/api/tables/${this.table.id}/chat`).then((answer) => {
      const rows = /** @type {import("./types.d.ts").ChatOut[]} */ (answer);
      const known = new Set(this.chat.map((c) => c.id));
      this.chat = [...rows.filter((r) => !known.has(r.id)), ...this.chat].sort((a, b) => a.id - b.id);
      this.drawChat();
    }).catch(() => {
      // A table without spectators keeps its chat for its seats: a watcher reads none.
    });
    this.ticker = setInterval(() => {
      this.drawClock();
      if (this.toHand().join() !== this.offered) this.drawNotice();
    }, 1000);
    document.addEventListener("keydown", this.onKeyDown);
  }

  /** This page is done with (another takes its place): nothing of it runs on. */
  stop() {
    this.channel.stop();
    clearInterval(this.ticker);
    document.removeEventListener("keydown", this.onKeyDown);
  }

  // --- the table as the game's part sees it ----------------------------------------------------

  /**
   * The table as the game's part sees it (types.d.ts's TableContext).
   * @param {View} view the view drawn (the seat's, or a replay's)
   * @param {StateFrame} frame
   * @param {boolean} live whether the seat may act on it now
   * @returns {TableContext}
   */
  context(view, frame, live) {
    const page = this;
    const legal = new Set(live ? frame.legal.actions : []);
    const families = live ? frame.legal.families : [];
    const seats = frame.seats;
    const name = (/** @type {number} */ seat) => {
      const s = seats[seat];
      if (!s) return tr("Seat %(seat)s", {seat});
      if (s.kind === "bot") return capitalize(tr("%(level)s bot", {level: levelWord(s.name)}));
      return s.name || tr("Seat %(seat)s", {seat});
    };
    // "You" is the seat whose view is drawn: in a replay as another seat saw it, that seat.
    const me = view ? view.seat : this.seat;
    return {
      seat: me, players: seats.length, view, frame, live, over: frame.status === "finished",
      legal, families, name,
      who: (seat) => (seat === me ? tr("you") : name(seat)),
      isMe: (seat) => seat === me,
      can: (action) => legal.has(action) || families.some((f) => action.startsWith(`${f.kind} `)),
      canKind: (kind) => [...legal].some((a) => a.split(" ")[0] === kind) || families.some((f) => f.kind === kind),
      act: (action) => page.act(action),
      pick: {
        get: (key) => page.picks.get(key),
        has: (key) => page.picks.has(key),
        set: (key, value) => { page.picks.set(key, value); page.error = null; page.drawPlay(); },
        toggle: (key, value) => {
          if (page.picks.get(key) === value) page.picks.delete(key); else page.picks.set(key, value);
          page.error = null;
          page.drawPlay();
        },
        delete: (key) => { page.picks.delete(key); page.drawPlay(); },
        clear: () => { page.picks.clear(); page.drawPlay(); },
      },
      rerender: () => page.drawPlay(),
    };
  }

  /** @param {string} action in notation */
  act(action) {
    if (!this.frame || !this.channel.send({type: "act", action, step: this.frame.step})) {
      this.error = tr("Not connected: the move was not sent. Reconnecting…");
      this.drawPlay();
      return;
    }
    this.error = null;
    this.pending = action;
  }

  // --- frames ---------------------------------------------------------------------------------

  /** @param {import("./types.d.ts").ServerFrame} frame */
  onFrame(frame) {
    if (frame.type === "state") this.onState(frame);
    else if (frame.type === "sheet") {
      if (this.frame && frame.step === this.frame.step) { this.sheet = frame.sheet; this.sheetData = frame.data ?? null; this.drawSide(); }
    }
    else if (frame.type === "notes") { this.notes = frame.notes; this.drawSide(); }
    else if (frame.type === "seats") { if (this.frame) { this.frame.seats = frame.seats; this.drawSeats(); this.drawTurn(); this.drawNotice(); } }
    else if (frame.type === "chat") { if (!this.chat.some((c) => c.id === frame.id)) { this.chat.push(frame); this.drawChat(true); } }
    else if (frame.type === "error") { this.error = refusalText(frame); this.errorCode = frame.code; this.drawPlay(); }
  }

  /** @param {StateFrame} frame */
  onState(frame) {
    const before = this.frame;
    const seen = before ? before.log.length : Number(sessionStorage.getItem(this.seenKey) ?? -1);
    this.frame = frame;
    if (frame.sheet !== null || !before || before.step !== frame.step) { this.sheet = frame.sheet; this.sheetData = frame.sheet_data ?? null; }
    this.notes = frame.notes;
    const fresh = seen >= 0 ? frame.log.slice(seen).map((e, i) => seen + i) : [];
    this.just = fresh.length ? fresh : (before ? this.just : [frame.log.length - 1].filter((i) => i >= 0));
    if (fresh.length && !before && seen >= 0) toast(trn("Back at the table: %(count)s move since you left", "Back at the table: %(count)s moves since you left", fresh.length));
    const last = frame.log[frame.log.length - 1];
    if (fresh.length && last && last[0] === this.seat && this.seat !== null) { this.picks.clear(); this.pending = null; }
    if (this.seat !== null) {
      ownTableTurn(this.table.id, frame.status === "playing" && frame.to_move === this.seat, Boolean(last && last[0] === this.seat));
    }
    if (!before || before.step !== frame.step || before.status !== frame.status) this.error = null;
    sessionStorage.setItem(this.seenKey, String(frame.log.length));
    if (frame.status !== "waiting") forgetInvites(this.table.id, frame.seats.filter((s) => s.joined).map((s) => s.seat));
    this.drawAll();
  }

  // --- keyboard -------------------------------------------------------------------------------

  keys() {
    if (!this.frame || this.replay) return [];
    const t = this.context(this.frame.view, this.frame, true);
    const own = this.part.keys ? this.part.keys(this.frame.view, t) || [] : [];
    return [{key: "/", label: tr("type a move")}, {key: "Esc", label: tr("clear the pick")}, ...own];
  }

  /** @param {KeyboardEvent} event */
  onKey(event) {
    const target = /** @type {HTMLElement | null} */ (event.target);
    const typing = target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA" || target.tagName === "SELECT");
    if (event.key === "Escape") { this.picks.clear(); this.error = null; this.drawPlay(); return; }
    if (typing || event.ctrlKey || event.metaKey || event.altKey || document.querySelector("dialog[open]")) return;
    if (event.key === "?" && this.game) { event.preventDefault(); openRules(this.game); return; }
    if (this.replay) {
      if (event.key === "ArrowLeft") { this.replay.go(-1); event.preventDefault(); }
      if (event.key === "ArrowRight") { this.replay.go(1); event.preventDefault(); }
      return;
    }
    if (event.key === "/") { event.preventDefault(); this.entry.focus(); return; }
    const key = this.keys().find((k) => k.run && k.key.toLowerCase() === event.key.toLowerCase());
    if (key?.run) { event.preventDefault(); key.run(); }
  }

  // --- drawing --------------------------------------------------------------------------------

  /** The page's frame, filled by the draw methods as frames come. */
  build() {
    const root = h("div.table-page", {},
      h("div.table-head", {},
        h("h1", {text: this.table.title}),
        h("span.table-sub", {text: [trn("%(count)s player", "%(count)s players", this.table.players), tr("sheet %(level)s", {level: sheetLevelName(this.table.sheet)}),
          this.seat === null ? tr("watching") : tr("your seat: %(seat)s", {seat: this.seat})].join(" · ")}),
        this.statusPill,
        this.game ? rulesButton(this.game, tr("Rules"), hasKeyboard() ? tr(" (key ?)") : "") : null),
      this.seatsBar, this.turn, this.justBox, this.notice,
      h("div.layout", {},
        h("div.main-col", {}, this.end, this.playArea),
        h("aside.side", {"aria-label": tr("History, sheet and chat")},
          h("section.history", {"aria-labelledby": "history-title"},
            h("h2", {id: "history-title", text: tr("History")}), this.history),
          this.sideTabs)));
    fill(this.main, root);
    keepTooltips(root);
    return root;
  }

  drawAll() {
    if (!this.frame) return;
    // The step drawn, on the page itself: what a test (or a person's assistive tool) waits for.
    this.root.dataset.step = String(this.frame.step);
    this.root.dataset.status = this.frame.status;
    this.drawSeats();
    this.drawTurn();
    this.drawJust();
    this.drawNotice();
    this.drawPlay();
    this.drawHistory();
    this.drawSide();
    this.drawEnd();
  }

  drawStatus() {
    const words = {connecting: tr("Connecting…"), resuming: tr("Resuming…"), live: tr("Live"), reconnecting: this.statusNote || tr("Reconnecting…"),
      offline: tr("Offline: your seat is kept"), closed: this.statusNote || tr("Closed"), gone: tr("Closed")};
    this.statusPill.className = `conn ${this.status}`;
    fill(this.statusPill, this.status === "offline" ? icon(ICONS.offline) : h("span.conn-dot"), words[this.status] || this.status);
  }

  drawSeats() {
    const frame = this.frame;
    if (!frame) return;
    const t = this.context(frame.view, frame, true);
    fill(this.seatsBar, ...frame.seats.map((s) => {
      const moving = frame.status === "playing" && frame.to_move === s.seat;
      const label = [t.name(s.seat), s.seat === this.seat ? tr("you") : null, s.kind === "bot" ? tr("a bot") : null,
        s.takeover ? tr("the bot %(bot)s plays for now", {bot: s.bot || ""}) : null, s.kind === "person" && !s.joined ? tr("free seat") : null,
        s.kind === "person" && s.joined ? (s.connected ? tr("at the table") : tr("away")) : null, moving ? tr("to move") : null].filter(Boolean).join(", ");
      return h("li.seat-chip", {class: [moving ? "moving" : "", s.seat === this.seat ? "mine" : ""].join(" "),
        style: {"--seat": seatColour(s.seat)}, "aria-label": label},
      seatDot(s.seat), h("span.seat-chip-name", {text: s.seat === this.seat ? tr("%(name)s (you)", {name: t.name(s.seat)}) : t.name(s.seat)}),
      s.kind === "bot" || s.takeover ? icon(ICONS.bot, tr("a bot")) : null,
      s.kind === "person" ? h("span.presence", {class: s.connected ? "on" : "off", title: s.connected ? tr("at the table") : tr("away")}) : null,
      moving ? h("span.to-move", {text: tr("to move")}) : null,
      h("span.seat-clock", {"data-seat": s.seat}));
    }));
    this.drawClock();
  }

  drawClock() {
    if (!this.frame) return;
    const {deadline, seat, banks, vacation} = this.frame.clock;
    const now = Date.now() / 1000;
    for (const node of /** @type {NodeListOf<HTMLElement>} */ (this.seatsBar.querySelectorAll(".seat-clock"))) {
      const at = Number(node.dataset.seat);
      const mine = deadline !== null && at === seat;
      // The mover's bank is what is left of it now: spent once the move's own time is.
      // A bot's seat has no use for a bank: only people's are shown.
      const person = this.frame.seats[at]?.kind === "person";
      const bank = !person || banks[at] === undefined ? 0 : Math.min(banks[at], mine ? Math.max(0, deadline - now) : banks[at]);
      node.textContent = [mine ? timeLeft(deadline) : null,
        bank > 0 ? tr("time bank %(time)s", {time: span(bank)}) : null,
        vacation[at] ? tr("on vacation") : null].filter(Boolean).join(" · ");
      node.classList.toggle("short", mine && deadline - now < 15);
    }
  }

  drawTurn() {
    const frame = this.frame;
    if (!frame) return;
    const t = this.context(frame.view, frame, true);
    const mine = this.seat !== null && frame.actors.includes(this.seat);
    let text;
    let cls = "";
    if (frame.status === "waiting") {
      const free = frame.seats.filter((s) => s.kind === "person" && !s.joined).map((s) => s.seat);
      text = trn("Waiting for people to sit down: seat %(seats)s is free.", "Waiting for people to sit down: seats %(seats)s are free.", free.length, {seats: listWords(free)});
    } else if (frame.status === "finished") {
      text = tr("The game is over.");
      cls = "over";
    } else if (frame.status === "expired") {
      text = tr("This table expired: it waited too long without anyone joining or chatting, and never started. Its seats are free; deal a new table to play.");
      cls = "over";
    } else if (mine && frame.to_move === this.seat) {
      text = tr("Your move.");
      cls = "yours";
    } else if (mine) {
      text = frame.to_move === null ? tr("You may act.") : tr("%(name)s is to move; you may act too.", {name: t.name(frame.to_move)});
      cls = "yours-too";
    } else if (frame.to_move !== null) {
      const s = frame.seats[frame.to_move];
      text = s && s.kind === "bot" ? tr("Waiting for %(name)s (a bot).", {name: t.name(frame.to_move)}) : tr("Waiting for %(name)s.", {name: t.name(frame.to_move)});
    } else {
      text = tr("Waiting.");
    }
    this.turn.className = `turn ${cls}`;
    fill(this.turn, h("strong", {text}));
  }

  drawJust() {
    const frame = this.frame;
    if (!frame) return;
    const t = this.context(frame.view, frame, false);
    const items = this.just.slice(-3).filter((i) => frame.log[i]);
    fill(this.justBox, items.length ? h("span.just-label", {text: tr("Just now:")}) : null,
      ...items.map((i) => h("span.just-item", {style: {"--seat": seatColour(frame.log[i][0])}},
        seatDot(frame.log[i][0]), " ", this.describe(frame.log[i], t, i))));
  }

  /**
   * One step of the history in words, by the game's part (the generic words if it fails).
   * @param {LogEntry} entry
   * @param {TableContext} t
   * @param {number} index
   */
  describe(entry, t, index) {
    try {
      return capitalize(this.part.describe(entry, t, index));
    } catch (error) {
      return fallback.describe(entry, t, index);
    }
  }

  drawNotice() {
    const frame = this.frame;
    if (!frame) return;
    const mine = this.seat === null ? null : frame.seats[this.seat];
    const parts = [];
    if (mine && mine.takeover && frame.status === "playing") {
      parts.push(h("div.notice-box", {role: "status"},
        icon(ICONS.bot), " ", tr("The bot %(bot)s plays your seat for now.", {bot: mine.bot || ""}), " ",
        h("button.primary", {type: "button", text: tr("Take my seat back"),
          onclick: () => this.channel.send({type: "take_back"})})));
    }
    if (frame.status === "waiting") {
      const invites = (savedInvites()[this.table.id] || []).filter((i) => !frame.seats[i.seat].joined);
      if (invites.length) {
        parts.push(h("div.notice-box", {}, tr("Send the invite links: "),
          invites.map((i) => h("a", {href: i.url, "aria-label": tr("Invite link of seat %(seat)s", {seat: i.seat}),
            onclick: (event) => { event.preventDefault(); navigator.clipboard?.writeText(i.url).then(() => toast(tr("Copied")), () => toast(i.url)); },
            text: tr("seat %(seat)s", {seat: i.seat})}))));
      }
    }
    if (this.seat === null && frame.status === "waiting" && this.table.listed) {
      const free = frame.seats.filter((s) => s.kind === "person" && !s.joined);
      for (const s of free) {
        parts.push(h("button", {type: "button", text: tr("Sit at seat %(seat)s", {seat: s.seat}), onclick: async () => {
          try {
            await ensurePerson();
            await api(`/api/tables/${this.table.id}/seats/${s.seat}/sit`, {});
            location.href = `/t/${this.table.id}`;
          } catch (error) { toast(errorText(error)); }
        }}));
      }
    }
    const away = this.toHand();
    this.offered = away.join();
    parts.push(...absentNotices(this, away));
    fill(this.notice, ...parts);
  }

  /** The other people's seats this page may let a bot play now (absent.js). */
  toHand() {
    return seatsToHand(this.frame, this.table, this.seat, Date.now() / 1000);
  }

  drawPlay() {
    if (!this.frame) return;
    if (this.replay) { this.replay.draw(); return; }
    const frame = this.frame;
    if (!frame) return;
    const t = this.context(frame.view, frame, frame.status === "playing" && this.seat !== null);
    const active = document.activeElement;
    const focused = active instanceof HTMLElement && this.boardHost.contains(active) ? active.dataset.key : null;
    let board;
    try {
      board = this.part.board(frame.view, t);
    } catch (error) {
      console.warn("the game's part failed; the generic table is shown", error);
      board = fallback.board(frame.view, t);
    }
    fill(this.boardHost, board);
    if (focused) {
      const again = /** @type {HTMLElement | null} */ (this.boardHost.querySelector(`[data-key="${CSS.escape(focused)}"]`));
      if (again) again.focus();
    }
    this.errorBox.textContent = this.error ? this.error : "";
    this.errorBox.hidden = !this.error;
    const mine = t.live && this.seat !== null && frame.actors.includes(this.seat);
    this.prompt.hidden = !mine;
    this.prompt.textContent = mine && this.part.prompt ? this.part.prompt(frame.view, t) || "" : "";
    this.entryForm.hidden = this.seat === null || frame.status === "finished" || frame.status === "expired";
    this.entry.disabled = !mine;
    fill(this.legalList, ...frame.legal.actions.slice(0, 300).map((a) => h("option", {value: a})));
    const example = frame.legal.actions[0] || (frame.legal.families[0] && frame.legal.families[0].example) || "";
    this.entry.placeholder = example ? tr("e.g. %(example)s", {example}) : tr("not your move");
    this.keysHelp.hidden = this.entryForm.hidden;
    fill(this.keysHelp, h("span", {text: tr("Keys: ")}),
      ...this.keys().filter((k) => !k.hidden).map((k) => h("span.key", {}, h("kbd", {text: k.key}), ` ${k.label}`)));
  }

  drawHistory() {
    const frame = this.frame;
    if (!frame) return;
    const t = this.context(frame.view, frame, false);
    const step = this.replay ? this.replay.step : null;
    fill(this.history, ...frame.log.map((entry, index) => h("li", {
      class: [this.just.includes(index) ? "fresh" : "", step !== null && index === step - 1 ? "current" : "",
        step !== null && index >= step ? "future" : ""].join(" "),
      style: {"--seat": seatColour(entry[0])}},
    h("span.step-no", {text: `${index + 1}.`}), seatDot(entry[0]), " ", this.describe(entry, t, index))));
    if (!frame.log.length) this.history.append(h("li.empty", {text: tr("No move yet.")}));
    const scroller = this.history;
    scroller.scrollTop = scroller.scrollHeight;
  }

  drawSide() {
    const frame = this.frame;
    if (!frame) return;
    const t = this.context(frame.view, frame, false);
    const tab = localStorage.getItem("sleuth.tab") || "sheet";
    const chatBox = chatPanel(this, t);
    const sheetBox = sheetPanel(this, t);
    /** @type {[string, string, HTMLElement][]} */
    const tabs = [["sheet", tr("Sheet (%(level)s)", {level: sheetLevelName(frame.sheet_level)}), sheetBox], ["chat", this.chat.length ? tr("Chat (%(count)s)", {count: this.chat.length}) : tr("Chat"), chatBox]];
    const bar = h("div.tabs", {role: "tablist", "aria-label": tr("Sheet and chat")},
      tabs.map(([key, label]) => h("button", {type: "button", role: "tab", id: `tab-${key}`,
        "aria-selected": key === tab ? "true" : "false", "aria-controls": `panel-${key}`, tabindex: key === tab ? "0" : "-1",
        title: key === "sheet" ? tr("What you know so far, from your own view") : tr("Messages to the table"),
        onclick: () => { localStorage.setItem("sleuth.tab", key); this.drawSide(); }, text: label})));
    fill(this.sideTabs, bar, ...tabs.map(([key, , box]) => h("div.tab-panel", {role: "tabpanel",
      id: `panel-${key}`, "aria-labelledby": `tab-${key}`, hidden: key !== tab}, box)));
  }

  /** @param {boolean} [fresh] whether a message just came (told in a toast) */
  drawChat(fresh) {
    if (!this.frame) return;
    this.drawSide();
    if (fresh) {
      const last = this.chat[this.chat.length - 1];
      if (last && last.seat !== this.seat) toast(`${last.name}: ${last.text}`);
    }
  }

  drawEnd() {
    const frame = this.frame;
    if (!frame) return;
    if (frame.status !== "finished") { this.end.hidden = true; return; }
    this.end.hidden = false;
    const t = this.context(frame.view, frame, false);
    fill(this.end, endPanel(this, t));
  }

  /** @param {number | null} seat whose view the replay shows (null: a spectator's) */
  startReplay(seat) {
    replayView(this, seat).then((replay) => {
      this.replay = replay;
      this.drawPlay();
      this.drawHistory();
      this.playArea.scrollIntoView({block: "start"});
    }).catch((error) => toast(tr("No replay: %(error)s", {error: errorText(error)})));
  }

  stopReplay() {
    this.replay = null;
    this.drawPlay();
    this.drawHistory();
  }
}

/** @param {number} seconds a while: a time bank's */
function span(seconds) {
  const whole = Math.max(0, Math.round(seconds));
  if (whole >= 2 * 86400) return tr("%(days)s d", {days: Math.floor(whole / 86400)});
  if (whole >= 7200) return tr("%(hours)s h", {hours: Math.floor(whole / 3600)});
  if (whole >= 120) return tr("%(minutes)s min", {minutes: Math.floor(whole / 60)});
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, "0")}`;
}

/** @param {number} deadline seconds since the epoch */
function timeLeft(deadline) {
  const seconds = Math.max(0, Math.round(deadline - Date.now() / 1000));
  if (seconds >= 7200) return tr("%(hours)s h left", {hours: Math.floor(seconds / 3600)});
  if (seconds >= 120) return tr("%(minutes)s min left", {minutes: Math.floor(seconds / 60)});
  return tr("%(time)s left", {time: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`});
}
