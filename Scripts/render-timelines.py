#!/usr/bin/env python3
"""Draws each timeline of a timelines.json as an SVG: inputs above, runs below, the quiet
periods (debounce) or the windows (throttle) shaded, calls and a sequence's end as red bars.

The same file is replayed on a ManualClock by Tests/SettleTests/Timelines/TimelineReplayTests,
so the pictures show tested behaviour. Usage: render-timelines.py TIMELINES.json OUTPUT_DIR
"""
import json
import pathlib
import sys
from xml.sax.saxutils import escape

WIDTH, LEFT, RIGHT = 720, 70, 30
INPUT_Y, RUN_Y, AXIS_Y, HEIGHT = 70, 130, 165, 190
INPUT, RUN, QUIET, INK, CALL = "#2b6cb0", "#2f855a", "#f6ad55", "#1a202c", "#c53030"
OPERATORS = {"debounced", "throttled"}
THROTTLES = {"throttler", "throttled", "keyed-throttler"}
# Each run holds a place in the window for one interval; `limit` places, taken in turn.
RATE_LIMITERS = {"rate-limiter"}
# Inputs and runs written `key:value`, one quiet period or window per key.
KEYED = {"keyed-debouncer", "keyed-throttler"}
# What a call or an end is called in the picture; a debouncer's or throttler's call is a method.
CALL_LABELS = {
    "debouncer": {"!release": "released", "!background": "to background"},
    "debounced": {"!finish": "upstream ends", "!fail": "upstream throws", "!cancel": "task cancelled"},
    "throttled": {"!finish": "upstream ends", "!fail": "upstream throws", "!cancel": "task cancelled"},
}
END_LABELS = {"!end": "nil (end)", "!error": "throws"}


def call_label(kind, value):
    return CALL_LABELS.get(kind, {}).get(value, f"{value[1:]}()")


def bar(x, y, label, label_y, beside=False):
    """A red bar; `beside` moves it and its label right of an element at the same instant."""
    if beside:
        x += 12
    return (
        f'<rect x="{x - 2:.1f}" y="{y - 9}" width="4" height="18" fill="{CALL}"/>\n'
        f'<text x="{x + (4 if beside else 0):.1f}" y="{label_y}" '
        f'text-anchor="{"start" if beside else "middle"}" fill="{CALL}">{escape(label)}</text>'
    )


def window_starts(timeline):
    """Where each throttle window opens, with the value that opens it: at each run; or, in mode newestAtWindowEndOnly, at
    each value that finds no window open (its run at the window's end opens none, and a
    flush or cancel closes the window early)."""
    if timeline.get("mode") != "newestAtWindowEndOnly":
        return [(value, at) for value, at in timeline["runs"] if not value.startswith("!")]
    starts, window_end = [], None
    for value, at in timeline["inputs"]:
        if value in ("!flush", "!cancel"):
            window_end = None
        elif not value.startswith("!") and (window_end is None or at >= window_end):
            starts.append((value, at))
            window_end = at + timeline["interval"]
    return starts


