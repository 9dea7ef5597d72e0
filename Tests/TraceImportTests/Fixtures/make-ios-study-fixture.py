#!/usr/bin/env python3
"""Writes ios-study-session.json: an invented participant session in the layout of
the published iOS gesture-study exports (see ../shared/spec/ios-study-export.md and
README "iOS study logs"), pretty-printed the way Foundation's JSON writer does it
(sorted keys, `"key" : value`, short arrays on one line, epoch timestamps in
exponent form). Every value is made up; the names exist so that tests can check
they never reach the store.

The trials, touch samples and recognizer events are listed below by hand so that
the expected counts and agreement figures in the tests can be checked against this
file by reading it:
  trials 11 (10 with touches), touch samples 47, strokes 11, recognizer events 26
  (of which 5 `changed`, which carry no decision and are not kept).
"""
import json, re, sys

T0 = 1567172510.0          # 2019-08-30T13:41:50Z; the session starts a second earlier

def iso(rel):
    import datetime
    return datetime.datetime.fromtimestamp(T0 + rel, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")

def touch(rel, phase, x, y, prev=None, force=0.0):
    px, py = prev if prev else (x, y)
    return {
        "azimuthAngle": 0, "azimuthUnitVector": [1, 0],
        "estimatedProperties": 0, "estimatedPropertiesExpectingUpdates": 0,
        "force": force, "location": [x, y], "majorRadius": 20.875, "majorRadiusTolerance": 5.21875,
        "maximumPossibleForce": 6.666666666666667, "phase": phase,
        "preciseLocation": [x, y], "precisePreviousLocation": [px, py], "previousLocation": [px, py],
        "tapCount": 1, "timestamp": ("TS", T0 + rel), "type": "direct",
    }

def track(*samples):
    """samples: (rel, phase, x, y); force 0 on the first, rising after."""
    out, prev = [], None
    for i, (rel, phase, x, y) in enumerate(samples):
        out.append(touch(rel, phase, x, y, prev, force=0.0 if i == 0 else round(0.25 * i, 4)))
        prev = (x, y)
    return {"touches": out}

def event(kind, state, rel, x=None, y=None, n=1):
    e = {"allowedTouchTypes": [0], "numberOfTouches": n, "state": state, "timestamp": ("TS", T0 + rel), "type": kind}
    if kind == "swipe":
        e["location"] = [0, 0]           # UIKit's swipe reports no location
    elif x is not None:
        e["location"] = [x, y]
    if n > 0 and x is not None:
        e["locationOfTouchAtIndex"] = [0, [x, y]]
    return e

def trial(rel_start, rel_end, success, tracks, events, **extra):
    t = {"startDate": iso(rel_start), "endDate": iso(rel_end), "success": success,
         "tracks": tracks, "events": events}
    t.update(extra)
    return t

frame = lambda x, y, w, h: [[x, y], [w, h]]

session = {
    "id": "6C0F4E9A-2B1D-4C3E-9F7A-1D2E3F4A5B6C",
    "start": iso(-1), "end": iso(80), "state": "completed",
    "deviceInfo": {"model": "iPhone8,1", "osVersion": "12.4", "platform": "iOS", "manufacturer": "Apple",
                   "name": "Zoë Quistgaard’s iPhone", "appVersion": "1.2 (7)", "screenSize": [375, 667]},
    "subject": {"id": "0D8C7B6A-5F4E-4D3C-8B2A-19F8E7D6C5B4", "name": "Zoë Quistgaard", "birthYear": 1987,
                "gender": "female", "dominantHand": "left", "impairment": "none",
                "difficultySeeing": False, "difficultyHearing": False, "difficultyTouching": False},
    "tap": {"trials": [
        # a clean tap: UIKit's tap fires 2 ms after the lift
        trial(0, 2, True, [track((0.500, "began", 140, 222), (0.540, "moved", 141, 222), (0.580, "ended", 141, 223))],
              [event("tap", "ended", 0.582, 141, 223)], targetFrame=frame(100, 200, 80, 44)),
        # held 0.6 s: UIKit's long press fires in a tap trial (a platform misfire)
        trial(3, 5, False, [track((3.400, "began", 150, 230), (3.700, "stationary", 150, 230),
                                  (3.950, "stationary", 150, 230), (4.000, "ended", 150, 230))],
              [event("longPress", "began", 3.905, 150, 230), event("longPress", "ended", 4.001, 150, 230)],
              targetFrame=frame(100, 200, 80, 44)),
        # the participant never touched: no samples, no label
        trial(6, 8, False, [], [], targetFrame=frame(100, 200, 80, 44)),
    ]},
    "longPress": {"trials": [
        trial(10, 12, True, [track((10.300, "began", 200, 350), (10.500, "moved", 201, 351),
                                   (10.900, "stationary", 201, 351), (11.100, "ended", 201, 351))],
              [event("longPress", "began", 10.802, 201, 351), event("longPress", "ended", 11.101, 201, 351)],
              targetFrame=frame(150, 300, 100, 100)),
        # two fingers at once: UIKit's one-finger long press stays silent
        trial(14, 16, False, [track((14.200, "began", 180, 340), (14.900, "ended", 180, 340)),
                              track((14.300, "began", 240, 360), (14.850, "ended", 240, 360))],
              [], targetFrame=frame(150, 300, 100, 100)),
    ]},
    "swipe": {"trials": [
        trial(20, 22, True, [track((20.400, "began", 300, 330), (20.416, "moved", 284, 331), (20.432, "moved", 255, 332),
                                   (20.448, "moved", 215, 333), (20.464, "moved", 175, 334), (20.480, "ended", 155, 334))],
              [event("pan", "began", 20.433, 255, 332), event("pan", "changed", 20.449, 215, 333),
               event("swipe", "ended", 20.450), event("pan", "changed", 20.465, 175, 334),
               event("pan", "ended", 20.481, n=0)],
              targetDirection=2, resultDirection=2),
        trial(24, 26, True, [track((24.300, "began", 190, 500), (24.316, "moved", 191, 488), (24.332, "moved", 192, 460),
                                   (24.348, "moved", 193, 420), (24.364, "ended", 193, 400))],
              [event("pan", "began", 24.334, 192, 460), event("swipe", "ended", 24.351), event("pan", "ended", 24.365, n=0)],
              targetDirection=4, resultDirection=4),
        # a short flick: UIKit's swipe fires after 42 pt
        trial(28, 30, True, [track((28.200, "began", 100, 300), (28.216, "moved", 112, 300), (28.232, "moved", 130, 300),
                                   (28.248, "moved", 142, 300), (28.256, "ended", 142, 300))],
              [event("pan", "began", 28.234, 130, 300), event("swipe", "ended", 28.249), event("pan", "ended", 28.257, n=0)],
              targetDirection=1, resultDirection=1),
    ]},
    "verticalScroll": {"trials": [
        # a slow scroll: a pan only
        trial(34, 37, True, [track((34.500, "began", 200, 500), (34.700, "moved", 200, 490), (34.900, "moved", 200, 470),
                                   (35.100, "moved", 200, 440), (35.300, "moved", 200, 400), (35.400, "ended", 200, 400))],
              [event("pan", "began", 34.901, 200, 470), event("pan", "changed", 35.101, 200, 440),
               event("pan", "changed", 35.301, 200, 400), event("pan", "ended", 35.401, n=0)],
              isHorizontal=False, initialOffset=[0, 0], endDraggingOffset=[0, 100], endScrollingOffset=[0, 180],
              targetOffsetLowerBound=[0, 150], targetOffsetUpperBound=[0, 250]),
        # a flick: UIKit's swipe fires during a scroll trial (a platform misfire)
        trial(40, 43, False, [track((40.200, "began", 220, 520), (40.216, "moved", 220, 505), (40.232, "moved", 220, 475),
                                    (40.248, "moved", 220, 425), (40.264, "ended", 220, 410))],
              [event("pan", "began", 40.233, 220, 475), event("swipe", "ended", 40.250), event("pan", "ended", 40.265, n=0)],
              isHorizontal=False, initialOffset=[0, 0], endDraggingOffset=[0, 110], endScrollingOffset=[0, 420],
              targetOffsetLowerBound=[0, 150], targetOffsetUpperBound=[0, 250]),
    ]},
    "horizontalScroll": {"trials": [
        trial(46, 49, True, [track((46.300, "began", 100, 300), (46.500, "moved", 112, 300), (46.700, "moved", 130, 300),
                                   (46.900, "moved", 160, 300), (47.000, "ended", 170, 300))],
              [event("pan", "began", 46.702, 130, 300), event("pan", "changed", 46.901, 160, 300),
               event("pan", "ended", 47.001, n=0)],
              isHorizontal=True, initialOffset=[0, 0], endDraggingOffset=[-70, 0], endScrollingOffset=[-90, 0],
              targetOffsetLowerBound=[-120, 0], targetOffsetUpperBound=[-60, 0]),
    ]},
}

def foundation_style(value):
    text = json.dumps(value, indent=2, sort_keys=True, ensure_ascii=False, separators=(",", " : "),
                      default=lambda o: o)
    # timestamps: ["TS", x] → exponent form, as Foundation writes large doubles
    def ts(m):
        x = float(m.group(1))
        mantissa = repr(x / 1e9)
        return mantissa + "E9"
    text = re.sub(r'\[\s*"TS",\s*([0-9.]+)\s*\]', ts, text)
    # short arrays of numbers on one line: [ 375, 667 ]
    text = re.sub(r'\[\s*(-?[0-9.eE+]+),\s*(-?[0-9.eE+]+)\s*\]', r'[ \1, \2 ]', text)
    text = re.sub(r'\[\s*(-?[0-9.eE+]+)\s*\]', r'[ \1 ]', text)
    return text + "\n"

sys.stdout.write(foundation_style(session))
