// The end of a game: who won, the scores, the reveal, the signed record (downloaded and
// checked), a rematch, a replay stepping through the game as any one seat saw it, and beside
// it the review of what each seat could have known, and when.
"use strict";
import {tr} from "./i18n.js";
import {api, toast} from "./api.js";
import fallback from "./fallback.js";
import {ICONS, capitalize, fill, h, icon, listWords, seatDot} from "./kit.js";
import {reviewPanel} from "./review.js";

/** @typedef {import("./table.js").TablePage} TablePage */
/** @typedef {import("./types.d.ts").TableContext} TableContext */
/**
 * A replay: the views of one seat (or a spectator) step by step, one of them drawn.
 * @typedef {{seat: number | null, steps: import("./types.d.ts").ReplayStep[], step: number,
 *   go(delta: number): void, to(step: number): void, draw(): void}} Replay
 */

/**
 * Who won, as a title: "You win", "Bo wins", "You and Bo win", or "Nobody wins".
 * @param {number[]} winners
 * @param {number | null} me
 * @param {TableContext} t
 * @returns {string}
 */
export function winnersTitle(winners, me, t) {
  if (!winners.length) return tr("Nobody wins");
  if (winners.length === 1) return winners[0] === me ? tr("You win") : tr("%(name)s wins", {name: t.name(winners[0])});
  const names = winners.map((s) => (s === me ? tr("you") : t.name(s)));
  return capitalize(tr("%(names)s win", {names: listWords(names)}));
}

/**
 * @param {TablePage} page
 * @param {TableContext} t
 */
export function endPanel(page, t) {
  const frame = t.frame;
  const outcome = frame.outcome || {scores: [], winners: [], reason: ""};
  const title = winnersTitle(outcome.winners, page.seat, t);
  const scores = h("table.scores", {},
    h("caption", {text: tr("Scores")}),
    h("thead", {}, h("tr", {}, h("th", {scope: "col", text: tr("Player")}), h("th", {scope: "col", text: tr("Points")}))),
    h("tbody", {}, outcome.scores.map((score, seat) => h("tr", {class: outcome.winners.includes(seat) ? "winner" : ""},
      h("th", {scope: "row"}, seatDot(seat), " ", seat === page.seat ? tr("%(name)s (you)", {name: t.name(seat)}) : t.name(seat),
        outcome.winners.includes(seat) ? h("span.badge.move", {text: tr("winner")}) : null),
      h("td", {text: String(score)})))));
  const reveal = page.part.reveal ? page.part.reveal(frame.reveal, frame.view, t) : fallback.reveal(frame.reveal, frame.view, t);
  const seatChoice = h("select", {id: "replay-seat", "aria-label": tr("Replay as seen by")},
    frame.seats.map((s) => h("option", {value: String(s.seat), selected: s.seat === page.seat,
      text: s.seat === page.seat ? tr("%(name)s (you)", {name: t.name(s.seat)}) : t.name(s.seat)})),
    h("option", {value: "", text: tr("a spectator"), selected: page.seat === null}));
  const verdict = h("span.verdict", {role: "status"});
  const verify = async () => {
    // The record goes back as the very text it came in: JavaScript numbers would round its
    // 128-bit seed, and the signature covers every digit.
    const text = await (await fetch(`/api/tables/${page.table.id}/record`)).text();
    const cut = text.lastIndexOf(',"signature":{');
    const value = JSON.parse(text).signature.value;
    const body = `{"record":${text.slice('{"record":'.length, cut)},"signature":${JSON.stringify(value)}}`;
    const answer = /** @type {import("./types.d.ts").VerifyOut} */ (
      await (await fetch("/api/records/verify", {method: "POST", headers: {"content-type": "application/json"}, body})).json());
    verdict.textContent = ` ${answer.valid ? tr("The signature checks: this server signed this very record.") : tr("The signature does NOT check.")}`;
  };
  const rematch = frame.rematch
    ? h("a.button", {href: `/t/${frame.rematch}`, text: tr("Go to the rematch")})
    : page.seat !== null ? h("button", {type: "button", text: tr("Rematch: same seats, a new deal"), onclick: async () => {
      try {
        const again = /** @type {import("./types.d.ts").TableCreated} */ (await api(`/api/tables/${page.table.id}/rematch`, {}));
        location.href = `/t/${again.table.id}`;
      } catch (error) { toast(error instanceof Error ? error.message : String(error)); }
    }}) : null;
  return h("div.end.panel", {},
    h("h2", {text: tr("Game over: %(title)s", {title})}),
    h("p.reason", {text: capitalize(outcome.reason ? tr(outcome.reason) : "")}),
    h("div.end-grid", {},
      scores,
      h("section.reveal", {"aria-labelledby": "reveal-title"}, h("h3", {id: "reveal-title", text: tr("The reveal")}), reveal)),
    h("div.end-actions", {},
      h("div.row", {}, h("a.button", {href: `/api/tables/${page.table.id}/record`, download: "", text: tr("Download the signed record")}),
        h("button", {type: "button", text: tr("Check its signature"), onclick: () => verify().catch((e) => { verdict.textContent = ` ${e.message}`; })}), verdict),
      h("div.row", {}, h("label", {for: "replay-seat", text: tr("Replay the game as seen by")}), seatChoice,
        h("button.primary", {type: "button", id: "replay-start", text: tr("Replay"),
          onclick: () => page.startReplay(seatChoice.value === "" ? null : Number(seatChoice.value))})),
      rematch ? h("div.row", {}, rematch) : null),
    reviewPanel(page.table.id, frame.seats.map((s) => ({seat: s.seat, selected: s.seat === (page.seat ?? 0)})),
      (seat) => seat === page.seat ? tr("%(name)s (you)", {name: t.name(seat)}) : t.name(seat),
      (step) => frame.log[step - 1] ? page.describe(frame.log[step - 1], t, step - 1) : ""),
    fairDeal(frame));
}

