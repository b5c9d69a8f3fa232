// The board in words and by keyboard: a grid of the squares (role "grid"), each named with what stands on it in the
// reader's words, over which the arrow keys move a focus ring drawn on the picture; Enter or Space taps the square,
// Escape takes the last tap back. Letter keys read out what a sighted player sees at a glance. Everything read out
// goes to one polite live region, so a screen reader says it without moving the reader.
"use strict";

let announcing = null;  // what is about to be said: what is said at once is said together, in order, none lost
function announce(text) {
  const region = document.getElementById("announce");
  if (!region || !text) return;
  if (announcing !== null) { announcing += " " + text; return; }
  announcing = text;
  region.textContent = "";  // the same words again are still read out
  setTimeout(function () { region.textContent = announcing; announcing = null; }, 30);
}

// options: words (the page's words), cells() (the rows of [square, words, box] of the board shown), figure(), and
// the reader's questions: status(), lastMove(), clock(), movesFrom(square); activate(square) and undo() play.
function makeBoardGrid(options) {
  const SVG = "http://www.w3.org/2000/svg";
  const say = function (key, values) { return fill(options.words, key, values); };
  const STATES = {movable: "can_move", target: "can_go", chosen: "chosen"};
  let focused = null;  // the square the keyboard is on
  let kinds = {};

  function holder() { return document.getElementById("board-grid"); }
  function cellOf(square) { const grid = holder(); return grid && grid.querySelector('[data-square="' + square + '"]'); }

  function render(marked) {
    const grid = holder();
    if (!grid) return;
    kinds = marked || {};
    const had = grid.contains(document.activeElement);
    const rows = options.cells() || [];
    grid.replaceChildren(...rows.map(function (row) {
      const line = document.createElement("div");
      line.setAttribute("role", "row");
      for (const [square, said, , occupied] of row) {
        const cell = document.createElement("div");
        cell.setAttribute("role", "gridcell");
        cell.dataset.square = square;
        cell.tabIndex = -1;
        const kind = kinds[square];
        const state = kind === "movable" && !occupied ? "target" : kind;  // a stone placed on an empty square goes there
        cell.textContent = square + ": " + said + (kind ? "; " + say(STATES[state]) : "");
        if (kind) cell.dataset.kind = kind;
        if (kind === "chosen") cell.setAttribute("aria-selected", "true");
        line.appendChild(cell);
      }
      return line;
    }));
    if (!had || !focused || !cellOf(focused)) {  // entering the grid: a piece that can move, else the near corner
      // (the viewer's side is drawn below); once the keyboard is inside, the ring stays where it was put
      const first = Object.keys(kinds).find(function (square) { return kinds[square] !== "chosen"; });
      const near = rows.length && rows[rows.length - 1][0];
      focused = first || (near && near[0]) || null;
    }
    const cell = focused && cellOf(focused);
    if (cell) {
      cell.tabIndex = 0;
      if (had) cell.focus();
    }
    ring();
  }

  function ring() {  // the keyboard's place, drawn on the picture while the grid has the focus
    const svg = options.figure() && options.figure().querySelector("svg");
    if (!svg) return;
    const old = svg.querySelector(".focus-ring");
    if (old) old.remove();
    const grid = holder();
    if (!grid || !grid.contains(document.activeElement) || !focused) return;
    const box = boxOf(focused);
    if (!box) return;
    const ring = document.createElementNS(SVG, "g");  // two tones, unlike any mark of a move: seen on every square
    ring.setAttribute("class", "focus-ring");
    for (const [name, inset] of [["outer", 4], ["inner", 4]]) {
      const rect = document.createElementNS(SVG, "rect");
      rect.setAttribute("class", name);
      rect.setAttribute("x", box[0] + inset); rect.setAttribute("y", box[1] + inset);
      rect.setAttribute("width", box[2] - 2 * inset); rect.setAttribute("height", box[3] - 2 * inset);
      rect.setAttribute("rx", box[2] * 0.12);
      ring.appendChild(rect);
    }
    svg.appendChild(ring);
  }

  function boxOf(square) {
    for (const row of options.cells() || []) for (const cell of row) if (cell[0] === square) return cell[2];
    return null;
  }

  function place(square) {
    const from = cellOf(focused), to = cellOf(square);
    if (!to) return;
    if (from) from.tabIndex = -1;
    to.tabIndex = 0;
    focused = square;
    to.focus();
    ring();
  }

  function moveBy(rows, columns) {
    const grid = holder();
    const cells = Array.from(grid.querySelectorAll("[role=row]")).map(function (row) {
      return Array.from(row.children).map(function (cell) { return cell.dataset.square; });
    });
    for (let r = 0; r < cells.length; r++) {
      const c = cells[r].indexOf(focused);
      if (c < 0) continue;
      const row = Math.max(0, Math.min(cells.length - 1, r + rows));
      const column = columns === Infinity ? cells[row].length - 1 : Math.max(0, Math.min(cells[row].length - 1, c + columns));
      place(cells[row][column]);
      return;
    }
  }

  function pieces() {  // every square where something stands, in the grid's order
    const said = [];
    for (const row of options.cells() || []) {
      for (const [square, words, , occupied] of row) if (occupied) said.push(square + ": " + words);
    }
    const more = options.beside ? options.beside() : "";  // the score, the stones in hand
    return (said.length ? said.join(". ") + "." : say("nothing")) + (more ? " " + more : "");
  }

  function onKey(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};
    const key = event.key.length === 1 ? event.key.toLowerCase() : event.key;
    let done = true;
    if (moves[key]) moveBy(moves[key][0], moves[key][1]);
    else if (key === "Home") moveBy(0, -99);
    else if (key === "End") moveBy(0, Infinity);
    else if (key === "Enter" || key === " ") options.activate(focused);
    else if (key === "Escape") options.undo();
    else if (key === "b") announce(pieces());
    else if (key === "l") announce(options.lastMove());
    else if (key === "c") announce(options.clock());
    else if (key === "t") announce(options.status());
    else if (key === "m") announce(options.movesFrom(focused));
    else if (key === "h") announce(say("keys"));
    else done = false;
    if (done) event.preventDefault();
  }

  const grid = holder();
  if (grid) {
    grid.addEventListener("keydown", onKey);
    grid.addEventListener("focusin", function (event) {
      const square = event.target.dataset && event.target.dataset.square;
      if (square) focused = square;
      ring();
    });
    grid.addEventListener("focusout", function () { setTimeout(ring, 0); });
  }
  return {render: render, kind: function (square) { return kinds[square]; }};
}
