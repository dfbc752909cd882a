/**
 * The report page's inline stylesheet and script. The script is allowed by its hash in the page's
 * Content-Security-Policy, so nothing else can run even if a value escaped escaping. It only reads
 * the DOM (data-* attributes), never target values as code, and never touches the network.
 */

export const CSS = `
:root{--pass:#2e7d32;--fail:#c62828;--error:#6a1b9a;--warn:#e65100;--known:#8d6e63;--diff:#00838f;--info:#1565c0;--fixed:#558b2f;--skip:#757575;--na:#9e9e9e;--bg:#fafafa;--line:#ddd}
*{box-sizing:border-box}
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:var(--bg);color:#212121}
header.top{padding:12px 20px;background:#263238;color:#eceff1}
header.top h1{margin:0 0 4px;font-size:20px}
header.top .meta{font-size:12px;opacity:.9}
header.top .meta span{margin-right:14px;white-space:nowrap}
header.top .meta span.wrap{white-space:normal;word-break:break-all}
header.top .meta.inconclusive{background:#f3e5f5;border-left:4px solid var(--error);padding:4px 8px}
main{padding:12px 20px}
h2{font-size:16px;margin:16px 0 8px}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
pre{white-space:pre-wrap;word-break:break-all;margin:0}
table{border-collapse:collapse;width:100%;background:#fff}
th,td{border:1px solid var(--line);padding:3px 6px;text-align:left;vertical-align:top;overflow-wrap:anywhere}
/* A table wider than its page (a browser flow's resources) scrolls inside its test, never the page. */
article.test .body{overflow-x:auto}
th{background:#eceff1;font-weight:600}
td.v,th.v{white-space:nowrap;width:1%}
.badge{display:inline-block;min-width:40px;text-align:center;padding:0 6px;border-radius:3px;color:#fff;font-size:11px;font-weight:700;text-transform:uppercase}
.b-pass{background:var(--pass)}.b-fail{background:var(--fail)}.b-error{background:var(--error)}.b-warn{background:var(--warn)}.b-known{background:var(--known)}.b-diff{background:var(--diff)}.b-info{background:var(--info)}.b-fixed{background:var(--fixed)}.b-skip{background:var(--skip)}.b-na{background:var(--na)}
.status-failed{color:#ffcdd2;font-weight:700}.status-passed{color:#c8e6c9;font-weight:700}
table.summary{width:auto;min-width:640px}
table.summary td.n{text-align:right;font-variant-numeric:tabular-nums}
.bar{display:flex;width:240px;height:12px;background:#eee;border-radius:2px;overflow:hidden}
.bar span{display:block;height:100%}
.bar .pass{background:var(--pass)}.bar .fail{background:var(--fail)}.bar .error{background:var(--error)}.bar .warn{background:var(--warn)}.bar .known{background:var(--known)}.bar .diff{background:var(--diff)}.bar .info{background:var(--info)}.bar .fixed{background:var(--fixed)}.bar .skip{background:var(--skip)}.bar .na{background:var(--na)}
.filters{display:flex;flex-wrap:wrap;gap:12px;align-items:center;background:#fff;border:1px solid var(--line);padding:8px;position:sticky;top:0;z-index:2}
.filters label{white-space:nowrap}
.failures ol,.warnings ol{margin:0;padding-left:22px;background:#fff;border:1px solid var(--line)}
.failures li,.warnings li{padding:3px 0;border-bottom:1px solid #f0f0f0;overflow-wrap:anywhere}
article.test>details>summary{overflow-wrap:anywhere}
.failures li .ea,.warnings li .ea{color:#555}
article.test{background:#fff;border:1px solid var(--line);margin:6px 0}
article.test>details>summary{cursor:pointer;padding:6px 8px;list-style-position:inside}
article.test.v-fail>details>summary,article.test.v-error>details>summary{background:#fff5f5}
article.test .body{padding:6px 10px 10px}
.counts span{margin-left:8px;font-size:12px}
.kind{color:#607d8b;font-size:12px;margin-left:6px}
tr.f-fail td,tr.f-error td{background:#ffebee}
tr.f-info td{background:#e3f2fd}
tr.f-warn td{background:#fff3e0}
tr.f-diff td{background:#e0f7fa}
tr.f-na td{color:#757575}
article.test.v-warn>details>summary{background:#fffaf3}
.noise,.discovered,.h3-endpoint{font-size:12px;margin:2px 0}
tr.diff td{background:#fff3e0}
tr.f-fail td.exp,tr.f-error td.exp{background:#f1f8e9}
mark{background:#ffcc80;color:inherit;padding:0 1px}
mark.gap{padding:0 2px;background:#ff8a65}
.anchor{color:#90a4ae;text-decoration:none;margin-left:4px}
/* An anchor lands below the sticky filter bar, not under it. */
[id]{scroll-margin-top:110px}
:target{outline:3px solid #ffb300}
tr:target td,tbody:target td{box-shadow:inset 0 2px 0 #ffb300,inset 0 -2px 0 #ffb300}
tbody:target{outline:none}
.step{margin:10px 0;border-left:3px solid #b0bec5;padding-left:8px}
.step h4{margin:4px 0;font-size:13px}
.legs{display:grid;grid-template-columns:repeat(auto-fit,minmax(520px,1fr));gap:10px}
.repro{display:flex;gap:6px;align-items:flex-start;margin:4px 0}
.repro code{flex:1;background:#263238;color:#eceff1;padding:4px 6px;border-radius:3px;white-space:pre-wrap;word-break:break-all}
.shape{font-size:12px;color:#37474f}
.clause{font-size:12px;color:#455a64}
.muted{color:#78909c}
.hidden{display:none!important}
img.shot{max-width:100%;border:1px solid var(--line)}
.shot-box{max-height:480px;overflow:auto;border:1px solid var(--line);display:inline-block;max-width:100%}
.line-no{color:#90a4ae;margin-right:4px}
table.expectations td:nth-child(n+5),table.side td{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12px}
table.expectations td:nth-child(-n+4){font-family:inherit;font-size:inherit}
table.side td:last-child{font-family:inherit}
.legs table.side{table-layout:fixed}
.legs table.side th:first-child{width:26%}
.legs table.side th:last-child{width:36px}
table.side td{overflow-wrap:anywhere}
.baseline{font-size:12px;color:#006064}
.linediff pre{background:#fff;border:1px solid var(--line);padding:4px}
.ld-add{background:#e8f5e9}.ld-del{background:#ffebee}.ld-hunk{color:#6a1b9a}
`;

