'use strict';
(function () {
  // MARK: - Configuration and storage
  const config = JSON.parse(document.getElementById('study-config').textContent);
  // The participant's progress and the outbox are kept apart: sessions not
  // yet confirmed outlive a participant (the next one on the same phone).
  const KEY = 'gesturetune-study/' + config.study;
  const OUTBOX = KEY + '/outbox';
  const QUIET_MS = 700;           // after the last finger lifts: long enough to see a double tap's second tap
  const $ = (id) => document.getElementById(id);
  const stage = $('stage'), promptBox = $('prompt'), promptText = $('prompt-text'), promptStatus = $('prompt-status');
  const bar = $('bar');
  let state = load(KEY);
  let outbox = load(OUTBOX) || [];
  let trial = null;
  let quietTimer = 0;
  let storageProblem = '';

  function load(key) {
    try { return JSON.parse(localStorage.getItem(key)); } catch (e) { return null; }
  }
  function save() {
    try {
      if (state) localStorage.setItem(KEY, JSON.stringify(state)); else localStorage.removeItem(KEY);
      localStorage.setItem(OUTBOX, JSON.stringify(outbox));
      storageProblem = '';
    } catch (e) { storageProblem = 'This browser cannot keep the trials (storage full or blocked): keep this page open.'; }
  }

  // MARK: - The seeded order
  function hash32(text) {
    let h = 0x811c9dc5;
    for (let i = 0; i < text.length; i++) { h ^= text.charCodeAt(i); h = Math.imul(h, 0x01000193); }
    return h >>> 0;
  }
  function mulberry32(seed) {
    let a = seed >>> 0;
    return function () {
      a = (a + 0x6D2B79F5) | 0;
      let t = Math.imul(a ^ (a >>> 15), 1 | a);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }
  function shuffle(list, rand) {
    for (let i = list.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      const swap = list[i]; list[i] = list[j]; list[j] = swap;
    }
    return list;
  }
  // Same seed and participant code: same order, on any phone.
  function planSteps(participant, motion) {
    const rand = mulberry32(hash32(config.seed + ':' + participant));
    const usable = config.tasks.map((task, index) => index).filter((i) => motion || !config.tasks[i].needsMotion);
    function draw(count, practice) {
      const out = [];
      while (out.length < count && usable.length) out.push(...shuffle(usable.slice(), rand));
      return out.slice(0, count).map((index) => {
        const directions = config.tasks[index].directions;
        const direction = directions.length ? directions[Math.floor(rand() * directions.length)] : '';
        return { task: index, direction: direction, practice: practice };
      });
    }
    // A scene of screens: each screen's trials together (a stable sort),
    // so that a session is one visit to one screen.
    function byScreen(steps) {
      return config.screens.length ? steps.sort((a, b) => config.tasks[a.task].tab - config.tasks[b.task].tab) : steps;
    }
    return byScreen(draw(config.practice, true)).concat(byScreen(draw(config.trials, false)));
  }

  // MARK: - Steps
  // An overlay the last trial left open (the note menu) is closed first, as
  // the app's user would: its backdrop takes the next touch. A task on
  // another tab is reached the way the app is used: by tapping its tab in
  // the tab bar. Both are labelled steps too, so a replay follows.
  function currentStep() {
    const base = state.steps[state.position];
    const task = config.tasks[base.task];
    if (state.overlay) {
      return { navigation: true, closes: state.overlay.member, tab: state.tab, practice: base.practice,
               prompt: state.overlay.prompt, intent: 'tap', direction: '', target: state.overlay.target,
               fingers: null, task: null };
    }
    if (config.tabBar && task.tab !== null && task.tab !== undefined && task.tab !== state.tab) {
      const label = 'Tap "Tab ' + (task.tab + 1) + '" in the bar at the bottom';
      return { navigation: true, tab: task.tab, practice: base.practice, prompt: label,
               intent: 'tap', direction: '', target: config.tabBar.target, fingers: null, task: null };
    }
    let direction = base.direction;
    if (task.intent === 'tab-swipe') {
      // Only a swipe towards an existing tab switches it.
      if (state.tab <= 0) direction = 'left';
      else if (state.tab >= config.tabs - 1) direction = 'right';
    }
    return { navigation: false, tab: task.tab, practice: base.practice, prompt: task.prompts[direction] || '',
             intent: task.intent, direction: direction, target: task.target, fingers: task.fingers, task: task };
  }
  function recordedCount() { return state.steps.filter((s) => !s.practice).length; }
  function recordedDone() { return state.steps.slice(0, state.position).filter((s) => !s.practice).length; }

  // MARK: - Drawing the scene
  function draw(step) {
    stage.replaceChildren();
    const w = stage.clientWidth, h = stage.clientHeight;
    for (const item of config.layout) {
      if (item.tab !== null && item.tab !== undefined && item.tab !== state.tab) continue;
      if (config.tabBar && item.target === config.tabBar.target) continue;
      const box = document.createElement('div');
      box.className = 'region';
      const r = item.region;
      let x = r.x * w, y = r.y * h, bw = r.width * w, bh = r.height * h;
      if (r.edge === 'left' || r.edge === 'right') { bw = config.edgeWidth; x = r.edge === 'left' ? 0 : w - bw; }
      if (r.edge === 'top' || r.edge === 'bottom') {
        x = r.x * w; bw = r.width * w; bh = config.edgeWidth; y = r.edge === 'top' ? 0 : h - bh;
      }
      box.style.left = x + 'px'; box.style.top = y + 'px'; box.style.width = bw + 'px'; box.style.height = bh + 'px';
      box.textContent = item.name;
      if (r.edge) box.classList.add('edge');   // a strip too narrow for its name: dashed, unlabelled
      const task = step.task;
      if (task && item.target === task.target && sameRegion(item.region, task.region)) box.classList.add('target');
      stage.appendChild(box);
    }
    if (config.tabBar) {
      const r = config.tabBar.region;
      const tabs = document.createElement('div');
      tabs.className = 'tabbar';
      tabs.style.left = r.x * w + 'px'; tabs.style.top = r.y * h + 'px';
      tabs.style.width = r.width * w + 'px'; tabs.style.height = r.height * h + 'px';
      for (let k = 0; k < config.tabs; k++) {
        const cell = document.createElement('div');
        cell.textContent = 'Tab ' + (k + 1);
        if (k === state.tab) cell.classList.add('current');
        if (step.navigation && k === step.tab) cell.classList.add('target');
        tabs.appendChild(cell);
      }
      stage.appendChild(tabs);
    }
    if (state.overlay) {
      // The backdrop covers the whole screen, the tab bar included. An
      // overlay with a panel of its own (the note menu, centred) closes only
      // by a tap on the backdrop beside it: the strip left of the panel is
      // the target, unless the screen is too narrow to leave one.
      const panel = state.overlay.panelWidth || 0;
      const strip = (w - panel) / 2;
      const width = panel > 0 && strip >= 24 ? strip : w;
      const backdrop = document.createElement('div');
      backdrop.className = 'region overlay target';
      backdrop.style.left = '0px'; backdrop.style.top = '0px'; backdrop.style.width = width + 'px'; backdrop.style.height = h + 'px';
      backdrop.textContent = state.overlay.name;
      stage.appendChild(backdrop);
    }
  }
  function sameRegion(a, b) {
    return a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height && (a.edge || '') === (b.edge || '');
  }

  // MARK: - Screens
  function render() {
    clearTimeout(quietTimer);
    hideBar();
    stopMotion();
    if (!state) { showConsent(); return; }
    $('consent').hidden = true;
    if (state.position >= state.steps.length) {
      if (state.block) closeBlock();
      showDone();
      return;
    }
    $('done').hidden = true;
    const next = state.steps[state.position];
    const screen = config.screens.length ? config.tasks[next.task].tab : null;
    // A scene of screens: a session stays on one screen; the next screen
    // starts a session of its own, named after it.
    if (screen !== null && state.block && state.block.tab !== screen) closeBlock();
    if (!next.practice) openBlock();
    if (screen !== null) {
      state.tab = screen;
      if (state.block && state.block.tab === undefined) state.block.tab = screen;
    }
    const step = currentStep();
    draw(step);
    trial = { step: step, lines: [], ids: new Map(), firstT: null, lastT: null, shownT: now() };
    promptBox.classList.toggle('practice', !!step.practice);
    promptText.textContent = step.prompt;
    const b = document.body.dataset;
    b.position = String(state.position); b.intent = step.intent; b.direction = step.direction;
    b.target = step.target; b.fingers = String(step.fingers || 1); b.practice = step.practice ? '1' : '0'; b.navigation = step.navigation ? '1' : '0';
    b.closes = step.closes || '';
    b.ready = '1';
    updateStatus();
    if (step.task && step.task.needsMotion) { startMotion(); showBar(); }
  }
  function updateStatus() {
    if (!state || !trial) return;
    const waiting = outbox.filter((o) => !o.refused).length;
    const refused = outbox.filter((o) => o.refused).length;
    let text = trial.step.practice ? 'Practice, not recorded'
      : 'Trial ' + (Math.min(recordedDone() + 1, recordedCount())) + ' of ' + recordedCount();
    if (config.upload && waiting) text += ' · ' + waiting + ' session(s) waiting to be sent';
    if (refused) text += ' · ' + refused + ' refused by the server';
    if (storageProblem) text += ' · ' + storageProblem;
    promptStatus.textContent = text;
    document.body.dataset.waiting = String(waiting);
  }
  function showConsent() {
    $('consent').hidden = false;
    $('done').hidden = true;
    document.body.dataset.ready = 'consent';
    if (!config.upload) $('consent-note').textContent = 'At the end you will save a file to send back to the study\'s organiser.';
  }
  function showDone() {
    const done = $('done');
    done.hidden = false;
    const waiting = outbox.filter((o) => !o.refused).length;
    const refused = outbox.filter((o) => o.refused);
    let text;
    if (!config.upload) {
      text = 'Save the session file below and send it to the study\'s organiser.';
    } else if (waiting) {
      text = waiting + ' session(s) are waiting to be sent. Keep this page open: it retries until they are received.';
    } else {
      text = 'All your trials were received. You can close this page.';
    }
    if (refused.length) text += ' The server refused ' + refused.length + ' session(s): ' + refused[0].refused
      + '. Save them as a file and send it to the organiser.';
    $('done-text').textContent = text;
    $('save').hidden = !(!config.upload || refused.length);
    document.body.dataset.ready = 'done';
    document.body.dataset.waiting = String(waiting);
  }

  // MARK: - Recording
  function now() { return performance.timeOrigin + performance.now(); }
  function seconds(epochMs) {
    const block = currentBlock();
    const t = Math.max(0, (epochMs - block.t0) / 1000);
    // Never back in time within a session (the format requires it).
    const last = trial.lastT === null ? block.lastT : trial.lastT;
    return Math.round(Math.max(t, last) * 1e6) / 1e6;
  }
  function since(epochMs) { return Math.round(Math.max(0, (epochMs - currentBlock().t0) / 1000) * 1e6) / 1e6; }
  function currentBlock() { return trial && trial.step.practice ? practiceBlock : state.block; }
  // A session starts when its first trial is shown, on the scene's first tab.
  function openBlock() {
    if (state.block) return;
    state.tab = config.initialTab;
    state.overlay = null;
    state.blocks += 1;
    state.block = { n: state.blocks, t0: now(), startedAt: new Date().toISOString(), lastT: 0,
      screen: { width: stage.clientWidth, height: stage.clientHeight }, lines: [], labels: [], trials: [],
      pointerTypes: [] };
    save();
  }
  let practiceBlock = { t0: now(), lastT: 0 };
  function freeId() {
    const used = new Set(trial.ids.values());
    let id = 1;
    while (used.has(id)) id++;
    return id;
  }
  function add(phase, id, e) {
    const t = seconds(performance.timeOrigin + e.timeStamp);
    const line = { type: 'touch', t: t, id: id, phase: phase,
      x: Math.round(e.clientX * 100) / 100, y: Math.round(e.clientY * 100) / 100 };
    const size = Math.max(e.width || 0, e.height || 0);
    if (size > 1) line.radius = Math.round(size * 50) / 100;
    trial.lines.push(line);
    if (trial.firstT === null) trial.firstT = t;
    trial.lastT = t;
    if (!trial.step.practice && state.block.pointerTypes.indexOf(e.pointerType) < 0) state.block.pointerTypes.push(e.pointerType);
  }
  const dots = new Map();
  function dot(pointerId, e) {
    let d = dots.get(pointerId);
    if (!e) { if (d) { d.remove(); dots.delete(pointerId); } return; }
    if (!d) { d = document.createElement('div'); d.className = 'dot'; stage.appendChild(d); dots.set(pointerId, d); }
    d.style.left = e.clientX + 'px'; d.style.top = e.clientY + 'px';
  }
  stage.addEventListener('pointerdown', (e) => {
    if (!trial || !state || state.position >= state.steps.length) return;
    e.preventDefault();
    try { stage.setPointerCapture(e.pointerId); } catch (error) { /* capture is a convenience */ }
    clearTimeout(quietTimer);
    hideBar();
    const id = freeId();
    trial.ids.set(e.pointerId, id);
    add('began', id, e);
    dot(e.pointerId, e);
  });
  stage.addEventListener('pointermove', (e) => {
    if (!trial || !trial.ids.has(e.pointerId)) return;
    const id = trial.ids.get(e.pointerId);
    const samples = typeof e.getCoalescedEvents === 'function' ? e.getCoalescedEvents() : [];
    for (const sample of (samples.length ? samples : [e])) add('moved', id, sample);
    dot(e.pointerId, e);
  });
  function lift(e, phase) {
    if (!trial || !trial.ids.has(e.pointerId)) return;
    add(phase, trial.ids.get(e.pointerId), e);
    trial.ids.delete(e.pointerId);
    dot(e.pointerId, null);
    if (trial.ids.size === 0) quietTimer = setTimeout(showBar, QUIET_MS);
  }
  stage.addEventListener('pointerup', (e) => lift(e, 'ended'));
  stage.addEventListener('pointercancel', (e) => lift(e, 'cancelled'));
  // The browser's own reactions to a press or a swipe stay off the stage.
  for (const type of ['contextmenu', 'selectstart', 'dragstart']) stage.addEventListener(type, (e) => e.preventDefault());
  stage.addEventListener('touchstart', (e) => e.preventDefault(), { passive: false });
  stage.addEventListener('touchmove', (e) => e.preventDefault(), { passive: false });

  // MARK: - Motion (shake)
  const G = 9.80665;
  function onMotion(e) {
    const a = e.acceleration;
    if (!trial || !a || a.x === null || !isFinite(a.x) || !isFinite(a.y) || !isFinite(a.z)) return;
    const t = seconds(performance.timeOrigin + e.timeStamp);
    const line = { type: 'motion', t: t, ax: a.x / G, ay: a.y / G, az: a.z / G };
    const r = e.rotationRate;
    if (r && r.alpha !== null && isFinite(r.alpha)) {
      line.rx = r.beta * Math.PI / 180; line.ry = r.gamma * Math.PI / 180; line.rz = r.alpha * Math.PI / 180;
    }
    trial.lines.push(line);
    if (trial.firstT === null) trial.firstT = t;
    trial.lastT = t;
  }
  function startMotion() { window.addEventListener('devicemotion', onMotion); }
  function stopMotion() { window.removeEventListener('devicemotion', onMotion); }
  // Motion sensors only in a secure context, after the permission a
  // browser may ask for, and only if readings actually arrive.
  function motionProblem() {
    if (!config.tasks.some((t) => t.needsMotion)) return Promise.resolve(null);
    if (!window.isSecureContext) return Promise.resolve('motion sensors need a secure (https) page');
    if (typeof DeviceMotionEvent === 'undefined') return Promise.resolve('this browser has no motion sensors');
    const asked = typeof DeviceMotionEvent.requestPermission === 'function'
      ? DeviceMotionEvent.requestPermission().then((a) => a === 'granted', () => false) : Promise.resolve(true);
    return asked.then((granted) => {
      if (!granted) return 'motion sensor permission was not granted';
      return new Promise((resolve) => {
        function on(e) {
          if (e.acceleration && e.acceleration.x !== null) { clearTimeout(timer); window.removeEventListener('devicemotion', on); resolve(null); }
        }
        const timer = setTimeout(() => { window.removeEventListener('devicemotion', on); resolve('no motion sensor readings on this device'); }, 1000);
        window.addEventListener('devicemotion', on);
      });
    });
  }

  // MARK: - Ending a trial
  function showBar() { bar.classList.add('shown'); document.body.dataset.answer = '1'; }
  function hideBar() { bar.classList.remove('shown'); document.body.dataset.answer = '0'; }
  $('retry').addEventListener('click', () => {
    const retries = (trial.retries || 0) + 1;
    render();
    trial.retries = retries;
  });
  $('next').addEventListener('click', () => {
    if (!trial) return;
    const step = trial.step;
    if (!step.practice) {
      const block = state.block;
      const answered = seconds(now());
      const start = trial.firstT === null ? since(trial.shownT) : trial.firstT;
      const end = trial.lastT === null ? start : trial.lastT;
      const label = { type: 'label', start: start, end: end, intent: step.intent, target: step.target };
      if (step.direction) label.direction = step.direction;
      if (step.fingers) label.fingers = step.fingers;
      const number = block.trials.length + 1;
      label.note = (step.closes ? 'closing the ' + step.target.replace(/-/g, ' ')
        : step.navigation ? 'navigation to tab ' + (step.tab + 1) : 'trial ' + (recordedDone() + 1))
        + (trial.retries ? '; retried ' + trial.retries + '×' : '');
      for (const line of trial.lines) block.lines.push(line);
      block.labels.push(label);
      block.lastT = Math.max(block.lastT, end, answered);
      block.trials.push({ trial: number, intent: step.intent, direction: step.direction || null, target: step.target,
        navigation: step.navigation, promptedAt: since(trial.shownT), answeredAt: answered,
        retries: trial.retries || 0, samples: trial.lines.length });
    }
    if (step.closes) state.overlay = null;
    else if (step.navigation) state.tab = step.tab;
    else {
      state.overlay = step.task.leavesOpen || null;
      if (step.intent === 'tab-swipe') state.tab = Math.min(Math.max(state.tab + (step.direction === 'left' ? 1 : -1), 0), config.tabs - 1);
      state.position += 1;
      if (!step.practice && state.block) {
        state.block.done = (state.block.done || 0) + 1;
        if (state.block.done >= config.trialsPerSession) closeBlock();
      }
      if (step.practice && (state.position >= state.steps.length || !state.steps[state.position].practice)) {
        state.tab = config.initialTab;
        state.overlay = null;
      }
    }
    save();
    render();
  });

  // MARK: - Sessions
  // The scene a session names: the screen it was recorded on, for a scene of screens.
  function sceneOf(block) {
    return config.screens.length && block.tab !== undefined ? config.scene + '/' + config.screens[block.tab] : config.scene;
  }
  function closeBlock() {
    const block = state.block;
    state.block = null;
    state.tab = config.initialTab;
    state.overlay = null;
    if (!block || !block.labels.length) { save(); return; }
    const id = [config.study, state.participant, state.instance, block.n].join('-');
    const meta = { study: config.study, recorder: 'gesturetune record', hand: state.hand, session: block.n,
      trials: block.trials, pointerTypes: block.pointerTypes, viewport: block.screen };
    if (state.ageBand) meta.ageBand = state.ageBand;
    if (state.skipped.length) meta.skipped = state.skipped;
    if (!config.upload) meta.offline = true;
    const head = { type: 'session', id: id, format: 'gesturetune-trace/1',
      device: { platform: 'web', screen: block.screen, scale: window.devicePixelRatio || 1 },
      user: state.participant, scene: sceneOf(block), startedAt: block.startedAt, meta: meta };
    const samples = block.lines.slice().sort((a, b) => a.t - b.t);   // stable: a pointer's order is kept
    const body = [head].concat(samples, block.labels).map((line) => JSON.stringify(line)).join('\n') + '\n';
    outbox.push({ id: id, body: body, trials: block.labels.length });
    save();
    flush();
  }
  let sending = false, retryTimer = 0, retryDelay = 2000;
  function flush() {
    if (!config.upload || sending) return;
    const item = outbox.find((o) => !o.refused);
    if (!item) return;
    sending = true;
    clearTimeout(retryTimer);
    fetch(config.upload, { method: 'POST', body: item.body, cache: 'no-store', credentials: 'omit',
                           headers: { 'Content-Type': 'application/x-ndjson' } })
      .then((response) => {
        if (response.ok) {
          // Confirmed: only now is the session dropped from the page's storage.
          outbox = outbox.filter((o) => o.id !== item.id);
          if (state) state.sent += 1;
          retryDelay = 2000;
          return null;
        }
        if (response.status === 429 || response.status === 408 || response.status >= 500) return 'retry';
        return response.json().then((j) => String(j.error || ''), () => '').then((message) => {
          item.refused = response.status + ' ' + message;
          return null;
        });
      }, () => 'retry')
      .then((outcome) => {
        sending = false;
        save();
        if (outcome === 'retry') {
          retryTimer = setTimeout(flush, retryDelay);
          retryDelay = Math.min(retryDelay * 2, 30000);
        } else {
          flush();
        }
        if (!$('done').hidden) showDone(); else updateStatus();
      });
  }
  window.addEventListener('online', () => { retryDelay = 2000; flush(); });

  $('save').addEventListener('click', () => {
    const items = config.upload ? outbox.filter((o) => o.refused) : outbox;
    const blob = new Blob(items.map((o) => o.body), { type: 'application/x-ndjson' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = 'gesturetune-' + config.study + '-' + state.participant + '.jsonl';
    document.body.appendChild(link);
    link.click();
    link.remove();
    state.saved = true;
    save();
  });
  $('again').addEventListener('click', () => {
    if (!config.upload && !state.saved && outbox.length && !window.confirm('The session file was not saved. Start over anyway?')) return;
    // Online, sessions not yet confirmed stay in the outbox and keep being
    // sent; offline, the outbox is what was saved.
    if (!config.upload) outbox = [];
    state = null;
    $('consent-form').reset();   // nothing of the previous participant shows
    save();
    render();
  });

  // MARK: - Consent
  $('consent-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const participant = $('participant').value.trim();
    const hand = document.querySelector('input[name=hand]:checked').value;
    const ageBand = $('age').value;
    $('start').disabled = true;
    motionProblem().then((problem) => {
      $('start').disabled = false;
      const random = new Uint8Array(4);
      crypto.getRandomValues(random);
      state = { participant: participant, hand: hand, ageBand: ageBand || null,
        instance: Array.from(random, (b) => b.toString(16).padStart(2, '0')).join(''),
        steps: planSteps(participant, !problem), position: 0, tab: config.initialTab, block: null, blocks: 0,
        sent: 0, skipped: problem ? ['shake: ' + problem] : [] };
      save();
      render();
      flush();
    });
  });

  window.addEventListener('resize', () => { if (trial && state && state.position < state.steps.length) draw(trial.step); });
  // A reload resumes where the person left off, and sends what is waiting.
  render();
  flush();
})();
