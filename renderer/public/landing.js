/* global document, location, window, requestAnimationFrame */
// Issue 19, the start of a signed-in visitor, while the first script still downloads: preloads
// the chunks of the page in the address (without it the shell, the data cache and the page's
// chunk came one after the other) and sends the page's first GETs (app/earlyReads.ts), which the
// app's own first reads then take (api/earlyReads.ts) instead of sending them once its data
// cache has loaded. The build writes the table into index.html (scripts/landingPreload.ts); a
// visitor without a stored session gets the login, which needs none of them.
(function () {
  try {
    var table = JSON.parse(document.getElementById('landing-chunks').textContent);
    var session = JSON.parse(localStorage.getItem('persist:werkboard-auth') || '{}');
    if (!session.token || session.token === 'null') return;
    var route = location.hash.replace(/^#/, '').split('?')[0] || '/';
    var page = 'dashboard';
    var params = {};
    for (var i = 0; i < table.routes.length; i++) {
      var names = [];
      var pattern = table.routes[i][0].replace(/:([^/]+)/g, function (_, name) {
        names.push(name);
        return '([^/]+)';
      });
      var match = new RegExp('^' + pattern + '/?$').exec(route);
      if (match) {
        page = table.routes[i][1];
        for (var n = 0; n < names.length; n++) params[names[n]] = decodeURIComponent(match[n + 1]);
        break;
      }
    }
    var token = JSON.parse(session.token);
    afterFirstPaint(function () {
      var files = table.frame.concat(table.pages[page] || []);
      for (var j = 0; j < files.length; j++) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = files[j];
        document.head.appendChild(link);
      }
      sendReads(table, page, params, token);
    });
  } catch {
    // Only a head start: the app loads every chunk and reads everything itself.
  }

  /**
   * Once the splash (index.html) is painted, or after 100 ms in a tab that paints nothing: the
   * stylesheet and the first script, which the splash and the app wait for, come first.
   */
  function afterFirstPaint(task) {
    var done = false;
    var once = function () {
      if (done) return;
      done = true;
      task();
    };
    requestAnimationFrame(function () {
      setTimeout(once, 0);
    });
    setTimeout(once, 100);
  }

  /** The page's first GETs as the app's client sends them (api/client.ts), left on window for it. */
  function sendReads(table, page, params, token) {
    var deviceId = localStorage.getItem(table.device[0]);
    // The desktop shell loads the app from its files and reads its server elsewhere: no early reads.
    if (!deviceId || typeof token !== 'string' || !/^https?:$/.test(location.protocol)) return;
    var headers = { Accept: 'application/json', Authorization: 'Bearer ' + token };
    headers[table.device[1]] = deviceId;
    var reads = (window.werkboardEarlyReads = []);
    var paths = table.reads[page] || [];
    for (var k = 0; k < paths.length; k++) {
      var url =
        '/api' +
        paths[k].replace(/:([^/]+)/g, function (_, name) {
          return encodeURIComponent(params[name] || '');
        });
      var response = fetch(url, { method: 'GET', headers: headers, cache: 'default' });
      // Not taken (offline, another route meanwhile): no unhandled rejection.
      response.catch(function () {});
      reads.push({ url: url, authorization: headers.Authorization, started: Date.now(), response: response });
    }
  }
})();