def render(timeline):
    outcomes = timeline.get("outcomes", [])
    extra = 50 if outcomes else 0  # a third row: when each sendAndWait caller returned
    axis_y, height = AXIS_Y + extra, HEIGHT + extra
    end = timeline["end"]
    scale = (WIDTH - LEFT - RIGHT) / end

    def x(ms):
        return LEFT + ms * scale

    interval = timeline["interval"]
    kind = timeline["kind"]
    inputs, runs = timeline["inputs"], timeline["runs"]
    title_size = 12 if len(timeline["title"]) <= 95 else 11
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}" font-family="-apple-system, Helvetica, Arial, sans-serif" '
        f'font-size="12" role="img" aria-label="{escape(timeline["title"], {chr(34): "&quot;"})}">',
        f'<title>{escape(timeline["title"])}</title>',
        f'<rect width="{WIDTH}" height="{height}" fill="#ffffff"/>',
        f'<text x="10" y="20" font-size="{title_size}" font-weight="600" fill="{INK}">{escape(timeline["title"])}</text>',
    ]
    # Throttle windows: each run opens one interval in which nothing else runs at once; the
    # sequence's end closes the last one.
    stop = min([at for value, at in runs if value.startswith("!")] + [end])
    # A keyed throttle's windows overlap across keys: each key's labels get a line of their own.
    window_lanes = []
    for opener, at in window_starts(timeline) if kind in THROTTLES else []:
        lane = opener.split(":")[0] if kind in KEYED else ""
        if lane not in window_lanes:
            window_lanes.append(lane)
        label_shift = 12 * window_lanes.index(lane) - (6 if kind in KEYED else 0)
        width = min(interval, stop - at) * scale
        if width <= 0:  # a run at the sequence's end opens no window worth drawing
            continue
        out.append(
            f'<rect x="{x(at):.1f}" y="{INPUT_Y - 14}" width="{width:.1f}" '
            f'height="{RUN_Y - INPUT_Y + 28}" fill="{QUIET}" fill-opacity="0.25" rx="3" '
            f'stroke="{QUIET}" stroke-width="1.5"/>'  # back-to-back windows stay apart
        )
        out.append(
            f'<text x="{x(at) + width / 2:.1f}" y="{(INPUT_Y + RUN_Y) / 2 + 4 + label_shift:.1f}" '
            f'text-anchor="middle" font-size="10" fill="#9c4221">'
            f'{escape(lane + " window" if kind in KEYED else "window")}</text>'
        )
    # A rate limiter's places: the k-th run takes place k mod limit, the oldest, and holds it
    # for one interval (true of a picture with no cancel(), which starts the window over).
    limit = timeline.get("limit", 1)
    for index, (value, at) in enumerate(runs if kind in RATE_LIMITERS else []):
        y = (INPUT_Y + RUN_Y) / 2 - 4 - 7 * (limit - 1) + 14 * (index % limit)
        width = min(interval, end - at) * scale
        out.append(
            f'<rect x="{x(at):.1f}" y="{y - 5:.1f}" width="{width:.1f}" height="10" rx="3" '
            f'fill="{QUIET}" fill-opacity="0.35" stroke="{QUIET}" stroke-width="1"/>'
        )
        out.append(
            f'<text x="{x(at) + 4:.1f}" y="{y + 3.5:.1f}" font-size="9" fill="#9c4221">'
            f'{escape(value)}\u2019s place</text>'
        )
    # Quiet periods: a value followed by at least one interval without input or call. A keyed
    # debouncer's keys (the part of `key:value` before the colon) each keep their own.
    keyed = kind in KEYED
    lanes = {}
    for index, (value, at) in enumerate(inputs if kind not in THROTTLES | RATE_LIMITERS else []):
        lanes.setdefault(value.split(":")[0] if keyed else "", []).append(index)
    for lane, indices in lanes.items():
        for position, index in enumerate(indices):
            value, at = inputs[index]
            following = inputs[indices[position + 1]][1] if position + 1 < len(indices) else None
            if value.startswith("!"):
                continue
            if following is None or following - at >= interval:
                label = f"{lane} quiet" if keyed else f"quiet {interval} ms"
                out.append(
                    f'<rect x="{x(at):.1f}" y="{INPUT_Y - 14}" width="{interval * scale:.1f}" '
                    f'height="{RUN_Y - INPUT_Y + 28}" fill="{QUIET}" fill-opacity="0.25" rx="3"/>'
                )
                out.append(
                    f'<text x="{x(at + interval / 2):.1f}" y="{(INPUT_Y + RUN_Y) / 2 + 4:.1f}" '
                    f'text-anchor="middle" font-size="10" fill="#9c4221">{escape(label)}</text>'
                )
    if timeline.get("maxWait"):
        out.append(
            f'<text x="{WIDTH - RIGHT}" y="40" text-anchor="end" font-size="11" fill="#9c4221">'
            f'maxWait {timeline["maxWait"]} ms</text>'
        )
    if timeline.get("buffering"):
        out.append(
            f'<text x="{WIDTH - RIGHT}" y="40" text-anchor="end" font-size="11" fill="{RUN}">'
            f'buffering: .{escape(timeline["buffering"])}</text>'
        )
    # A slow consumer: the time it spends on each element, below the element.
    busy = timeline.get("consumerBusy")
    for value, at in runs if busy else []:
        if value.startswith("!"):
            continue
        width = min(busy, end - at) * scale
        out.append(
            f'<rect x="{x(at):.1f}" y="{RUN_Y - 3}" width="{width:.1f}" height="6" rx="2" '
            f'fill="{RUN}" fill-opacity="0.3"/>'
        )
        out.append(
            f'<text x="{x(at) + width / 2:.1f}" y="{RUN_Y - 8}" text-anchor="middle" '
            f'font-size="9" fill="{RUN}">busy {busy} ms</text>'
        )
    # Rows and axis.
    rows = ("upstream", "received") if kind in OPERATORS else ("sent", "ran")
    row_specs = [(rows[0], INPUT_Y, INPUT), (rows[1], RUN_Y, RUN)]
    if outcomes:
        row_specs.append(("callers", RUN_Y + extra, INK))
    for label, y, colour in row_specs:
        out.append(f'<text x="{LEFT - 12}" y="{y + 4}" text-anchor="end" fill="{colour}" font-weight="600">{label}</text>')
        out.append(f'<line x1="{LEFT}" y1="{y}" x2="{WIDTH - RIGHT}" y2="{y}" stroke="#cbd5e0"/>')
    out.append(f'<line x1="{LEFT}" y1="{axis_y}" x2="{WIDTH - RIGHT}" y2="{axis_y}" stroke="{INK}"/>')
    tick = 100 if end <= 1500 else 200
    for ms in range(0, end + 1, tick):
        out.append(f'<line x1="{x(ms):.1f}" y1="{axis_y}" x2="{x(ms):.1f}" y2="{axis_y + 4}" stroke="{INK}"/>')
        out.append(f'<text x="{x(ms):.1f}" y="{axis_y + 16}" text-anchor="middle" font-size="10" fill="{INK}">{ms}</text>')
    out.append(f'<text x="{WIDTH - RIGHT}" y="{axis_y - 6}" text-anchor="end" font-size="10" fill="{INK}">ms</text>')
    # Each run joined to the input it ran.
    sent_at = {value: at for value, at in inputs if not value.startswith("!")}
    for value, at in runs:
        if value in sent_at:
            out.append(
                f'<line x1="{x(sent_at[value]):.1f}" y1="{INPUT_Y + 6}" x2="{x(at):.1f}" y2="{RUN_Y - 6}" '
                f'stroke="{RUN}" stroke-dasharray="3 3"/>'
            )
    for value, at in inputs:
        if value.startswith("!"):  # a call such as cancel() or the upstream's end: a bar
            out.append(bar(x(at), INPUT_Y, call_label(kind, value), INPUT_Y - 13))
            continue
        out.append(f'<circle cx="{x(at):.1f}" cy="{INPUT_Y}" r="6" fill="{INPUT}"/>')
        out.append(f'<text x="{x(at):.1f}" y="{INPUT_Y - 11}" text-anchor="middle" fill="{INPUT}">{escape(value)}</text>')
    element_times = {at for value, at in runs if not value.startswith("!")}
    for value, at in runs:
        if value.startswith("!"):  # the sequence's end as the consumer sees it
            beside = at in element_times
            out.append(bar(x(at), RUN_Y, END_LABELS.get(value, value[1:]), RUN_Y + 20, beside))
            continue
        out.append(f'<rect x="{x(at) - 6:.1f}" y="{RUN_Y - 6}" width="12" height="12" rx="2" fill="{RUN}"/>')
        out.append(f'<text x="{x(at):.1f}" y="{RUN_Y + 20}" text-anchor="middle" fill="{RUN}">{escape(value)}</text>')
    # Each sendAndWait caller: when it returned and what it learned, stacked at one instant.
    stacked = {}
    for label, at in outcomes:
        value, outcome = label.split(" ", 1)
        row = stacked.get(at, 0)
        stacked[at] = row + 1
        y = RUN_Y + extra
        colour = CALL if outcome == "dropped" else RUN
        out.append(f'<circle cx="{x(at):.1f}" cy="{y}" r="4" fill="none" stroke="{colour}" stroke-width="2"/>')
        out.append(
            f'<text x="{x(at) + 8:.1f}" y="{y - 8 + 12 * row}" font-size="10" fill="{colour}">'
            f'{escape(value)}: {escape(outcome)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def main():
    if len(sys.argv) != 3:
        print("usage: render-timelines.py TIMELINES.json OUTPUT_DIR", file=sys.stderr)
        sys.exit(64)
    data = json.loads(pathlib.Path(sys.argv[1]).read_text())
    output = pathlib.Path(sys.argv[2])
    output.mkdir(parents=True, exist_ok=True)
    for timeline in data["timelines"]:
        (output / f'{timeline["name"]}.svg').write_text(render(timeline))
    print(f"render-timelines: {len(data['timelines'])} pictures in {output}")


if __name__ == "__main__":
    main()
