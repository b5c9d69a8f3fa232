// A game's page: step through the moves (links, arrow keys, Home/End) and follow the game live (Server-Sent Events).
// Without this script the page still works: every move is a link to the page at that position.
"use strict";
(function () {
  const dataElement = document.getElementById("game-data");
  if (!dataElement) return;
  const game = JSON.parse(dataElement.textContent);
  const lang = new URLSearchParams(location.search).get("lang");
  const query = lang ? "?lang=" + encodeURIComponent(lang) : "";
  const boards = new Map();  // ply → {svg, diagram}, for the current version of the game
  let shown = game.ply;
  let last = game.last;
  let version = game.version;
  let deadline = game.deadline;
  let moves = game.moves;

  function figure() { return document.getElementById("board"); }

  function drawBoard(ply, board) {
    const holder = figure();
    const old = holder.querySelector("svg");
    const parsed = new DOMParser().parseFromString(board.svg, "image/svg+xml").documentElement;
    holder.replaceChild(document.importNode(parsed, true), old);
    document.getElementById("diagram").textContent = board.diagram;
    shown = ply;
    markCurrent();
  }

  function markCurrent() {
    for (const link of document.querySelectorAll("#move-list a[data-ply]")) {
      if (Number(link.dataset.ply) === shown) {
        link.setAttribute("aria-current", "step");
        link.scrollIntoView({block: "nearest"});
      } else {
        link.removeAttribute("aria-current");
      }
    }
    const targets = {first: 0, previous: Math.max(0, shown - 1), next: Math.min(last, shown + 1), last: last};
    for (const link of document.querySelectorAll("#steps a[data-step]")) {
      link.href = "?ply=" + targets[link.dataset.step] + (lang ? "&lang=" + encodeURIComponent(lang) : "");
    }
    const url = new URL(location.href);
    if (shown === last) url.searchParams.delete("ply"); else url.searchParams.set("ply", String(shown));
    history.replaceState(null, "", url);
  }

  async function show(ply) {
    ply = Math.max(0, Math.min(last, ply));
    const key = version + ":" + ply;
    let board = boards.get(key);
    if (!board) {
      const response = await fetch("/g/" + game.token + "/ply/" + ply + query);
      if (!response.ok) return;
      board = await response.json();
      boards.set(key, board);
    }
    drawBoard(ply, board);
  }

  function step(name) {
    const targets = {first: 0, previous: shown - 1, next: shown + 1, last: last};
    show(targets[name]);
  }

  document.addEventListener("click", function (event) {
    const link = event.target.closest("a[data-ply], a[data-step], circle[data-ply]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    if (link.dataset.step) step(link.dataset.step); else show(Number(link.dataset.ply));
  });

  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const rtl = document.documentElement.dir === "rtl";
    const keys = {ArrowLeft: rtl ? "next" : "previous", ArrowRight: rtl ? "previous" : "next", Home: "first", End: "last"};
    const name = keys[event.key];
    if (!name || (event.target.closest && event.target.closest("input, textarea, select"))) return;
    event.preventDefault();
    step(name);
  });

  function moveList(moves) {
    const list = document.getElementById("move-list");
    const items = [];
    let round = null;
    for (const [ply, side, text, moveRound, verdict] of moves) {
      if (moveRound !== null && moveRound !== round) {
        round = moveRound;
        const heading = document.createElement("li");
        heading.className = "round";
        heading.textContent = game.words.round.replace("{number}", String(round));
        items.push(heading);
      }
      const item = document.createElement("li");
      item.className = side || "";
      item.value = ply;
      const link = document.createElement("a");
      link.href = "?ply=" + ply;
      link.dataset.ply = String(ply);
      link.textContent = text;
      item.appendChild(link);
      items.push(item);
    }
    list.replaceChildren(...items);
    const empty = document.querySelector("#moves .empty");
    if (empty && moves.length) empty.remove();
  }

  function status(lines) {
    const holder = document.getElementById("status");
    holder.replaceChildren(...lines.map(function (line) {
      const paragraph = document.createElement("p");
      paragraph.textContent = line;
      return paragraph;
    }));
  }

  function tick() {
    const clock = document.getElementById("clock");
    if (!clock) return;
    if (!deadline) { clock.textContent = ""; return; }
    let left = Math.max(0, Math.round(deadline - Date.now() / 1000));
    const days = Math.floor(left / 86400); left -= days * 86400;
    const pad = function (n) { return String(n).padStart(2, "0"); };
    const time = pad(Math.floor(left / 3600)) + ":" + pad(Math.floor(left / 60) % 60) + ":" + pad(left % 60);
    clock.textContent = "⏱ " + (days ? days + " d " : "") + time;
  }

  function live() {
    const since = "since=" + game.last + "." + game.version;
    const source = new EventSource("/g/" + game.token + "/events?" + since + (lang ? "&lang=" + encodeURIComponent(lang) : ""));
    source.addEventListener("position", function (message) {
      const update = JSON.parse(message.data);
      if (update.from > moves.length) { location.reload(); return; }  // missed more than the update repeats
      moves = moves.slice(0, update.from).concat(update.moves);
      const following = shown === last;
      version = update.version;
      last = update.ply;
      deadline = update.deadline;
      boards.clear();
      boards.set(version + ":" + last, {svg: update.svg, diagram: update.diagram});
      moveList(moves);
      status(update.lines);
      document.body.dataset.ply = String(update.ply);
      document.body.dataset.version = String(update.version);
      if (following || shown > last) drawBoard(last, boards.get(version + ":" + last)); else markCurrent();
      tick();
    });
  }

  setInterval(tick, 1000);
  tick();
  markCurrent();
  live();
})();
