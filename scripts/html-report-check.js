// Runs inside Chromium on a copy of report.html: measures every chart's text boxes and writes what it found
// into the page as JSON, for --dump-dom to print (scripts/html-report-check.py reads it).
(function () {
  var found = { charts: [], tables: document.querySelectorAll("table").length, overlaps: [], outside: [] };
  document.querySelectorAll("figure.chart").forEach(function (figure) {
    var svg = figure.querySelector("svg");
    var box = svg ? svg.getBoundingClientRect() : { width: 0, height: 0 };
    var chart = { name: figure.getAttribute("data-chart"), width: box.width, height: box.height, labels: 0 };
    found.charts.push(chart);
    if (!svg) return;
    var texts = Array.prototype.slice.call(svg.querySelectorAll("text")).filter(function (t) {
      return t.textContent.trim().length > 0;
    });
    chart.labels = texts.length;
    var rects = texts.map(function (t) { return t.getBoundingClientRect(); });
    for (var i = 0; i < rects.length; i++) {
      var a = rects[i];
      if (a.left < box.left - 0.5 || a.right > box.right + 0.5 || a.top < box.top - 0.5 || a.bottom > box.bottom + 0.5) {
        found.outside.push(chart.name + ": \"" + texts[i].textContent + "\"");
      }
      for (var j = i + 1; j < rects.length; j++) {
        var b = rects[j];
        // Overlap by more than half a pixel each way: touching boxes are fine.
        if (Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 &&
            Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5) {
          found.overlaps.push(chart.name + ": \"" + texts[i].textContent + "\" and \"" + texts[j].textContent + "\"");
        }
      }
    }
  });
  var pre = document.createElement("pre");
  pre.id = "loom-check";
  pre.textContent = JSON.stringify(found);
  document.body.appendChild(pre);
})();
