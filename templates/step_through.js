// Step through the play: the position is the number of cards played, and each hand shows
// the cards it holds there (data-from <= position < data-until, worked out with the deal's
// swaps and dubel exchange). Arrow keys move the first deal. Works offline: everything is
// in this file.
document.querySelectorAll(".replay").forEach(function (panel) {
  var deal = panel.closest(".deal");
  var played = panel.dataset.played.split(" ").filter(Boolean);
  var position = 0;
  function show() {
    deal.querySelectorAll(".held").forEach(function (card) {
      var held = position >= Number(card.dataset.from) && position < Number(card.dataset.until);
      card.classList.toggle("away", !held);
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
document.addEventListener("keydown", function (event) {
  var panel = document.querySelector(".replay");
  if (!panel) { return; }
  if (event.key === "ArrowRight") { panel.querySelector(".next").click(); }
  if (event.key === "ArrowLeft") { panel.querySelector(".back").click(); }
});
