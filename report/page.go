package report

// pageHTML is the report's template: one file, its style and script
// inline. The script searches the IR and code (the box, or ?q= in the
// address), opens the section an address's #fragment names, and marks
// the body data-ready when it has run (what the browser test waits for).
const pageHTML = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}} — tt compile report</title>
<style>
body { font-family: system-ui, sans-serif; margin: 0; color: #222; }
header { position: sticky; top: 0; background: #1f3b57; color: #fff; padding: 8px 16px; display: flex; gap: 16px; align-items: center; z-index: 2; }
header h1 { font-size: 18px; margin: 0; }
header nav a { color: #cde; margin-right: 12px; text-decoration: none; }
header input { margin-left: auto; padding: 4px 8px; width: 260px; }
main { padding: 8px 16px; }
section { margin-bottom: 24px; }
h2 { border-bottom: 1px solid #ccc; padding-bottom: 4px; }
details { margin: 6px 0; border: 1px solid #ddd; border-radius: 4px; padding: 4px 8px; }
summary { cursor: pointer; font-weight: 600; }
pre { background: #f7f7f7; padding: 8px; overflow: auto; font-size: 12px; line-height: 1.35; }
table { border-collapse: collapse; font-size: 13px; }
td, th { border: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
mark { background: #ffe27a; }
.muted { color: #777; }
.graph svg { max-width: 100%; height: auto; }
#hits { font-size: 13px; }
</style>
</head>
<body data-ready="no">
<header>
<h1>{{.Title}}</h1>
<nav><a href="#stages">Stages</a><a href="#graph">Kernel graph</a><a href="#kernels">Kernels</a><a href="#profile">Profile</a><a href="#fusion">Fusion</a><a href="#memory">Memory</a><a href="#partition">Partition</a><a href="#code">Code</a></nav>
<input id="search" type="search" placeholder="Search IR and code (Enter)" aria-label="search">
<span id="hits"></span>
</header>
<main>
{{if .Build}}<section id="build"><h2>Build</h2><pre>{{.Build}}</pre></section>{{end}}

<section id="stages"><h2>Stages</h2>
<p class="muted">The module after each stage of the pipeline. Click to expand; the search box marks matches and opens the stages that have them.</p>
{{range $i, $s := .Stages}}<details id="stage-{{$i}}" class="searchable"><summary>{{$s.Name}}</summary><pre>{{$s.Text}}</pre></details>
{{end}}</section>

<section id="graph"><h2>Kernel graph</h2>
{{if .Graph}}<div class="graph">{{.Graph}}</div>{{else if .Dot}}<p class="muted">Graphviz (dot) was not found when the report was written; the graph in DOT:</p><pre>{{printf "%s" .Dot}}</pre>{{else}}<p class="muted">No kernel graph.</p>{{end}}
</section>

<section id="kernels"><h2>Kernels ({{len .Kernels}})</h2>
{{if not .Kernels}}<p class="muted">No loops.kernel ops (the module was not fused, or was already at the loop level).</p>{{end}}
{{range .Kernels}}<details id="{{.ID}}" class="searchable"><summary>{{.Name}} <span class="muted">{{.Kind}} in @{{.Func}}{{if .Loc}} at {{.Loc}}{{end}}</span></summary>
<p>Inputs: {{join .Inputs ", "}}<br>Results: {{join .Output ", "}}{{if .Time}}<br>Profile: {{.Time}}{{end}}</p>
<table><tr><th>fused op</th><th>location</th><th>source</th></tr>
{{range .Ops}}<tr><td>{{.Name}}</td><td>{{.Loc}}</td><td><code>{{.Source}}</code></td></tr>
{{end}}</table>
{{if .Code}}<p>Generated Go (the loop nests the emitter marked with this kernel's location):</p><pre>{{.Code}}</pre>{{else}}<p class="muted">No loop nest of the generated code carries this kernel's location (a runtime kernel call, or loops that passes merged with another kernel's): see the whole code below.</p>{{end}}
</details>
{{end}}</section>

<section id="profile"><h2>Profile</h2>
{{if .Profile}}<p>Kernels of the generated code over all runs (tt-run --profile): {{len .Profile}} kernels, most time first. Bytes are the buffers a kernel reads and writes per call.</p>
<table><tr><th>time</th><th>calls</th><th>total ms</th><th>ms/call</th><th>MiB/call</th><th>GB/s</th><th>op</th><th>function</th><th>location</th></tr>
{{range .Profile}}<tr><td>{{.Share}}</td><td>{{.Calls}}</td><td>{{.Total}}</td><td>{{.PerCall}}</td><td>{{.MiB}}</td><td>{{.Rate}}</td><td>{{.Op}}</td><td>{{.Func}}</td><td>{{.Loc}}</td></tr>
{{end}}</table>{{else}}<p class="muted">Not profiled: run tt-run with --profile and --dump-dir.</p>{{end}}
</section>

<section id="fusion"><h2>Fusion decisions</h2>
{{if .Data.Fusion}}<p class="muted">Pairs of nodes that could have fused (a producer and its consumer, or two readers of one buffer) but stayed in different kernels, and why.</p>
<table><tr><th>at</th><th>decision</th></tr>
{{range .Data.Fusion}}<tr><td>{{.Loc}}</td><td>{{.Message}}</td></tr>
{{end}}</table>{{else}}<p class="muted">Every candidate pair fused (or the pipeline did not fuse).</p>{{end}}
</section>

<section id="memory"><h2>Memory timeline</h2>
<p class="muted">Buffers of the loop-level functions (loops.alloc) over the positions of the function's top-level ops, from allocation to last use.</p>
{{range .Timelines}}<h3>@{{.Func}} <span class="muted">peak {{.Peak}} of static buffers live at once</span></h3>
<svg class="timeline" width="{{.Width}}" height="{{.Height}}" role="img" aria-label="memory timeline of @{{.Func}}">
{{range .Bars}}<g><title>{{.Title}}</title><text x="4" y="{{.Y}}" dy="11" font-size="11">{{.Label}}</text><rect x="{{.X}}" y="{{.Y}}" width="{{.W}}" height="{{.H}}" fill="#4a7fb0"></rect></g>
{{end}}</svg>
{{else}}<p class="muted">No buffers.</p>{{end}}
</section>

<section id="partition"><h2>Partition (aot-autograd)</h2>
{{if .Data.Saved}}<p>The forward functions save {{len .Data.Saved}} values for the backward ({{bytes .SavedBytes}} of static size); everything else the backward needs it recomputes.</p>
<table><tr><th>function</th><th>#</th><th>type</th><th>size</th><th>computed by</th><th>location</th></tr>
{{range .Data.Saved}}<tr><td>@{{.Func}}</td><td>{{.Index}}</td><td>{{.Type}}</td><td>{{bytes .Bytes}}</td><td>{{.Op}}</td><td>{{.Loc}}</td></tr>
{{end}}</table>{{else}}<p class="muted">No NAME_fwd functions (aot-autograd did not run).</p>{{end}}
{{if .Data.Partition}}<p>The partitioner's decisions, as aot-autograd reported them:</p>
<table><tr><th>at</th><th>decision</th></tr>
{{range .Data.Partition}}<tr><td>{{.Loc}}</td><td>{{.Message}}</td></tr>
{{end}}</table>{{end}}
</section>

<section id="code"><h2>Generated code</h2>
{{if .Model}}<details id="model" class="searchable"><summary>model.go</summary><pre>{{printf "%s" .Model}}</pre></details>{{else}}<p class="muted">No generated code.</p>{{end}}
</section>
</main>
<script>
(function () {
  var box = document.getElementById('search'), hits = document.getElementById('hits');
  var pres = Array.prototype.slice.call(document.querySelectorAll('.searchable pre'));
  var originals = pres.map(function (p) { return p.textContent; });
  function escape(s) { return s.replace(/[&<>]/g, function (c) { return {'&': '&amp;', '<': '&lt;', '>': '&gt;'}[c]; }); }
  function search(q) {
    var total = 0;
    pres.forEach(function (p, i) {
      var text = originals[i];
      if (!q) { p.textContent = text; return; }
      var parts = text.split(q);
      if (parts.length > 1) {
        total += parts.length - 1;
        p.innerHTML = parts.map(escape).join('<mark>' + escape(q) + '</mark>');
        p.closest('details').open = true;
      } else {
        p.textContent = text;
      }
    });
    hits.textContent = q ? total + ' matches' : '';
    var first = document.querySelector('mark');
    if (first) { first.scrollIntoView({block: 'center'}); }
  }
  box.addEventListener('keydown', function (e) { if (e.key === 'Enter') { search(box.value); } });
  function openFragment() {
    var id = decodeURIComponent(location.hash.slice(1));
    var el = id && document.getElementById(id);
    if (el && el.tagName === 'DETAILS') { el.open = true; el.scrollIntoView(); }
  }
  window.addEventListener('hashchange', openFragment);
  openFragment();
  var q = new URLSearchParams(location.search).get('q');
  if (q) { box.value = q; search(q); }
  document.body.setAttribute('data-ready', 'yes');
})();
</script>
</body>
</html>
`
