// The Q&A page's few behaviours beyond htmx: [source] opens and closes in place (its link says
// which, aria-expanded), and the page's failure line is cleared by the next answer that works.
(function () {
  "use strict";

  function linkOf(slot) {
    return document.querySelector('.source-link[aria-controls="' + slot.id + '"]');
  }

  // Closing: in the capture phase, before htmx hears the click, so nothing is fetched again.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest(".source-link");
    if (!link || link.getAttribute("aria-expanded") !== "true") return;
    event.preventDefault();
    event.stopPropagation();
    var slot = document.getElementById(link.getAttribute("aria-controls"));
    if (slot) slot.innerHTML = "";
    link.setAttribute("aria-expanded", "false");
  }, true);

  document.addEventListener("htmx:afterSwap", function (event) {
    var target = event.detail.target;
    if (target && target.classList && target.classList.contains("source-slot")) {
      var link = linkOf(target);
      if (link) link.setAttribute("aria-expanded", target.innerHTML.trim() ? "true" : "false");
    }
    var failure = document.getElementById("failure");
    if (failure && target !== failure && !event.detail.failed) failure.innerHTML = "";
  });
})();
