// MARK: - The page's style

extension StudyPage {
    /// Phone first: the stage fills the viewport and takes every touch
    /// (`touch-action: none`, no selection, no callout), so the browser
    /// neither scrolls, zooms nor opens menus on a gesture the page is
    /// recording. The prompt floats over the top and lets touches through.
    static let style = """
        html,body{margin:0;height:100%;overflow:hidden;overscroll-behavior:none;\
        font:17px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1b1f;background:#f4f4f1}
        #stage{position:fixed;inset:0;touch-action:none;user-select:none;-webkit-user-select:none;\
        -webkit-touch-callout:none;overflow:hidden}
        .region{position:absolute;box-sizing:border-box;border:1px solid #c9cbd3;border-radius:10px;background:#fff;\
        color:#7a7d88;font-size:12px;padding:4px 6px;pointer-events:none;overflow:hidden}
        .region.edge{font-size:0;border-style:dashed;background:rgba(255,255,255,.4)}
        .region.target{border:3px solid #1f5fd1;background:#e6efff;color:#123f8f;font-weight:600;\
        box-shadow:0 0 0 4px rgba(31,95,209,.15)}
        .region.overlay.target{border-radius:0;border:none;box-shadow:none;background:rgba(27,27,31,.45);color:#fff;\
        display:flex;align-items:center;justify-content:center;font-size:15px}
        .tabbar{position:absolute;display:flex;pointer-events:none;border-top:1px solid #c9cbd3;background:#fafafa}
        .tabbar div{flex:1;display:flex;align-items:center;justify-content:center;color:#7a7d88;font-size:13px}
        .tabbar div.current{color:#1b1b1f;font-weight:600}
        .tabbar div.target{background:#e6efff;color:#123f8f;outline:3px solid #1f5fd1;outline-offset:-3px;font-weight:600}
        .dot{position:absolute;width:36px;height:36px;margin:-18px 0 0 -18px;border-radius:50%;\
        background:rgba(31,95,209,.35);pointer-events:none}
        #prompt{position:fixed;top:0;left:0;right:0;padding:10px 14px calc(8px + env(safe-area-inset-top)) 14px;\
        background:rgba(255,255,255,.92);border-bottom:1px solid #ddd;pointer-events:none;z-index:2;min-height:6vh}
        #prompt-text{font-size:19px;font-weight:600}
        #prompt-status{font-size:13px;color:#5b5e69}
        #prompt.practice #prompt-text::before{content:"Practice: ";color:#a0560b}
        #bar{position:fixed;left:0;right:0;bottom:0;display:none;gap:12px;padding:12px 14px \
        calc(12px + env(safe-area-inset-bottom));background:rgba(255,255,255,.96);border-top:1px solid #ddd;z-index:3}
        #bar.shown{display:flex}
        #bar button{flex:1}
        button{font:inherit;font-weight:600;padding:12px 16px;border-radius:12px;border:1px solid #1f5fd1;\
        background:#1f5fd1;color:#fff}
        button#retry,button#again{background:#fff;color:#1f5fd1}
        .screen{position:fixed;inset:0;overflow:auto;background:#fff;z-index:5;padding:20px 20px 40px;box-sizing:border-box}
        .screen[hidden]{display:none}
        .screen h1{font-size:24px;margin:8px 0 12px}
        form label{display:block;margin:14px 0}
        form input[type=text],form input:not([type]),form select{display:block;width:100%;box-sizing:border-box;\
        font:inherit;padding:10px;margin-top:4px;border:1px solid #aaa;border-radius:10px}
        fieldset{border:1px solid #ccc;border-radius:10px;margin:14px 0}
        fieldset label{display:inline-block;margin:4px 18px 4px 0}
        form button{width:100%;margin-top:10px}
        .small{font-size:13px;color:#5b5e69}
        """
}
