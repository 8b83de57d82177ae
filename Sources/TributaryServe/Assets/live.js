// The live page of `tributary serve`: the report's page, kept current through Server-Sent
// Events, with a Refresh button bound to the server's refresh command, a throttled search,
// "New only" / "Unread only" switches, "Mark all read", each item's "Mark read" and "Star"
// buttons (rendered with the page), keys for every action (press ? for the list), and the
// archive: with "Unread only", or a search of two characters or more, the archive's
// matching items that are not on the page are listed above it (GET /api/archive). It takes
// the page's controls over from the report's own script (clones carry no listeners), since
// the items it filters are replaced on every digest; a new digest keeps the view, the
// filters, the scroll position and the focused item. The filters and the view live in the
// URL's fragment, so a reload keeps them; an episode being played keeps playing through a new
// digest. Only this server is ever asked (connect-src 'self').
(function () {
  "use strict";
  var doc = document;
  var token = doc.querySelector('meta[name="tributary-token"]').getAttribute("content");
  var hiddenSources = new Map();
  var byID = new Map();
  var texts = new Map();
  var timer = null;
  var archiveAsked = 0;
  var focusedID = null;
  var itemCount = 0;
  var updatedAt = new Date();

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
  var markAll = element("button", { type: "button", id: "markall", textContent: "Mark all read" });
  var unreadOnly = element("input", { type: "checkbox", id: "unreadonly" });
  var unreadLabel = element("label", { className: "newonly" });
  unreadLabel.append(unreadOnly, " Unread only");
  var keysButton = element("button", { type: "button", id: "keys", textContent: "?" });
  keysButton.setAttribute("aria-label", "Keyboard shortcuts");
  var status = element("span", { id: "live" });
  status.setAttribute("aria-live", "polite");
  controls.prepend(button);
  controls.append(unreadLabel, markAll, keysButton, status);
  controls.hidden = false;
  var archive = element("section", { id: "archive", hidden: true });
  var archiveTitle = element("h2", {});
  var archiveList = element("ul", { className: "archived" });
  archive.append(archiveTitle, archiveList);
  doc.querySelector("main").before(archive);
  var help = element("dialog", { id: "help" });
  help.innerHTML = "<h2>Keys</h2><dl>"
    + "<dt>j / k</dt><dd>next / previous item</dd><dt>Enter, v</dt><dd>open the item (its article, else its link)</dd>"
    + "<dt>m</dt><dd>mark read / unread</dd><dt>A</dt><dd>mark every shown item read</dd>"
    + "<dt>s</dt><dd>star / unstar</dd><dt>/</dt><dd>search</dd><dt>r</dt><dd>refresh</dd>"
    + "<dt>?</dt><dd>these keys</dd><dt>Esc</dt><dd>close, leave the search</dd></dl>"
    + "<form method=\"dialog\"><button>Close</button></form>";
  doc.body.appendChild(help);

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

  // What the search box searches: an item's own text, not its buttons or badges, with
  // accents folded, so "read" finds only items that say it and "cafe" finds "café".
  function fold(text) { return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase(); }

  function ownText(item) {
    var walker = doc.createTreeWalker(item, NodeFilter.SHOW_TEXT, { acceptNode: function (node) {
      return node.parentElement.closest("button, .actions, .new, .reader > summary, audio, video")
        ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT;
    } });
    var parts = [];
    while (walker.nextNode()) parts.push(walker.currentNode.nodeValue);
    return fold(parts.join(" "));
  }

  // An item's buttons show its state: read or not, starred or not.
  function showState(item) {
    var data = itemData(item);
    if (!data) return;
    item.classList.toggle("read", Boolean(data.read));
    var mark = item.querySelector("button.markread");
    if (mark) {
      mark.textContent = data.read ? "Mark unread" : "Mark read";
      mark.setAttribute("aria-pressed", data.read ? "true" : "false");
    }
    var star = item.querySelector("button.star");
    if (star) {
      star.textContent = data.starred ? "\u2605 Starred" : "\u2606 Star";
      star.setAttribute("aria-pressed", data.starred ? "true" : "false");
    }
  }

  function itemsWithID(id) {
    return Array.prototype.filter.call(doc.querySelectorAll("[data-item]"), function (item) {
      return item.getAttribute("data-id") === id;
    });
  }

  function setRead(datas, read) {
    var ids = datas.map(function (data) { return data.id; });
    if (!ids.length) return Promise.resolve();
    return post("/api/read", { ids: ids, read: read }).then(function () {
      datas.forEach(function (data) {
        data.read = read;
        itemsWithID(data.id).forEach(showState);
      });
      apply();
    }, function (error) { status.textContent = error.message; });
  }

  function toggleStar(data, refresh) {
    if (data.entryID === undefined) return Promise.resolve();
    return post("/api/star", { ids: [data.entryID], starred: !data.starred }).then(function () {
      data.starred = !data.starred;
      refresh();
    }, function (error) { status.textContent = error.message; });
  }

  function starButton(data) {
    var star = element("button", { type: "button", className: "star" });
    function show() {
      star.textContent = data.starred ? "\u2605 Starred" : "\u2606 Star";
      star.setAttribute("aria-pressed", data.starred ? "true" : "false");
    }
    star.addEventListener("click", function () {
      star.disabled = true;
      toggleStar(data, show).then(function () { star.disabled = false; });
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

  // The view and the filters, in the URL's fragment (`#q=…&view=timeline&unread=1`), so
  // that a reload keeps them; a photo's lightbox (`#view-…`) or a section link leaves it be.
  function viewIsTimeline() {
    var radio = doc.getElementById("view-timeline");
    return Boolean(radio && radio.checked);
  }

  function saveFragment() {
    if (location.hash && location.hash.indexOf("=") < 0 && location.hash !== "#") return;
    var state = new URLSearchParams();
    if (search.value) state.set("q", search.value);
    if (viewIsTimeline()) state.set("view", "timeline");
    if (unreadOnly.checked) state.set("unread", "1");
    if (newOnly && newOnly.checked) state.set("new", "1");
    if (sort.value !== "order") state.set("sort", sort.value);
    var off = [];
    hiddenSources.forEach(function (hidden, source) { if (hidden) off.push(source); });
    if (off.length) state.set("off", off.join(","));
    var text = state.toString();
    history.replaceState(null, "", text ? "#" + text : location.pathname + location.search);
  }

  function loadFragment() {
    if (location.hash.indexOf("=") < 0) return;
    var state = new URLSearchParams(location.hash.slice(1));
    search.value = state.get("q") || "";
    unreadOnly.checked = state.get("unread") === "1";
    if (newOnly) newOnly.checked = state.get("new") === "1";
    if (state.get("sort")) sort.value = state.get("sort");
    (state.get("off") || "").split(",").filter(Boolean).forEach(function (source) { hiddenSources.set(source, true); });
    setView(state.get("view") === "timeline");
  }

  function setView(timeline) {
    var radio = doc.getElementById(timeline ? "view-timeline" : "view-kind");
    if (radio) radio.checked = true;
  }

  function apply() {
    timer = null;
    showArchive();
    var terms = fold(search.value).split(/\s+/).filter(Boolean);
    var shown = 0, counted = 0;
    doc.querySelectorAll("[data-item]").forEach(function (item) {
      var data = itemData(item);
      var text = texts.get(item);
      if (text === undefined) { text = ownText(item); texts.set(item, text); }
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
    itemCount = counted;
    showFooter();
    saveFragment();
  }

  function showFooter() {
    var footer = doc.querySelector("footer");
    if (footer) {
      footer.textContent = "Live from tributary serve: " + itemCount + " items, updated "
        + updatedAt.toLocaleTimeString() + ". This page asks only its own server; images and episodes load "
        + "from their sites.";
    }
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
    texts = new Map();
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
    doc.querySelectorAll("[data-item]").forEach(showState);
    sortBy(sort.value);
    showUnreadCounts();
  }

  // Each chip gains its source's unread count, from GET /api/sources.
  function showUnreadCounts() {
    fetch("/api/sources", { cache: "no-store" }).then(function (response) { return response.json(); })
      .then(function (sources) {
        sources.forEach(function (source) {
          var box = doc.querySelector('[data-toggle="' + CSS.escape(source.id) + '"]');
          var chip = box && box.closest(".chip");
          if (!chip || source.unread === null) return;
          var count = chip.querySelector(".unread") || element("span", { className: "unread" });
          count.textContent = source.unread + " unread";
          if (!count.parentNode) chip.appendChild(count);
        });
      }, function () {});
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
      var next = itemsWithID(player.id).map(function (item) { return item.querySelector(tag); })
        .filter(function (media) { return media && media.getAttribute("src") === player.src; })[0];
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

  // Puts a new digest's page in place, keeping the view, the scroll position and the
  // focused item where the reader left them; returns what restores them once the items are
  // decorated, or null when it reloads instead: the new episodes come from an origin this
  // page's policy does not name, so only a reload (and the new policy with it) lets them
  // play (the fragment keeps the filters). Not while an episode plays: a later digest will.
  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var players = playing();
    var unknown = mediaOrigins(fresh).filter(function (origin) { return allowedMedia.indexOf(origin) < 0; });
    if (unknown.length && !players.length) {
      location.reload();
      return null;
    }
    var timeline = viewIsTimeline();
    var focused = focusedItem();
    var anchorTop = focused ? focused.getBoundingClientRect().top : null;
    var scrolled = window.scrollY;
    [["header.top .meta"], ["header.top .chips"], ["nav.jump"], ["main"]].forEach(function (selector) {
      var now = doc.querySelector(selector[0]), next = fresh.querySelector(selector[0]);
      if (now && next) now.replaceWith(doc.adoptNode(next));
    });
    keepPlaying(players);
    setView(timeline);
    return function restore() {
      var again = focusedItem();
      if (again) {
        again.classList.add("focused");
        if (anchorTop !== null) window.scrollBy(0, again.getBoundingClientRect().top - anchorTop);
      } else {
        window.scrollTo(0, scrolled);
      }
    };
  }

  function showDigest(digest) {
    remember(digest);
    return fetch("/", { cache: "no-store" }).then(function (response) { return response.text(); })
      .then(function (html) {
        var restore = swap(html);
        if (!restore) return;
        updatedAt = new Date();
        decorate();
        apply();
        restore();
      });
  }

  function showRunning(running) {
    button.disabled = running;
    button.textContent = running ? "Refreshing…" : "Refresh";
    doc.body.classList.toggle("refreshing", running);
  }

  function refresh() {
    showRunning(true);
    status.textContent = "";
    post("/api/refresh", {}).catch(function (error) { status.textContent = error.message; })
      .then(function () { showRunning(false); });
  }

  // The keyboard: a visible focus moves over the items of the view shown.
  function visibleItems() {
    var scope = viewIsTimeline() ? "#timeline" : ".bykind";
    return Array.prototype.slice.call(doc.querySelectorAll(scope + " [data-item]:not([hidden])"));
  }

  function focusedItem() {
    if (focusedID === null) return null;
    var scope = viewIsTimeline() ? "#timeline" : ".bykind";
    return Array.prototype.filter.call(doc.querySelectorAll(scope + " [data-item]"), function (item) {
      return item.getAttribute("data-id") === focusedID;
    })[0] || null;
  }

  function focusOn(item) {
    doc.querySelectorAll("[data-item].focused").forEach(function (old) { old.classList.remove("focused"); });
    if (!item) return;
    item.classList.add("focused");
    focusedID = item.getAttribute("data-id");
    item.scrollIntoView({ block: "nearest" });
  }

  function move(step) {
    var items = visibleItems();
    if (!items.length) return;
    var at = items.indexOf(focusedItem());
    focusOn(items[at < 0 ? (step > 0 ? 0 : items.length - 1) : Math.max(0, Math.min(items.length - 1, at + step))]);
  }

  function open(item) {
    var fold = item.querySelector("details.reader");
    if (fold) { fold.open = !fold.open; return; }
    var thumb = item.querySelector("a.thumb");
    if (thumb) { thumb.click(); return; }
    var link = item.querySelector("h3 a, bdi a, a[href^='http']");
    if (link) window.open(link.href, "_blank", "noopener,noreferrer");
  }

  function markShownRead() {
    var seen = new Set();
    var unread = visibleItems().map(itemData).filter(function (data) {
      if (!data || data.read || data.read === undefined || seen.has(data.id)) return false;
      seen.add(data.id);
      return true;
    });
    return setRead(unread, true);
  }

  doc.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var typing = event.target.closest && event.target.closest("input, textarea, select");
    if (event.key === "Escape") {
      if (typing) event.target.blur();
      if (help.open) help.close();
      return;
    }
    if (typing || help.open && event.key !== "?") return;
    var item = focusedItem();
    var data = item && itemData(item);
    var handled = true;
    switch (event.key) {
      case "j": case "ArrowDown": move(1); break;
      case "k": case "ArrowUp": move(-1); break;
      case "Enter": case "v": if (item) open(item); break;
      case "m": if (data && data.read !== undefined) setRead([data], !data.read); break;
      case "A": markShownRead(); break;
      case "s": if (data) toggleStar(data, function () { itemsWithID(data.id).forEach(showState); }); break;
      case "/": search.focus(); break;
      case "r": if (!button.disabled) refresh(); break;
      case "?": if (help.open) help.close(); else help.showModal(); break;
      default: handled = false;
    }
    if (handled) event.preventDefault();
  });

  // Clicks on an item's own buttons (they come with the page, and with every new page).
  doc.addEventListener("click", function (event) {
    var control = event.target.closest && event.target.closest("[data-item] button.markread, [data-item] button.star");
    if (!control) return;
    var item = control.closest("[data-item]");
    var data = itemData(item);
    if (!data) return;
    focusOn(item);
    control.disabled = true;
    var done = function () { control.disabled = false; };
    if (control.classList.contains("markread")) setRead([data], !data.read).then(done);
    else toggleStar(data, function () { itemsWithID(data.id).forEach(showState); }).then(done);
  });
  doc.addEventListener("change", function (event) {
    if (event.target.name === "view") saveFragment();
  });

  var pending = Promise.resolve();
  var events = new EventSource("/api/events");
  events.addEventListener("digest", function (event) {
    var digest = JSON.parse(event.data);
    pending = pending.then(function () { return showDigest(digest); });
  });
  events.addEventListener("refresh", function (event) { showRunning(JSON.parse(event.data).running); });

  button.addEventListener("click", refresh);
  markAll.addEventListener("click", markShownRead);
  keysButton.addEventListener("click", function () { help.showModal(); });
  search.addEventListener("input", function () {
    if (timer === null) timer = setTimeout(apply, 300);
  });
  if (newOnly) newOnly.addEventListener("change", apply);
  unreadOnly.addEventListener("change", apply);
  sort.addEventListener("change", function () { sortBy(sort.value); saveFragment(); });
  loadFragment();
  decorate();
  apply();
})();