export const SCRIPT = `
(function(){
  'use strict';
  var q = function(sel, root){ return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };
  var form = document.getElementById('filters');
  function state(){
    var verdicts = q('input[name=verdict]', form).filter(function(i){ return i.checked; }).map(function(i){ return i.value; });
    return {
      role: form.elements.namedItem('role').value,
      source: form.elements.namedItem('source').value,
      level: form.elements.namedItem('level').value,
      check: form.elements.namedItem('check').value.trim().toLowerCase(),
      verdicts: verdicts
    };
  }
  function matches(el, s, role){
    if (s.role && (' ' + role + ' ').indexOf(' ' + s.role + ' ') < 0) return false;
    var vs = (el.getAttribute('data-verdict') || '').split(' ');
    if (!vs.some(function(v){ return s.verdicts.indexOf(v) >= 0; })) return false;
    if (s.source && (' ' + el.getAttribute('data-source') + ' ').indexOf(' ' + s.source + ' ') < 0) return false;
    if (s.level && (' ' + el.getAttribute('data-level') + ' ').indexOf(' ' + s.level + ' ') < 0) return false;
    if (s.check && (el.getAttribute('data-id') || '').toLowerCase().indexOf(s.check) < 0) return false;
    return true;
  }
  function apply(){
    var s = state();
    var shown = 0;
    q('article.test').forEach(function(a){
      var role = a.getAttribute('data-role');
      var any = false;
      q('tbody.expectation', a).forEach(function(tb){
        var ok = matches(tb, s, role);
        tb.classList.toggle('hidden', !ok);
        if (ok) any = true;
      });
      a.classList.toggle('hidden', !any);
      if (any) shown++;
    });
    q('.failures li, .warnings li').forEach(function(li){ li.classList.toggle('hidden', !matches(li, s, li.getAttribute('data-role'))); });
    var count = document.getElementById('shown-count');
    if (count) count.textContent = String(shown);
  }
  form.addEventListener('input', apply);
  form.addEventListener('change', apply);
  form.addEventListener('reset', function(){ setTimeout(apply, 0); });
  form.addEventListener('submit', function(e){ e.preventDefault(); });
  function reveal(){
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    var el = document.getElementById(id);
    if (!el) return;
    var own = el.querySelector(':scope > details');
    if (own) own.open = true;
    for (var p = el; p; p = p.parentElement) {
      if (p.tagName === 'DETAILS') p.open = true;
      if (p.classList && p.classList.contains('hidden')) p.classList.remove('hidden');
    }
    el.scrollIntoView({block: el.tagName === 'ARTICLE' ? 'start' : 'center'});
  }
  window.addEventListener('hashchange', reveal);
  reveal();
  q('button.copy').forEach(function(b){
    b.addEventListener('click', function(){
      var code = document.getElementById(b.getAttribute('data-for'));
      if (!code) return;
      var text = code.textContent || '';
      var done = function(){ b.textContent = 'Copied'; setTimeout(function(){ b.textContent = 'Copy'; }, 1500); };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(text).then(done, function(){ select(code); });
      } else { select(code); }
    });
  });
  function select(node){
    var r = document.createRange(); r.selectNodeContents(node);
    var sel = window.getSelection(); sel.removeAllRanges(); sel.addRange(r);
    b_msg(node);
  }
  function b_msg(node){ node.setAttribute('title', 'Selected: press Ctrl+C to copy'); }
  var expand = document.getElementById('expand-all');
  if (expand) expand.addEventListener('click', function(){ q('article.test:not(.hidden)>details').forEach(function(d){ d.open = true; }); });
  var collapse = document.getElementById('collapse-all');
  if (collapse) collapse.addEventListener('click', function(){ q('article.test>details').forEach(function(d){ d.open = false; }); });
  apply();
})();
`;
