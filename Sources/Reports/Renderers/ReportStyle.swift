// MARK: - The report's style sheet

/// The report's CSS: light and dark (`prefers-color-scheme`), print
/// (`@media print`), and the chart classes of `Charts/`. A `StaticString`,
/// so nothing from the data can reach it, and nothing in it loads anything:
/// system fonts only, no `url(`, no `@import`.
package enum ReportStyle {
    package static let css: StaticString = """
        :root{color-scheme:light dark;--bg:#fff;--fg:#1f2328;--muted:#59636e;--grid:#e6e9ed;--border:#d0d7de;\
        --panel:#f6f8fa;--accent:#0969da;--before:#6e7781;--good:#1a7f37;--bad:#cf222e;--chosen:#8250df;--warn:#9a6700;\
        --good-rgb:26,127,55;--bad-rgb:207,34,46;--s0:#0969da;--s1:#bc4c00;--s2:#1a7f37;--s3:#8250df;--s4:#bf3989;--s5:#4d7a97}
        @media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--grid:#262c36;--border:#3d444d;\
        --panel:#151b23;--accent:#4493f8;--before:#9198a1;--good:#3fb950;--bad:#f85149;--chosen:#ab7df8;--warn:#d29922;\
        --good-rgb:63,185,80;--bad-rgb:248,81,73;--s0:#4493f8;--s1:#f0883e;--s2:#3fb950;--s3:#ab7df8;--s4:#f778ba;--s5:#79c0ff}}
        *{box-sizing:border-box}
        html{background:var(--bg);color:var(--fg)}
        body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
        main{max-width:1080px;margin:0 auto;padding:24px 24px 48px}
        header h1{margin:0 0 4px;font-size:28px;line-height:1.2}
        .subtitle{margin:0;color:var(--muted)}
        h2{margin:40px 0 8px;padding-top:8px;border-top:1px solid var(--border);font-size:21px}
        h3{margin:24px 0 8px;font-size:16px}
        p{margin:8px 0;max-width:75ch}
        a{color:var(--accent)}
        code,pre{font:13px/1.45 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
        pre{background:var(--panel);border:1px solid var(--border);border-radius:6px;padding:10px 12px;white-space:pre-wrap;word-break:break-all}
        nav ol{margin:8px 0 0;padding:0;list-style:none;display:flex;flex-wrap:wrap;gap:4px 14px;font-size:14px}
        .verdict{display:grid;grid-template-columns:repeat(auto-fit,minmax(210px,1fr));gap:12px;margin:12px 0}
        .card{background:var(--panel);border:1px solid var(--border);border-radius:8px;padding:12px 14px}
        .card .label{color:var(--muted);font-size:13px}
        .card .big{font-size:26px;font-weight:650;line-height:1.25}
        .card .detail{font-size:13px;color:var(--muted)}
        .badge{display:inline-block;padding:1px 8px;border-radius:999px;font-size:13px;font-weight:600;border:1px solid currentColor}
        .ok{color:var(--good)}.fail{color:var(--bad)}.warn{color:var(--warn)}.dim{color:var(--muted)}
        .scroll{overflow-x:auto}
        table{border-collapse:collapse;margin:8px 0 16px;font-size:14px}
        th,td{padding:4px 10px;border-bottom:1px solid var(--border);text-align:left;vertical-align:top}
        thead th{border-bottom:2px solid var(--border);font-weight:600;white-space:nowrap}
        td.num,th.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
        tr.least th,tr.least td{background:rgba(var(--bad-rgb),.08)}
        .heatmap td.heat{text-align:center;min-width:3.2em}
        .heatmap th.corner{font-weight:400;color:var(--muted);font-size:12px}
        .heatmap td.total{color:var(--muted)}
        .heat.h0{color:var(--muted)}
        .good.h1{background:rgba(var(--good-rgb),.10)}.good.h2{background:rgba(var(--good-rgb),.18)}
        .good.h3{background:rgba(var(--good-rgb),.27)}.good.h4{background:rgba(var(--good-rgb),.36)}
        .good.h5{background:rgba(var(--good-rgb),.46)}.good.h6{background:rgba(var(--good-rgb),.58)}
        .good.h7{background:rgba(var(--good-rgb),.72)}.good.h8{background:rgba(var(--good-rgb),.86)}
        .bad.h1{background:rgba(var(--bad-rgb),.12)}.bad.h2{background:rgba(var(--bad-rgb),.22)}
        .bad.h3{background:rgba(var(--bad-rgb),.32)}.bad.h4{background:rgba(var(--bad-rgb),.42)}
        .bad.h5{background:rgba(var(--bad-rgb),.52)}.bad.h6{background:rgba(var(--bad-rgb),.64)}
        .bad.h7{background:rgba(var(--bad-rgb),.76)}.bad.h8{background:rgba(var(--bad-rgb),.88)}
        .h6,.h7,.h8{color:#fff;font-weight:600}
        figure{margin:12px 0 20px}
        figcaption{font-size:13px;color:var(--muted);margin-top:4px;max-width:75ch}
        figure svg{display:block;width:100%;max-width:560px;height:auto}
        .grid2{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,400px),1fr));gap:8px 24px}
        .grid3{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,320px),1fr));gap:8px 20px}
        .example{background:var(--panel);border:1px solid var(--border);border-radius:8px;padding:10px 12px}
        .example figure{margin:0 0 8px}
        .example figure svg{max-width:320px}
        .example dl{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:0;font-size:13px}
        .example dt{color:var(--muted)}
        .example dd{margin:0;overflow-wrap:anywhere}
        dl.run{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}
        dl.run dt{color:var(--muted)}
        dl.run dd{margin:0;overflow-wrap:anywhere}
        svg text{fill:var(--fg);font-family:inherit}
        svg .tick{font-size:11px;fill:var(--muted)}
        svg .axis-title{font-size:12px;fill:var(--muted)}
        svg .legend{font-size:12px}
        svg .row-label{font-size:12px}
        svg .grid{stroke:var(--grid);stroke-width:1}
        svg .axis{stroke:var(--muted);stroke-width:1}
        svg .series{fill:none;stroke-width:2.2;stroke-linejoin:round;stroke-linecap:round}
        svg .legend-swatch{stroke-width:3}
        svg .before{stroke:var(--before);fill:var(--before)}
        svg .series.before,svg .legend-swatch.before,svg .marker.before{stroke-dasharray:6 4}
        svg .after{stroke:var(--accent);fill:var(--accent)}
        svg .muted{stroke:var(--before);fill:var(--before);opacity:.55}
        svg .budget{stroke:var(--bad);fill:var(--bad)}
        svg .chosen{stroke:var(--chosen);fill:var(--chosen)}
        svg .s0{stroke:var(--s0);fill:var(--s0)}svg .s1{stroke:var(--s1);fill:var(--s1)}svg .s2{stroke:var(--s2);fill:var(--s2)}
        svg .s3{stroke:var(--s3);fill:var(--s3)}svg .s4{stroke:var(--s4);fill:var(--s4)}svg .s5{stroke:var(--s5);fill:var(--s5)}
        svg .series.before.outline{stroke-width:1.6;fill:none}
        svg .bars.after .bar{stroke:none;fill-opacity:.55}
        svg polyline.series{fill:none}
        svg .marker{stroke-width:1.5;fill:none}
        svg .marker.budget{stroke-dasharray:5 3;stroke-width:2}
        svg .marker.thin{stroke-width:1;stroke-dasharray:2 2}
        svg text.marker-label,svg text.fired-label{stroke:var(--bg);stroke-width:3px;stroke-linejoin:round;paint-order:stroke;font-size:11.5px;font-weight:600}
        svg text.marker-label.small{font-size:10.5px;font-weight:500}
        svg .dots{stroke:none}
        svg .ring{fill:none;stroke-width:2.5}
        svg .interval .whisker{stroke-width:2}
        svg .interval.before .whisker{stroke-dasharray:none}
        svg .path-bg{fill:var(--bg);stroke:var(--border)}
        svg .screen-edge{stroke:var(--muted);stroke-width:1.5;stroke-dasharray:3 3}
        svg .segment{stroke-width:3;stroke-linecap:round}
        svg .touch-down{fill:none;stroke-width:2}
        svg .pointer-id{font-size:10px;fill:var(--muted)}
        svg .fired{fill:var(--bad);stroke:var(--bg);stroke-width:1}
        svg .fired-label{font-size:12px;font-weight:600;fill:var(--bad)}
        svg .scale-bar{stroke:var(--fg);stroke-width:2}
        footer{margin-top:40px;color:var(--muted);font-size:13px}
        @media (max-width:600px){
        main{padding:16px 16px 40px}
        header h1{font-size:23px}
        table{font-size:13px}
        th,td{padding:4px 6px}
        thead th{white-space:normal}
        table.cards,table.cards tbody,table.cards tr,table.cards th,table.cards td{display:block}
        table.cards thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
        table.cards tr{border:1px solid var(--border);border-radius:8px;padding:4px 10px;margin:0 0 8px}
        table.cards tbody th{border:0;padding:2px 0;font-weight:600;overflow-wrap:anywhere}
        table.cards td{display:flex;justify-content:space-between;align-items:baseline;gap:12px;border:0;padding:2px 0;\
        white-space:normal;text-align:right;overflow-wrap:anywhere}
        table.cards td::before{content:attr(data-label);color:var(--muted);text-align:left;font-weight:400;flex:0 1 45%}
        table.cards td:empty{display:none}
        tr.least{background:rgba(var(--bad-rgb),.08)}
        }
        @media print{
        :root{--bg:#fff;--fg:#000;--muted:#444;--grid:#ddd;--border:#bbb;--panel:#fff;--accent:#0969da;--before:#6e7781;\
        --good:#1a7f37;--bad:#cf222e;--chosen:#8250df;--warn:#9a6700;--good-rgb:26,127,55;--bad-rgb:207,34,46;\
        --s0:#0969da;--s1:#bc4c00;--s2:#1a7f37;--s3:#8250df;--s4:#bf3989;--s5:#4d7a97}
        html{background:#fff;color:#000}
        body{font-size:11pt}
        main{max-width:none;padding:0}
        nav{display:none}
        h2{break-before:auto;break-after:avoid}
        h3{break-after:avoid}
        figure,table,.card,.example,pre{break-inside:avoid}
        .scroll{overflow:visible}
        a{color:inherit;text-decoration:none}
        .grid2,.grid3{grid-template-columns:1fr 1fr}
        }
        """
}
