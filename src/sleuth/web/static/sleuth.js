// A plain page on the service's API: enough to play; the full page is its own work.
"use strict";
const $ = (id) => document.getElementById(id);
const api = async (path, body) => {
  const response = await fetch(path, body === undefined ? {} : {
    method: "POST", headers: {"content-type": "application/json"}, body: JSON.stringify(body)});
  const data = await response.json().catch(() => null);
  if (!response.ok) throw new Error((data && JSON.stringify(data.detail)) || response.status);
  return data;
};
let me = null;

async function lobby() {
  $("lobby").hidden = false;
  me = await api("/api/people/me").catch(() => null);
  $("me").textContent = me ? me.name : "";
  const menu = await api("/api/games");
  for (const game of menu.games) $("game").add(new Option(game.title, game.name));
  const fillBots = () => {
    const game = menu.games.find((g) => g.name === $("game").value);
    $("bot").replaceChildren(...game.bots.map((b) => new Option(b, b)));
    $("players").min = game.min_players; $("players").max = game.max_players;
  };
  $("game").onchange = fillBots; fillBots();
  if (me) {
    for (const mine of await api("/api/tables/mine")) {
      const item = document.createElement("li");
      const link = document.createElement("a");
      link.href = `/t/${mine.table.id}?seat=${mine.seat}`;
      link.textContent = `${mine.table.title} (${mine.table.status})${mine.your_move ? " — your move" : ""}`;
      item.append(link); $("mine").append(item);
    }
  }
}

$("name-form").onsubmit = async (event) => {
  event.preventDefault();
  me = await api("/api/people", {name: $("name").value});
  $("me").textContent = me.name;
};
$("new-form").onsubmit = async (event) => {
  event.preventDefault();
  if (!me) me = await api("/api/people", {name: $("name").value || "Guest"});
  const players = Number($("players").value);
  const seats = [{kind: "person"}];
  for (let i = 1; i < players; i++) seats.push({kind: "bot", bot: $("bot").value});
  const created = await api("/api/tables", {game: $("game").value, players, seats,
    sheet: $("sheet").value, sit: 0});
  location.href = `/t/${created.table.id}?seat=0`;
};

function table(tableId) {
  $("table").hidden = false;
  const params = new URLSearchParams(location.search);
  const seat = params.get("seat");
  const token = params.get("token");
  let lastStep = null;
  const connect = async () => {
    if (token) {
      if (!me) me = await api("/api/people/me").catch(() => null) || await api("/api/people", {name: "Guest"});
      await api(`/api/tables/${tableId}/join`, {token}).catch(() => null);
    }
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const path = seat === null ? `/ws/tables/${tableId}/watch` : `/ws/tables/${tableId}/seats/${seat}`;
    const query = lastStep === null ? "" : `?last_step=${lastStep}`;
    const ws = new WebSocket(`${scheme}://${location.host}${path}${query}`);
    ws.onmessage = (event) => show(ws, JSON.parse(event.data));
    ws.onclose = () => setTimeout(connect, 1000);
    $("act-form").onsubmit = (event) => {
      event.preventDefault();
      ws.send(JSON.stringify({type: "act", action: $("action").value}));
    };
    $("chat-form").onsubmit = (event) => {
      event.preventDefault();
      ws.send(JSON.stringify({type: "chat", text: $("say").value})); $("say").value = "";
    };
  };
  const show = (ws, frame) => {
    if (frame.type === "state") {
      lastStep = frame.step;
      $("error").textContent = "";
      $("status").textContent = frame.status === "finished"
        ? `Game over: scores ${frame.outcome.scores.join(", ")} (record: /api/tables/${tableId}/record)`
        : `Step ${frame.step}; waiting for seat ${frame.to_move}`;
      $("view").textContent = JSON.stringify(frame.view, null, 1);
      $("sheet-text").textContent = frame.sheet || "";
      const buttons = frame.legal.actions.map((text) => {
        const button = document.createElement("button");
        button.textContent = text;
        button.onclick = () => ws.send(JSON.stringify({type: "act", action: text, step: frame.step}));
        return button;
      });
      for (const family of frame.legal.families) {
        const note = document.createElement("span");
        note.textContent = ` or type any of ${family.count} "${family.kind}" actions, e.g. ${family.example}`;
        buttons.push(note);
      }
      $("legal").replaceChildren(...buttons);
    } else if (frame.type === "sheet") {
      $("sheet-text").textContent = frame.sheet;
    } else if (frame.type === "error") {
      $("error").textContent = frame.message;
    } else if (frame.type === "chat") {
      const item = document.createElement("li");
      item.textContent = `${frame.name}: ${frame.text}`;
      $("chat").append(item);
    }
  };
  connect();
}

const match = location.pathname.match(/^\/t\/([0-9a-f]+)$/);
if (match) table(match[1]); else lobby();
