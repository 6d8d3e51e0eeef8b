/* global document, location */
// Preloads the chunks of the page a signed-in visitor lands on (issue 19), while the first
// script still downloads: without it the shell, the data cache and the page's chunk came one
// after the other. The build writes the table into index.html (scripts/landingPreload.ts);
// a visitor without a stored session gets the login, which needs none of them.
(function () {
  try {
    var table = JSON.parse(document.getElementById('landing-chunks').textContent);
    var session = JSON.parse(localStorage.getItem('persist:werkboard-auth') || '{}');
    if (!session.token || session.token === 'null') return;
    var route = location.hash.replace(/^#/, '').split('?')[0] || '/';
    var page = 'dashboard';
    for (var i = 0; i < table.routes.length; i++) {
      var pattern = '^' + table.routes[i][0].replace(/:[^/]+/g, '[^/]+') + '/?$';
      if (new RegExp(pattern).test(route)) {
        page = table.routes[i][1];
        break;
      }
    }
    var files = table.frame.concat(table.pages[page] || []);
    for (var j = 0; j < files.length; j++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = files[j];
      document.head.appendChild(link);
    }
  } catch {
    // Only a head start: the app loads every chunk itself.
  }
})();
