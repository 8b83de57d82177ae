// The live page of `tributary serve`: the report's page, kept current through Server-Sent
// Events, with a Refresh button bound to the server's refresh command, a throttled search,
// "New only" / "Unread only" switches, "Mark read" and "Star" buttons, and the archive:
// with "Unread only", or a search of two characters or more, the archive's matching items
// that are not on the page are listed above it (GET /api/archive). It takes the page's controls
// over from the report's own script (clones carry no listeners), since the items it
// filters are replaced on every digest; an episode being played keeps playing through it.
// Only this server is ever asked (connect-src 'self').
(function () {
  "use strict";
  var doc = document;
  var token = doc.querySelector('meta[name="tributary-token"]').getAttribute("content");
  var hiddenSources = new Map();
  var byID = new Map();
  var timer = null;
  var archiveAsked = 0;

  function adopt(id) {
    var old = doc.getElementById(id);
    if (!old) return null;
    var fresh = old.cloneNode(true);
    old.parentNode.replaceChild(fresh, old);
    return fresh;
  }

  function element(tag, properties) {
    var made = doc.createElement(tag);
    Object.keys(properties).forEach(function (key) { made[key] = properties[key]; });
    return made;
  }

  var controls = doc.getElementById("controls");
  var search = adopt("search");
  var sort = adopt("sort");
  var newOnly = adopt("newonly");
  var button = element("button", { type: "button", id: "refresh", textContent: "Refresh" });
  var unreadOnly = element("input", { type: "checkbox", id: "unreadonly" });
  var unreadLabel = element("label", { className: "newonly" });
  unreadLabel.append(unreadOnly, " Unread only");
  var status = element("span", { id: "live" });
  status.setAttribute("aria-live", "polite");
  controls.prepend(button);
  controls.append(unreadLabel, status);
  controls.hidden = false;
  var archive = element("section", { id: "archive", hidden: true });
  var archiveTitle = element("h2", {});
  var archiveList = element("ul", { className: "archived" });
  archive.append(archiveTitle, archiveList);
  doc.querySelector("main").before(archive);

  function post(path, body) {
    return fetch(path, {
      method: "POST", headers: { "X-Tributary-Token": token, "Content-Type": "application/json" },
      body: JSON.stringify(body)
    }).then(function (response) {
      if (!response.ok) return response.text().then(function (text) { throw new Error(text.trim()); });
      return response;
    });
  }

  function itemData(item) {
    return byID.get(item.getAttribute("data-id"));
  }

  function starButton(data) {
    var star = element("button", { type: "button", className: "star" });
    function show() {
      star.textContent = data.starred ? "\u2605 Starred" : "\u2606 Star";
      star.setAttribute("aria-pressed", data.starred ? "true" : "false");
    }
    star.addEventListener("click", function () {
      star.disabled = true;
      post("/api/star", { ids: [data.entryID], starred: !data.starred }).then(function () {
        data.starred = !data.starred;
        show();
        star.disabled = false;
      }, function (error) { status.textContent = error.message; star.disabled = false; });
    });
    show();
    return star;
  }

  // The search box's words as an FTS5 query: each a quoted prefix, so that any text typed
  // is one FTS5 reads, and a word matches while it is being typed.
  function archiveQuery(text) {
    return text.split(/\s+/).filter(Boolean).map(function (word) {
      return "\"" + word.replace(/"/g, "\"\"") + "\"*";
    }).join(" ");
  }

  function archivedItem(data) {
    var item = element("li", { className: "archived-item" });
    var title = element("a", { textContent: data.title });
    if (/^https?:\/\//i.test(data.url || "")) title.href = data.url;
    var meta = element("span", { className: "meta", textContent: " " + data.source + " \u00b7 "
      + (data.published || data.firstSeen || "").slice(0, 10) });
    item.append(title, meta);
    if (data.entryID !== undefined) item.appendChild(starButton(data));
    return item;
  }

  function showArchive() {
    var text = search.value.trim();
    var searching = text.length >= 2;
    if (!searching && !unreadOnly.checked) {
      archiveAsked += 1;
      archive.hidden = true;
      return;
    }
    var asked = ++archiveAsked;
    var query = "/api/archive?limit=200" + (unreadOnly.checked ? "&unread=1" : "")
      + (searching ? "&q=" + encodeURIComponent(archiveQuery(text)) : "");
    fetch(query, { cache: "no-store" }).then(function (response) {
      if (!response.ok) return response.text().then(function (message) { throw new Error(message.trim()); });
      return response.json();
    }).then(function (found) {
      if (asked !== archiveAsked) return;
      var away = found.items.filter(function (data) { return !byID.has(data.id); });
      archiveList.replaceChildren.apply(archiveList, away.map(archivedItem));
      archiveTitle.textContent = away.length + (searching ? " more in the archive" : " unread, no longer in their source");
      archive.hidden = away.length === 0;
    }, function (error) { if (asked === archiveAsked) status.textContent = error.message; });
  }

  function apply() {
    timer = null;
    showArchive();
    var terms = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0, counted = 0;
    doc.querySelectorAll("[data-item]").forEach(function (item) {
      var data = itemData(item);
      var text = item.textContent.toLowerCase();
      var visible = !hiddenSources.get(item.getAttribute("data-source"))
        && terms.every(function (term) { return text.indexOf(term) >= 0; });
      if (newOnly && newOnly.checked && !item.hasAttribute("data-new")) visible = false;
      if (unreadOnly.checked && data && data.read) visible = false;
      item.classList.toggle("read", Boolean(data && data.read));
      item.hidden = !visible;
      if (!item.classList.contains("entry")) {
        counted += 1;
        if (visible) shown += 1;
      }
    });
    doc.querySelectorAll("[data-section]").forEach(function (section) {
      section.hidden = !section.querySelector("[data-item]:not([hidden])");
    });
    doc.getElementById("nomatch").hidden = shown > 0 || counted === 0;
    doc.getElementById("shown").textContent = shown + " of " + counted + " items";
  }

  function sortBy(key) {
    doc.querySelectorAll("[data-sortable]").forEach(function (list) {
      var children = Array.prototype.slice.call(list.children);
      children.sort(function (a, b) {
        if (key === "order") return a.dataset.order - b.dataset.order;
        var primary = parseFloat(b.getAttribute("data-" + key)) - parseFloat(a.getAttribute("data-" + key));
        return primary || parseFloat(b.getAttribute("data-time")) - parseFloat(a.getAttribute("data-time"));
      });
      children.forEach(function (child) { list.appendChild(child); });
    });
  }

  function decorate() {
    doc.querySelectorAll("[data-sortable]").forEach(function (list) {
      Array.prototype.forEach.call(list.children, function (child, index) { child.dataset.order = index; });
    });
    doc.querySelectorAll("[data-toggle]").forEach(function (box) {
      box.hidden = false;
      box.checked = !hiddenSources.get(box.getAttribute("data-toggle"));
      box.addEventListener("change", function () {
        hiddenSources.set(box.getAttribute("data-toggle"), !box.checked);
        apply();
      });
    });
    doc.querySelectorAll("li[data-item]").forEach(function (item) {
      var data = itemData(item);
      if (!data || data.read === undefined) return;
      var mark = element("button", { type: "button", className: "markread", textContent: "Mark read" });
      mark.addEventListener("click", function () {
        mark.disabled = true;
        post("/api/read", { ids: [data.id] }).then(function () { data.read = true; apply(); },
          function (error) { status.textContent = error.message; mark.disabled = false; });
      });
      item.appendChild(mark);
      if (data.entryID !== undefined) item.appendChild(starButton(data));
    });
    sortBy(sort.value);
  }

  function remember(digest) {
    byID = new Map();
    digest.items.forEach(function (item) { byID.set(item.id, item); });
  }

  // Episodes being played, each with its item's id and its file, to keep across a swap.
  function playing() {
    return Array.prototype.filter.call(doc.querySelectorAll("main audio, main video"), function (media) {
      return !media.paused;
    }).map(function (media) {
      var item = media.closest("[data-item]");
      return { media: media, id: item ? item.getAttribute("data-id") : null, src: media.getAttribute("src") };
    });
  }

  // A player that was playing takes the place of its new copy, in the same task, so it
  // never leaves the document long enough to be paused.
  function keepPlaying(players) {
    players.forEach(function (player) {
      var tag = player.media.tagName.toLowerCase();
      var next = Array.prototype.map.call(doc.querySelectorAll("main [data-item]"), function (item) {
        return item.getAttribute("data-id") === player.id ? item.querySelector(tag) : null;
      }).filter(function (media) { return media && media.getAttribute("src") === player.src; })[0];
      if (next) next.replaceWith(player.media);
    });
  }

  // The origins a page's policy lets its players load from (its media-src).
  function mediaOrigins(page) {
    var meta = page.querySelector('meta[http-equiv="Content-Security-Policy"]');
    var directive = (meta ? meta.getAttribute("content") : "").split(";").map(function (part) {
      return part.trim();
    }).filter(function (part) { return part.indexOf("media-src ") === 0; })[0];
    return directive ? directive.split(/\s+/).slice(1) : [];
  }
  var allowedMedia = mediaOrigins(doc);

  // Puts a new digest's page in place; false when it reloads instead: its episodes come
  // from an origin this page's policy does not name, so only a reload (and the new
  // policy with it) lets them play. Not while an episode is playing: a later digest will.
  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var players = playing();
    var unknown = mediaOrigins(fresh).filter(function (origin) { return allowedMedia.indexOf(origin) < 0; });
    if (unknown.length && !players.length) {
      location.reload();
      return false;
    }
    [["header.top .meta"], ["header.top .chips"], ["nav.jump"], ["main"]].forEach(function (selector) {
      var now = doc.querySelector(selector[0]), next = fresh.querySelector(selector[0]);
      if (now && next) now.replaceWith(doc.adoptNode(next));
    });
    keepPlaying(players);
    return true;
  }

  function showDigest(digest) {
    remember(digest);
    return fetch("/", { cache: "no-store" }).then(function (response) { return response.text(); })
      .then(function (html) { if (swap(html)) { decorate(); apply(); } });
  }

  function showRunning(running) {
    button.disabled = running;
    button.textContent = running ? "Refreshing…" : "Refresh";
    doc.body.classList.toggle("refreshing", running);
  }

  var pending = Promise.resolve();
  var events = new EventSource("/api/events");
  events.addEventListener("digest", function (event) {
    var digest = JSON.parse(event.data);
    pending = pending.then(function () { return showDigest(digest); });
  });
  events.addEventListener("refresh", function (event) { showRunning(JSON.parse(event.data).running); });

  button.addEventListener("click", function () {
    showRunning(true);
    status.textContent = "";
    post("/api/refresh", {}).catch(function (error) { status.textContent = error.message; })
      .then(function () { showRunning(false); });
  });
  search.addEventListener("input", function () {
    if (timer === null) timer = setTimeout(apply, 300);
  });
  if (newOnly) newOnly.addEventListener("change", apply);
  unreadOnly.addEventListener("change", apply);
  sort.addEventListener("change", function () { sortBy(sort.value); });
  decorate();
  apply();
})();
