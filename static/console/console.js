// The evaluator's console: one agent loop in a mode, each step drawn as it is streamed.
(function () {
  "use strict";
  const body = document.body;
  const $ = (id) => document.getElementById(id);
  const MODE_KEY = "limma.mode";
  const mode = $("mode");
  const steps = $("steps");
  let current = null;

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    Object.entries(attrs || {}).forEach(([k, v]) => {
      if (k === "class") node.className = v; else if (k.startsWith("data-")) node.setAttribute(k, v); else node[k] = v;
    });
    children.flat().forEach((c) => node.append(c instanceof Node ? c : document.createTextNode(String(c))));
    return node;
  }
  const json = (value) => JSON.stringify(value, null, 2);
  function collapsible(summary, value, cls) {
    return el("details", { class: cls || "" }, el("summary", {}, summary), el("pre", { class: "json" }, json(value)));
  }

  // --- the mode, remembered in the browser ---------------------------------------------------
  const saved = localStorage.getItem(MODE_KEY);
  if (saved && [...mode.options].some((o) => o.value === saved)) mode.value = saved;
  function showChips() {
    document.querySelectorAll(".chip-row").forEach((row) => { row.hidden = row.dataset.mode !== mode.value; });
  }
  mode.addEventListener("change", () => { localStorage.setItem(MODE_KEY, mode.value); showChips(); });
  showChips();
  document.querySelectorAll(".chip").forEach((chip) =>
    chip.addEventListener("click", () => { $("question").value = chip.dataset.question; run({}); }));
  document.querySelectorAll(".example").forEach((button) =>
    button.addEventListener("click", () => { $("question").value = button.textContent; run({ example: Number(button.dataset.example) }); }));

  // --- drawing a step ------------------------------------------------------------------------
  function draw(step) {
    const d = step.data || {};
    switch (step.kind) {
      case "attached":
        steps.append(el("div", { class: "step attached" }, "Tools offered: " + d.tools.join(", ")));
        break;
      case "turn": {
        const usage = `${d.tokens_in} in · ${d.tokens_out} out · $${Number(d.usd).toFixed(6)}${d.model ? " · " + d.model : ""}`;
        const node = el("div", { class: "step turn" }, el("div", { class: "head" }, `Step ${d.turn}`, el("span", { class: "usage" }, usage)));
        if (d.content) node.append(el("div", { class: "said" }, d.content));
        steps.append(node);
        break;
      }
      case "tool_call":
        steps.append(el("div", { class: "step tool_call", "data-call": d.id }, collapsible(`${d.tool}(${Object.keys(d.args || {}).join(", ")})`, d.args)));
        break;
      case "tool_result": {
        const total = d.ok && d.result && d.result.matched ? ` · total ${d.result.matched.total}` : "";
        const label = (d.ok ? "reply" : "error") + ` ${d.tool}${total}`;
        steps.append(el("div", { class: "step tool_result" + (d.ok ? "" : " error"), "data-call": d.id }, collapsible(label, d.result)));
        break;
      }
      case "done":
        steps.append(el("div", { class: "step done" }, `Done: ${d.stop} after ${d.turns} turn${d.turns === 1 ? "" : "s"}`));
        break;
      case "error":
        steps.append(el("div", { class: "step error", role: "alert" }, "Error: " + (d.message || d.code || "")));
        break;
      case "record":
        finish(d);
        break;
    }
  }

  function linked(answer, links) {
    const node = el("div", { class: "answer-text" });
    let at = 0;
    const re = /\[p\d+:(\d+)-(\d+)\]/g;
    let match;
    let n = 0;
    while ((match = re.exec(answer))) {
      node.append(answer.slice(at, match.index));
      const link = links[n++];
      if (link && link.receipt) {
        const a = el("a", { class: "receipt", href: "#" }, match[0]);
        a.addEventListener("click", (event) => { event.preventDefault(); openRegion(link.receipt); });
        node.append(a);
      } else {
        node.append(el("span", { class: "receipt unknown", title: "no tool result cited this span" }, match[0]));
      }
      at = match.index + match[0].length;
    }
    node.append(answer.slice(at));
    return node;
  }

  function finish(record) {
    current = record;
    const answer = $("answer");
    answer.replaceChildren(el("h2", {}, record.label || "Answer"), linked(record.answer || "", record.links || []));
    const baseline = $("baseline");
    baseline.replaceChildren();
    if (record.compare) {
      const receipts = record.compare.baselines.length ? record.compare.baselines[0].receipts : [];
      if (!receipts.length) baseline.append(el("p", { class: "note" }, "The answer cites no document span: nothing to mark the passages against."));
      record.compare.baselines.forEach((b) => {
        baseline.append(el("h2", {}, `${b.method} top ${record.compare.k}`));
        if (!b.available) baseline.append(el("p", { class: "note" }, b.reason));
        baseline.append(el("ul", { class: "marks" }, b.receipts.map((m) => {
          const item = el("li", { class: m.found ? "found" : "missed" }, `${m.found ? "also found" : "missed"}: `);
          const a = el("a", { href: "#", class: "receipt" }, `${m.source_id} [${m.char_start}-${m.char_end}]`);
          a.addEventListener("click", (event) => { event.preventDefault(); openRegion(m); });
          item.append(a);
          return item;
        })));
        baseline.append(el("ol", { class: "passages" }, b.passages.map((p) => {
          // Marked against the agent's receipts: found when it holds a receipt's bytes.
          const mark = !receipts.length ? "" : p.found ? "found" : "missed";
          const item = el("li", { class: mark, "data-mark": mark }, mark ? `${mark}: ` : "");
          const a = el("a", { href: "#", class: "passage" }, `${p.entity_name}: ${p.text}`);
          a.addEventListener("click", (event) => { event.preventDefault(); openRegion(p); });
          item.append(a);
          return item;
        })));
      });
    }
    const exported = $("export");
    if (record.id && !record.replayed && body.dataset.recording === "1") {
      exported.href = `${location.pathname.replace(/\/$/, "")}/runs/${record.id}/export`;
      exported.hidden = false;
    }
    loadRuns();
  }

  async function openRegion(receipt) {
    const url = new URL(body.dataset.regionUrl, location.href);
    url.searchParams.set("source_id", receipt.source_id);
    url.searchParams.set("start", receipt.char_start);
    url.searchParams.set("end", receipt.char_end);
    const reply = await fetch(url, { credentials: "same-origin" });
    $("region").innerHTML = reply.ok ? await reply.text() : "";
    if (!reply.ok) $("region").append(el("p", { class: "failure" }, "The receipt could not be opened."));
  }

  // --- a streamed run or replay ----------------------------------------------------------------
  async function stream(response) {
    steps.replaceChildren();
    $("answer").replaceChildren();
    $("baseline").replaceChildren();
    $("region").replaceChildren();
    if (!response.ok) {
      let said = `The console refused: ${response.status}`;
      try { said += " " + (await response.json()).detail.type; } catch (e) { /* not JSON */ }
      steps.append(el("div", { class: "step error", role: "alert" }, said));
      return;
    }
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut;
      while ((cut = buffer.indexOf("\n")) >= 0) {
        const line = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 1);
        if (line.trim()) draw(JSON.parse(line));
      }
    }
  }

  async function run(extra) {
    const question = $("question").value.trim();
    if (!question && extra.example === undefined) return;
    $("run").disabled = true;
    $("export").hidden = true;
    try {
      const payload = { question, mode: mode.value, compare: $("compare").checked, k: Number($("k").value) || 5, ...extra };
      const response = await fetch(body.dataset.runUrl, {
        method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json", "X-CSRFToken": body.dataset.csrf },
        body: JSON.stringify(payload),
      });
      await stream(response);
    } finally {
      $("run").disabled = false;
    }
  }
  $("ask").addEventListener("submit", (event) => { event.preventDefault(); run({}); });

  // --- the replay menu -----------------------------------------------------------------------
  async function loadRuns() {
    const reply = await fetch(body.dataset.runsUrl, { credentials: "same-origin" });
    if (!reply.ok) return;
    const { runs } = await reply.json();
    [$("runs"), $("other")].forEach((select) => {
      const kept = select.value;
      select.replaceChildren(el("option", { value: "" }, "—"),
        ...runs.map((r) => el("option", { value: r.id }, `${r.at} · ${r.mode} · ${r.question}`)));
      select.value = kept;
    });
  }
  $("replay").addEventListener("click", async () => {
    const id = $("runs").value;
    if (!id) return;
    await stream(await fetch(`${body.dataset.runsUrl}/${id}/replay`, { credentials: "same-origin" }));
  });
  $("side-by-side").addEventListener("click", () => {
    const a = $("runs").value, b = $("other").value;
    if (a && b) location.href = `${body.dataset.diffUrl}?a=${encodeURIComponent(a)}&b=${encodeURIComponent(b)}`;
  });
  loadRuns();
})();
