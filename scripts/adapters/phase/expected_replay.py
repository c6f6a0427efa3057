#!/usr/bin/env python3
"""Compare a `battlecheck replay --engine-cmd ... --format json` report of
engine/scenarios on phase.rs with expected-replay.json.

    python expected_replay.py REPORT.json [--expected FILE] [--update]

expected-replay.json records, for every scenario file, what the replay
through the adapter gives and why:

* `outcome`: `pass`, `fail` (it ran; some expectations failed) or `error`
  (it could not be set up, or it stopped: the adapter names the phase limit);
* `steps`: for `fail`, the steps whose expectations failed;
* `error`: for `error`, the adapter's message (the first line);
* `verdict`: why it does not pass: `fails-with-finding F6` (a finding of
  FINDINGS.md), `phase-limit: <what>`, `candidate: <what>` (a divergence
  suspected of phase, not confirmed: no reproducer), `adapter-limit: <what>`
  (a mapping the adapter does not make) or `unclassified: <what>` (not yet
  traced to either side); several, joined by "; ".

Exit 0 if every scenario's outcome, failing steps and error are as recorded;
1 otherwise (a new failure, or a known failure gone: update the file and its
verdicts). `--update` rewrites the outcomes from the report, keeping each
verdict (a scenario whose outcome changed loses its verdict: "unclassified").
"""

import argparse
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def error_line(message):
    """The adapter's own message of a replay error (stable across runs)."""
    m = re.sub(r"\n.*", "", message, flags=re.S)
    m = re.sub(r".*the engine answered '(\w+)' with an error: ", r"\1: ", m)
    m = re.sub(r".*the engine failed: engine `[^`]*`: ", "", m)
    return m.strip()


def outcomes(report):
    out = {}
    for r in report:
        name = os.path.basename(r["file"])
        if "error" in r:
            out[name] = {"outcome": "error", "error": error_line(r["error"])}
        elif r.get("skipped"):
            out[name] = {"outcome": "error", "error": f"not run: {r['skipped']}"}
        elif r.get("failures"):
            out[name] = {"outcome": "fail", "steps": sorted({f["step"] for f in r["failures"]})}
        else:
            out[name] = {"outcome": "pass"}
    return out


def same(want, got):
    return {k: want.get(k) for k in ("outcome", "steps", "error")} == \
        {k: got.get(k) for k in ("outcome", "steps", "error")}


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("report")
    ap.add_argument("--expected", default=os.path.join(HERE, "expected-replay.json"))
    ap.add_argument("--update", action="store_true")
    args = ap.parse_args(argv)
    with open(args.report) as f:
        got = outcomes(json.load(f))
    try:
        with open(args.expected) as f:
            doc = json.load(f)
    except FileNotFoundError:
        doc = {"scenarios": {}}
    want = doc.get("scenarios", {})
    if args.update:
        new = {}
        for name, g in sorted(got.items()):
            w = want.get(name, {})
            entry = dict(g)
            if g["outcome"] != "pass":
                entry["verdict"] = w.get("verdict", "unclassified: not traced") if same(w, g) or \
                    w.get("outcome") == g["outcome"] else "unclassified: not traced"
            new[name] = entry
        doc["scenarios"] = new
        counts = {}
        for e in new.values():
            counts[e["outcome"]] = counts.get(e["outcome"], 0) + 1
        doc["counts"] = counts
        with open(args.expected, "w") as f:
            json.dump(doc, f, indent=1, sort_keys=False)
            f.write("\n")
        print(f"wrote {args.expected}: {counts}")
        return 0
    bad = []
    for name in sorted(set(got) | set(want)):
        g, w = got.get(name), want.get(name)
        if g is None:
            bad.append(f"{name}: recorded, but not in the replay")
        elif w is None:
            bad.append(f"{name}: new scenario, {g['outcome']} (not recorded)")
        elif not same(w, g):
            bad.append(f"{name}: expected {json.dumps({k: w.get(k) for k in ('outcome', 'steps', 'error') if w.get(k) is not None})}"
                       f"\n    got {json.dumps({k: v for k, v in g.items()})}")
    counts = {}
    for g in got.values():
        counts[g["outcome"]] = counts.get(g["outcome"], 0) + 1
    summary = ", ".join(f"{counts.get(k, 0)} {k}" for k in ("pass", "fail", "error"))
    if bad:
        for b in bad:
            print(f"FAILED: {b}")
        print(f"{len(bad)} scenario(s) differ from {os.path.basename(args.expected)} ({summary})")
        return 1
    print(f"{len(got)} scenarios as recorded ({summary})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
