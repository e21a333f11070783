// Step through the play: the position is the number of cards played, and each hand and the
// dubel show the cards they hold there (data-from <= position < data-until, worked out with
// the deal's swaps and dubel exchange); a suit emptied by the play shows "—", and the card
// just played is marked in the trick table. The arrow keys move the deal in view (the one
// holding the focus, else the one most on the screen). Works offline: everything is in this
// file.
document.querySelectorAll(".replay").forEach(function (panel) {
  var deal = panel.closest(".deal");
  var played = panel.dataset.played.split(" ").filter(Boolean);
  var position = 0;
  function show() {
    deal.querySelectorAll(".held").forEach(function (card) {
      var held = position >= Number(card.dataset.from) && position < Number(card.dataset.until);
      card.classList.toggle("away", !held);
    });
    deal.querySelectorAll(".suit-line").forEach(function (line) {
      var cards = line.querySelectorAll(".held");
      var shown = line.querySelectorAll(".held:not(.away)");
      line.classList.toggle("emptied", cards.length > 0 && shown.length === 0);
    });
    deal.querySelectorAll(".tricks td[data-step]").forEach(function (cell) {
      cell.classList.toggle("current", Number(cell.dataset.step) === position);
    });
    panel.querySelector(".position").textContent = position;
  }
  show();
  panel.querySelector(".next").addEventListener("click", function () {
    position = Math.min(played.length, position + 1); show();
  });
  panel.querySelector(".back").addEventListener("click", function () {
    position = Math.max(0, position - 1); show();
  });
});
function panelInView() {
  var focused = document.activeElement && document.activeElement.closest
    ? document.activeElement.closest(".deal") : null;
  if (focused && focused.querySelector(".replay")) { return focused.querySelector(".replay"); }
  var best = null;
  var most = 0;
  document.querySelectorAll(".replay").forEach(function (panel) {
    var box = panel.closest(".deal").getBoundingClientRect();
    var seen = Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0);
    var wide = Math.min(box.right, window.innerWidth) - Math.max(box.left, 0);
    var area = Math.max(0, seen) * Math.max(0, wide);
    if (area > most) { most = area; best = panel; }
  });
  return best;
}
document.addEventListener("keydown", function (event) {
  if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") { return; }
  var panel = panelInView();
  if (!panel) { return; }
  event.preventDefault();
  panel.querySelector(event.key === "ArrowRight" ? ".next" : ".back").click();
});