/**
 * The proof that the deal was fixed before the first move, folded: a player who wants it
 * opens it; its numbers are for the curious, and for "sleuth replay".
 * @param {import("./types.d.ts").StateFrame} frame
 */
function fairDeal(frame) {
  /** @type {[string, string][]} */
  const rows = [[tr("Fingerprint of the deal, shown from the first move"), frame.commitment],
    [tr("The deal's number"), frame.seed || ""], [tr("The secret mixed into the fingerprint"), frame.salt || ""]];
  return h("details.fair-deal.muted.small", {},
    h("summary", {text: tr("How to check that the deal was fair")}),
    h("p", {text: tr("The cards were dealt before the first move, and every player was shown a fingerprint of that deal then. Now that the game is over, the numbers it was made from are shown here: anyone can check that they give the same fingerprint, so no card changed hands behind the table.")}),
    h("dl", {}, rows.map(([label, value]) => [h("dt", {text: label}), h("dd", {text: value})])),
    h("p", {text: tr("The downloaded record holds the same numbers; the command \"sleuth replay\" checks it step by step.")}));
}

/**
 * @param {TablePage} page
 * @param {number | null} seat
 * @returns {Promise<Replay>}
 */
export async function replayView(page, seat) {
  const path = `/api/tables/${page.table.id}/replay${seat === null ? "" : `?seat=${seat}`}`;
  const data = /** @type {import("./types.d.ts").ReplayOut} */ (await api(path));
  /** @type {Replay} */
  const replay = {
    seat, steps: data.steps, step: data.steps.length - 1,
    go(delta) { this.to(this.step + delta); },
    to(step) {
      this.step = Math.max(0, Math.min(this.steps.length - 1, step));
      this.draw();
      page.drawHistory();
    },
    draw() {
      const active = document.activeElement;
      const focused = active instanceof HTMLElement && page.prompt.contains(active) ? active.dataset.key || active.id : null;
      const frame = page.frame;
      if (!frame) return;
      const view = this.steps[this.step].view;
      const t = page.context(view, {...frame, legal: {actions: [], families: []}}, false);
      const entry = this.step > 0 ? frame.log[this.step - 1] : null;
      const whose = seat === null ? tr("a spectator") : seat === page.seat ? tr("%(name)s (you)", {name: t.name(seat)}) : t.name(seat);
      const slider = h("input", {type: "range", id: "replay-step", min: "0", max: String(this.steps.length - 1),
        value: String(this.step), "aria-label": tr("Step"), oninput: (e) => this.to(Number(/** @type {HTMLInputElement} */ (e.target).value))});
      /**
       * @param {string} label
       * @param {string[]} paths
       * @param {number} target the step it goes to
       * @param {string} key
       */
      const button = (label, paths, target, key) => h("button.icon-button", {type: "button", "aria-label": label,
        title: label, "data-key": key, disabled: target === this.step || target < 0 || target >= this.steps.length,
        onclick: () => this.to(target)}, icon(paths));
      page.prompt.hidden = false;
      fill(page.prompt, h("div.replay-bar", {},
        h("strong", {text: tr("Replay as %(whose)s saw it: step %(step)s of %(steps)s", {whose, step: this.step, steps: this.steps.length - 1})}),
        h("div.row", {},
          button(tr("First step"), ["M6 6v12", ...ICONS.back], 0, "replay-first"),
          button(tr("Step back"), ICONS.back, this.step - 1, "replay-back"),
          slider,
          button(tr("Step forward"), ICONS.next, this.step + 1, "replay-next"),
          button(tr("Last step"), [...ICONS.next, "M18 6v12"], this.steps.length - 1, "replay-last"),
          h("button", {type: "button", text: tr("Back to the table"), onclick: () => page.stopReplay()})),
        h("p.replay-event", {"aria-live": "polite"}, entry ? [seatDot(entry[0]), " ", page.describe(entry, t, this.step - 1)] : tr("The deal, before the first move."))));
      page.errorBox.hidden = true;
      page.entryForm.hidden = true;
      page.keysHelp.hidden = true;
      fill(page.boardHost, page.part.board(view, t));
      if (focused) {
        const again = /** @type {HTMLButtonElement | HTMLInputElement | null} */ (
          page.prompt.querySelector(`[data-key="${focused}"]`) || document.getElementById(focused));
        if (again && !again.disabled) again.focus();
      }
    },
  };
  return replay;
}
